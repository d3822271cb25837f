"""Why a move is illegal, in one short sentence a player understands.

``illegal_reason`` gives the reason as data (a code and its values) so the app can
say it in the player's language; ``describe_illegal`` says it in English, the
text of ``IllegalMoveError`` for the command line, the network and the tests.
``REASONS`` holds each code's English (one/many forms for a message that counts).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from koza.core import engine
from koza.core.engine import DOUBLES, DRAW, LEFT, OPEN, PLAY, Move, Round
from koza.core.tiles import DOUBLE_OF, tile_name

REASONS: dict[str, str | tuple[str, str]] = {
    "over": "the round is over",
    "no_round": "no round is in play",
    "not_your_turn": "it is not your turn: seat {seat} is to move",
    "not_in_hand": "{tile} is not in your hand",
    "not_in_hand_seat": "{tile} is not in seat {seat}'s hand",
    "must_open_with": "{tried} cannot open the round: it must open with {tile}",
    "first_tile_open": "the chain is empty: the first tile {tile} goes at end 'open'",
    "play_drawn": (
        "{tried} cannot be played now: the drawn tile {tile} fits the ends ({left}, {right}) "
        "and must be played"
    ),
    "play_drawn_now": "the drawn tile {tile} fits the ends ({left}, {right}): play it now",
    "already_open": (
        "the chain is already open: play {tile} on the left ({left}) or right ({right}) end"
    ),
    "fits_no_end": "{tile} does not fit either end ({left}, {right})",
    "not_left": "{tile} does not fit the left end ({end}): it fits the right end ({other})",
    "not_right": "{tile} does not fit the right end ({end}): it fits the left end ({other})",
    "not_opened": "the round has not opened yet: play the first tile",
    "fits_not_draw": "you hold a tile that fits ({left}, {right}): play it instead of drawing",
    "fits_not_draw_seat": (
        "seat {seat} holds a tile that fits ({left}, {right}): play it instead of drawing"
    ),
    "fits_not_pass": "you hold a tile that fits ({left}, {right}): play it instead of passing",
    "fits_not_pass_seat": (
        "seat {seat} holds a tile that fits ({left}, {right}): play it instead of passing"
    ),
    "bazaar_empty": "the bazaar is empty: pass instead of drawing",
    "bazaar_left": (
        "the bazaar still holds {n} tile: draw instead of passing",
        "the bazaar still holds {n} tiles: draw instead of passing",
    ),
    "doubles_off": "two doubles in one turn are off in these rules",
    "one_double_fits": "{a} and {b}: both ends show {end}, so only one double fits them",
    "not_the_doubles": (
        "{a} and {b} are not the doubles of the ends ({left}, {right}): "
        "two doubles go {want_left} left and {want_right} right"
    ),
}
"""Each reason's English, with ``{placeholders}`` for its values."""


@dataclass(frozen=True)
class Reason:
    """Why a move is illegal: a code of ``REASONS`` and the values its text needs."""

    code: str
    values: dict[str, object] = field(default_factory=dict)

    def english(self) -> str:
        """The reason in English."""
        text = REASONS[self.code]
        if isinstance(text, tuple):
            text = text[0] if self.values.get("n") == 1 else text[1]
        return text.format(**self.values)


def describe_illegal(r: Round, move: Move, seat: int | None = None) -> str:
    """Why ``move`` is illegal in ``r``: says what was tried and which rule forbids it.

    ``seat`` None speaks to the player ("your hand"), else about that seat.
    """
    return illegal_reason(r, move, seat).english()


def illegal_reason(r: Round, move: Move, seat: int | None = None) -> Reason:
    """``describe_illegal``'s reason as data, to be said in any language."""
    kind, a, b = move
    hand = r.hands[r.turn]
    whose = "" if seat is None else "_seat"
    ends: dict[str, object] = {"left": r.left, "right": r.right}
    if r.over:
        return Reason("over")
    if kind == PLAY:
        tile = tile_name(a)
        if not hand >> a & 1:
            return Reason("not_in_hand" + whose, _seat({"tile": tile}, seat))
        if r.left < 0:
            if r.opening >= 0 and a != r.opening:
                return Reason("must_open_with", {"tile": tile_name(r.opening), "tried": tile})
            return Reason("first_tile_open", {"tile": tile})
        if r.drawn >= 0 and a != r.drawn:
            return Reason("play_drawn", {"tile": tile_name(r.drawn), "tried": tile, **ends})
        if b == OPEN:
            return Reason("already_open", {"tile": tile, **ends})
        if not engine.fits(r, a):
            return Reason("fits_no_end", {"tile": tile, **ends})
        if b == LEFT:
            return Reason("not_left", {"tile": tile, "end": r.left, "other": r.right})
        return Reason("not_right", {"tile": tile, "end": r.right, "other": r.left})
    if r.left < 0:
        return Reason("not_opened")
    if r.drawn >= 0:
        return Reason("play_drawn_now", {"tile": tile_name(r.drawn), **ends})
    if kind == DOUBLES:
        return _why_not_doubles(r, a, b, seat)
    if engine.fits_any(r):
        doing = "fits_not_draw" if kind == DRAW else "fits_not_pass"
        return Reason(doing + whose, _seat(ends, seat))
    if kind == DRAW:
        return Reason("bazaar_empty")
    return Reason("bazaar_left", {"n": r.bazaar_left})


def _seat(values: dict[str, object], seat: int | None) -> dict[str, object]:
    return values if seat is None else {**values, "seat": seat}


def _why_not_doubles(r: Round, a: int, b: int, seat: int | None) -> Reason:
    hand = r.hands[r.turn]
    if not r.doubles_ok:
        return Reason("doubles_off")
    for t in (a, b):
        if not hand >> t & 1:
            code = "not_in_hand" if seat is None else "not_in_hand_seat"
            return Reason(code, _seat({"tile": tile_name(t)}, seat))
    if r.left == r.right:
        return Reason("one_double_fits", {"a": tile_name(a), "b": tile_name(b), "end": r.left})
    return Reason(
        "not_the_doubles",
        {
            "a": tile_name(a),
            "b": tile_name(b),
            "left": r.left,
            "right": r.right,
            "want_left": tile_name(DOUBLE_OF[r.left]),
            "want_right": tile_name(DOUBLE_OF[r.right]),
        },
    )
