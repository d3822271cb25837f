"""What the table shows, as plain data: built from a seat's view or the full state.

The widgets render a ``Scene`` and nothing else, so the same table can show a
player's own view while playing, every hand face up while watching, or the
table as it stood after any event in a replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from koza.core.commands import Command, PlayDoubles
from koza.core.records import Action
from koza.core.state import GameState
from koza.core.tiles import tiles_of
from koza.core.view import SeatView, seat_view


@dataclass(frozen=True, slots=True)
class Scene(SeatView):
    """One moment of the table: a seat's view (face up to watch or replay) and who is a bot.

    Everything about the game comes from the view, so the table cannot know a tile
    the view does not show; ``seat`` (``me``) is the seat whose hand is at the bottom.
    """

    bots: tuple[bool, ...] = ()  # per seat: a bot sits there
    you: int = -1  # the seat of the one person at this keyboard (-1: none, e.g. watching)

    @property
    def me(self) -> int:
        return self.seat

    @property
    def hands(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per seat: its tiles if this scene shows them, else None."""
        return tuple(None if m is None else tuple(tiles_of(m)) for m in self.hand_masks)

    @property
    def pairs(self) -> bool:
        return self.rules.teams == "pairs" and self.n_players == 4

    @property
    def my_hand(self) -> tuple[int, ...]:
        return tuple(tiles_of(self.hand_mask))

    @property
    def shown_tiles(self) -> set[int]:
        """Every tile this scene may show: the chain and the shown hands."""
        shown = {p.tile for p in self.chain}
        for mask in self.hand_masks:
            shown.update(tiles_of(mask or 0))
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
        return self.legal.ends_for(tile)

    def can(self, kind: type[Command]) -> bool:
        """Whether ``me`` has a legal move of this kind (``Draw``, ``Pass``, ``Play`` ...)."""
        return self.legal.can(kind)

    @property
    def doubles_move(self) -> PlayDoubles | None:
        return self.legal.doubles


_VIEW_FIELDS = tuple(f.name for f in fields(SeatView))


def scene_from_view(view: SeatView, bots: Sequence[bool] | None = None, you: int = -1) -> Scene:
    """The table as ``view`` shows it (``view.seat`` at the bottom; ``you``: the person's seat)."""
    values = {name: getattr(view, name) for name in _VIEW_FIELDS}
    shown_bots = tuple(bots) if bots is not None else (False,) * view.n_players
    return Scene(**values, bots=shown_bots, you=you)


def scene_from_state(
    state: GameState, me: int = -1, bots: Sequence[bool] | None = None, you: int = -1
) -> Scene:
    """The table face up: every hand shown (watch and replay); ``me`` at the bottom.

    ``me`` defaults to the seat to move (seat 0 between rounds); ``bots`` to the
    seats the game records as bots.
    """
    if me < 0:
        me = state.turn if state.turn >= 0 else 0
    if bots is None:
        bots = tuple(s.kind == "bot" for s in state.seats)
    return scene_from_view(seat_view(state, me, face_up=True), bots, you)


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
