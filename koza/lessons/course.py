"""A lesson on the real game: build the position of any step, judge the learner's move.

Every position is made by playing moves through ``Game`` from a prepared deal, so a
lesson cannot show or expect a move the rules refuse (``tests/core/test_lessons.py``
plays every lesson's moves under many rule sets).  The rules of a lesson are the
house rules where the book teaches them, the book's defaults elsewhere
(``lesson_rules``); the stories of a round's end (``round_story``) say the points as
the game counted them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from koza.core.commands import Command
from koza.core.dealing import stacked_shuffle
from koza.core.events import GameCreated, GameOver, RoundScored, SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import apply_event
from koza.core.tiles import parse_tile, tile_name, tiles_of
from koza.lessons.model import YOU, Lesson, Part, Step, parse_move

HOUSE_OPTIONS = (
    "double_play",
    "blank_double_points",
    "blank_double_when",
    "open_threshold",
    "open_mode",
    "fish_scoring",
    "first_lead",
    "target",
)
"""The house rules every lesson follows (the others keep the book's defaults)."""

GENTLE_BOT = "random"
"""The bots of the first whole round: they play any legal move."""


def lesson_rules(house: RuleSet) -> RuleSet:
    """The rules the lessons are played by: the house's where they teach them."""
    return RuleSet.model_validate({name: getattr(house, name) for name in HOUSE_OPTIONS})


def _tiles(text: str) -> list[int]:
    return [parse_tile(x) for x in text.split()]


def deal(part: Part, rules: RuleSet, names: Sequence[str], seed: int = 0) -> Game:
    """A new game at ``part``'s prepared deal (a free part: a seeded deal), ``before`` played."""
    seats = [SeatInfo(name=names[0])]
    seats += [SeatInfo(name=name, kind="bot", bot=GENTLE_BOT) for name in names[1:]]
    created = GameCreated(seq=0, game_id="lesson", rules=rules, seats=tuple(seats), seed=seed)
    game = Game(apply_event(None, created), [created], None)
    if part.free:
        game.next_round()
        return game
    game.next_round(stacked_shuffle([_tiles(h) for h in part.hands], _tiles(part.bazaar)))
    for move in part.before:
        play(game, move)
    return game


def play(game: Game, move: str) -> None:
    """Play a move written as text (``IllegalMoveError`` if the rules refuse it)."""
    game.play(command(game, move))


def command(game: Game, move: str) -> Command:
    """The command ``move`` stands for now (``"opening"``: the tile the round opens with)."""
    r = game.state.round
    return parse_move(move, r.opening if r is not None and r.left < 0 else -1)


def build(lesson: Lesson, place: int, rules: RuleSet, names: Sequence[str]) -> Game:
    """The game as it stands at ``lesson.places[place]``: its deal, then every step before."""
    part_no, step_no = lesson.places[place]
    part = lesson.parts[part_no]
    game = deal(part, rules, names)
    for step in part.steps[:step_no]:
        play(game, step.expect[0])
        for reply in step.then:
            play(game, reply)
    return game


def names_for(part: Part, you: str, bot: str) -> list[str]:
    """The seat names: you, then one bot (two for the free round)."""
    return [you, f"{bot} 1", f"{bot} 2"] if part.free else [you, bot]


class Verdict(Enum):
    """How a learner's move meets the step."""

    RIGHT = "right"
    OTHER = "other"  # legal, but not what this step teaches
    REFUSED = "refused"  # the rules refuse it


def judge(step: Step, game: Game, cmd: Command) -> Verdict:
    """Whether ``cmd`` (by the learner, at seat ``YOU``) is the move ``step`` expects."""
    if game.state.turn != YOU or cmd not in game.legal_moves():
        return Verdict.REFUSED
    right = {command(game, move) for move in step.expect}
    return Verdict.RIGHT if cmd in right else Verdict.OTHER


def tile_values(step: Step, game: Game) -> dict[str, object]:
    """``{tile}``: the tile the step's first right move lays (for its texts)."""
    cmd = command(game, step.expect[0])
    tile = getattr(cmd, "tile", getattr(cmd, "left", -1))
    return {"tile": tile_name(tile)} if isinstance(tile, int) and tile >= 0 else {}


def round_story(game: Game) -> list[tuple[str, dict[str, object]]]:
    """How the round just ended was counted, as text keys with their values."""
    state = game.state
    scored = next((e for e in reversed(game.events) if isinstance(e, RoundScored)), None)
    r = state.round
    if scored is None or r is None:
        return []
    rules = state.rules
    story: list[tuple[str, dict[str, object]]] = []
    if scored.outcome == "fish":
        story.append(("learn.story.fish", {}))
    elif scored.out_seat == YOU:
        story.append(("learn.story.out", {}))
    elif scored.out_seat is not None:
        story.append(("learn.story.went_out", {"name": state.seats[scored.out_seat].name}))
    for seat, info in enumerate(state.seats):
        hand = list(tiles_of(r.hands[seat]))
        if not hand:
            continue
        values: dict[str, object] = {
            "name": info.name,
            "tiles": ", ".join(tile_name(t) for t in hand),
            "points": scored.hand_points[seat],
            "recorded": scored.recorded[seat],
            "total": scored.totals[seat],
            "threshold": rules.open_threshold,
            "blank": rules.blank_double_points,
            "target": rules.target,
        }
        story.append(("learn.story.points", values))
        if 0 in hand:  # the blank double
            alone = rules.blank_double_when == "always" or hand == [0]
            story.append(("learn.story.blank" if alone else "learn.story.blank_not_alone", values))
        story.append((_sheet_key(scored, seat, rules), values))
    over = next((e for e in reversed(game.events) if isinstance(e, GameOver)), None)
    if over is not None:
        goats = ", ".join(state.seats[s].name for s in over.goats)
        story.append(("learn.story.goat", {"name": goats, "target": rules.target}))
    return story


def _sheet_key(scored: RoundScored, seat: int, rules: RuleSet) -> str:
    if scored.recorded[seat] > 0:
        return "learn.story.opened" if scored.opened[seat] else "learn.story.written"
    if scored.hand_points[seat] == 0:
        return "learn.story.nothing"
    if scored.totals[seat] > 0 or rules.open_threshold == 0:
        return "learn.story.not_recorded"  # another rule (a fish's) left it off
    return "learn.story.carried" if rules.open_mode == "carry" else "learn.story.closed"
