"""koza's rule book: one Markdown file per language, shipped inside the package.

The book's list of options is generated from the rule set's own descriptions
(``koza.core.rules.describe``) and kept in the file between two marker lines;
``python -m koza.rulebook --check`` fails when the shipped options section is stale, and
``--write`` brings it up to date.  ``rule_book()`` is the text for reading.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from koza.core.rules import OptionInfo, options

BEGIN = "<!-- options: made from koza/core/rules.py by python -m koza.rulebook --write -->"
END = "<!-- end of options -->"


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


def _values(option: OptionInfo) -> str:
    if option.is_number:
        special = "".join(f"; `{v}` means {w}" for v, w in option.words.items())
        return (
            f"a number from {option.low} to {option.high}, `{option.default}` by default{special}"
        )
    said = [f"`{c}`: {option.say(c)}" for c in option.choices]
    said[option.choices.index(option.default)] += " (the default)"
    return "; ".join(said)


def options_section() -> str:
    """The options as a Markdown list (it reads in a terminal as on a web page), one item
    per option, from the rule set's descriptions."""
    return "\n".join(
        f"- **{o.title}** (`{o.name}`): {o.help}\n  Values: {_values(o)}." for o in options()
    )


def with_options(text: str) -> str:
    """``text`` with the options section between its markers replaced by a fresh one."""
    head, begin, rest = text.partition(BEGIN + "\n")
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError("the rule book has lost its options markers")
    return f"{head}{BEGIN}\n{options_section()}\n{END}{tail}"


def is_current(lang: str = "en") -> bool:
    """True when the shipped book's options section is what the rule set generates."""
    text = source_text(lang)
    return with_options(text) == text
