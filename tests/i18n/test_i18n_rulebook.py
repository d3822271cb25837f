"""The rule book in every language: same sections and facts, options generated per language."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from koza import rulebook
from koza.i18n import LANGUAGES
from koza.i18n.strings import t
from koza.rulebook.__main__ import main as rulebook_main
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.widgets.rules_screen import RulesScreen

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def facts(text: str) -> tuple[int, Counter[str], list[str]]:
    """A book's sections, its numbers (sentences order them their own way) and its quoted
    code in order: the words aside, what a translation must keep."""
    sections = len(re.findall(r"^## ", text, flags=re.M))
    return sections, Counter(re.findall(r"\d+", text)), re.findall(r"`[^`]+`", text)


def test_every_language_has_its_own_book_and_check_covers_it() -> None:
    assert rulebook.languages() == list(LANGUAGES)
    for lang in LANGUAGES:
        assert rulebook.book_file(lang).name == f"RULES.{lang}.md"
        assert rulebook.is_current(lang)
        assert rulebook.options_section(lang) in rulebook.source_text(lang)
    assert rulebook_main(["--check"]) == 0


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_book_states_the_same_facts(lang: str) -> None:
    english, translated = rulebook.rule_book("en"), rulebook.rule_book(lang)
    assert facts(translated) == facts(english)
    assert translated != english
    assert not re.findall(r"\b(the|and|tile|round|player)\b", translated)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_check_names_a_stale_translation(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    books = {code: tmp_path / f"RULES.{code}.md" for code in LANGUAGES}
    for code, path in books.items():
        path.write_text(rulebook.source_text(code), encoding="utf-8")
    fresh = books[lang].read_text("utf-8")
    stale = fresh.replace(rulebook.options_section(lang).splitlines()[0], "- stale")
    books[lang].write_text(stale, encoding="utf-8")
    monkeypatch.setattr(rulebook, "book_file", lambda code="en": books[code])
    assert rulebook_main(["--check"]) == 1
    assert capsys.readouterr().err.strip() == f"{books[lang]}: the options are stale; run --write"
    assert rulebook_main(["--write"]) == 0
    assert books[lang].read_text("utf-8") == fresh
    assert rulebook_main(["--check"]) == 0


async def test_the_rules_screen_reads_the_book_in_the_language_and_follows_a_switch(
    tmp_path: Path,
) -> None:
    def shown(app: Any) -> str:
        return app.screen.query_one("#rule-book").source

    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_language("ka")
        app.push_screen(RulesScreen())
        await pilot.pause()
        assert shown(app) == rulebook.rule_book("ka")
        await app.set_language("ru")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert shown(app) == rulebook.rule_book("ru")
        assert t("rules.title") in str(app.screen.query_one("#rules-title").render())
