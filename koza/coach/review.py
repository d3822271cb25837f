"""A review of a finished (or unfinished) game: what each move cost against the best one.

For every move of the reviewed seats where there was a choice (two or more legal
moves), the evaluator values each legal move from that seat's view only (what the
seat could see then, nothing hidden).  The montecarlo judge (``MonteCarloJudge``)
picks the best move on the bot's own deals, then plays the best and the played move
out on fresh deals, both on each deal alike (common random numbers), until the 95%
interval of their difference settles which mark it earns (or a cap): the move's
*loss* is that difference in montecarlo's units (penalty points this round, and 100
for every whole chance of the round making the seat the goat), and apart from it
the penalty points given away and the goat chance added.  A mark is given only when
the whole interval clears its threshold; a move as good as the best (the same tile
on the other end showing the same number, say) has no better move and loses 0.
Every decision has its own seed, derived from the review's seed and the event
number, so the same review comes out every time, and a review resumed after an
interruption gives the same figures as one run straight through.  No textual and
no files here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from koza.core.commands import COMMAND_ADAPTER, Command
from koza.core.decisions import Decision
from koza.core.events import Event
from koza.core.state import apply_event
from koza.core.view import SeatView

if TYPE_CHECKING:
    from koza.coach.playouts import Playouts

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
"""Values of ``view.legal`` (same order) in expected points for the view's seat, given a seed.
An evaluator that also has ``judge`` (``MonteCarloJudge``) is asked for a ``Verdict``."""

PICK_BATCH = 100
"""Deals added at a time for the moves still close to the leader when picking the best..."""
PICK_CAP = 1200
"""...up to this many deals in all (at the default 300 deals to start; in proportion)."""
EQUAL = 0.25
"""Moves whose whole difference interval lies within ± this are equally good."""
FRESH_BATCH = 100
"""Fresh deals added at a time to compare the best move with the one played..."""
FRESH_CAP = 600
"""...until the difference's interval settles the mark, or this many deals were played."""


def mark_of(loss: float) -> Mark | None:
    """The mark a move losing ``loss`` expected points gets (``None``: a fine move)."""
    for threshold, mark in THRESHOLDS:
        if loss >= threshold:
            return mark
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a move cost against the best one: the loss (montecarlo's units, with its 95%
    interval's half width), the penalty points given away and the goat chance added."""

    best: Command
    loss: float
    interval: float = 0.0
    points: float = 0.0
    goat: float = 0.0
    sure_low: float = 0.0  # the interval's low end: a mark needs it past the threshold
    deals: int = 0


def settled(low: float, high: float) -> bool:
    """Whether no mark's threshold lies inside the interval (``low``, ``high``)."""
    return not any(low < threshold < high for threshold, _ in THRESHOLDS)


class MonteCarloJudge:
    """The coach's evaluation: montecarlo's values (``__call__``, as hints use) and a
    move's sure cost (``judge``, see the module), ``samples`` deals to pick the best."""

    def __init__(self, samples: int = DEFAULT_SAMPLES) -> None:
        self.samples = samples

    def __call__(self, view: SeatView, seed: int) -> Sequence[float]:
        from koza.coach.evaluate import evaluate

        return [mv.value for mv in evaluate(view, seed, samples=self.samples)]

    def judge(self, view: SeatView, seed: int, played: Command) -> Verdict:
        """The verdict on ``played`` (one of ``view.legal``) from ``view`` alone."""
        from koza.coach.playouts import Playouts

        legal = list(view.legal)
        mine = legal.index(played)
        playouts = Playouts(view, seed, samples=self.samples)
        playouts.more(playouts.first_deals(), parts=False)  # only to pick the best
        best = pick_best(playouts, mine, self.samples * PICK_CAP // DEFAULT_SAMPLES)
        if playouts.same(mine, best):
            return Verdict(played, 0.0, deals=playouts.deals)
        since = playouts.deals  # the cost on fresh deals: no winner's curse from the pick
        playouts.more(FRESH_BATCH, [best, mine])
        diff = playouts.difference(best, mine, since)
        while not settled(diff.low, diff.high) and diff.deals < FRESH_CAP:
            playouts.more(FRESH_BATCH, [best, mine])
            diff = playouts.difference(best, mine, since)
        if diff.value <= 0:  # on fresh deals the move played did as well: no better move
            return Verdict(played, 0.0, diff.half_width, deals=playouts.deals)
        return Verdict(
            legal[best],
            diff.value,
            diff.half_width,
            diff.points,
            diff.goat,
            diff.low,
            playouts.deals,
        )


def pick_best(playouts: Playouts, mine: int, cap: int) -> int:
    """The best move: the leader once it is surely ahead of every other move (95%, paired
    over the deals both saw); while some are not, those get more deals together.  Moves the
    deals cannot tell apart (their intervals within ±``EQUAL``, or ``cap`` deals reached)
    are equal: the one played if it is among them, else the first of them."""
    while True:
        values = {i: playouts.value(i) for i in playouts.distinct}
        lead = max(values, key=values.__getitem__)
        close = {i: playouts.difference(lead, i) for i in values if i != lead}
        close = {i: d for i, d in close.items() if d.low <= 0}
        if not close:
            return lead
        equal = all(d.low >= -EQUAL and d.high <= EQUAL for d in close.values())
        if equal or playouts.deals >= cap:
            tied = [lead, *close]
            return playouts.twin[mine] if playouts.twin[mine] in tied else min(tied)
        playouts.more(PICK_BATCH, [lead, *close], parts=False)


def montecarlo_values(samples: int = DEFAULT_SAMPLES) -> MonteCarloJudge:
    """The coach's evaluation (the montecarlo bot's, as hints use) with ``samples`` deals."""
    return MonteCarloJudge(samples)


def verdict_from_values(legal: list[Command], values: list[float], played: Command) -> Verdict:
    """A verdict from bare values (an evaluator without ``judge``): best minus played; a
    move valued as high as the best is the best."""
    mine = legal.index(played)
    best = max(range(len(legal)), key=values.__getitem__)
    if values[mine] >= values[best]:
        return Verdict(played, 0.0)
    loss = values[best] - values[mine]
    return Verdict(legal[best], loss, sure_low=loss)


def decision_seed(seed: int, seq: int) -> int:
    """The evaluator's seed for the move at event ``seq`` (the same on every run)."""
    return random.Random(f"koza/review/{seed}/{seq}").getrandbits(32)


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
    best: Command  # the best move by the evaluation (the move played when none is better)
    choices: int  # legal moves there were
    interval: float = 0.0  # half width of the loss's 95% interval
    points: float = 0.0  # penalty points given away against the best move
    goat: float = 0.0  # chance of becoming the goat this round, added against the best move
    sure_low: float = 0.0  # the interval's low end (the mark needs it past its threshold)

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
            "interval": self.interval,
            "points": self.points,
            "goat": self.goat,
            "sure_low": self.sure_low,
        }

    @staticmethod
    def from_json(data: dict[str, object]) -> MoveReview:
        """The move in ``data`` (``KeyError``, ``TypeError`` or ``ValueError`` if it is not one;
        pydantic's ``ValidationError`` is a ``ValueError``)."""
        loss = float(data["loss"])  # type: ignore[arg-type]
        mark = data["mark"]
        if mark is not None and mark not in MARKS:
            raise ValueError(f"unknown mark {mark!r}")
        extra = {k: _float(data.get(k, 0.0)) for k in ("interval", "points", "goat", "sure_low")}
        return MoveReview(
            seat=_int(data["seat"]),
            name=str(data["name"]),
            seq=_int(data["seq"]),
            index=_int(data["index"]),
            round_no=_int(data["round"]),
            move_no=_int(data["move"]),
            loss=loss,
            mark=mark_of(min(loss, extra["sure_low"])),
            played=COMMAND_ADAPTER.validate_python(data["played"]),
            best=COMMAND_ADAPTER.validate_python(data["best"]),
            choices=_int(data["choices"]),
            **extra,
        )


def _float(value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise TypeError(f"{value!r} is not a finite number")
    return float(value)


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def default_seats(events: Sequence[Event]) -> tuple[int, ...]:
    """The human seats of the game, or every seat when all of them are bots."""
    state = apply_event(None, events[0])
    humans = tuple(i for i, s in enumerate(state.seats) if s.kind != "bot")
    return humans or tuple(range(state.n_players))


def review_decision(decision: Decision, evaluate: Evaluate, seed: int) -> MoveReview:
    """Judge the move played at ``decision`` against the best one, from its seat's view."""
    legal = list(decision.view.legal)
    move_seed = decision_seed(seed, decision.seq)
    judge = getattr(evaluate, "judge", None)
    if judge is not None:
        verdict: Verdict = judge(decision.view, move_seed, decision.played)
    else:
        values = list(evaluate(decision.view, move_seed))
        if len(values) != len(legal):
            raise ValueError(f"the evaluator gave {len(values)} values for {len(legal)} moves")
        verdict = verdict_from_values(legal, values, decision.played)
    loss = round(max(0.0, verdict.loss), 3)
    sure_low = round(max(0.0, verdict.sure_low), 3)
    seat = decision.view.seat
    return MoveReview(
        seat=seat,
        name=decision.view.names[seat],
        seq=decision.seq,
        index=decision.index,
        round_no=decision.round_no,
        move_no=decision.move_no,
        loss=loss,
        mark=mark_of(min(loss, sure_low)),
        played=decision.played,
        best=verdict.best,
        choices=len(legal),
        interval=round(verdict.interval, 3),
        points=round(verdict.points, 3),
        goat=round(verdict.goat, 4),
        sure_low=sure_low,
    )
