"""Numbers written the way the language writes them: "12.0" in English, "12,0" in Russian.

The decimal sign comes from Babel's data for the language; the digits and their count
from Python's own format spec, so ``{loss:.1f}`` in a catalogue keeps its meaning.
"""

from __future__ import annotations

from functools import cache

FLOAT_TYPES = set("eEfFgGn%")


@cache
def decimal_sign(lang: str) -> str:
    """The sign between whole and fraction in ``lang`` ("," for ru and ka)."""
    if lang == "en":
        return "."  # Babel's own, without importing it at every start
    from babel.numbers import get_decimal_symbol

    try:
        return get_decimal_symbol(lang)
    except (ValueError, LookupError):  # a language Babel does not know: the English sign
        return "."


def in_language(text: str, lang: str) -> str:
    """``text``, a number Python wrote, with ``lang``'s decimal sign."""
    sign = decimal_sign(lang)
    return text if sign == "." else text.replace(".", sign)


def decimal(value: float, digits: int = 1, lang: str = "en") -> str:
    """``value`` with ``digits`` after the sign, in ``lang``: ``decimal(12, 1, "ru")`` is "12,0"."""
    return in_language(f"{value:.{digits}f}", lang)


class LocalFloat(float):
    """A float that formats itself (``{x:.2f}``, ``{x:g}``, ``{x}``) in one language."""

    lang: str

    def __new__(cls, value: float, lang: str) -> LocalFloat:
        number = super().__new__(cls, value)
        number.lang = lang
        return number

    def __format__(self, spec: str) -> str:
        text = format(float(self), spec)
        if spec and spec[-1] not in FLOAT_TYPES:
            return text
        return in_language(text, self.lang)

    def __str__(self) -> str:
        return in_language(float.__str__(self), self.lang)
