"""koza's rule book: the options table comes from the rule set, and the facts match the code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from koza import rulebook
from koza.core.rules import RuleSet, describe, in_words, options
from koza.core.scoring import Sheets, score_round
from koza.core.tiles import parse_tile
from koza.rulebook import (
    BEGIN,
    END,
    is_current,
    options_section,
    rule_book,
    source_text,
    with_options,
)
from koza.rulebook.__main__ import main as rulebook_main


def flat(text: str) -> str:
    """The text with every run of white space made one space (lines wrap anywhere)."""
    return " ".join(text.split())


def test_the_shipped_options_section_is_the_generated_one() -> None:
    assert is_current()
    done = subprocess.run(
        [sys.executable, "-m", "koza.rulebook", "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert options_section() in source_text()


def test_check_fails_when_the_options_drift(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = source_text().replace("from 1 to 1000", "from 1 to 999")
    assert stale != source_text() and with_options(stale) == source_text()
    with pytest.raises(ValueError, match="markers"):
        with_options(stale.replace(END, ""))
    assert rulebook_main([]) == 0 and capsys.readouterr().out.strip() == options_section()
    shipped = source_text()
    stale_book = tmp_path / "RULES.en.md"
    stale_book.write_text(stale, encoding="utf-8")
    monkeypatch.setattr(rulebook, "book_file", lambda lang="en": stale_book)
    assert not rulebook.is_current()
    assert rulebook_main(["--check"]) == 1 and "stale" in capsys.readouterr().err
    assert rulebook_main(["--write"]) == 0 and rulebook.is_current()
    assert stale_book.read_text("utf-8") == shipped


def test_every_option_is_described_with_its_values_in_words() -> None:
    assert [o.name for o in options()] == list(RuleSet.model_fields)
    for option in options():
        assert option.title and option.title != option.name and option.help.endswith(".")
        assert option.name in options_section() and option.title in options_section()
        for value in option.choices:
            assert option.words[value] and option.words[value] != value, (option.name, value)
        if option.is_number:
            assert (option.low, option.high) == (
                RuleSet.model_fields[option.name].metadata[0].ge,
                RuleSet.model_fields[option.name].metadata[1].le,
            )
        assert str(getattr(RuleSet(), option.name)) == option.default


def test_the_values_in_the_table_are_the_values_the_rule_set_takes() -> None:
    for option in options():
        for value in option.choices:
            RuleSet.from_options({option.name: value})  # every listed value is accepted
        if option.is_number:
            RuleSet.from_options({option.name: str(option.low)})
            RuleSet.from_options({option.name: str(option.high)})
            for outside in (option.low - 1, option.high + 1):  # type: ignore[operator]
                with pytest.raises(ValueError):
                    RuleSet.from_options({option.name: str(outside)})


def test_the_house_rules_put_the_changed_options_first() -> None:
    rows = in_words(RuleSet(target=51, hand_size="seven"))
    assert [(o.name, words, differs) for o, words, differs in rows[:2]] == [
        ("hand_size", "always 7", True),
        ("target", "51", True),
    ]
    assert not any(differs for _, _, differs in rows[2:])
    assert not any(differs for _, _, differs in in_words(RuleSet()))


def test_the_book_states_the_defaults_of_the_code() -> None:
    text = flat(rule_book())
    rules = RuleSet()
    two, three, four = (rules.hand_size_for(n) for n in (2, 3, 4))
    assert three == four
    assert f"each takes {two} tiles; with three or four, each takes {three}" in text
    assert f"left in a hand it counts {rules.blank_double_points}" in text
    assert f"worth fewer than {rules.open_threshold} points" in text
    assert f"worth {rules.open_threshold} points or more is written down" in text
    assert f"some total reaches {rules.target} or more" in text
    assert "seats 0 and 2 against seats 1 and 3" in text and "0+2" in describe("teams").say("pairs")
    assert BEGIN not in rule_book() and END not in rule_book()


def test_the_worked_example_of_the_book() -> None:
    """Ann (seat 0) and Bob (seat 1), defaults: three rounds as the book tells them."""
    rules = RuleSet()

    def hand(*tiles: str) -> int:
        return sum(1 << parse_tile(t) for t in tiles)

    sheets = Sheets.start(2, rules)
    first = score_round(rules, [0, hand("5-4", "0-0")], 0, sheets)
    assert first.recorded == (0, 34) and first.sheets.opened == (False, True)
    second = score_round(rules, [hand("3-1", "2-2"), 0], 1, first.sheets)
    assert second.recorded == (0, 0) and second.sheets.opened == (False, True)
    fish = score_round(rules, [hand("6-6"), hand("1-0")], -1, second.sheets)
    assert fish.recorded == (0, 1) and fish.sheets.totals == (0, 35)
    carry = RuleSet(open_mode="carry")
    kept = score_round(carry, [hand("3-1", "2-2"), 0], 1, Sheets.start(2, carry))
    opened = score_round(carry, [hand("6-6"), hand("1-0")], -1, kept.sheets)
    assert opened.recorded[0] == 20 and opened.sheets.opened[0]
    text = flat(rule_book())
    for fact in ("9 + 25 = 34", "8 and 12 add up to 20", "he writes 1 and has 35"):
        assert fact in text
