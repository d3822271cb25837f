"""The key footer of every koza screen: Textual's own, rebuilt only when its keys change.

Textual's ``Footer`` throws its keys away and builds them again each time the screen
says its bindings may have changed, which is several times per focus move (Tab through
the new-game form, a move at the table).  Most of those times the footer would show the
very same keys; this one compares what it would show and keeps its widgets when nothing
changed, so it looks exactly the same for a fraction of the work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer as TextualFooter

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["Footer"]


class Footer(TextualFooter):
    """``textual.widgets.Footer`` that recomposes only when the keys shown differ."""

    _shown: tuple[object, ...] | None = None

    def keys_shown(self) -> tuple[object, ...]:
        """Everything ``compose`` draws from: each shown binding (and the palette's, shown
        or not), whether it is enabled, its tooltip and its key as displayed, and the
        footer's own switches."""
        app = self.app
        keys = tuple(
            (key, binding, enabled, tooltip, app.get_key_display(binding))
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == app.COMMAND_PALETTE_BINDING
        )
        return keys, self.show_command_palette, self.combine_groups, app.ENABLE_COMMAND_PALETTE

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        shown = self.keys_shown()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
