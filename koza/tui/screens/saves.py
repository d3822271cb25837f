"""The saved games: date, players, scores and round, newest first.

``mode="resume"`` lists only the games that can go on (and unreadable saves, to
say why they cannot), the most recent on top, and opens the chosen one at its
table; ``mode="replay"`` lists every game, finished ones marked, and hands the
chosen file to the replay screen.  A save that cannot be opened gives a message;
the file is never touched.  An unreadable save keeps its row (one bad file never
hides the others) and shows why under the list when highlighted.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from koza.i18n.strings import t
from koza.tui.screens._util import koza_app
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer

Mode = Literal["resume", "replay"]


def when(value: object) -> str:
    """A save's modification time as local ``YYYY-MM-DD HH:MM``."""
    if isinstance(value, int | float):
        value = datetime.fromtimestamp(value)
    if isinstance(value, datetime):
        return value.astimezone().strftime("%Y-%m-%d %H:%M")
    return str(value or "")


def bots_only(save: Any) -> bool:
    """Whether only bots play in ``save`` (a watched game), read from its summary."""
    return bool(getattr(save, "bots_only", False))


def row_of(save: Any) -> tuple[str, str, str, str, str]:
    """The table row of one save summary."""
    if getattr(save, "error", None):
        modified = when(getattr(save, "modified", ""))
        return (modified, Path(save.path).name, "", "", t("saves.unreadable"))
    names = ", ".join(getattr(save, "names", ()) or ())
    totals = " : ".join(str(x) for x in getattr(save, "totals", ()) or ())
    state = t("saves.finished") if getattr(save, "finished", False) else t("saves.unfinished")
    if bots_only(save):  # a watched game of bots: labelled, listed after
        state = t("saves.bots_only", state=state)
    return (when(save.modified), names, totals, str(getattr(save, "round_no", "")), state)


class SavesScreen(StyledOnce, Screen[None]):
    """Pick a saved game to resume or to replay."""

    BINDINGS = [Binding("escape,q", "back", t("key.back"))]

    def __init__(self, mode: Mode = "resume") -> None:
        super().__init__()
        self.mode: Mode = mode
        self.paths: list[Path] = []
        self.errors: list[str | None] = []  # why each listed save cannot be opened

    def compose(self) -> ComposeResult:
        title = t("saves.title") if self.mode == "resume" else t("saves.replay_title")
        yield Static(title, id="saves-title")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="saves")
        yield Static(t("saves.hint"), id="saves-hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        for key in ("date", "players", "scores", "round", "state"):
            table.add_column(t(f"saves.col_{key}"), key=key)
        app = koza_app(self)
        try:
            saves = list(app.services.list_saves(app.save_dir))
        except Exception as exc:  # the folder cannot be read
            self.query_one("#saves-hint", Static).update(
                t("saves.cannot_list", error=str(exc) or type(exc).__name__)
            )
            return
        if self.mode == "resume":  # a finished game cannot be resumed: replay shows it
            saves = [s for s in saves if getattr(s, "error", None) or not s.finished]
            # stable, newest first: a person's own games, then bots-only ones, unreadable last
            saves.sort(key=lambda s: (bool(getattr(s, "error", None)), bots_only(s)))
        if not saves:
            empty = t("saves.no_unfinished") if self.mode == "resume" else t("saves.empty")
            self.query_one("#saves-hint", Static).update(empty)
        for i, save in enumerate(saves):
            self.paths.append(Path(save.path))
            self.errors.append(getattr(save, "error", None))
            table.add_row(*row_of(save), key=str(i))
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Under the list: why the highlighted save cannot be opened, else the usual hint."""
        index = int(str(event.row_key.value)) if event.row_key.value is not None else -1
        error = self.errors[index] if 0 <= index < len(self.errors) else None
        hint = self.query_one("#saves-hint", Static)
        hint.update(Text(error) if error else t("saves.hint"))

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if not self.is_current:  # a second Enter typed ahead while this one opens
            return
        index = int(str(event.row_key.value))
        path = self.paths[index]
        app = koza_app(self)
        if self.mode == "replay":
            self.dismiss()
            app.call_later(app.open_replay, path)
            return
        session = app.load_save(path)
        if session is not None:
            self.dismiss()
            app.call_later(app.open_table, session)

    def action_back(self) -> None:
        self.dismiss()
