"""Screens whose widgets are not restyled again the first time the screen is shown.

Textual restyles a screen and every widget in it each time the screen is shown, in
case something changed while it was hidden.  The first time a koza screen is shown
its widgets were composed a moment before, each styled as it was mounted (after the
screen's own CSS was loaded), so restyling them finds the very styles they have; only
the screen itself, built before its CSS was loaded, is restyled.  Every later showing
restyles everything as before.  koza builds a screen when it shows it (it installs none
to show later), so "shown for the first time" means "just built".
"""

from __future__ import annotations

from typing import Any, cast

from textual import events
from textual.screen import Screen

__all__ = ["StyledOnce"]


class StyledOnce:
    """Mixin for a ``Screen``: its first showing restyles the screen, not its widgets."""

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # runs before Screen's own handler of the same event, which then skips the restyle
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
            screen = cast("Screen[Any]", self)
            screen.app.stylesheet.update_nodes([screen], animate=False)
