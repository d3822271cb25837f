"""The seven lessons, as data: each a prepared deal, the moves it expects, its texts' keys.

The deals are two-handed (you and the teaching bot, seven tiles each).  The positions of
the fish, counting and goat lessons come from real seeded rounds (the moves before the
first step are that round's own), each dealt so that the same tile opens it under every
``first_lead``.  ``lessons(rules)`` fits the book to the house rules where a lesson's
point depends on them (who leads round 1, two doubles in one turn).
"""

from __future__ import annotations

from koza.core.rules import RuleSet
from koza.lessons.model import Lesson, Part, Step

_FISH_BEFORE = (
    "5-5 open,draw,draw,5-3 left,5-4 right,4-3 left,6-4 left,6-2 left,draw,4-2 left,"
    "draw,draw,draw,4-4 right,draw,draw,draw,draw,draw,draw,4-0 left,2-0 left,5-2 left,"
    "draw,draw,4-1 right"
)
_GOAT_BEFORE = (
    "4-4 open,5-4 right,4-2 left,5-1 right,3-2 left,4-3 left,1-0 right,4-0 right"
    + ",draw" * 14
    + ",4-1 left,3-1 left,3-0 left,6-4 right,5-0 left"
)


def _moves(text: str) -> tuple[str, ...]:
    return tuple(text.split(","))


def _tiles() -> Lesson:
    return Lesson(
        "tiles",
        "learn.tiles.title",
        (
            Part(
                hands=("6-6 6-2 5-4 3-1 4-0 2-1 5-3", "6-1 5-1 3-2 4-2 6-0 1-0 0-0"),
                steps=(
                    Step("learn.tiles.1", ("6-6 open",), ("6-1 right",), "learn.tiles.1_try"),
                    Step("learn.tiles.2", ("6-2 left",), ("5-1 right",), "learn.tiles.2_try"),
                    Step("learn.tiles.3", ("5-4 right",), (), "learn.tiles.3_try"),
                ),
                done="learn.tiles.done",
            ),
        ),
    )


_NO_DOUBLE_DEALT = Part(  # no double in any hand: the highest tile leads (6-5)
    hands=("6-4 4-3 5-2 3-1 6-5 2-1 6-0", "6-3 5-3 6-2 4-1 3-0 5-0 2-0"),
    bazaar="6-6 5-5 4-4 3-3 2-2 1-1 0-0",
    steps=(Step("learn.lead.2", ("opening",), (), "learn.lead.2_try"),),
    done="learn.lead.2_done",
)


def _lead(rules: RuleSet) -> Lesson:
    """Who leads round 1, as the house's ``first_lead`` has it: two deals for each value."""
    five_and_one = ("5-5 1-1 6-4 3-2 4-0 2-1 5-3", "6-5 4-3 6-2 4-1 3-0 5-0 2-0")
    if rules.first_lead == "one_one":  # 1-1 over a higher double; then no 1-1 dealt
        parts = (
            Part(
                hands=five_and_one,
                bazaar="6-6",
                steps=(Step("learn.lead.1_one", ("opening",), (), "learn.lead.1_one_try"),),
                done="learn.lead.1_one_done",
            ),
            Part(
                hands=("4-4 2-2 6-4 3-2 5-1 2-1 6-0", "6-3 5-3 6-2 4-1 3-0 5-0 2-0"),
                bazaar="1-1 6-6 5-5",
                steps=(Step("learn.lead.2_one", ("opening",), (), "learn.lead.2_one_try"),),
                done="learn.lead.2_done",
            ),
        )
    elif rules.first_lead == "lowest_double":  # 3-3 over 5-5 and 0-0; then no double
        parts = (
            Part(
                hands=("5-5 3-3 0-0 6-4 4-1 2-1 5-3", "6-5 4-3 6-2 3-1 3-2 5-0 2-0"),
                bazaar="1-1 2-2",
                steps=(Step("learn.lead.1_low", ("opening",), (), "learn.lead.1_low_try"),),
                done="learn.lead.1_low_done",
            ),
            _NO_DOUBLE_DEALT,
        )
    else:  # the highest double, and the highest tile when no double is dealt
        parts = (
            Part(
                hands=five_and_one,
                bazaar="6-6",
                steps=(Step("learn.lead.1", ("opening",), (), "learn.lead.1_try"),),
                done="learn.lead.1_done",
            ),
            _NO_DOUBLE_DEALT,
        )
    return Lesson("lead", "learn.lead.title", parts)


def _doubles(rules: RuleSet) -> Lesson:
    if rules.double_play == "off":
        both = Step("learn.doubles.2_off", ("4-4 left", "2-2 right"), (), "learn.doubles.2_off_try")
    else:
        both = Step("learn.doubles.2", ("doubles 4-4 2-2",), (), "learn.doubles.2_try")
    if rules.first_lead == "lowest_double":  # the bot's 1-1 opens, under your 2-2
        hands = ("6-4 2-2 4-4 5-3 3-0 6-0 4-1", "1-1 2-1 6-6 6-2 5-0 3-1 4-3")
        first = Step(
            "learn.doubles.1_low", ("4-1 left",), ("2-1 right",), "learn.doubles.1_low_try"
        )
    else:  # the bot's 6-6 opens (no 1-1 is dealt)
        hands = ("6-4 2-2 4-4 5-1 3-0 1-0 5-3", "6-6 6-2 5-0 3-1 2-1 4-1 4-3")
        first = Step("learn.doubles.1", ("6-4 left",), ("6-2 right",), "learn.doubles.1_try")
    return Lesson(
        "doubles",
        "learn.doubles.title",
        (
            Part(
                hands=hands,
                before=("opening",),
                steps=(first, both),
                done="learn.doubles.done",
            ),
        ),
    )


def _bazaar() -> Lesson:
    draw = ("draw",)
    return Lesson(
        "bazaar",
        "learn.bazaar.title",
        (
            Part(
                hands=("5-4 4-1 3-2 2-0 1-0 5-3 4-3", "6-6 6-5 6-1 4-2 2-1 5-1 3-0"),
                bazaar="3-1 5-2 6-3",
                before=("6-6 open",),
                steps=(
                    Step("learn.bazaar.1", draw, (), "learn.bazaar.1_try"),
                    Step("learn.bazaar.2", draw, (), "learn.bazaar.2_try"),
                    Step("learn.bazaar.3", draw, (), "learn.bazaar.2_try"),
                    Step("learn.bazaar.4", ("6-3 left", "6-3 right"), (), "learn.bazaar.4_try"),
                ),
                done="learn.bazaar.done",
            ),
        ),
    )


def _fish() -> Lesson:
    return Lesson(
        "fish",
        "learn.fish.title",
        (
            Part(
                hands=("3-0 5-1 6-3 5-4 6-1 6-4 5-5", "3-2 1-0 6-0 2-0 4-3 6-2 2-1"),
                bazaar="3-1 5-3 4-2 2-2 6-6 4-4 5-2 3-3 0-0 5-0 6-5 4-0 1-1 4-1",
                before=_moves(_FISH_BEFORE),
                steps=(
                    Step("learn.fish.1", ("5-1 right",), ("pass",), "learn.fish.1_try"),
                    Step("learn.fish.2", ("6-5 right",), ("6-0 right",), "learn.fish.2_try"),
                    Step("learn.fish.3", ("5-0 right",), (), "learn.fish.3_try"),
                ),
                done="learn.fish.done",
            ),
        ),
    )


def _count() -> Lesson:
    return Lesson(
        "count",
        "learn.count.title",
        (
            Part(
                hands=("6-5 5-4 4-0 3-2 5-0 2-1 5-1", "6-1 2-0 4-4 3-1 6-0 5-3 0-0"),
                bazaar="3-3 6-2 5-5 4-1 4-3 2-2 4-2 5-2 1-1 3-0 6-6 6-3 1-0 6-4",
                before=_moves(
                    "4-4 open,5-4 left,5-3 left,3-2 left,2-0 left,4-0 left,draw,draw,draw,"
                    "draw,4-1 left,2-1 left,6-2 left,6-5 left,5-5 left,5-1 left,6-1 left,"
                    "draw,4-3 right,6-0 left"
                ),
                steps=(Step("learn.count.1", ("5-0 left",), (), "learn.count.1_try"),),
                done="learn.count.1_done",
            ),
            Part(
                hands=("4-4 5-3 6-3 3-2 1-0 3-0 4-2", "6-1 5-4 6-4 6-2 6-0 2-1 4-0"),
                bazaar="2-2 1-1 4-1 2-0 3-1 4-3 6-5 3-3 5-1 5-5 5-0 0-0 5-2 6-6",
                before=_moves(
                    "4-4 open,5-4 right,4-2 left,2-1 left,1-0 left,4-0 left,5-3 right,"
                    "6-4 left,3-2 right,6-2 right,6-3 left,6-0 right"
                ),
                steps=(Step("learn.count.2", ("3-0 left", "3-0 right"), (), "learn.count.2_try"),),
                done="learn.count.2_done",
            ),
        ),
    )


def _goat() -> Lesson:
    return Lesson(
        "goat",
        "learn.goat.title",
        (
            Part(
                hands=("4-3 5-4 5-1 3-1 6-3 4-0 6-4", "5-3 1-0 6-5 4-4 0-0 3-2 4-2"),
                bazaar="5-2 1-1 3-3 5-0 2-2 2-0 2-1 6-6 6-0 3-0 5-5 6-2 6-1 4-1",
                before=_moves(_GOAT_BEFORE),
                steps=(Step("learn.goat.1", ("6-3 right",), (), "learn.goat.1_try"),),
                done="learn.goat.1_done",
            ),
            Part(free=True, say="learn.goat.round", done="learn.goat.round_done"),
        ),
    )


def lessons(rules: RuleSet | None = None) -> tuple[Lesson, ...]:
    """The seven lessons, fitted to ``rules`` (the house rules in use)."""
    rules = rules or RuleSet()
    return (
        _tiles(),
        _lead(rules),
        _doubles(rules),
        _bazaar(),
        _fish(),
        _count(),
        _goat(),
    )


LESSON_IDS: tuple[str, ...] = tuple(lesson.id for lesson in lessons())
