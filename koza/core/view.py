"""What one seat may know: its own hand and everything public, nothing hidden.

A ``SeatView`` is built from the full state and holds plain ints and tuples
only; the other hands and the bazaar order are not in it, not even privately.
Bots get a view, never the state.  A face-up view (watching, replays) shows
every hand and every drawn tile, and is otherwise the same view.

A view is everything a client of the game needs, and it crosses a process
boundary as JSON: ``view.to_json()`` and ``SeatView.from_json(text)`` round-trip
exactly (commands in it are written as in ``koza.core.commands``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from koza.core import engine
from koza.core.commands import NO_MOVES, LegalMoves
from koza.core.records import Action, Placed, RoundRecord
from koza.core.rules import RuleSet
from koza.core.state import GameState, Phase
from koza.core.tiles import ALL_TILES_MASK, tiles_of

if TYPE_CHECKING:
    from pydantic import TypeAdapter


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as seen from ``seat``."""

    seat: int
    names: tuple[str, ...]
    rules: RuleSet
    phase: Phase
    round_no: int
    hand_masks: tuple[int | None, ...]  # per seat: its hand if this view shows it, else None
    chain: tuple[Placed, ...]
    left: int  # open ends, -1 on an empty chain
    right: int
    hand_counts: tuple[int, ...]  # every seat's number of tiles
    bazaar_count: int
    turn: int  # seat to move, -1 when nobody is
    leader: int
    opening: int  # the tile that must open the round (told to its leader, or face up), else -1
    drawn: int  # a drawn tile this seat must play now, else -1
    legal: LegalMoves  # this seat's legal moves (empty if not its turn)
    history: tuple[Action, ...]  # this round; other seats' drawn tiles are -1 unless face up
    totals: tuple[int, ...]  # per side
    opened: tuple[bool, ...]  # per side
    carried: tuple[int, ...]  # per side
    records: tuple[RoundRecord, ...]
    goats: tuple[int, ...] = ()  # sides, once the game is over
    ranking: tuple[int, ...] = ()  # the other sides, best first, once the game is over
    seq: int = 0  # the last event this view reflects (a client can tell a stale view)
    face_up: bool = False  # every hand and draw is shown (watching, replay)
    bot_levels: tuple[str | None, ...] = ()  # per seat: its bot's level (public); None: a person

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def hand_mask(self) -> int:
        """This seat's hand (none for a watcher, seat -1)."""
        return self.hand_masks[self.seat] or 0 if 0 <= self.seat < len(self.hand_masks) else 0

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to move now."""
        return self.turn == self.seat

    @property
    def hand(self) -> list[int]:
        """This seat's tiles, lowest first."""
        return tiles_of(self.hand_mask)

    @property
    def played_mask(self) -> int:
        """Every tile on the table."""
        m = 0
        for p in self.chain:
            m |= 1 << p.tile
        return m

    @property
    def unseen_mask(self) -> int:
        """Tiles this seat cannot see: other hands plus the bazaar."""
        return ALL_TILES_MASK & ~self.hand_mask & ~self.played_mask

    def to_json(self) -> str:
        """This view as JSON (``from_json`` gives back an equal view)."""
        return _view_adapter().dump_json(self).decode()

    @staticmethod
    def from_json(text: str | bytes) -> SeatView:
        """The view in ``text``, validated (pydantic's ``ValidationError`` if it is not one)."""
        return _view_adapter().validate_json(text)


@cache
def _view_adapter() -> TypeAdapter[SeatView]:
    """The view's JSON schema, built when first needed (it is costly: not at import)."""
    from pydantic import TypeAdapter

    return TypeAdapter(SeatView)


def seat_view(state: GameState, seat: int, face_up: bool = False) -> SeatView:
    """The view of ``state`` for ``seat``; ``face_up`` also shows every hand and draw."""
    r = state.round
    n = len(state.seats)
    turn = state.turn
    if r is not None:
        hand_counts = tuple([h.bit_count() for h in r.hands])
        bazaar_count = r.bazaar_left
        left, right, leader = r.left, r.right, r.leader
        # Only the leader is told which tile must open: to others it is the leader's secret
        # until it is played (the table learns it from the play itself).
        opening = r.opening if seat == r.leader or face_up else -1
    else:
        hand_counts = (0,) * n
        bazaar_count, left, right, leader, opening = 0, -1, -1, -1, -1
    my_turn = turn == seat and r is not None  # a seat is only to move in a round in play
    if face_up:
        hand_masks: tuple[int | None, ...] = tuple(r.hands) if r is not None else (0,) * n
        history = state.history
    else:
        masks: list[int | None] = [None] * n
        if 0 <= seat < n:  # a watcher (seat -1) sees no hand at all
            masks[seat] = r.hands[seat] if r is not None else 0
        hand_masks = tuple(masks)
        # only a draw has a drawn tile; another seat's is hidden.  Built from a list, and the
        # hidden draw made whole: a tuple made of an iterator (``tuple(<generator>)``,
        # ``_replace``'s ``map``) is made 10 long and resized, which left one more tuple in
        # Python's free lists each time, up to a megabyte in a server of 100 rooms
        history = tuple(
            [
                a if a.drawn < 0 or a.seat == seat else Action(a.seat, a.move, a.ends)
                for a in state.history
            ]
        )
    return SeatView(
        seat=seat,
        names=tuple([s.name for s in state.seats]),
        rules=state.rules,
        phase=state.phase,
        round_no=state.round_no,
        hand_masks=hand_masks,
        chain=state.chain,
        left=left,
        right=right,
        hand_counts=hand_counts,
        bazaar_count=bazaar_count,
        turn=turn,
        leader=leader,
        opening=opening,
        drawn=r.drawn if my_turn and r is not None else -1,
        legal=LegalMoves.of(engine.legal_moves(r)) if my_turn and r is not None else NO_MOVES,
        history=history,
        totals=state.sheets.totals,
        opened=state.sheets.opened,
        carried=state.sheets.carried,
        records=state.records,
        goats=state.goats,
        ranking=state.ranking,
        seq=state.seq,
        face_up=face_up,
        bot_levels=tuple([s.bot if s.kind == "bot" else None for s in state.seats]),
    )
