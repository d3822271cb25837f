"""Shown instead of everything else while the terminal is under 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from koza.i18n.strings import t
from koza.tui.screens._util import koza_app

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal the app draws in; below it this screen asks for more room."""


class TooSmallScreen(Screen[None]):
    """Says plainly that the terminal is too small; the app pops it on a large resize."""

    BINDINGS = [Binding("q", "app.quit", t("key.quit"))]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.size_text = self._text(width, height)

    @staticmethod
    def _text(width: int, height: int) -> str:
        return t(
            "app.too_small", width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT
        )

    def compose(self) -> ComposeResult:
        yield Static(self.size_text, id="too-small", markup=False)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(self._text(width, height))

    def on_screen_resume(self) -> None:
        # Uncovered after something else was pushed on top: still needed?
        size = self.app.size
        if not koza_app(self).too_small(size.width, size.height):
            self.dismiss()
