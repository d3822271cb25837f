"""koza's rule book: one Markdown file per language, shipped inside the package.

The book's list of options is generated from the rule set's own descriptions
(``koza.core.rules.describe``, their words in each language from the catalogues by
``koza.i18n.rule_words``) and kept in each file between two marker lines;
``python -m koza.rulebook --check`` fails when a shipped options section is stale, and
``--write`` brings every language up to date.  ``rule_book(lang)`` is the text for reading.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from koza.core.rules import OptionInfo
from koza.i18n.catalog import LANGUAGES
from koza.i18n.rule_words import options_in, say

BEGIN = "<!-- options: made from koza/core/rules.py by python -m koza.rulebook --write -->"
END = "<!-- end of options -->"


def languages() -> list[str]:
    """The languages the rule book is written in (English always)."""
    return [
        lang for lang in LANGUAGES if lang == "en" or book_file(lang).name.endswith(f".{lang}.md")
    ]


def book_file(lang: str = "en") -> Traversable:
    """The rule book's file for ``lang`` (English when there is none)."""
    folder = resources.files(__package__ or "koza.rulebook")
    found = folder.joinpath(f"RULES.{lang}.md")
    return found if found.is_file() else folder.joinpath("RULES.en.md")


def source_text(lang: str = "en") -> str:
    """The rule book as stored, marker lines included."""
    return book_file(lang).read_text(encoding="utf-8")


def rule_book(lang: str = "en") -> str:
    """The rule book for reading: the marker lines left out."""
    lines = source_text(lang).splitlines()
    return "\n".join(line for line in lines if line not in (BEGIN, END)) + "\n"


def _values(option: OptionInfo, lang: str) -> str:
    if option.is_number:
        said = [
            say("rule.book_number", lang).format(
                low=option.low, high=option.high, default=option.default
            )
        ]
        said += [
            say("rule.book_means", lang).format(value=v, words=w) for v, w in option.words.items()
        ]
        return "; ".join(said)
    # the words first, the name to type after --rule in brackets: "в любой руке (`always`)"
    default = say("rule.book_default", lang).strip("()")
    said = [
        f"{option.say(c)} (`{c}`, {default})" if c == option.default else f"{option.say(c)} (`{c}`)"
        for c in option.choices
    ]
    return "; ".join(said)


def options_section(lang: str = "en") -> str:
    """The options as a Markdown list (it reads in a terminal as on a web page), one item
    per option, from the rule set's descriptions in ``lang``."""
    values = say("rule.book_values", lang)
    return "\n".join(
        f"- **{o.title}** (`{o.name}`): {o.help}\n  {values}: {_values(o, lang)}."
        for o in options_in(lang)
    )


def with_options(text: str, lang: str = "en") -> str:
    """``text`` with the options section between its markers replaced by a fresh one."""
    head, begin, rest = text.partition(BEGIN + "\n")
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError("the rule book has lost its options markers")
    return f"{head}{BEGIN}\n{options_section(lang)}\n{END}{tail}"


def is_current(lang: str = "en") -> bool:
    """True when the shipped book's options section is what the rule set generates."""
    text = source_text(lang)
    return with_options(text, lang) == text
