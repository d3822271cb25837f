"""The scrolling page of the help and rules screens.

Textual restyles a widget and everything inside it whenever it gains or loses the
focus, in case some rule styles the children by their parent's focus.  The help and
rules pages hold the whole rule book (hundreds of Markdown blocks) and no rule styles
them by the page's focus, so restyling the page alone draws exactly the same, and
opening or leaving either screen no longer restyles the book twice.
"""

from __future__ import annotations

from contextlib import suppress

from textual.containers import VerticalScroll
from textual.types import NoActiveAppError

__all__ = ["PageScroll"]


class PageScroll(VerticalScroll):
    """A ``VerticalScroll`` whose focus changes its own look only, never its children's."""

    def watch_has_focus(self, _has_focus: bool) -> None:
        with suppress(NoActiveAppError):  # a page being taken down
            self.app.stylesheet.update_nodes([self], animate=True)
