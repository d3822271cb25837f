"""The catalogues: every message in every language, same placeholders, real plural forms."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from koza.i18n import LANGUAGES, choose_language, language_of, po_path, strings
from koza.i18n.catalog import pot_path
from koza.i18n.extract import drift, msgid_of


@pytest.fixture
def lang_restored():
    before = strings.LANGUAGE
    yield
    strings.use_language(before)


def fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of a format string."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def catalogue(lang: str):
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain="koza")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_holds_exactly_the_english_table(lang: str) -> None:
    assert drift(lang) == []  # `make po` (python -m koza.i18n.extract) fixes drift


def test_the_template_holds_every_key_with_its_english() -> None:
    with pot_path().open("rb") as f:
        pot = read_po(f)
    found = {m.context: m.id for m in pot if m.id}
    assert found == {key: msgid_of(key) for key in strings.EN}


@pytest.mark.parametrize("lang", ["ru", "ka"])
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    cat = catalogue(lang)
    checked = 0
    for message in cat:
        if not message.id:
            continue
        english = set().union(*(fields(text) for text in forms(message.id)))
        translated = forms(message.string)
        assert len(translated) == (cat.num_plurals if isinstance(message.id, tuple) else 1)
        for text in translated:
            assert text, f"{lang}: {message.context} is untranslated"
            assert fields(text) == english, (lang, message.context, text)
        checked += 1
    assert checked == len(strings.EN)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["1 tile", "2 tiles", "5 tiles", "11 tiles", "21 tiles"]),
        ("ru", ["1 камень", "2 камня", "5 камней", "11 камней", "21 камень"]),
        ("ka", ["1 ქვა", "2 ქვა", "5 ქვა", "11 ქვა", "21 ქვა"]),
    ],
)
def test_plural_forms_come_from_the_catalogue(lang: str, expected: list[str], lang_restored):
    strings.use_language(lang)
    hands = [strings.tn("table.hand_of", n, name="Nino", seat=1) for n in (1, 2, 5, 11, 21)]
    assert [h.rsplit(" · ", 1)[1] for h in hands] == expected


def test_a_language_switch_changes_every_text_and_keeps_the_keys(lang_restored) -> None:
    strings.use_language("ru")
    assert strings.t("word.goat") == "козёл" and strings.t("word.bazaar") == "базар"
    assert strings.t("word.seat", n=2) == "место 2"
    strings.use_language("ka")
    assert strings.t("word.fish") == "თევზი" and strings.t("word.goat") == "თხა"
    text = strings.t("table.turn_of", name="Nino")
    strings.use_language("ru")
    assert strings.again(text) == "Ходит Nino"  # a text from t() is redone in the new language
    assert strings.again("plain") == "plain"
    assert strings.use_language("xx") == "en" and strings.t("word.goat") == "goat"


def test_choosing_the_language() -> None:
    assert choose_language({}) == "en"
    assert choose_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert choose_language({"LANG": "ka_GE.UTF-8", "KOZA_LANG": "ru"}) == "ru"
    # POSIX order: the first locale variable that is set decides
    assert choose_language({"LC_ALL": "ka_GE", "LC_MESSAGES": "ru_RU", "LANG": "ru_RU"}) == "ka"
    assert choose_language({"LC_MESSAGES": "ka_GE.UTF-8", "LANG": "ru_RU"}) == "ka"
    assert choose_language({"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU"}) == "en"
    # the app's saved setting beats the locale, KOZA_LANG (and --lang) beat the setting
    assert choose_language({"LANG": "ru_RU.UTF-8"}, saved="ka") == "ka"
    assert choose_language({"KOZA_LANG": "en"}, saved="ka") == "en"
    assert choose_language({"KOZA_LANG": "xx", "LANG": "ka_GE"}) == "ka"
    assert [language_of(v) for v in ("ru", "ka-GE", "C.UTF-8", "POSIX", "", None)] == [
        "ru",
        "ka",
        None,
        None,
        None,
        None,
    ]
