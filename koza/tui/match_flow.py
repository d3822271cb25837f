"""A match in the app: starting one, its sheet between games, the next game, resuming.

The app keeps the match being played (``app.match``).  When one of its games ends
(the table's game-over dialog closed, or a watched game over) ``after_game`` counts
it and shows the match sheet, whose Next key sits the players down for the next
game (a watched match goes on by itself); a game resumed from the saves list finds
the match that names it (``find_match``), so the match goes on after it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from koza.core.events import SeatInfo
from koza.core.match import MatchPlan
from koza.core.rules import RuleSet
from koza.core.state import GameState
from koza.i18n.match_text import sheet_table, sheet_title
from koza.i18n.problems import say_error
from koza.i18n.strings import t
from koza.play.match_session import MatchSession
from koza.storage.matchfile import MATCH_SUFFIX
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer

AUTO_NEXT_GAME = 3.0  # seconds the sheet stays up between the games of a watched match


class MatchSheetScreen(StyledOnce, ModalScreen[str | None]):
    """The match sheet; dismissed with ``"next"`` (play the next game) or None."""

    BINDINGS = [
        Binding("enter", "next_or_close", t("match.key_next"), priority=True),
        Binding("escape", "close", t("dialog.key_close")),
    ]
    CSS_PATH = "table/dialogs.tcss"

    def __init__(self, match: MatchSession) -> None:
        super().__init__(classes="dialog-screen")
        self.match = match
        self.sheet = match.sheet()

    def compose(self) -> ComposeResult:
        names = [p.name for p in self.match.players]
        with Vertical(id="match-sheet", classes="dialog"):
            yield Static(t("match.sheet"), classes="dialog-title")
            yield Static(sheet_title(self.match.plan, self.sheet), id="match-title", markup=False)
            table = "\n".join(sheet_table(self.match.plan, self.sheet, names))
            yield Static(table, id="match-table", markup=False)
            with Horizontal(id="game-over-buttons"):
                if not self.sheet.over:
                    yield Button(t("match.next_game"), id="match-next", variant="primary")
                yield Button(t("dialog.close"), id="match-close")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("next" if event.button.id == "match-next" else None)

    def action_next_or_close(self) -> None:
        self.dismiss(None if self.sheet.over else "next")

    def action_close(self) -> None:
        self.dismiss(None)


def start_match(
    app: Any, seats: list[SeatInfo], rules: RuleSet, seed: int | None, plan: MatchPlan
) -> Any:
    """A new match saved in the app's folder: ``app.match`` is set, its first game returned."""
    match = MatchSession.create(seats, rules, plan, seed, app.save_dir)
    app.match = match
    return match.next_game()


def plays_match_game(app: Any, session: Any) -> bool:
    """Whether ``session`` is the current game of the app's match."""
    match = getattr(app, "match", None)
    path = getattr(session, "path", None)
    return match is not None and bool(match.file.games) and path == match.game_paths()[-1]


def find_match(path: Path) -> MatchSession | None:
    """The match whose file beside ``path`` names that save (None: a game of its own)."""
    try:
        files = sorted(path.parent.glob(f"*{MATCH_SUFFIX}"))
        for candidate in files:
            if path.name in candidate.read_text(encoding="utf-8"):
                match = MatchSession.open(candidate)
                if path.name in match.file.games:
                    return match
    except Exception:  # a match file that cannot be read: the game is played on its own
        return None
    return None


async def after_game(app: Any, state: GameState, watching: bool = False) -> None:
    """Count a finished game of ``app.match`` and show the sheet; Next starts the next game."""
    match: MatchSession = app.match
    match.record(state)
    dialog = MatchSheetScreen(match)

    async def chosen(choice: str | None) -> None:
        if choice == "next":
            await next_game(app)

    await app.push_screen(dialog, chosen)
    if watching and not dialog.sheet.over:

        def auto_next() -> None:
            if app.screen is dialog:
                dialog.dismiss("next")

        dialog.set_timer(AUTO_NEXT_GAME, auto_next)


async def next_game(app: Any) -> None:
    """Sit the match's players down for its next game (a message if it cannot be saved)."""
    try:
        session = app.match.next_game()
    except Exception as exc:  # a full disk, a lost folder: say so
        app.show_message(t("match.sheet"), t("new.failed", error=say_error(exc)))
        return
    if session is not None:
        await app.open_table(session)
