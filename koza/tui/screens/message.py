"""A plain message in a box, closed with Enter, Escape or a click on OK."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from koza.i18n.strings import t


class MessageScreen(ModalScreen[None]):
    """Tell the player something (an error without a traceback, say)."""

    BINDINGS = [Binding("escape,enter,q", "close", t("key.back"))]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="message-box"):
            yield Static(self.title_text, id="message-title")
            yield Static(self.text, id="message-text", markup=False)
            yield Button(t("app.ok"), id="message-ok", compact=True)

    def on_mount(self) -> None:
        self.query_one("#message-ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
