"""Redrawing only what changed: the table's widgets are told the whole scene after every
move, and most of them show exactly what they showed before.

``SteadyStatic.show_content`` keeps the content it was last given and does nothing when
it is given the same again; when the content did change it asks for a new layout only
if the widget's size follows its content and has changed (``needs_layout``), so a box
whose size the stylesheet fixes, or a line that stays one line, is only repainted.
``SteadyWidget.redraw_for`` does the same for a widget drawn by its own ``render`` (the
hand, the chain), and ``titled`` sets a border's title only when it changes.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def _follows(widget: Widget, dimension: str) -> bool:
    """True when ``widget``'s ``dimension`` (width or height) may follow its content:
    ``auto``, or, to be safe, a fraction of a parent whose own is ``auto`` (Textual measures
    fractions by their content when it works out an ``auto`` parent's size).  Unset, a
    widget fills its parent that way."""
    scalar = getattr(widget.styles, dimension)
    if scalar is None:
        return False
    if scalar.is_auto:
        return True
    parent = widget.parent
    if scalar.is_fraction and isinstance(parent, Widget):
        around = getattr(parent.styles, dimension)
        return around is not None and around.is_auto
    return False


def needs_layout(widget: Widget, height: int) -> bool:
    """Whether ``widget``, with new content, needs a new layout: when it has not been laid
    out yet, when its width follows its content, or when its height does and the content
    laid out at its width is no longer ``height`` rows tall."""
    width = widget.content_size.width
    if not width or _follows(widget, "width"):
        return True
    if _follows(widget, "height"):
        size = widget.app.size
        return widget.get_content_height(size, size, width) != height
    return False


def titled(widget: Widget, title: str, subtitle: str | None = None) -> None:
    """Set ``widget``'s border title (and subtitle, unless None) where they differ from
    what it shows: Textual repaints the whole widget on every assignment, even of the
    same title."""
    if (widget.border_title or "") != title:
        widget.border_title = title
    if subtitle is not None and (widget.border_subtitle or "") != subtitle:
        widget.border_subtitle = subtitle


class SteadyStatic(Static):
    """A ``Static`` that skips an update with the content it already shows."""

    _shown: object = None

    def show_content(self, content: VisualType, same_as: object = None) -> None:
        """Show ``content`` unless it equals what is shown (or ``same_as``, when given,
        equals what was given with it last time: for content with no equality of its own,
        such as a Rich table)."""
        key = content if same_as is None else (same_as,)
        if self._shown is not None and key == self._shown:
            return
        height = self.content_size.height
        super().update(content, layout=False)
        self._shown = key
        if needs_layout(self, height):
            self.refresh(layout=True)

    def showing(self, same_as: object) -> bool:
        """True when the content shown was given with ``same_as``."""
        return self._shown is not None and self._shown == (same_as,)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._shown = None  # shown some other way: the next show_content draws
        super().update(content, layout=layout)


class SteadyWidget(Widget):
    """A widget drawn by its own ``render`` that redraws only when what it draws changed."""

    _shown: object = None

    def redraw_for(self, drawn: object) -> bool:
        """Draw again if ``drawn`` (everything ``render`` draws from, but the widget's
        size) differs from last time, laid out anew only if ``needs_layout``; True if so."""
        if drawn == self._shown:
            return False
        self._shown = drawn
        self.refresh(layout=needs_layout(self, self.content_size.height))
        return True
