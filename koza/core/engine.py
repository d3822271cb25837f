"""The lean round engine: ints, tuples and bit masks, fast enough for bots.

A move is a tuple ``(kind, a, b)``, taken from preallocated tables so that
generating moves allocates nothing:

* ``(PLAY, tile, end)`` with end ``LEFT``, ``RIGHT`` or ``OPEN`` (first tile; from ``tiles``);
* ``(DOUBLES, left_double, right_double)``: two doubles in one turn;
* ``DRAW_MOVE`` and ``PASS_MOVE``.

``Round`` is mutable for speed; ``apply`` trusts its move (check it against
``legal_moves`` first, as the event layer does).  ``Round.copy`` is cheap.
These tuples are private to the core and the bots' inner loops: everything above
works with the commands of ``koza.core.commands``.
"""

from __future__ import annotations

import random
from typing import Final

from koza.core.dealing import (
    bad_hand,
    first_opening,
    highest_opening,
    shuffled_set,
    split_deal,
)
from koza.core.playout import random_playout
from koza.core.round_state import Round
from koza.core.tiles import (
    BIT,
    DOUBLE_OF,
    END_MASK,
    HALVES,
    HAS,
    LEFT,
    N_TILES,
    OPEN,
    OTHER,
    PAIR_MASK,
    RIGHT,
    tiles_of,
)

__all__ = [
    "DOUBLES",
    "DOUBLES_MOVES",
    "DRAW",
    "DRAW_MOVE",
    "END_MASK",
    "LEFT",
    "OPEN",
    "PASS",
    "PASS_MOVE",
    "PLAY",
    "PLAY_MOVES",
    "RIGHT",
    "Move",
    "Round",
    "apply",
    "bad_hand",
    "deal",
    "fits",
    "first_opening",
    "fits_any",
    "highest_opening",
    "is_legal",
    "legal_moves",
    "random_playout",
    "shuffled_set",
    "split_deal",
]

PLAY: Final = 0
DOUBLES: Final = 1
DRAW: Final = 2
PASS: Final = 3

Move = tuple[int, int, int]
PLAY_MOVES: Final[tuple[tuple[Move, Move, Move], ...]] = tuple(
    ((PLAY, t, LEFT), (PLAY, t, RIGHT), (PLAY, t, OPEN)) for t in range(N_TILES)
)
DOUBLES_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple((DOUBLES, a, b) for b in range(N_TILES)) for a in range(N_TILES)
)
DRAW_MOVE: Final[Move] = (DRAW, -1, -1)
PASS_MOVE: Final[Move] = (PASS, -1, -1)

_END_MASK: Final = END_MASK
_PAIR_MASK: Final = PAIR_MASK


def legal_moves(r: Round) -> list[Move]:
    """Every legal move for the player to move (empty once the round is over)."""
    if r.over:
        return []
    h = r.hands[r.turn]
    left = r.left
    if left < 0:
        if r.opening >= 0:
            return [PLAY_MOVES[r.opening][OPEN]]
        return [PLAY_MOVES[t][OPEN] for t in tiles_of(h)]
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
    if r.doubles_ok:
        pair = _PAIR_MASK[left][right]
        if pair >= 0 and h & pair == pair:
            moves.append(DOUBLES_MOVES[DOUBLE_OF[left]][DOUBLE_OF[right]])
    return moves


def is_legal(r: Round, move: Move) -> bool:
    """``move in legal_moves(r)``, without building the list (the fold's check)."""
    if r.over:
        return False
    kind, a, b = move
    h = r.hands[r.turn]
    left = r.left
    if kind == PLAY:
        if not 0 <= a < N_TILES or not h >> a & 1:
            return False
        if left < 0:
            return b == OPEN and r.opening in (-1, a)
        if r.drawn >= 0 and a != r.drawn:
            return False
        if b == LEFT:
            return bool(HAS[left] >> a & 1)
        return b == RIGHT and bool(HAS[r.right] >> a & 1)
    if left < 0:
        return False
    if kind == DOUBLES:
        pair = _PAIR_MASK[left][r.right]
        return (
            r.doubles_ok
            and r.drawn < 0
            and pair >= 0
            and h & pair == pair
            and (a, b) == (DOUBLE_OF[left], DOUBLE_OF[r.right])
        )
    if r.drawn >= 0 or h & END_MASK[left][r.right]:
        return False
    return (r.bz < len(r.bazaar)) == (kind == DRAW) and kind in (DRAW, PASS)


def _is_fish(r: Round) -> bool:
    """The bazaar is empty and no hand holds a tile that fits either end."""
    if r.bz < len(r.bazaar):
        return False
    ends = END_MASK[r.left][r.right]
    return not any(h & ends for h in r.hands)


def apply(r: Round, move: Move) -> None:
    """Apply a legal ``move`` in place (no legality check).

    The round ends at once when the mover's hand is empty (``out_seat``) or
    when it has become a fish (bazaar empty, no tile in any hand fits).
    """
    kind, a, b = move
    seat = r.turn
    if kind == DRAW:
        t = r.bazaar[r.bz]
        r.bz += 1
        r.hands[seat] |= BIT[t]
        if END_MASK[r.left][r.right] >> t & 1:
            r.drawn = t
        elif _is_fish(r):
            r.over = True
        return
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
    elif kind == DOUBLES:
        r.hands[seat] ^= BIT[a] | BIT[b]
    if kind != PASS and not r.hands[seat]:
        r.over = True
        r.out_seat = seat
        return
    r.turn = (seat + 1) % r.n
    if _is_fish(r):
        r.over = True


def fits(r: Round, tile: int) -> bool:
    """Whether ``tile`` fits an open end (or could open an empty chain)."""
    if r.left < 0:
        return True
    return bool(END_MASK[r.left][r.right] >> tile & 1)


def fits_any(r: Round) -> bool:
    """Whether the player to move holds a tile that fits an open end (any tile opens)."""
    if r.left < 0:
        return bool(r.hands[r.turn])
    return bool(r.hands[r.turn] & END_MASK[r.left][r.right])


def deal(
    rng: random.Random,
    n: int,
    hand_size: int,
    doubles_ok: bool = True,
    first_lead: str = "highest_double",
) -> Round:
    """A freshly shuffled round led as round 1 is (``first_lead``: by default the highest
    double, else the highest tile)."""
    hands, bazaar = split_deal(shuffled_set(rng), n, hand_size)
    leader, opening = first_opening(hands, first_lead)
    return Round(hands, bazaar, leader, opening, doubles_ok)
