"""Why a move is illegal, in one short sentence a player understands."""

from __future__ import annotations

from koza.core import engine
from koza.core.engine import DOUBLES, DRAW, LEFT, OPEN, PLAY, Move, Round
from koza.core.tiles import DOUBLE_OF, END_NAMES, tile_name


def describe_illegal(r: Round, move: Move, seat: int | None = None) -> str:
    """Why ``move`` is illegal in ``r``: says what was tried and which rule forbids it.

    ``seat`` None speaks to the player ("your hand"), else about that seat.
    """
    kind, a, b = move
    hand = r.hands[r.turn]
    your = "your" if seat is None else f"seat {seat}'s"
    you_hold = "you hold" if seat is None else f"seat {seat} holds"
    ends = f"({r.left}, {r.right})"
    if r.over:
        return "the round is over"
    if kind == PLAY:
        name = tile_name(a)
        if not hand >> a & 1:
            return f"{name} is not in {your} hand"
        if r.left < 0:
            if r.opening >= 0 and a != r.opening:
                return f"the round must open with {tile_name(r.opening)}"
            return f"the chain is empty: the first tile {name} goes at end 'open'"
        if r.drawn >= 0 and a != r.drawn:
            return f"the drawn tile {tile_name(r.drawn)} must be played"
        if b == OPEN:
            return f"the chain is already open: play {name} on the left or right end"
        if not engine.fits(r, a):
            return f"{name} does not fit either end {ends}"
        end_num = r.left if b == LEFT else r.right
        return f"{name} does not fit the {END_NAMES[b]} end ({end_num})"
    if r.left < 0:
        return "the round has not opened yet: play the first tile"
    if r.drawn >= 0:
        return f"the drawn tile {tile_name(r.drawn)} must be played"
    if kind == DOUBLES:
        return _why_not_doubles(r, a, b, your)
    if engine.fits_any(r):
        doing = "drawing" if kind == DRAW else "passing"
        return f"{you_hold} a tile that fits {ends}: play it instead of {doing}"
    if kind == DRAW:
        return "the bazaar is empty: pass instead of drawing"
    left = r.bazaar_left
    return f"the bazaar still holds {left} tile{'s' if left != 1 else ''}: draw instead of passing"


def _why_not_doubles(r: Round, a: int, b: int, your: str) -> str:
    hand = r.hands[r.turn]
    if not r.doubles_ok:
        return "two doubles in one turn are off in these rules"
    for t in (a, b):
        if not hand >> t & 1:
            return f"{tile_name(t)} is not in {your} hand"
    if r.left == r.right:
        return f"both ends show {r.left}: only one double fits them"
    want_l, want_r = DOUBLE_OF[r.left], DOUBLE_OF[r.right]
    return (
        f"{tile_name(a)} and {tile_name(b)} are not the doubles of the ends "
        f"({r.left}, {r.right}): two doubles go {tile_name(want_l)} left "
        f"and {tile_name(want_r)} right"
    )
