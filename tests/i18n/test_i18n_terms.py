"""One word per thing: no catalogue, rule book or README uses a word TERMS.md rejects (issue 23)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from koza.i18n.catalog import po_path

ROOT = Path(__file__).resolve().parents[2]
TERMS = ROOT / "docs" / "TERMS.md"
COLUMN = {"ru": 4, "ka": 5}  # the table's column of each language's rejected words


def rejected(lang: str) -> dict[str, list[re.Pattern[str]]]:
    """Each thing of the table with the patterns ``lang`` must not use for it."""
    rows = [
        line for line in TERMS.read_text(encoding="utf-8").splitlines() if line.startswith("| ")
    ]
    out: dict[str, list[re.Pattern[str]]] = {}
    for row in rows[1:]:  # the first row is the header
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        out[cells[1]] = [re.compile(p) for p in re.findall(r"`([^`]+)`", cells[COLUMN[lang]])]
    return out


def texts(lang: str) -> dict[str, str]:
    """Every text of ``lang`` a player reads, by where it is (a key, or a file's line)."""
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    found = {}
    for message in catalog:
        if message.id and message.context:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found[message.context] = " ".join(strings)
    for path in (ROOT / "koza" / "rulebook" / f"RULES.{lang}.md", ROOT / f"README.{lang}.md"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found[f"{path.name}:{n}"] = line
    return found


def test_the_table_names_rejected_words_for_each_language() -> None:
    for lang in COLUMN:
        table = rejected(lang)
        assert "tile" in table and "deal" in table
        assert sum(len(p) for p in table.values()) >= 10


@pytest.mark.parametrize("lang", sorted(COLUMN))
def test_no_text_uses_a_rejected_synonym(lang: str) -> None:
    table = rejected(lang)
    wrong = [
        f"{where}: {pattern.pattern!r} ({thing}) in {text!r}"
        for where, text in texts(lang).items()
        for thing, patterns in table.items()
        for pattern in patterns
        if pattern.search(text)
    ]
    assert not wrong, "\n".join(wrong)


def test_a_rejected_synonym_is_caught() -> None:
    patterns = rejected("ru")["tile"]
    assert any(p.search("у вас нет такой кости") for p in patterns)
    assert not any(p.search("у вас нет такого камня") for p in patterns)
