"""The statistics screen: per player (bots per level) over every saved game, and a plot.

The saves are read in a worker (``koza.stats.saves``), so a large folder
never freezes the app; the table lists each player's figures, and the plot
under it shows the highlighted player's last finished games.  Saves that
cannot be read are counted and named under the table (``u`` says why).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from koza.i18n.strings import t
from koza.stats.cells import FIGURES, figure_cells, player_label
from koza.stats.figures import PlayerFigures
from koza.stats.saves import FolderStats, collect
from koza.tui.screens._util import koza_app
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.plots import ResultsPlot

HEADER_LINES = 2
NAME_WIDTH = 17
"""The player column's width: a longer name (a bot level in words) wraps, never cut."""
PLOTTED_GAMES = 20
"""How many of a player's last finished games the plot shows."""

COLUMNS = ("player", *FIGURES)
"""The table's columns (``stats.col_<column>``; a title may take two lines)."""


def row_of(p: PlayerFigures) -> tuple[str, ...]:
    """One player's row of the table (each cell after a space: the table has no padding;
    a name longer than its column wraps onto more lines, never cut)."""
    cells = (player_label(p), *figure_cells(p))
    name = "\n".join(f" {line}" for line in textwrap.wrap(cells[0], NAME_WIDTH - 1))
    return (name, *(f" {cell}" for cell in cells[1:]))


def column_label(key: str) -> Text:
    """A column's title, each of its lines after a space, to sit on the rows' cells."""
    return Text("\n".join(f" {line}" for line in t(f"stats.col_{key}").split("\n")))


class StatsScreen(StyledOnce, Screen[None]):
    """Figures per player from every saved game, and the chosen player's last games."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("escape,q", "back", t("key.back")),
        Binding("u", "unreadable", t("stats.key_unreadable")),
        Binding("f5,ctrl+r", "reload", t("stats.key_reload")),
    ]

    def __init__(self, save_dir: Path | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.stats: FolderStats | None = None

    def compose(self) -> ComposeResult:
        yield Static(t("stats.title"), id="stats-title")
        yield DataTable(
            cursor_type="row",
            zebra_stripes=True,
            id="stats-table",
            header_height=HEADER_LINES,
            cell_padding=0,
        )
        yield Static(t("stats.loading"), id="stats-note", markup=False)
        yield ResultsPlot(id="stats-plot")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        for key in COLUMNS:
            width = NAME_WIDTH if key == "player" else None
            table.add_column(column_label(key), key=key, width=width)
        table.focus()
        self.action_reload()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "unreadable":
            return self.stats is not None and bool(self.stats.unreadable)
        return True

    # --- reading ---------------------------------------------------------------

    def action_reload(self) -> None:
        self._read(self.save_dir if self.save_dir is not None else koza_app(self).save_dir)

    @work(thread=True, exclusive=True, group="stats-read")
    def _read(self, save_dir: Path | None) -> None:
        try:
            stats: FolderStats | str = collect(save_dir)
        except Exception as exc:  # the folder itself cannot be read: say so, never a traceback
            stats = str(exc) or type(exc).__name__
        self.app.call_from_thread(self.show, stats)

    def show(self, stats: FolderStats | str) -> None:
        """Fill the table and the note from ``stats`` (or show why the folder cannot be read)."""
        note = self.query_one("#stats-note", Static)
        if isinstance(stats, str):
            note.update(t("stats.cannot_read", error=stats))
            return
        self.stats = stats
        table = self.query_one("#stats-table", DataTable)
        table.clear()
        for i, player in enumerate(stats.players):
            table.add_row(*row_of(player), key=str(i), height=None)  # a long name wraps
        note.update(self.note_text(stats))
        self.refresh_bindings()
        self._plot(0)

    def note_text(self, stats: FolderStats) -> str:
        if not stats.games and not stats.unreadable:
            return t("stats.empty")
        lines = [
            t("stats.summary", games=stats.games, reviewed=stats.reviewed, folder=stats.folder)
        ]
        if stats.players:
            lines.append(t("stats.legend"))
        if stats.torn:
            lines.append(t("stats.torn", n=len(stats.torn), names=", ".join(stats.torn)))
        if stats.stale_reviews:
            names = ", ".join(stats.stale_reviews)
            lines.append(t("stats.stale", n=len(stats.stale_reviews), names=names))
        if stats.unreadable:
            names = ", ".join(bad.name for bad in stats.unreadable)
            lines.append(t("stats.unreadable", n=len(stats.unreadable), names=names))
        return "\n".join(lines)

    # --- the plot ----------------------------------------------------------------

    def _plot(self, index: int) -> None:
        players = self.stats.players if self.stats is not None else []
        plot = self.query_one("#stats-plot", ResultsPlot)
        if not 0 <= index < len(players):
            plot.display = False
            return
        player = players[index]
        finished = [g for g in player.history if g.finished][-PLOTTED_GAMES:]
        plot.display = True
        plot.show(finished, player_label(player))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self._plot(int(event.row_key.value))

    # --- keys ----------------------------------------------------------------------

    def action_unreadable(self) -> None:
        if self.stats is None or not self.stats.unreadable:
            return
        from koza.stats.saves import said_line

        folder = self.stats.folder
        text = "\n".join(said_line(folder, bad) for bad in self.stats.unreadable)
        koza_app(self).show_message(t("stats.unreadable_title"), text)

    def action_back(self) -> None:
        self.dismiss()
