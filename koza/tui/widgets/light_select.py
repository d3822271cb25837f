"""A ``Select`` that is two widgets until it is opened, for forms with many lists.

Textual's ``Select`` composes six widgets (the current value as a label and two arrows,
and the list it opens) and fills that list when mounted.  The new-game form has 23 of
them, which made opening it cost about half a second of processor time, nearly all of
it these lists.  ``LightSelect`` draws the current value and its arrow itself and
mounts the list only the first time it is opened; it is a ``Select`` in every other
way (``value``, ``Changed``, the keys, the styles), so it is used exactly like one.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay

__all__ = ["LightSelect", "shown_label"]

T = TypeVar("T", bound=Hashable)


class FlatCurrent(SelectCurrent):
    """The current value and the arrow, drawn by this widget instead of three children."""

    COMPONENT_CLASSES = {"flat-current--dim"}
    DEFAULT_CSS = """
    FlatCurrent > .flat-current--dim {
        color: $foreground 50%;
    }
    """

    def compose(self) -> ComposeResult:
        return iter(())

    def update(self, label: object) -> None:
        self.label = label  # type: ignore[assignment]
        self.has_value = not isinstance(label, NoSelection)
        self.refresh(layout=True)

    @property
    def shown(self) -> str:
        """The words this field shows (its value, or the placeholder)."""
        label = self.label
        return self.placeholder if isinstance(label, NoSelection) else str(label)

    @property
    def room(self) -> int:
        """The cells the words have (the last two hold the arrow)."""
        return max(0, self.content_region.width - 2)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1

    def render(self) -> Text:
        dim = self.get_component_rich_style("flat-current--dim")
        select = self.parent
        arrow = "▲" if isinstance(select, Select) and select.expanded else "▼"
        room = self.room
        text = Text(self.shown, style="" if self.has_value else dim, no_wrap=True, end="")
        text.truncate(room, overflow="ellipsis")
        text.pad_right(room - cell_len(text.plain))
        text.append(" " + arrow, style=dim)
        return text

    def _on_click(self, event: events.Click) -> None:  # type: ignore[override]
        event.stop()
        event.prevent_default()  # not SelectCurrent's toggle: the list may not be mounted yet
        select = self.parent
        if isinstance(select, LightSelect):
            select.call_later(select.toggle_list)


class LightSelect(Select[T], Generic[T]):
    """A ``Select`` whose list is mounted the first time it opens."""

    class ListMounted(Message):
        """The list of a select was mounted (once, as it first opens): ``select.list``."""

        def __init__(self, select: LightSelect[Any]) -> None:
            super().__init__()
            self.select = select

    def __init__(self, *args: Any, compact: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if compact:  # as Select sets it, without restyling a select not mounted yet
            self.set_reactive(Select.compact, True)
            self.set_class(True, "-textual-compact", update=False)

    def compose(self) -> ComposeResult:
        current = FlatCurrent(self.prompt)
        if not self._allow_blank:  # it shows a value from the start: styled so at once
            current.set_reactive(SelectCurrent.has_value, True)
            current.set_class(True, "-has-value", update=False)
        yield current

    @property
    def list(self) -> SelectOverlay | None:
        """The list this select opens, once it has been mounted."""
        try:
            return self.query_one(SelectOverlay)
        except NoMatches:
            return None

    async def _mount_overlay(self) -> SelectOverlay:
        overlay = self.list
        if overlay is None:
            overlay = SelectOverlay(type_to_search=self._type_to_search)
            overlay.compact = self.compact
            await self.mount(overlay)
            super()._setup_options_renderables()
            self._highlight(overlay)
            self.post_message(self.ListMounted(self))
        return overlay

    def _highlight(self, overlay: SelectOverlay) -> None:
        for index, (_, value) in enumerate(self._options):
            if value == self.value:
                overlay.highlighted = index
                break

    def _setup_options_renderables(self) -> None:
        if self.list is not None:
            super()._setup_options_renderables()

    def _watch_value(self, value: T | NoSelection) -> None:
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        prompt = next((p for p, v in self._options if v == value), self.NULL)
        current.update(self.NULL if value == self.NULL else prompt)
        overlay = self.list
        if overlay is not None:
            self._highlight(overlay)
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if self.list is not None:
            super()._watch_expanded(expanded)
        for current in self.query(FlatCurrent):
            current.refresh()

    def _watch_prompt(self, prompt: str) -> None:
        if not self.is_mounted or self.list is not None:
            super()._watch_prompt(prompt)
            return
        current = self.query_one(SelectCurrent)  # no list yet: it takes the prompt when made
        current.placeholder = prompt
        if self.value == self.NULL:
            current.update(self.NULL)

    async def toggle_list(self) -> None:
        """Open the list (mounting it the first time) or close it: a click on the value."""
        await self._mount_overlay()
        self.expanded = not self.expanded

    async def action_show_overlay(self) -> None:  # type: ignore[override]
        # awaited by the app before the next key, so "space down" opens and then moves
        await self._mount_overlay()
        super().action_show_overlay()


def shown_label(select: Select[Any]) -> str:
    """The words a ``LightSelect`` shows as its value (or its prompt)."""
    return select.query_one(FlatCurrent).shown
