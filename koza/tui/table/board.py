"""Every table widget in one container, drawn from one ``Scene``.

The play screen, the watch mode and the replay screen all show a ``Board``:
``board.show(scene_from_view(view))`` for what one seat knows, or
``board.show(scene_from_state(state))`` for the table face up after any event.
"""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from koza.core.commands import Draw
from koza.core.state import GameState
from koza.core.view import SeatView
from koza.i18n.strings import t
from koza.tui.table.chain import ChainView
from koza.tui.table.hand import HandView
from koza.tui.table.opponents import OpponentsView
from koza.tui.table.scene import Scene, fresh_draws, scene_from_state, scene_from_view
from koza.tui.table.side_panel import BazaarView, MoveLog, Scoreboard
from koza.tui.widgets.steady import titled
from koza.tui.widgets.tile_faces import TileStyle


class Board(Widget):
    """Opponents on top, the chain in the middle, the hand below, the side panel right."""

    def __init__(self, *, id: str | None = None, tile_style: TileStyle = "digits") -> None:
        super().__init__(id=id)
        self.tile_style: TileStyle = tile_style
        self.scene: Scene | None = None
        self.levels: tuple[str, ...] = ()  # per seat: its bot's level ("" for a person)

    def compose(self) -> ComposeResult:
        yield OpponentsView(id="opponents")
        with Horizontal(id="middle"):
            with Vertical(id="main"):
                with VerticalScroll(id="chain-box", can_focus=False):
                    yield ChainView(id="chain")
                with Vertical(id="hand-box"):
                    yield HandView(id="hand")
            with Vertical(id="side"):
                yield BazaarView(id="bazaar")
                yield Scoreboard(id="scores")
                yield MoveLog(id="log")

    def show(
        self,
        sc: Scene,
        *,
        selected: int = -1,
        hidden: bool = False,
        thinking: int = -1,
        active: bool = False,
    ) -> None:
        """Draw ``sc``; ``selected`` indexes ``sc.my_hand``, ``hidden`` shows only backs."""
        self.scene = sc
        hand = sc.my_hand
        sel_tile = hand[selected] if 0 <= selected < len(hand) else -1
        fitting = frozenset(x for x in hand if any(sc.fits(x))) if active else frozenset()
        fit = sc.fits(sel_tile) if active and sel_tile >= 0 else (False, False)
        chain = self.query_one(ChainView)
        chain.tile_style = self.tile_style
        # a hidden hand's opening tile is that hand's secret until its owner sits down
        chain.show(replace(sc, opening=-1) if hidden else sc, fit)
        hand_view = self.query_one(HandView)
        hand_view.tile_style = self.tile_style
        hand_view.spectator = sc.me < 0
        fresh = frozenset(fresh_draws(sc)) if not hidden else frozenset()
        hand_view.show(hand, fitting, selected, hidden, fresh)
        box = self.query_one("#hand-box")
        if sc.me >= 0:
            name = sc.names[sc.me]
            key = "table.hand_hidden" if hidden else "table.hand_of"  # counts: plural forms
            titled(box, t(key, name=name, n=len(hand), seat=sc.me))
            turn = sc.turn == sc.me and sc.phase == "playing"
            if box.has_class("-turn") != turn:
                # Only the box's own border and title show the turn: Textual would restyle
                # the hand inside it too (and each of its tile styles), to the same styles.
                box.set_class(turn, "-turn", update=False)
                self.app.stylesheet.update_nodes([box], animate=True)
        self.query_one(OpponentsView).show(sc, thinking, self.tile_style, self.levels)
        self.query_one(BazaarView).show(sc, active and sc.can(Draw))
        self.query_one(Scoreboard).show(sc)
        self.query_one(MoveLog).show(sc)

    def show_view(self, view: SeatView) -> None:
        """The table as one seat knows it (its own hand only)."""
        self.show(scene_from_view(view))

    def show_state(self, state: GameState, me: int = -1) -> None:
        """The table face up after any event; ``me`` (default: the seat to move) at the bottom."""
        self.show(scene_from_state(state, me=me))

    @property
    def shown_tiles(self) -> set[int]:
        """Every tile face the board shows now (for the tests of hidden tiles)."""
        shown = {p.tile for p in self.scene.chain} if self.scene else set()
        return (
            shown | self.query_one(HandView).shown_tiles | self.query_one(OpponentsView).shown_tiles
        )

    def on_resize(self) -> None:
        if self.scene is not None:
            self.query_one(Scoreboard).show(self.scene)
            self.query_one(MoveLog).show(self.scene)
