"""What the table shows, as plain data: built from a seat's view or the full state.

The widgets render a ``Scene`` and nothing else, so the same table can show a
player's own view while playing, every hand face up while watching, or the
table as it stood after any event in a replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from koza.core import engine
from koza.core.rules import RuleSet
from koza.core.state import Action, GameState, Placed, RoundRecord
from koza.core.tiles import tiles_of
from koza.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Scene:
    """One moment of the table, with only the tiles that may be shown."""

    names: tuple[str, ...]
    bots: tuple[bool, ...]  # per seat: a bot sits there
    rules: RuleSet
    phase: str
    round_no: int
    chain: tuple[Placed, ...]
    left: int  # open ends, -1 on an empty chain
    right: int
    me: int  # the seat whose hand is at the bottom (-1: none)
    hands: tuple[tuple[int, ...] | None, ...]  # per seat: its tiles if shown, else None
    hand_counts: tuple[int, ...]
    bazaar_count: int
    turn: int  # seat to move, -1 when nobody is
    leader: int
    opening: int  # the tile that must open the round, -1 if any may
    drawn: int  # a drawn tile ``me`` must play now, else -1
    legal: tuple[engine.Move, ...]  # ``me``'s legal moves (empty if not its turn)
    history: tuple[Action, ...]  # this round, public
    totals: tuple[int, ...]  # per side
    opened: tuple[bool, ...]  # per side
    records: tuple[RoundRecord, ...]
    face_up: bool = False

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def pairs(self) -> bool:
        return self.rules.teams == "pairs" and self.n_players == 4

    @property
    def my_hand(self) -> tuple[int, ...]:
        if self.me < 0:
            return ()
        return self.hands[self.me] or ()

    @property
    def shown_tiles(self) -> set[int]:
        """Every tile this scene may show: the chain and the shown hands."""
        shown = {p.tile for p in self.chain}
        for hand in self.hands:
            shown.update(hand or ())
        return shown

    @property
    def center(self) -> int:
        """Index in the chain of the tile that opened the round (-1 on an empty chain)."""
        first = next((a for a in self.history if a.side == "open"), None)
        if first is None or not self.chain:
            return -1 if not self.chain else 0
        for i, p in enumerate(self.chain):
            if p.tile == first.tiles[0]:
                return i
        return 0

    @property
    def newest(self) -> frozenset[int]:
        """The tiles put on the chain by the latest play."""
        for a in reversed(self.history):
            if a.kind in ("play", "doubles"):
                return frozenset(a.tiles)
        return frozenset()

    def fits(self, tile: int) -> tuple[bool, bool]:
        """Whether ``me`` may play ``tile`` on the (left, right) end now."""
        left = right = False
        for kind, a, b in self.legal:
            if kind == engine.PLAY and a == tile:
                if b in (engine.LEFT, engine.OPEN):
                    left = True
                if b in (engine.RIGHT, engine.OPEN):
                    right = True
        return left, right

    def can(self, kind: int) -> bool:
        """Whether ``me`` has a legal move of this kind (``engine.DRAW`` ...)."""
        return any(m[0] == kind for m in self.legal)

    @property
    def doubles_move(self) -> engine.Move | None:
        return next((m for m in self.legal if m[0] == engine.DOUBLES), None)


def scene_from_view(view: SeatView, bots: Sequence[bool] | None = None) -> Scene:
    """The table as ``view.seat`` sees it: only its own hand is shown."""
    hands: list[tuple[int, ...] | None] = [None] * view.n_players
    hands[view.seat] = tuple(view.hand)
    return Scene(
        names=view.names,
        bots=tuple(bots) if bots is not None else (False,) * view.n_players,
        rules=view.rules,
        phase=view.phase,
        round_no=view.round_no,
        chain=view.chain,
        left=view.left,
        right=view.right,
        me=view.seat,
        hands=tuple(hands),
        hand_counts=view.hand_counts,
        bazaar_count=view.bazaar_count,
        turn=view.turn,
        leader=view.leader,
        opening=view.opening,
        drawn=view.drawn,
        legal=view.legal,
        history=view.history,
        totals=view.totals,
        opened=view.opened,
        records=view.records,
    )


def scene_from_state(state: GameState, me: int = -1, bots: Sequence[bool] | None = None) -> Scene:
    """The table face up: every hand shown (watch and replay); ``me`` at the bottom."""
    r = state.round
    n = state.n_players
    playing = state.phase == "playing" and r is not None and not r.over
    if me < 0:
        me = state.turn if state.turn >= 0 else 0
    my_turn = playing and r is not None and r.turn == me
    return Scene(
        names=tuple(s.name for s in state.seats),
        bots=tuple(bots) if bots is not None else tuple(s.kind == "bot" for s in state.seats),
        rules=state.rules,
        phase=state.phase,
        round_no=state.round_no,
        chain=state.chain,
        left=r.left if r is not None else -1,
        right=r.right if r is not None else -1,
        me=me,
        hands=tuple(tuple(tiles_of(state.hand(s))) for s in range(n)),
        hand_counts=tuple(state.hand(s).bit_count() for s in range(n)),
        bazaar_count=r.bazaar_left if r is not None else 0,
        turn=state.turn,
        leader=r.leader if r is not None else -1,
        opening=r.opening if r is not None else -1,
        drawn=r.drawn if my_turn and r is not None else -1,
        legal=tuple(engine.legal_moves(r)) if my_turn and r is not None else (),
        history=state.history,
        totals=state.sheets.totals,
        opened=state.sheets.opened,
        records=state.records,
        face_up=True,
    )


def last_turn(history: Sequence[Action], seat: int) -> list[Action]:
    """The actions of ``seat``'s latest turn this round (draws, then a play or a pass)."""
    out: list[Action] = []
    i = len(history) - 1
    while i >= 0 and history[i].seat != seat:
        i -= 1
    while i >= 0 and history[i].seat == seat:
        if out and history[i].kind != "draw":
            break  # a play or pass ended an earlier turn
        out.append(history[i])
        i -= 1
    return list(reversed(out))


def fresh_draws(sc: Scene) -> tuple[int, ...]:
    """The tiles ``me`` drew in its latest turn and still holds, until its next turn begins."""
    if sc.me < 0 or not sc.history:
        return ()
    if sc.turn == sc.me and sc.history[-1].seat != sc.me:
        return ()  # a new turn: the marks of the last one are gone
    hand = set(sc.my_hand)
    drawn = [a.tiles[0] for a in last_turn(sc.history, sc.me) if a.kind == "draw"]
    return tuple(x for x in drawn if x in hand)
