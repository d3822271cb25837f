"""Shown instead of everything else while the terminal is under 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from koza.tui.screens._util import koza_app
from koza.tui.strings import t


class TooSmallScreen(Screen[None]):
    """Says plainly that the terminal is too small; the app pops it on a large resize."""

    BINDINGS = [Binding("q", "app.quit", t("key.quit"))]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.size_text = self._text(width, height)

    @staticmethod
    def _text(width: int, height: int) -> str:
        from koza.tui.app import MIN_HEIGHT, MIN_WIDTH

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
