"""The key footer of every koza screen: Textual's own, rebuilt only when its keys change.

Textual's ``Footer`` throws its keys away and builds them again each time the screen
says its bindings may have changed, which is several times per focus move (Tab through
the new-game form, a move at the table).  Most of those times the footer would show the
very same keys, or the same keys with one greyed out or back; this one compares what it
would show, keeps its widgets when nothing changed, and only greys keys out or back when
nothing else did, so it looks exactly the same for a fraction of the work.  Its keys are
born in the footer's compact style, instead of being restyled into it once mounted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

__all__ = ["Footer"]

SLACK = 0
"""Cells ``keys_width`` leaves spare."""


class Footer(TextualFooter):
    """``textual.widgets.Footer`` that recomposes only when the keys shown differ.

    Keys that do not fit the width are never cut: the footer first closes up the
    space between them, then leaves out the palette's label (``^p`` still works, and
    the help lists it), so a longer language keeps every key of the screen whole.
    """

    DEFAULT_CSS = """
    Footer.-compact FooterLabel { margin: 0 1 0 0; }
    """

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
        switches = self.show_command_palette, self.combine_groups, self.compact
        return keys, *switches, app.ENABLE_COMMAND_PALETTE

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    def on_resize(self) -> None:
        """A narrower or wider screen may need the keys closed up, or let them spread."""
        if self.is_attached and self.screen.is_current:
            self.call_after_refresh(self._recompose_if_changed)

    def compose(self) -> ComposeResult:
        # The keys at once, as they stand when the footer is mounted (Textual's waits for
        # the screen's first word on its bindings, then builds them: a second layout).
        if self.is_attached and self.screen.is_current:
            self.set_reactive(TextualFooter._bindings_ready, True)
            self.fit_keys()
            self._shown = self.keys_shown()
        compact = self.compact
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # Textual's keys start compact and follow the footer once mounted: two
                # restyles of every key at every rebuild.  Born in the footer's style
                # (the palette's key does not follow the footer: left as Textual has it).
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        self.fit_keys()
        shown = self.keys_shown()
        if shown == self._shown:
            return
        before, self._shown = self._shown, shown
        if before is not None and _layout(before) == _layout(shown) and self._regrey():
            return
        await self.recompose()

    def _regrey(self) -> bool:
        """Grey out or back the keys whose action changed (the keys shown are the same).

        Each key takes the enabled state and tooltip ``compose`` would give it: its
        action's first binding's.  False (nothing changed) when a key cannot be matched.
        """
        palette = self.app.COMMAND_PALETTE_BINDING
        first: dict[str, tuple[bool, str, str]] = {}
        for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if binding.show and binding.action not in first:
                first[binding.action] = (enabled, tooltip, binding.description)
            if key == palette:
                first.setdefault("\0palette", (enabled, binding.tooltip, binding.description))
        keys = list(self.query(FooterKey))
        for widget in keys:
            name = "\0palette" if widget.has_class("-command-palette") else widget.action
            if name not in first:
                return False
        for widget in keys:
            palette_key = widget.has_class("-command-palette")
            enabled, tooltip, words = first["\0palette" if palette_key else widget.action]
            if palette_key or widget.has_class("-grouped"):
                tooltip = tooltip or words
            if widget._disabled != (not enabled):
                widget._disabled = not enabled
                widget.set_class(not enabled, "-disabled")
            if (widget.tooltip or "") != (tooltip or ""):
                widget.tooltip = tooltip or None
        return True

    def keys_width(self, compact: bool, palette: bool) -> int:
        """The cells the shown keys would take: each key and its words, with Textual's
        spacing (one cell less per key when compact), and the palette's key if shown."""
        app, width, groups, actions = self.app, 0, set(), set()
        for key, (_, binding, _, _) in self.screen.active_bindings.items():
            if not (binding.show or key == app.COMMAND_PALETTE_BINDING):
                continue
            if binding.action in actions:  # one action is shown once, by its first key
                continue
            actions.add(binding.action)
            shown = cell_len(app.get_key_display(binding))
            words = cell_len(binding.description)
            if binding.group is not None and binding.show:  # "+ - Speed": the group's words once
                width += shown + 1
                if binding.group.description not in groups:
                    groups.add(binding.group.description)
                    width += cell_len(binding.group.description) + 1
            elif palette or key != app.COMMAND_PALETTE_BINDING:  # the palette's: if shown
                width += shown + words + (2 if compact else 3)
        return width

    def fit_keys(self) -> None:
        """Close up the keys, then leave out the palette's label, until every key fits."""
        room = (self.size.width or self.app.size.width) - SLACK
        for compact, palette in ((False, True), (True, True), (True, False)):
            if self.keys_width(compact, palette) <= room:
                break
        self.compact, self.show_command_palette = compact, palette


def _layout(shown: tuple[object, ...]) -> tuple[object, ...]:
    """What ``keys_shown`` says, less each key's enabled state and tooltip: when only
    those differ, the same key widgets can stay and be greyed out or back."""
    keys, *switches = shown
    assert isinstance(keys, tuple)
    return tuple((key, binding, display) for key, binding, _, _, display in keys), *switches
