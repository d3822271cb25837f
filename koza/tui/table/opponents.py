"""The other seats: name, seat, tiles as backs (or face up), whose turn, what they did."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from koza.core.tiles import HALVES
from koza.tui.strings import t
from koza.tui.table.art import BACK, TileStyle, face_for
from koza.tui.table.scene import Scene, last_turn
from koza.tui.table.words import did

MAX_BACKS = 12


class OpponentCard(Static):
    """One seat at the table, seen from across it."""

    def __init__(self, seat: int) -> None:
        super().__init__(classes=f"opponent seat-{seat}")
        self.seat = seat
        self.shown: set[int] = set()

    def show(self, sc: Scene, thinking: bool, style: TileStyle) -> None:
        s = self.seat
        turn = sc.turn == s and sc.phase == "playing"
        mark = "▶ " if turn else ""
        self.border_title = f"{mark}{sc.names[s]} · {t('word.seat', n=s)}"
        partner = sc.pairs and sc.me >= 0 and s % 2 == sc.me % 2
        self.border_subtitle = t("table.partner") if partner else ""
        self.set_class(turn, "-turn")
        self.set_class(thinking, "-thinking")
        n = sc.hand_counts[s] if s < len(sc.hand_counts) else 0
        tiles = sc.hands[s] if sc.face_up else None
        line = Text(no_wrap=True, overflow="ellipsis")
        if tiles is not None:
            face = face_for(style)
            for tile in tiles:
                hi, lo = HALVES[tile]
                line.append(f"{face(hi)}│{face(lo)}", "reverse")
                line.append(" ")
            self.shown = set(tiles)
        else:
            line.append(BACK * min(n, MAX_BACKS) + ("+" if n > MAX_BACKS else ""), "bold")
            line.append(f" {n}")
            self.shown = set()
        what = t("table.thinking_short") if thinking else did(last_turn(sc.history, s))
        self.update(Text.assemble(line, "\n", Text(what, style="italic", no_wrap=True)))


class OpponentsView(Horizontal):
    """A card for each seat other than ``scene.me`` (every seat but ``me``)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._seats: tuple[int, ...] = ()

    def compose(self) -> ComposeResult:
        return iter(())

    @property
    def shown_tiles(self) -> set[int]:
        out: set[int] = set()
        for card in self.query(OpponentCard):
            out |= card.shown
        return out

    def show(self, sc: Scene, thinking: int = -1, style: TileStyle = "digits") -> None:
        """Draw every seat but ``sc.me`` (``thinking``: the bot seat now thinking)."""
        seats = tuple((sc.me + k) % sc.n_players for k in range(1, sc.n_players))
        if sc.me < 0:
            seats = tuple(range(sc.n_players))
        if seats != self._seats:
            self._seats = seats
            self.remove_children()
            cards = [OpponentCard(s) for s in seats]
            self.mount_all(cards)
            for card in cards:
                card.show(sc, thinking == card.seat, style)
            return
        for card in self.query(OpponentCard):
            card.show(sc, thinking == card.seat, style)
