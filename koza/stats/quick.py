"""The first read of a save for the statistics, without a pydantic model per move.

Most lines of a save are moves, written by ``model_dump_json`` in one exact form
(``{"seq":7,"at":"2026-12-01T16:15:49.977486Z","type":"tile_played","seat":0,
"tile":"6-3","end":"right"}``).  ``quick_seat_games`` reads a move line in that form
with one pattern and gives it to the fold as numbers (``StateBuilder.apply_move``:
the same checks as ``load``); every other line is validated as ``load`` validates
it, and the seats' figures come from the same ``SeatGames`` visitor.  Anything out
of the ordinary (an old schema, a line that is not an event, a move the fold
refuses, a cut-off or blank last line) answers None, and the caller loads the save
in full: a save is counted, or refused, exactly as ``load`` would.
"""

from __future__ import annotations

import re
from datetime import date
from itertools import islice

from koza.core.collector import paused_gc
from koza.core.engine import DRAW_MOVE, PASS_MOVE, PLAY_MOVES
from koza.core.events import EVENT_ADAPTER, GameCreated
from koza.core.fold import StateBuilder
from koza.core.state import begin
from koza.core.tiles import END_OF, tile_id
from koza.stats.figures import SeatGame, SeatGames
from koza.storage.savefile import FORMAT, SCHEMA, parse_json

_MOVE_LINE = re.compile(
    rb'\{"seq":(0|[1-9][0-9]{0,15}),"at":"([0-9]{4}-[0-9]{2}-[0-9]{2})'
    rb'T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,6})?Z","type":"'
    rb'(?:tile_played","seat":([0-3]),"tile":"([0-6]-[0-6])","end":"(left|right|open)'
    rb'|tile_drawn","seat":([0-3]),"tile":"([0-6]-[0-6])'
    rb'|turn_passed","seat":([0-3]))"\}'
)
"""A play, a draw or a pass exactly as ``model_dump_json`` writes it (a time in UTC)."""

_TILE_OF = {f"{a}-{b}".encode(): tile_id(a, b) for a in range(7) for b in range(7)}
_PLAY_OF = {
    name: {end.encode(): PLAY_MOVES[tile][side] for end, side in END_OF.items()}
    for name, tile in _TILE_OF.items()
}
"""A play's move by its tile and end as written."""
_NUMBER = {str(n).encode(): n for n in range(4096)}
"""A seat or sequence number as written (``int`` is slower; a longer game falls back to it)."""
_GOOD_HEADS: set[bytes] = set()
"""Header lines already found to be of this schema."""
_GOOD_DAYS: set[bytes] = set()
"""Calendar days already found real (a time's day is checked once, not per line)."""


def _real_day(day: bytes) -> bool:
    if day in _GOOD_DAYS:
        return True
    try:
        date.fromisoformat(day.decode())
    except ValueError:
        return False
    if len(_GOOD_DAYS) < 100_000:
        _GOOD_DAYS.add(day)
    return True


def _good_head(line: bytes) -> bool:
    """A header of this schema (remembered: a folder's saves share a few)."""
    try:
        head = parse_json(line)
    except ValueError:
        return False
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        return False
    schema = head.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        return False  # ``load`` upgrades an old schema, or refuses
    if len(_GOOD_HEADS) < 1000:
        _GOOD_HEADS.add(line)
    return True


def quick_seat_games(data: bytes, game: str) -> list[SeatGame] | None:
    """Each seat's part in the game of a save's bytes, or None when only ``load`` can say."""
    lines = data.split(b"\n")
    if len(lines) < 3 or lines.pop():
        return None  # no event, or a last line without its newline
    if lines[0] not in _GOOD_HEADS and not _good_head(lines[0]):
        return None
    try:
        with paused_gc():
            return _fold(lines, game)
    except Exception:  # not the ordinary save this reader knows: ``load`` will say
        return None


def _fold(lines: list[bytes], game: str) -> list[SeatGame] | None:
    validate = EVENT_ADAPTER.validator.validate_json
    first = validate(lines[1])
    if not isinstance(first, GameCreated):
        return None
    builder: StateBuilder = begin(first)
    figures = SeatGames(game)
    handlers = figures.handlers()
    handlers[GameCreated](first)
    apply_move, apply, match = builder.apply_move, builder.apply, _MOVE_LINE.fullmatch
    mover = -1
    for raw in islice(lines, 2, None):
        m = match(raw)
        if m is None:
            ev = validate(raw)
            apply(ev)
            figures.last_mover = mover
            handlers[type(ev)](ev)
            mover = figures.last_mover  # a move among these lines (doubles) sets it
            continue
        seq, day, seat, tile, end, drew, drawn, passed = m.groups()
        if day not in _GOOD_DAYS and not _real_day(day):
            return None
        number = _NUMBER.get(seq)
        if number is None:
            number = int(seq)
        if seat is not None:
            mover = _NUMBER[seat]
            apply_move(number, mover, _PLAY_OF[tile][end])
        elif drew is not None:
            mover = _NUMBER[drew]
            apply_move(number, mover, DRAW_MOVE, _TILE_OF[drawn])
        else:
            mover = _NUMBER[passed]
            apply_move(number, mover, PASS_MOVE)
    return figures.result()
