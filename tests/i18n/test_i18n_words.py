"""Rule options and illegal-move reasons: made from the core's English, said in every language."""

from __future__ import annotations

import random
import re

import pytest

from koza.core import engine
from koza.core.explain import REASONS, Reason, describe_illegal, illegal_reason
from koza.core.game import Game
from koza.core.rules import RuleSet, options
from koza.i18n import strings
from koza.i18n.reason_words import REASON_EN
from koza.i18n.refusals import say_reason
from koza.i18n.rule_words import RULE_EN, option_in, values_in_words

LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    strings.use_language("en")


def every_refusal() -> list[tuple[engine.Round, engine.Move]]:
    """Illegal moves met in a few random games (two doubles off in one of them)."""
    moves = [m for trio in engine.PLAY_MOVES for m in trio] + [engine.DRAW_MOVE, engine.PASS_MOVE]
    moves += [m for row in engine.DOUBLES_MOVES for m in row if m[1] != m[2]]
    found = []
    for seed in range(4):
        rules = RuleSet(double_play="off" if seed else "doubles")
        game = Game.new(["a", "b"], seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(30):
            if game.state.phase != "playing":
                break
            r = game.state.round
            assert r is not None
            found += [(r.copy(), m) for m in moves if not engine.is_legal(r, m)][::7]
            game.play(rng.choice(list(game.legal_moves())))
    return found


def test_every_option_and_reason_is_a_catalogue_key() -> None:
    for o in options():
        assert strings.EN[f"rule.{o.name}.title"] == o.title
        assert strings.EN[f"rule.{o.name}.help"] == o.help
        for value, words in o.words.items():
            assert strings.EN[f"rule.{o.name}.{value}"] == words
    assert set(RULE_EN) <= set(strings.EN)
    assert {f"illegal.{code}" for code in REASONS} == set(REASON_EN) <= set(strings.EN)


def test_english_reasons_read_as_the_core_says_them() -> None:
    refusals = every_refusal()
    codes = {illegal_reason(r, m).code for r, m in refusals}
    assert len(codes) >= 8
    for r, m in refusals:
        assert say_reason(illegal_reason(r, m)) == describe_illegal(r, m)


@pytest.mark.parametrize("lang", ["ru", "ka"])
def test_every_reason_is_said_without_english(lang: str) -> None:
    strings.use_language(lang)
    for code, english in REASONS.items():
        text = english[1] if isinstance(english, tuple) else english
        values = {name: "6-4" for name in re.findall(r"{(\w+)}", text)} | {"n": 3, "seat": 2}
        said = say_reason(Reason(code, values))
        assert said != Reason(code, values).english()
        assert LATIN.findall(said) == [], (code, said)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["1 tile:", "2 tiles:", "5 tiles:", "11 tiles:", "21 tiles:"]),
        ("ru", ["1 камень:", "2 камня:", "5 камней:", "11 камней:", "21 камень:"]),
        ("ka", ["1 ქვაა:", "2 ქვაა:", "5 ქვაა:", "11 ქვაა:", "21 ქვაა:"]),
    ],
)
def test_the_bazaar_reason_counts_in_each_language(lang: str, expected: list[str]) -> None:
    strings.use_language(lang)
    said = [say_reason(Reason("bazaar_left", {"n": n})) for n in (1, 2, 5, 11, 21)]
    counted = [re.search(r"\d+ \w+:", text) for text in said]
    assert [found.group() if found else None for found in counted] == expected


@pytest.mark.parametrize("lang", ["ru", "ka"])
def test_every_option_has_words_in_the_language(lang: str) -> None:
    for o in options():
        said = option_in(o.name, lang)
        assert (said.name, said.choices, said.default) == (o.name, o.choices, o.default)
        assert said.title != o.title and said.help != o.help
        texts = [said.title, said.help, values_in_words(said, lang), *said.words.values()]
        assert LATIN.findall(" ".join(texts)) == [], o.name
    assert values_in_words(option_in("open_threshold", "en"), "en") == (
        "a number 0 to 50; 0 = no threshold"
    )
