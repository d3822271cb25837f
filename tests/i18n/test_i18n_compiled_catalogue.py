"""Catalogues compiled ahead (``make``): the same texts, read without Babel, never stale."""

from __future__ import annotations

import gettext
import os
import shutil
from pathlib import Path

import pytest

from koza.i18n import catalog
from koza.i18n.app_words import EN, EN_ONE

TRANSLATED = catalog.LANGUAGES[1:]


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the catalogues, where ``.mo`` files may be written and spoiled."""
    for lang in TRANSLATED:
        target = tmp_path / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        shutil.copy(catalog.po_path(lang), target)
    monkeypatch.setattr(catalog, "LOCALE_DIR", tmp_path)
    return tmp_path


def read(lang: str) -> gettext.NullTranslations:
    """``lang``'s translations read afresh (``translations`` keeps what it read once)."""
    return catalog.translations.__wrapped__(lang)


def texts(translations: gettext.NullTranslations) -> list[str]:
    """Every text of the app in these translations, each plural form too."""
    out = []
    for key, english in EN.items():
        one = EN_ONE.get(key)
        if one is None:
            out.append(translations.pgettext(key, english))
        else:
            out.extend(translations.npgettext(key, one, english, n) for n in (1, 2, 5, 21))
    return out


def no_babel(lang: str) -> bytes:
    raise AssertionError(f"{lang}: the catalogue was parsed with Babel")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_catalogue_compiled_ahead_gives_the_same_texts_without_babel(
    lang: str, locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed = texts(read(lang))
    assert catalog.write_compiled() == [catalog.mo_path(lang) for lang in TRANSLATED]
    monkeypatch.setattr(catalog, "compiled_mo", no_babel)
    ahead = texts(read(lang))
    assert ahead == parsed
    assert ahead != texts(read("en"))  # translated indeed


def test_a_catalogue_edited_after_its_compilation_is_read_from_the_po(locale: Path) -> None:
    catalog.write_compiled()
    po, mo = catalog.po_path("ru"), catalog.mo_path("ru")
    text = po.read_text()
    entry = text.index('msgctxt "menu.new_game"')
    start = text.index('msgstr "', entry)
    end = text.index('"\n', start + len('msgstr "'))
    po.write_text(text[:start] + 'msgstr "Партия заново' + text[end:])
    older = po.stat().st_mtime - 10
    os.utime(mo, (older, older))
    assert read("ru").pgettext("menu.new_game", EN["menu.new_game"]) == "Партия заново"


def test_a_damaged_compiled_catalogue_is_passed_over(locale: Path) -> None:
    expected = texts(read("ka"))
    catalog.mo_path("ka").write_bytes(b"not a catalogue")
    assert texts(read("ka")) == expected
