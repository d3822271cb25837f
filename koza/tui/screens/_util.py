"""Small helpers shared by the shell's screens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from koza.tui.app import KozaApp


def koza_app(screen: Screen[Any]) -> KozaApp:
    """The running ``KozaApp`` (screens of this package only run inside it)."""
    return cast("KozaApp", screen.app)
