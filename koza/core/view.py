"""What one seat may know: its own hand and everything public, nothing hidden.

A ``SeatView`` is built from the full state and holds plain ints and tuples
only; the other hands and the bazaar order are not in it, not even privately.
Bots get a view, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from koza.core import engine
from koza.core.rules import RuleSet
from koza.core.state import Action, GameState, Placed, RoundRecord
from koza.core.tiles import tiles_of


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as seen from ``seat``."""

    seat: int
    names: tuple[str, ...]
    rules: RuleSet
    phase: str
    round_no: int
    hand_mask: int  # this seat's hand
    chain: tuple[Placed, ...]
    left: int  # open ends, -1 on an empty chain
    right: int
    hand_counts: tuple[int, ...]  # every seat's number of tiles
    bazaar_count: int
    turn: int  # seat to move, -1 when nobody is
    leader: int
    opening: int  # the tile this seat must open with (leader only), else -1
    drawn: int  # a drawn tile this seat must play now, else -1
    legal: tuple[engine.Move, ...]  # this seat's legal moves (empty if not its turn)
    history: tuple[Action, ...]  # this round; other seats' drawn tiles are -1
    totals: tuple[int, ...]  # per side
    opened: tuple[bool, ...]  # per side
    carried: tuple[int, ...]  # per side
    records: tuple[RoundRecord, ...]

    @property
    def n_players(self) -> int:
        return len(self.names)

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
        return ((1 << 28) - 1) & ~self.hand_mask & ~self.played_mask


def _public(action: Action, seat: int) -> Action:
    if action.kind == "draw" and action.seat != seat:
        return action._replace(tiles=(-1,))
    return action


def seat_view(state: GameState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``."""
    r = state.round
    playing = state.phase == "playing" and r is not None
    if r is not None:
        hand_counts = tuple(h.bit_count() for h in r.hands)
        bazaar_count = r.bazaar_left
        left, right, leader = r.left, r.right, r.leader
        # Only the leader is told which tile must open: to others it is the leader's secret
        # until it is played (the table learns it from the play itself).
        opening = r.opening if seat == r.leader else -1
    else:
        hand_counts = (0,) * state.n_players
        bazaar_count, left, right, leader, opening = 0, -1, -1, -1, -1
    my_turn = playing and r is not None and r.turn == seat and not r.over
    return SeatView(
        seat=seat,
        names=tuple(s.name for s in state.seats),
        rules=state.rules,
        phase=state.phase,
        round_no=state.round_no,
        hand_mask=state.hand(seat),
        chain=state.chain,
        left=left,
        right=right,
        hand_counts=hand_counts,
        bazaar_count=bazaar_count,
        turn=state.turn,
        leader=leader,
        opening=opening,
        drawn=r.drawn if my_turn and r is not None else -1,
        legal=tuple(engine.legal_moves(r)) if my_turn and r is not None else (),
        history=tuple(_public(a, seat) for a in state.history),
        totals=state.sheets.totals,
        opened=state.sheets.opened,
        carried=state.sheets.carried,
        records=state.records,
    )
