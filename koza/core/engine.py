"""The lean round engine: ints, tuples and bit masks, fast enough for bots.

A move is a tuple ``(kind, a, b)``, taken from preallocated tables so that
generating moves allocates nothing:

* ``(PLAY, tile, side)`` with side ``LEFT``, ``RIGHT`` or ``OPEN`` (first tile);
* ``(DOUBLES, left_double, right_double)``: two doubles in one turn;
* ``DRAW_MOVE`` and ``PASS_MOVE``.

``Round`` is mutable for speed; ``apply`` trusts its move (check it against
``legal_moves`` first, as the event layer does).  ``Round.copy`` is cheap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from koza.core.tiles import BIT, DOUBLE_OF, DOUBLES_MASK, HALVES, HAS, N_TILES, OTHER

PLAY, DOUBLES, DRAW, PASS = 0, 1, 2, 3
LEFT, RIGHT, OPEN = 0, 1, 2
SIDE_NAMES = ("left", "right", "open")

Move = tuple[int, int, int]
PLAY_MOVES: tuple[tuple[Move, Move, Move], ...] = tuple(
    ((PLAY, t, LEFT), (PLAY, t, RIGHT), (PLAY, t, OPEN)) for t in range(N_TILES)
)
DOUBLES_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple((DOUBLES, a, b) for b in range(N_TILES)) for a in range(N_TILES)
)
DRAW_MOVE: Move = (DRAW, -1, -1)
PASS_MOVE: Move = (PASS, -1, -1)

# (fits-left, fits-right) masks for each pair of open ends, looked up once per turn.
_END_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(HAS[a] | HAS[b] for b in range(7)) for a in range(7)
)


class Round:
    """One round in play: hands, chain ends, bazaar and whose turn it is."""

    __slots__ = (
        "n",
        "hands",
        "bazaar",
        "bz",
        "left",
        "right",
        "turn",
        "drawn",
        "opening",
        "doubles_ok",
        "over",
        "out_seat",
        "leader",
    )

    def __init__(
        self,
        hands: list[int],
        bazaar: tuple[int, ...],
        leader: int,
        opening: int = -1,
        doubles_ok: bool = True,
    ) -> None:
        self.n = len(hands)
        self.hands = hands
        self.bazaar = bazaar
        self.bz = 0  # index of the next bazaar tile
        self.left = -1  # open end numbers; -1 while the chain is empty
        self.right = -1
        self.turn = leader
        self.drawn = -1  # a drawn tile that fits and must be played now
        self.opening = opening  # the tile that must open the round, or -1 for any
        self.doubles_ok = doubles_ok
        self.over = False
        self.out_seat = -1  # who went out; -1 with over=True means a fish
        self.leader = leader

    def copy(self) -> Round:
        """A cheap independent copy."""
        r = Round.__new__(Round)
        r.n = self.n
        r.hands = self.hands[:]
        r.bazaar = self.bazaar
        r.bz = self.bz
        r.left = self.left
        r.right = self.right
        r.turn = self.turn
        r.drawn = self.drawn
        r.opening = self.opening
        r.doubles_ok = self.doubles_ok
        r.over = self.over
        r.out_seat = self.out_seat
        r.leader = self.leader
        return r

    @property
    def bazaar_left(self) -> int:
        """How many tiles the bazaar still holds."""
        return len(self.bazaar) - self.bz

    @property
    def is_fish(self) -> bool:
        """True once the round ended blocked."""
        return self.over and self.out_seat < 0

    def key(self) -> tuple[object, ...]:
        """Everything that defines this position, for equality checks."""
        return (
            tuple(self.hands),
            self.bazaar,
            self.bz,
            self.left,
            self.right,
            self.turn,
            self.drawn,
            self.opening,
            self.doubles_ok,
            self.over,
            self.out_seat,
            self.leader,
        )


def legal_moves(r: Round) -> list[Move]:
    """Every legal move for the player to move (empty once the round is over)."""
    if r.over:
        return []
    h = r.hands[r.turn]
    left = r.left
    if left < 0:
        if r.opening >= 0:
            return [PLAY_MOVES[r.opening][OPEN]]
        return [PLAY_MOVES[t][OPEN] for t in range(N_TILES) if h >> t & 1]
    right = r.right
    hl = HAS[left]
    hr = HAS[right]
    if r.drawn >= 0:
        t = r.drawn
        moves = []
        if hl >> t & 1:
            moves.append(PLAY_MOVES[t][LEFT])
        if hr >> t & 1:
            moves.append(PLAY_MOVES[t][RIGHT])
        return moves
    fit = h & (hl | hr)
    if not fit:
        return [DRAW_MOVE] if r.bz < len(r.bazaar) else [PASS_MOVE]
    moves = []
    while fit:
        low = fit & -fit
        t = low.bit_length() - 1
        fit ^= low
        if hl & low:
            moves.append(PLAY_MOVES[t][LEFT])
        if hr & low:
            moves.append(PLAY_MOVES[t][RIGHT])
    if r.doubles_ok and left != right:
        dl, dr = DOUBLE_OF[left], DOUBLE_OF[right]
        if h >> dl & 1 and h >> dr & 1:
            moves.append(DOUBLES_MOVES[dl][dr])
    return moves


def _after_turn(r: Round) -> None:
    """Pass the turn on, then end the round if it has become a fish."""
    r.turn = (r.turn + 1) % r.n
    _check_fish(r)


def _check_fish(r: Round) -> None:
    if r.bz < len(r.bazaar):
        return
    ends = _END_MASK[r.left][r.right]
    for h in r.hands:
        if h & ends:
            return
    r.over = True


def apply(r: Round, move: Move) -> None:
    """Apply a legal ``move`` in place (no legality check)."""
    kind, a, b = move
    seat = r.turn
    if kind == PLAY:
        r.hands[seat] ^= BIT[a]
        r.drawn = -1
        if b == LEFT:
            r.left = OTHER[a][r.left]
        elif b == RIGHT:
            r.right = OTHER[a][r.right]
        else:
            r.left, r.right = HALVES[a]
            r.opening = -1
        if not r.hands[seat]:
            r.over = True
            r.out_seat = seat
            return
        _after_turn(r)
    elif kind == DOUBLES:
        r.hands[seat] ^= BIT[a] | BIT[b]
        if not r.hands[seat]:
            r.over = True
            r.out_seat = seat
            return
        _after_turn(r)
    elif kind == DRAW:
        t = r.bazaar[r.bz]
        r.bz += 1
        r.hands[seat] |= BIT[t]
        if _END_MASK[r.left][r.right] >> t & 1:
            r.drawn = t
        else:
            _check_fish(r)
    else:
        _after_turn(r)


def fits(r: Round, tile: int) -> bool:
    """Whether ``tile`` fits an open end (or could open an empty chain)."""
    if r.left < 0:
        return True
    return bool(_END_MASK[r.left][r.right] >> tile & 1)


# --- dealing -----------------------------------------------------------------


def split_deal(shuffle: Sequence[int], n: int, hand_size: int) -> tuple[list[int], tuple[int, ...]]:
    """Hands (masks) and bazaar of a shuffled set: seat i takes the i-th block."""
    hands = []
    for seat in range(n):
        m = 0
        for t in shuffle[seat * hand_size : (seat + 1) * hand_size]:
            m |= BIT[t]
        hands.append(m)
    return hands, tuple(shuffle[n * hand_size :])


def highest_opening(hands: Sequence[int]) -> tuple[int, int]:
    """``(seat, tile)``: the highest double in any hand, else the highest tile."""
    for d in reversed(DOUBLE_OF):
        for seat, h in enumerate(hands):
            if h >> d & 1:
                return seat, d
    for t in range(N_TILES - 1, -1, -1):
        for seat, h in enumerate(hands):
            if h >> t & 1:
                return seat, t
    raise ValueError("no tiles were dealt")


def bad_hand(hand: int) -> bool:
    """A hand that allows a redeal: 5+ doubles or 6+ tiles of one number."""
    if (hand & DOUBLES_MASK).bit_count() >= 5:
        return True
    return any((hand & HAS[n]).bit_count() >= 6 for n in range(7))


def shuffled_set(rng: random.Random) -> list[int]:
    """A freshly shuffled double-six set."""
    tiles = list(range(N_TILES))
    rng.shuffle(tiles)
    return tiles


def random_playout(r: Round, rng: random.Random) -> None:
    """Play ``r`` to its end in place, each player choosing uniformly among legal moves."""
    choice = rng.choice
    while not r.over:
        apply(r, choice(legal_moves(r)))


def fits_any(r: Round) -> bool:
    """Whether the player to move holds a tile that fits an open end."""
    return bool(r.hands[r.turn] & _END_MASK[r.left][r.right])
