"""Every text a player reads, in one place, so the app can be translated.

Use ``t("key", name=...)``: the text for ``key`` in the language in use, with
``{placeholders}`` filled by ``str.format``; a missing key returns the key itself
(visible, never a crash).  A message that counts (``n``) takes the plural form
the language's catalogue says (1 камень, 2 камня, 5 камней): ``tn("key", n)``
or simply ``t("key", n=...)``.

``EN`` (from ``koza.i18n.app_words``) is the source of the English texts
(``EN_ONE`` holds the "one" form of the messages that count).
The translations live in gettext catalogues,
``koza/locale/<lang>/LC_MESSAGES/koza.po`` (key = ``msgctxt``, English =
``msgid``); after adding or changing keys run ``make po`` and translate the new
entries.  The language is chosen by ``koza.i18n.choose_language`` (``--lang``,
``KOZA_LANG``, the app's setting, the locale) and changed with ``use_language``.

Keys are ``area.name``; the English texts themselves are in ``koza.i18n.app_words``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from koza.core.rules import OptionInfo
from koza.i18n import LANGUAGES, choose_language, translations
from koza.i18n.app_words import EN, EN_ONE  # noqa: F401  (re-exported)
from koza.i18n.numbers import LocalFloat, decimal, decimal_sign, in_language
from koza.i18n.person_words import YOU_OF
from koza.i18n.rule_words import option_in, values_in_words


class Msg(str):
    """A text from ``t()`` that keeps its key and values, to be redone in another language."""

    key: str
    values: dict[str, object]


def lookup(key: str, n: object = None, lang: str | None = None) -> str:
    """The unfilled text of ``key`` in ``lang`` (the language in use by default)."""
    english = EN.get(key)
    if english is None:
        return key
    catalogue = _catalogue if lang is None else translations(lang)
    one = EN_ONE.get(key)
    if one is None:
        return catalogue.pgettext(key, english)
    count = n if isinstance(n, int) else 2  # no count given: the "many" form
    return catalogue.npgettext(key, one, english, count)


def build(lang: str) -> dict[str, str]:
    """Every key's text in ``lang`` (English where the catalogue has no translation)."""
    return {key: lookup(key, lang=lang) for key in EN}


def t(key: str, **kw: object) -> str:
    """The text for ``key`` with ``{placeholders}`` filled in (``n`` also picks the plural form).

    A float is written with the language's decimal sign ("12,0" in Russian).
    """
    text = lookup(key, kw.get("n"))
    if kw:
        values = {k: _local(v) for k, v in kw.items()}
        with suppress(KeyError, IndexError, ValueError):  # a missing value never crashes
            text = text.format(**values)
    msg = Msg(text)
    msg.key, msg.values = key, kw
    return msg


def _local(value: object) -> object:
    return LocalFloat(value, LANGUAGE) if type(value) is float else value


def number(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, written as the language in use writes it."""
    return decimal(value, digits, LANGUAGE)


def figure(value: float, spec: str) -> str:
    """``format(value, spec)`` (widths kept, for tables) with the language's decimal sign."""
    return in_language(format(value, spec), LANGUAGE)


def interval(low: float, high: float, spec: str) -> str:
    """``[low, high]`` in the language: "[-0,125; 0,500]" where the sign is a comma."""
    sep = "; " if decimal_sign(LANGUAGE) == "," else ", "
    return f"[{figure(low, spec)}{sep}{figure(high, spec)}]"


def tn(key: str, n: int, **kw: object) -> str:
    """``t(key, n=n, ...)``: a message that counts ``n`` things, in the right plural form."""
    return t(key, n=n, **kw)


def bot_name(level: str) -> str:
    """A bot level's name for players (``montecarlo:fast`` -> its key ``bot.montecarlo_fast``)."""
    key = "bot." + level.replace(":", "_")
    return t(key) if key in EN else level


def bot_help(level: str, english: str = "") -> str:
    """A bot level's one line for players (``english`` when koza has no text for it)."""
    key = "bot." + level.replace(":", "_") + "_help"
    return t(key) if key in EN else english


def rule_option(name: str) -> OptionInfo:
    """Rule option ``name`` with its words in the language in use."""
    return option_in(name, LANGUAGE)


def rule_values(option: OptionInfo) -> str:
    """Every value ``option`` takes, in a line, in the language in use."""
    return values_in_words(option, LANGUAGE)


def again(text: str) -> str:
    """``text`` redone in the language now in use if it came from ``t()``, else as it is."""
    if isinstance(text, Msg):
        return t(text.key, **text.values)
    return text


def use_language(lang: str) -> str:
    """Speak ``lang`` from now on (English when koza does not have it); the language used."""
    global LANGUAGE, _catalogue
    LANGUAGE = lang if lang in LANGUAGES else "en"
    _catalogue = translations(LANGUAGE)
    return LANGUAGE


LANGUAGE = "en"
_catalogue = translations("en")
use_language(choose_language())


def about(key: str, seat: int, you: int, names: Sequence[str], **kw: object) -> str:
    """``key`` said of ``seat``: to the person at this keyboard (``you``) in the second person.

    ``names[seat]`` fills ``{name}`` otherwise; ``you`` is -1 when nobody at the
    table is the one person at this keyboard (watching, hot seat, a spectator).
    """
    if 0 <= seat == you and key in YOU_OF:
        return t(YOU_OF[key], **kw)
    name = names[seat] if 0 <= seat < len(names) else t("word.seat", n=seat)
    return t(key, name=name, **kw)


def _default_names(lang: str | None = None) -> list[str]:
    """The names the new-game form gives by itself in ``lang``: "You", "Bot 1" ... "Bot 4"."""
    you = lookup("new.you", lang=lang)
    bot = lookup("new.bot_name", lang=lang)
    return [you] + [bot.format(n=n) for n in range(1, 5)]


def default_name_here(name: str) -> str | None:
    """``name`` in the language in use if it is a default name of any language, else None.

    A name the form gave by itself ("Вы", "Bot 1") follows the language; a typed one stays.
    """
    for lang in LANGUAGES:
        with suppress(ValueError):
            return _default_names()[_default_names(lang).index(name.strip())]
    return None
