"""A review of a finished (or unfinished) game: what each move cost against the best one.

For every move of the reviewed seats where there was a choice (two or more legal
moves), the evaluator values each legal move from that seat's view only (what the
seat knew then, nothing hidden), and the move's *loss* is the best value minus the
value of the move played: expected penalty points given away.  Every decision has
its own seed, derived from the review's seed and the event number, so the same
review comes out every time, and a review resumed after an interruption gives the
same figures as one run straight through.  No textual and no files here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from koza.core.commands import COMMAND_ADAPTER, Command
from koza.core.events import DoublesPlayed, Event, TileDrawn, TilePlayed, TurnPassed
from koza.core.state import GameState, apply_event
from koza.core.view import SeatView, seat_view

Mark = str  # "inaccuracy", "mistake" or "blunder"

THRESHOLDS: tuple[tuple[float, Mark], ...] = (
    (6.0, "blunder"),
    (3.0, "mistake"),
    (1.0, "inaccuracy"),
)
"""A move losing at least this many expected points gets this mark (biggest first).

One point is below the noise of a quick evaluation only rarely; three is a light
tile left in the hand; six is half of a heavy tile, or a round's fair share."""

MARKS: tuple[Mark, ...] = tuple(mark for _, mark in reversed(THRESHOLDS))
"""The marks, mildest first."""

DEFAULT_SAMPLES = 300
"""Sampled deals per decision: the default montecarlo bot's count."""

Evaluate = Callable[[SeatView, int], Sequence[float]]
"""Values of ``view.legal`` (same order) in expected points for the view's seat, given a seed."""

MOVE_EVENTS = (TilePlayed, DoublesPlayed, TileDrawn, TurnPassed)


def mark_of(loss: float) -> Mark | None:
    """The mark a move losing ``loss`` expected points gets (``None``: a fine move)."""
    for threshold, mark in THRESHOLDS:
        if loss >= threshold:
            return mark
    return None


def montecarlo_values(samples: int = DEFAULT_SAMPLES) -> Evaluate:
    """The coach's evaluation (the montecarlo bot's, as hints use) with ``samples`` deals."""
    from koza.coach.evaluate import evaluate as judge

    def evaluate(view: SeatView, seed: int) -> Sequence[float]:
        return [mv.value for mv in judge(view, seed, samples=samples)]

    return evaluate


def decision_seed(seed: int, seq: int) -> int:
    """The evaluator's seed for the move at event ``seq`` (the same on every run)."""
    return random.Random(f"koza/review/{seed}/{seq}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class Decision:
    """A move where a reviewed seat had a choice: the view it chose from and what it did."""

    index: int  # position of the move's event in the game's events
    seq: int
    round_no: int
    move_no: int  # the move's number within its round (draws count)
    view: SeatView
    played: Command


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One reviewed move: its loss against the best move and its mark."""

    seat: int
    name: str
    seq: int
    index: int
    round_no: int
    move_no: int
    loss: float
    mark: Mark | None
    played: Command
    best: Command  # the best move by the evaluation
    choices: int  # legal moves there were

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "name": self.name,
            "seq": self.seq,
            "index": self.index,
            "round": self.round_no,
            "move": self.move_no,
            "loss": self.loss,
            "mark": self.mark,
            "played": COMMAND_ADAPTER.dump_python(self.played, mode="json"),
            "best": COMMAND_ADAPTER.dump_python(self.best, mode="json"),
            "choices": self.choices,
        }

    @staticmethod
    def from_json(data: dict[str, object]) -> MoveReview:
        """The move in ``data`` (``KeyError``, ``TypeError`` or ``ValueError`` if it is not one;
        pydantic's ``ValidationError`` is a ``ValueError``)."""
        loss = float(data["loss"])  # type: ignore[arg-type]
        mark = data["mark"]
        if mark is not None and mark not in MARKS:
            raise ValueError(f"unknown mark {mark!r}")
        return MoveReview(
            seat=_int(data["seat"]),
            name=str(data["name"]),
            seq=_int(data["seq"]),
            index=_int(data["index"]),
            round_no=_int(data["round"]),
            move_no=_int(data["move"]),
            loss=loss,
            mark=mark_of(loss),
            played=COMMAND_ADAPTER.validate_python(data["played"]),
            best=COMMAND_ADAPTER.validate_python(data["best"]),
            choices=_int(data["choices"]),
        )


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def default_seats(events: Sequence[Event]) -> tuple[int, ...]:
    """The human seats of the game, or every seat when all of them are bots."""
    state = apply_event(None, events[0])
    humans = tuple(i for i, s in enumerate(state.seats) if s.kind != "bot")
    return humans or tuple(range(state.n_players))


def decisions(events: Sequence[Event], seats: Sequence[int]) -> Iterator[Decision]:
    """Every move of ``seats`` made with a choice, in the order played."""
    state: GameState | None = None
    for i, ev in enumerate(events):
        before = state
        state = apply_event(state, ev)
        if before is None or not isinstance(ev, MOVE_EVENTS) or ev.seat not in seats:
            continue
        view = seat_view(before, ev.seat)
        if len(view.legal) < 2:
            continue
        yield Decision(
            index=i,
            seq=ev.seq,
            round_no=before.round_no,
            move_no=len(before.history) + 1,
            view=view,
            played=state.history[-1].move,
        )


def review_decision(decision: Decision, evaluate: Evaluate, seed: int) -> MoveReview:
    """Value every legal move of ``decision`` and measure what the one played lost."""
    legal = list(decision.view.legal)
    values = list(evaluate(decision.view, decision_seed(seed, decision.seq)))
    if len(values) != len(legal):
        raise ValueError(f"the evaluator gave {len(values)} values for {len(legal)} moves")
    best = max(range(len(legal)), key=values.__getitem__)
    loss = round(max(0.0, values[best] - values[legal.index(decision.played)]), 3)
    seat = decision.view.seat
    return MoveReview(
        seat=seat,
        name=decision.view.names[seat],
        seq=decision.seq,
        index=decision.index,
        round_no=decision.round_no,
        move_no=decision.move_no,
        loss=loss,
        mark=mark_of(loss),
        played=decision.played,
        best=legal[best],
        choices=len(legal),
    )
