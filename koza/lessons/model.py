"""A lesson's shape: parts (one deal each) made of steps (one expected move each).

Moves are written as text, as a player would say them: ``"6-4 left"``,
``"6-6 open"``, ``"draw"``, ``"pass"``, ``"doubles 4-4 2-2"`` (left, then right),
and ``"opening"`` for the tile the round must open with (it depends on the house
rules).  ``parse_move`` turns one into the game's command.
"""

from __future__ import annotations

from dataclasses import dataclass

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles
from koza.core.tiles import parse_tile

YOU, BOT = 0, 1
"""The learner sits at seat 0; the teaching bot at seat 1."""


@dataclass(frozen=True)
class Step:
    """One thing to do: a text key saying what, the right moves, the bot's replies."""

    say: str  # text key: what to do, in a line or two
    expect: tuple[str, ...]  # the right moves: any one of them
    then: tuple[str, ...] = ()  # what the bot does next (played by the table, one by one)
    hint: str = ""  # text key: what to try after a wrong move
    praise: str = ""  # text key said after the right move ("" = a general word of praise)


@dataclass(frozen=True)
class Part:
    """One prepared deal of a lesson: the hands, the bazaar's first tiles, the steps.

    ``before`` are moves (of either seat, in turn) played before the first step; a
    ``free`` part is a whole round with gentle bots and no script (its ``say`` is
    shown all along).
    """

    hands: tuple[str, ...] = ()  # seat order: you, then the bot(s)
    bazaar: str = ""  # the first tiles of the bazaar, in drawing order
    before: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    done: str = ""  # text key said when the part is over
    free: bool = False
    say: str = ""  # a free part's text key


@dataclass(frozen=True)
class Lesson:
    """A lesson: its id (kept in the settings), its title's key and its parts."""

    id: str
    title: str
    parts: tuple[Part, ...]

    @property
    def places(self) -> tuple[tuple[int, int], ...]:
        """Every (part, step) a learner can stand at, in order (a free part has one)."""
        return tuple(
            (p, s)
            for p, part in enumerate(self.parts)
            for s in range(1 if part.free else len(part.steps))
        )


def parse_move(text: str, opening: int = -1) -> Command:
    """The command a move's text stands for; ``ValueError`` for text that is no move."""
    words = text.split()
    if words == ["draw"]:
        return Draw()
    if words == ["pass"]:
        return Pass()
    if words == ["opening"]:
        if opening < 0:
            raise ValueError("no opening tile is required now")
        return Play(opening, "open")
    if len(words) == 3 and words[0] == "doubles":
        return PlayDoubles(parse_tile(words[1]), parse_tile(words[2]))
    if len(words) == 2 and words[1] in ("left", "right", "open"):
        return Play(parse_tile(words[0]), words[1])  # type: ignore[arg-type]
    raise ValueError(f"not a move: {text!r}")
