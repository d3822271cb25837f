"""koza's rule book: one Markdown file per language, shipped inside the package.

The book's options table is generated from the rule set's own descriptions
(``koza.core.rules.describe``) and kept in the file between two marker lines;
``python -m koza.rulebook --check`` fails when the shipped table is stale, and
``--write`` brings it up to date.  ``rule_book()`` is the text for reading.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from koza.core.rules import OptionInfo, options

BEGIN = "<!-- options table: made from koza/core/rules.py by python -m koza.rulebook --write -->"
END = "<!-- end of options table -->"


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
        special = "".join(f"; `{v}`: {w}" for v, w in option.words.items())
        return f"{option.low} to {option.high}{special}"
    return " · ".join(f"`{c}`: {option.say(c)}" for c in option.choices)


def options_table() -> str:
    """The options as a Markdown table, from the rule set's descriptions."""
    rows = ["| option | values | default | what it decides |", "|---|---|---|---|"]
    for o in options():
        rows.append(f"| `{o.name}` | {_values(o)} | `{o.default}` | **{o.title}**: {o.help} |")
    return "\n".join(rows)


def with_table(text: str) -> str:
    """``text`` with the options table between its markers replaced by a fresh one."""
    head, begin, rest = text.partition(BEGIN + "\n")
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError("the rule book has lost its options-table markers")
    return f"{head}{BEGIN}\n{options_table()}\n{END}{tail}"


def is_current(lang: str = "en") -> bool:
    """True when the shipped book's options table is what the rule set generates."""
    text = source_text(lang)
    return with_table(text) == text
