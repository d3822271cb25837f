"""The scores plot in a dialog of its own, and the game-over dialog with a key to open it.

At 80x24 the game-over dialog has no room for a readable plot beside the
ranking, so it offers one: ``s`` (or its button) opens ``TotalsPlotScreen``
over it.  The replay screen opens the same dialog for the rounds up to its cursor.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from koza.core.state import GameState
from koza.i18n.strings import t
from koza.tui.widgets.dialogs import GameOverScreen
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.plots import TotalsPlot

DIALOGS_CSS = "dialogs.tcss"
"""The dialogs' style sheet, beside this module (``koza/tui/table/dialogs.tcss``)."""


class TotalsPlotScreen(ModalScreen[None]):
    """Each side's total round by round, over whatever screen opened it."""

    BINDINGS = [
        Binding("escape,enter,s,q", "close", t("dialog.key_close")),
    ]

    CSS_PATH = DIALOGS_CSS
    DEFAULT_CSS = """
    #totals-plot-box {
        width: 78;
        height: 22;
    }
    #totals-plot {
        height: 1fr;
    }
    """

    def __init__(self, state: GameState) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state

    def compose(self) -> ComposeResult:
        with Vertical(id="totals-plot-box", classes="dialog"):
            yield TotalsPlot(self.state, id="totals-plot")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverPlotScreen(GameOverScreen):
    """The game-over dialog, with ``s`` and a button for the scores plot."""

    CSS_PATH = DIALOGS_CSS  # a relative CSS path is read from the subclass's folder

    BINDINGS = [Binding("s", "scores", t("plot.key_scores"))]

    def on_mount(self) -> None:
        button = Button(t("plot.button_scores_key"), id="game-scores")
        self.query_one("#game-over-buttons").mount(button)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The plot button opens the plot; the others go on to ``GameOverScreen``'s handler."""
        if event.button.id == "game-scores":
            event.prevent_default()  # Textual calls the base class's handler after this one
            self.action_scores()

    def action_scores(self) -> None:
        self.app.push_screen(TotalsPlotScreen(self.state))
