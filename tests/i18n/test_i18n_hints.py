"""The coach's reasons and the hint panel in Russian and Georgian: no English word."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.hints import HintedSession, panel_text, to_a_choice
from support.table import TableApp, settle

from koza.coach.evaluate import REASON_CODES, Reason
from koza.i18n.strings import t
from koza.tui.language import speak
from koza.tui.table.hint_panel import BEST_MARK

LANGS = ["ru", "ka"]
VALUES: dict[str, str | int] = {"name": "Nino", "numbers": "3/5", "number": 5, "points": 12}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    speak("en")


def english(text: str) -> set[str]:
    """Latin words other than the player names and the key ``h``."""
    return set(re.findall(r"[A-Za-z]{2,}", text)) - {"Nino", "Gia"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_is_said_in_the_language(lang: str) -> None:
    speak(lang)
    for code in REASON_CODES:
        words = Reason(code, {**VALUES, "tile": "6-4"}).words()
        assert words != Reason(code).key and not english(words), (code, words)
        assert "{" not in words, (code, words)  # every placeholder filled


@pytest.mark.parametrize("lang", LANGS)
async def test_the_hint_panel_speaks_the_language_at_80x24(lang: str, tmp_path: Path) -> None:
    speak(lang)
    session = HintedSession(tmp_path, ["Nino", "bot:Gia"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_a_choice(pilot, app)
        asking = " ".join(panel_text(app).replace("│", " ").split())
        assert t("hint.ask") in asking
        await pilot.press("h")
        await settle(pilot)
        shown = panel_text(app)
        assert t("hint.title") in shown and BEST_MARK in shown
        assert not english(shown), shown
