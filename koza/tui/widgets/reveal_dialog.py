"""Asking before a replay of an unfinished game shows every hand face up.

That game may still be played (in hot seat, or in another koza), so its
hands are shown face up only once the player says so.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from koza.i18n.strings import t
from koza.tui.widgets.footer import Footer


class RevealScreen(ModalScreen[bool]):
    """Show every hand of an unfinished game? Dismissed with True only on a yes."""

    DEFAULT_CSS = """
    RevealScreen { align: center middle; }
    RevealScreen > #reveal { width: 60; height: auto; padding: 1 2; border: thick $warning; }
    RevealScreen #reveal-buttons { height: auto; margin-top: 1; }
    RevealScreen Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", t("replay.reveal_yes")),
        Binding("n,escape", "answer(False)", t("replay.reveal_no")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="reveal"):
            yield Static(f"[b]{t('replay.reveal_title')}[/b]")
            yield Static(t("replay.reveal_question"))
            with Horizontal(id="reveal-buttons"):
                yield Button(t("replay.reveal_no"), id="reveal-no", variant="primary")
                yield Button(t("replay.reveal_yes"), id="reveal-yes", variant="warning")
        yield Footer()  # its own keys, not the replay's

    def on_mount(self) -> None:
        self.query_one("#reveal-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "reveal-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
