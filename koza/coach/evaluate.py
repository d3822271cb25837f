"""Every legal move of a seat with its expected value and, where one can be given, why.

``evaluate(view, seed)`` plays every legal move out as the Monte Carlo bot does
(``coach.playouts``: the very deals and values of ``MonteCarloBot.evaluate``)
and gives each move its mean utility for the seat (higher is better), and apart
the two things it mixes: the penalty points the seat's side is expected to
record this round, and the chance this round makes it the goat.  Only the seat's
own view goes in, so a judgement can never rest on a hidden tile.

The reasons are facts the view proves about a move (never a guess about hidden
hands), most telling first:

- ``goes_out``: the move empties the hand;
- ``only_move``: nothing else is allowed;
- ``fish`` / ``fish_fewest``: no tile left off the table fits either end, so the
  round ends blocked; ``fish_fewest`` when every other seat surely holds more points;
- ``keeps_last``: every tile of an open end's number not on the table is in the
  seat's hand, so nobody else can follow that end;
- ``next_lacks``: the next seat has shown (by drawing or passing) that it holds
  none of the numbers the move leaves open;
- ``sheds_blank``, ``sheds_heaviest``, ``sheds_double``: what leaves the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from koza.bots.knowledge import infer
from koza.coach.playouts import Playouts, first_playouts
from koza.core.commands import Command, Play, PlayDoubles
from koza.core.scoring import hand_points
from koza.core.tiles import ALL_TILES_MASK, BIT, HALVES, HAS, IS_DOUBLE, OTHER, tile_name, tiles_of
from koza.core.view import SeatView

HINT_LEVEL = "default"
"""The Monte Carlo level a hint is judged at unless told otherwise."""

REASON_CODES: tuple[str, ...] = (
    "goes_out",
    "only_move",
    "fish_fewest",
    "fish",
    "keeps_last",
    "next_lacks",
    "sheds_blank",
    "sheds_heaviest",
    "sheds_double",
)
"""Every reason a move can be given, most telling first."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is worth considering: a code and the values its sentence needs."""

    code: str
    values: dict[str, str | int] = field(default_factory=dict, hash=False)

    @property
    def key(self) -> str:
        """The text's key in the app's catalogue (``koza.i18n.coach_words``)."""
        return f"coach.reason.{self.code}"

    def words(self) -> str:
        """The reason as a sentence in the language in use."""
        from koza.i18n.strings import t

        return t(self.key, **self.values)


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move, its expected value for the seat (higher is better), and a reason.

    ``value`` is montecarlo's utility: ``-points``, and -100 times ``goat`` (+100 when
    the round makes another side the goat); ``points`` are the penalty points the seat's
    side is expected to record this round, ``goat`` the chance the round makes it the goat.
    """

    move: Command
    value: float
    reason: Reason | None = None
    points: float = 0.0
    goat: float = 0.0
    gap: float = 0.0  # the best move's value minus this one's, over the deals both saw
    gap_half: float = 0.0  # the half width of the gap's 95% interval
    equal: bool = False  # the deals cannot tell this move from the best (``hint_values``)


def evaluate(
    view: SeatView, seed: int, *, level: str = HINT_LEVEL, samples: int | None = None
) -> list[MoveValue]:
    """Each of ``view.legal`` (in that order) with montecarlo's value and a reason.

    The values are ``MonteCarloBot(level, seed, samples).evaluate(view)``'s; the same
    view and seed give the same values.  No legal move (not the seat's turn): ``[]``.
    A face-up view is refused (``ValueError``): it shows what the seat cannot know.
    """
    playouts = first_playouts(view, seed, level, samples)
    return [] if playouts is None else evaluate_playouts(view, playouts)


def evaluate_playouts(view: SeatView, playouts: Playouts) -> list[MoveValue]:
    """Each of ``view.legal`` with its value over the deals ``playouts`` played, and a reason."""
    facts = _Facts(view)
    return [
        MoveValue(move, playouts.value(i), facts.reason(move), playouts.points(i), playouts.goat(i))
        for i, move in enumerate(view.legal)
    ]


def best(values: list[MoveValue]) -> MoveValue | None:
    """The move with the highest value (the first of equals, as montecarlo picks)."""
    return max(values, key=lambda mv: mv.value) if values else None


class _Facts:
    """What the view proves, read once per position, to give each move its reason."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.hand = view.hand_mask
        self.off_table = ALL_TILES_MASK & ~view.played_mask  # in some hand or the bazaar
        self.next_seat = (view.seat + 1) % view.n_players
        self.next_lacks = infer(view).lacks(self.next_seat)
        self.heaviest = max((self._points(BIT[x]) for x in tiles_of(self.hand)), default=0)

    def _points(self, mask: int) -> int:
        return hand_points(mask, self.view.rules)

    def _after(self, move: Command) -> tuple[int, tuple[int, int], int]:
        """The tiles the move sheds (a mask), the open ends after it, the hand left."""
        v = self.view
        if type(move) is Play:
            shed = BIT[move.tile]
            if move.end == "open" or v.left < 0:
                ends = HALVES[move.tile]
            elif move.end == "left":
                ends = (OTHER[move.tile][v.left], v.right)
            else:
                ends = (v.left, OTHER[move.tile][v.right])
        elif type(move) is PlayDoubles:
            shed = BIT[move.left] | BIT[move.right]
            ends = (v.left, v.right)
        else:
            shed, ends = 0, (v.left, v.right)
        return shed, ends, self.hand & ~shed

    def reason(self, move: Command) -> Reason | None:
        """The most telling fact about ``move``, or None when the view proves nothing."""
        v = self.view
        shed, ends, hand = self._after(move)
        if shed and not hand:
            return Reason("goes_out")
        if len(v.legal) == 1:
            return Reason("only_move")
        if not shed:  # a draw or a pass is only ever the one move
            return None
        numbers = sorted({ends[0], ends[1]})
        left_off = self.off_table & ~shed
        fits = 0
        for n in numbers:
            fits |= HAS[n] & left_off
        if not fits and v.bazaar_count == 0:  # (with tiles to draw, the hand would still grow)
            mine = self._points(hand)
            fewest = all(
                mine < self._least_points(seat, left_off & ~hand)
                for seat in range(v.n_players)
                if seat != v.seat
            )
            return Reason("fish_fewest" if fewest else "fish", {"points": mine})
        for n in numbers:
            if HAS[n] & left_off and not HAS[n] & left_off & ~hand:
                return Reason("keeps_last", {"number": n})
        if all(self.next_lacks[n] for n in numbers):
            name = v.names[self.next_seat]
            return Reason("next_lacks", {"name": name, "numbers": _numbers(numbers)})
        saved = self._points(self.hand) - self._points(hand)
        if shed & 1 and saved > 0:
            return Reason("sheds_blank", {"points": saved})
        heavy = [x for x in tiles_of(shed) if self._points(BIT[x]) == self.heaviest]
        if heavy and self.hand.bit_count() > 1 and self.heaviest > 0:
            return Reason("sheds_heaviest", {"tile": tile_name(heavy[0]), "points": saved})
        if any(IS_DOUBLE[x] for x in tiles_of(shed)):
            return Reason("sheds_double")
        return None

    def _least_points(self, seat: int, pool: int) -> int:
        """The fewest points ``seat``'s hand can hold: its count of the lightest tiles left."""
        count = self.view.hand_counts[seat]
        weights = sorted(self._points(BIT[x]) for x in tiles_of(pool))
        return sum(weights[:count]) if count else 0


def _numbers(numbers: list[int]) -> str:
    """``[3, 5]`` -> ``"3/5"``: the open numbers as a player reads them."""
    return "/".join(str(n) for n in numbers)


__all__ = [
    "HINT_LEVEL",
    "REASON_CODES",
    "MoveValue",
    "Reason",
    "best",
    "evaluate",
    "evaluate_playouts",
]
