"""The rule options in words, in any language: catalogue keys made from ``koza.core.rules``.

``koza/core/rules.py`` describes each option once, in English (title, help, values
in words).  ``RULE_EN`` turns those descriptions into catalogue keys
(``rule.<name>.title``, ``rule.<name>.help``, ``rule.<name>.<value>``) plus the few
words that frame them, so ``make po`` picks up a new option by itself.
``option_in(name, lang)`` is the option with its words in ``lang``; the core stays
English and never imports the catalogues.
"""

from __future__ import annotations

from dataclasses import replace

from koza.core.rules import OptionInfo, describe, options
from koza.i18n.catalog import translations

FRAME_EN: dict[str, str] = {
    "rule.number": "a number {low} to {high}",
    "rule.number_special": "{value} = {words}",
    "rule.book_values": "Values",
    "rule.book_number": "a number from {low} to {high}, `{default}` by default",
    "rule.book_means": "`{value}` means {words}",
    "rule.book_default": "(the default)",
}
"""The words around an option's own words (its range, "the default")."""


def _option_keys(option: OptionInfo) -> dict[str, str]:
    keys = {
        f"rule.{option.name}.title": option.title,
        f"rule.{option.name}.help": option.help,
    }
    keys.update({f"rule.{option.name}.{value}": words for value, words in option.words.items()})
    return keys


def rule_english() -> dict[str, str]:
    """Every rule key with its English text, in the rule set's order, then the frame."""
    found: dict[str, str] = {}
    for option in options():
        found.update(_option_keys(option))
    return found | FRAME_EN


RULE_EN: dict[str, str] = rule_english()


def say(key: str, lang: str) -> str:
    """The text of rule key ``key`` in ``lang`` (its English when untranslated)."""
    return translations(lang).pgettext(key, RULE_EN[key])


def option_in(name: str, lang: str) -> OptionInfo:
    """Rule option ``name`` with its title, help and value words in ``lang``."""
    option = describe(name)
    return replace(
        option,
        title=say(f"rule.{name}.title", lang),
        help=say(f"rule.{name}.help", lang),
        words={v: say(f"rule.{name}.{v}", lang) for v in option.words},
    )


def options_in(lang: str) -> list[OptionInfo]:
    """Every rule option in ``lang``, in the rule set's order."""
    return [option_in(o.name, lang) for o in options()]


def values_in_words(option: OptionInfo, lang: str) -> str:
    """Every value ``option`` takes, in a line, in ``lang`` (a number: its range)."""
    if option.is_number:
        line = say("rule.number", lang).format(low=option.low, high=option.high)
        special = [
            say("rule.number_special", lang).format(value=v, words=w)
            for v, w in option.words.items()
        ]
        return "; ".join([line, *special])
    return " · ".join(option.say(c) for c in option.choices)
