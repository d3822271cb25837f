"""The other seats: name, seat, tiles as backs (or face up), whose turn, what they did."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal

from koza.core.tiles import HALVES
from koza.i18n.strings import bot_name, t
from koza.tui.table.move_text import did
from koza.tui.table.scene import Scene, last_turn
from koza.tui.widgets.steady import SteadyStatic, titled
from koza.tui.widgets.tile_faces import BACK, TileStyle, face_for

MAX_BACKS = 12


class OpponentCard(SteadyStatic):
    """One seat at the table, seen from across it."""

    def __init__(self, seat: int) -> None:
        super().__init__(classes=f"opponent seat-{seat}")
        self.seat = seat
        self.shown: set[int] = set()

    def show(self, sc: Scene, thinking: bool, style: TileStyle, level: str = "") -> None:
        s = self.seat
        turn = sc.turn == s and sc.phase == "playing"
        titled(self, f"▶ {sc.names[s]}" if turn else sc.names[s], self._subtitle(sc, level))
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
        what = did(last_turn(sc.history, s))  # what it just did stays while it thinks
        if thinking:
            what = f"{what} · {t('table.thinking_short')}" if what else t("table.thinking_short")
        self.show_content(Text.assemble(line, "\n", Text(what, style="italic", no_wrap=True)))

    def _subtitle(self, sc: Scene, level: str) -> str:
        """Partner, bot level and seat, dropping the least useful when the card is narrow."""
        s = self.seat
        parts = []  # most useful first
        if sc.pairs and sc.me >= 0 and s % 2 == sc.me % 2:
            parts.append(t("table.partner"))
        if level:
            parts.append(t("table.bot_level", level=bot_name(level)))
        parts.append(t("word.seat", n=s))
        room = self.size.width - 6 if self.size.width else 1000
        while len(parts) > 1 and len(" · ".join(parts)) > room:
            parts.pop()
        return " · ".join(parts)


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

    def show(
        self,
        sc: Scene,
        thinking: int = -1,
        style: TileStyle = "digits",
        levels: tuple[str, ...] = (),
    ) -> None:
        """Draw every seat but ``sc.me`` (``thinking``: the bot seat now thinking).

        ``levels`` names each seat's bot level ("" for a person).
        """

        def level(seat: int) -> str:
            return levels[seat] if seat < len(levels) else ""

        seats = tuple((sc.me + k) % sc.n_players for k in range(1, sc.n_players))
        if sc.me < 0:
            seats = tuple(range(sc.n_players))
        if seats != self._seats:
            self._seats = seats
            self.remove_children()
            cards = [OpponentCard(s) for s in seats]
            self.mount_all(cards)
            for card in cards:
                card.show(sc, thinking == card.seat, style, level(card.seat))
            return
        for card in self.query(OpponentCard):
            card.show(sc, thinking == card.seat, style, level(card.seat))
