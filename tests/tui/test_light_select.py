"""LightSelect: a Select whose list is mounted only when it first opens."""

from __future__ import annotations

from typing import Any

from support.styles import looks
from textual.app import App, ComposeResult
from textual.widgets import Select
from textual.widgets._select import SelectOverlay

from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.widgets.light_select import FlatCurrent, LightSelect, shown_label

CHOICES = [("one", 1), ("two", 2), ("a rather long third choice", 3)]


class Form(App[None]):
    def __init__(self) -> None:
        super().__init__()
        share_parsed_css(self)
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield LightSelect(CHOICES, value=1, allow_blank=False, compact=True, id="a")
        yield LightSelect(CHOICES, value=2, allow_blank=False, compact=True, id="b")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append((event.select.id, event.value))


def lists(app: App[Any]) -> int:
    return len(app.screen.query(SelectOverlay))


async def test_no_list_is_mounted_until_one_opens_and_keys_choose() -> None:
    app = Form()
    async with app.run_test(size=(40, 12)) as pilot:
        first = app.query_one("#a", LightSelect)
        assert lists(app) == 0 and shown_label(first) == "one"
        assert ("a", 1) in app.changes  # the first value is announced, as by Select
        born = looks(first)  # compact and with a value from the start, not restyled so:
        app.update_styles(first)  # the look Textual's restyle gives
        assert looks(first) == born
        first.focus()
        await pilot.press("space")
        await pilot.pause()
        assert first.expanded and lists(app) == 1 and first.list is not None
        assert first.list.has_focus and first.list.highlighted == 0
        await pilot.press("down", "enter")
        await pilot.pause()
        assert first.value == 2 and not first.expanded and first.has_focus
        assert shown_label(first) == "two" and ("a", 2) in app.changes
        await pilot.press("space")  # the same list again, not a second one
        await pilot.pause()
        assert first.expanded and lists(app) == 1 and first.list.highlighted == 1
        await pilot.press("escape")
        await pilot.pause()
        assert not first.expanded


async def test_a_click_opens_the_list_and_another_chooses() -> None:
    app = Form()
    async with app.run_test(size=(40, 12)) as pilot:
        second = app.query_one("#b", LightSelect)
        await pilot.click("#b")
        await pilot.pause()
        assert second.expanded and second.list is not None and second.list.has_focus
        assert "▲" in second.query_one(FlatCurrent).render().plain
        second.value = 3  # set while open: the list follows
        await pilot.pause()
        assert second.list.highlighted == 2


async def test_a_value_too_long_for_its_field_ends_in_an_ellipsis() -> None:
    app = Form()
    async with app.run_test(size=(16, 12)) as pilot:
        first = app.query_one("#a", LightSelect)
        first.value = 3
        await pilot.pause()
        current = first.query_one(FlatCurrent)
        drawn = current.render().plain
        assert drawn.endswith(" ▼") and "…" in drawn
        assert len(drawn) == current.room + 2


class Blank(App[None]):
    def __init__(self) -> None:
        super().__init__()
        share_parsed_css(self)

    def compose(self) -> ComposeResult:
        yield LightSelect(CHOICES, prompt="pick one", id="blank")


async def test_a_select_that_may_be_blank_shows_its_prompt_before_and_in_its_list() -> None:
    app = Blank()
    async with app.run_test(size=(40, 12)) as pilot:
        select = app.query_one(LightSelect)
        assert select.is_blank() and shown_label(select) == "pick one"
        select.prompt = "choose"  # e.g. the language changed, no list mounted yet
        await pilot.pause()
        assert shown_label(select) == "choose"
        select.focus()
        await pilot.press("space")
        await pilot.pause()
        assert (
            select.list is not None and str(select.list.get_option_at_index(0).prompt) == "choose"
        )
        await pilot.press("down", "enter")
        await pilot.pause()
        assert select.value == 1 and shown_label(select) == "one"
