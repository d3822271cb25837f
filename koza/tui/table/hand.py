"""A hand of tiles standing upright: the fitting ones lit, the selected one marked."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message

from koza.core.tiles import HALVES
from koza.i18n import strings
from koza.i18n.strings import t
from koza.tui.widgets.steady import SteadyWidget
from koza.tui.widgets.tile_faces import BIG_PIPS_HEIGHT, TileStyle, dots, face_for

TILE_W = 3
STEP = TILE_W + 1
LINES = 4  # top half, divider, bottom half, mark line
BIG_LINES = 8  # pips as dots: three rows a half


class HandView(SteadyWidget):
    """One seat's hand: tiles drawn as tiles, or backs while it is hidden."""

    COMPONENT_CLASSES = {"hand--tile", "hand--fit", "hand--selected", "hand--back", "hand--mark"}

    class TileClicked(Message):
        """A tile of the hand was clicked."""

        def __init__(self, index: int, tile: int) -> None:
            super().__init__()
            self.index = index
            self.tile = tile

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tiles: tuple[int, ...] = ()
        self.fitting: frozenset[int] = frozenset()
        self.selected = -1
        self.hidden = False
        self.fresh: frozenset[int] = frozenset()  # just drawn: marked until the next turn
        self.tile_style: TileStyle = "digits"
        self.spectator = False  # nobody's hand is at the bottom: say so, not "no tiles"

    def show(
        self,
        tiles: Sequence[int],
        fitting: frozenset[int] = frozenset(),
        selected: int = -1,
        hidden: bool = False,
        fresh: frozenset[int] = frozenset(),
    ) -> None:
        """Draw ``tiles``; ``hidden`` draws backs instead (the hot seat hand-over).

        ``fresh`` tiles (just drawn) get a ``+`` below unless selected.
        """
        self.tiles, self.fitting, self.fresh = tuple(tiles), fitting, fresh
        self.selected, self.hidden = selected, hidden
        hand = (self.tiles, self.fitting, self.fresh, self.selected, self.hidden)
        self.redraw_for((*hand, self.tile_style, self.big, self.spectator, strings.LANGUAGE))

    @property
    def shown_tiles(self) -> set[int]:
        return set() if self.hidden else set(self.tiles)

    @property
    def big(self) -> bool:
        """Pips drawn as a real tile's 3x3 dots: the pips style on a tall terminal."""
        return self.tile_style == "pips" and self.app.size.height >= BIG_PIPS_HEIGHT

    @property
    def lines_per_tile(self) -> int:
        return BIG_LINES if self.big else LINES

    def _per_row(self, width: int) -> int:
        return max(1, (width + 1) // STEP)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.tiles:
            return 1
        rows = -(-len(self.tiles) // self._per_row(width))
        return rows * self.lines_per_tile

    def render(self) -> Text:
        if not self.tiles:
            return Text(t("table.spectator_hand" if self.spectator else "table.hand_empty"))
        face = face_for(self.tile_style)
        per_row = self._per_row(self.content_size.width)
        st = {k: self.get_component_rich_style(f"hand--{k}") for k in ("tile", "fit", "selected")}
        back = self.get_component_rich_style("hand--back")
        mark = self.get_component_rich_style("hand--mark")
        text = Text(no_wrap=True, overflow="crop")
        for start in range(0, len(self.tiles), per_row):
            row = list(enumerate(self.tiles))[start : start + per_row]
            height = self.lines_per_tile
            lines: list[list[tuple[str, Style | None]]] = [[] for _ in range(height)]
            for i, tile in row:
                hi, lo = HALVES[tile]
                if self.hidden:
                    cells = ["░░░"] * (height - 1)
                    style: Style | None = back
                    below = "   "
                else:
                    if self.big:
                        cells = [*dots(hi), "───", *dots(lo)]
                    else:
                        cells = [f" {face(hi)} ", "───", f" {face(lo)} "]
                    key = (
                        "selected" if i == self.selected else "fit" if tile in self.fitting else ""
                    )
                    style = st[key] if key else st["tile"]
                    below = (
                        " ▲ "
                        if i == self.selected
                        else f" {t('table.drawn_mark')} "
                        if tile in self.fresh
                        else " · "
                        if tile in self.fitting
                        else "   "
                    )
                for k in range(height - 1):
                    lines[k].append((cells[k], style))
                    lines[k].append((" ", None))
                lines[-1].append((below, mark))
                lines[-1].append((" ", None))
            for k, parts in enumerate(lines):
                if start or k:
                    text.append("\n")
                for chunk, style in parts:
                    text.append(chunk, style)
        return text

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.tiles or self.hidden:
            return
        per_row = self._per_row(self.content_size.width)
        col, pos = divmod(offset.x, STEP)
        if pos >= TILE_W or col >= per_row:
            return
        index = (offset.y // self.lines_per_tile) * per_row + col
        if 0 <= index < len(self.tiles):
            event.stop()
            self.post_message(self.TileClicked(index, self.tiles[index]))
