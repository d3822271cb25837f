"""The table redraws only what changed, and lays out anew only when a size may change."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from rich.text import Text
from support.table import FakeSession, TableApp, settle
from support.waiting import drawn
from textual.app import App, ComposeResult
from textual.widget import Widget

from koza.i18n.strings import t
from koza.tui.language import speak
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.board import Board
from koza.tui.table.chain import ChainView
from koza.tui.table.hand import HandView
from koza.tui.table.scene import scene_from_state
from koza.tui.widgets.steady import SteadyStatic, titled


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def count_refreshes(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, bool]]:
    """Every widget refresh from now on, by widget (class#id) and whether it asked for a layout."""
    seen: Counter[tuple[str, bool]] = Counter()
    refresh = Widget.refresh

    def counted(self: Widget, *regions: Any, layout: bool = False, **kw: Any) -> Any:
        seen[f"{type(self).__name__}#{self.id}", layout] += 1
        return refresh(self, *regions, layout=layout, **kw)

    monkeypatch.setattr(Widget, "refresh", counted)
    return seen


class Lines(App[None]):
    CSS = "#auto { height: auto; } #fixed { height: 3; }"

    def __init__(self) -> None:
        super().__init__()
        share_parsed_css(self)

    def compose(self) -> ComposeResult:
        yield SteadyStatic("one line", id="auto")
        yield SteadyStatic("one line", id="fixed")


async def test_the_same_content_again_draws_nothing_and_a_new_size_lays_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Lines()
    async with app.run_test(size=(40, 10)) as pilot:
        auto, fixed = app.query_one("#auto", SteadyStatic), app.query_one("#fixed", SteadyStatic)
        auto.show_content(Text("one line"))
        fixed.show_content(Text("one line"))
        await pilot.pause()
        seen = count_refreshes(monkeypatch)
        auto.show_content(Text("one line"))
        fixed.show_content(Text("one line"))
        titled(auto, "")
        assert seen == Counter()  # nothing changed: not even a repaint
        auto.show_content(Text("another line"))
        fixed.show_content(Text("first\nsecond"))
        assert seen[("SteadyStatic#auto", True)] == 0  # still one line: repainted only
        assert seen[("SteadyStatic#fixed", True)] == 0  # its height is the stylesheet's
        auto.show_content(Text("first\nsecond"))
        assert seen[("SteadyStatic#auto", True)] == 1  # two lines now: laid out
        await pilot.pause()
        assert (auto.size.height, fixed.size.height) == (2, 3)
        assert "second" in str(auto.render()) and "second" in str(fixed.render())
        auto.update("set some other way")  # forgets what it showed: the next show draws
        auto.show_content(Text("first\nsecond"))
        await pilot.pause()
        assert "second" in str(auto.render())


async def test_the_board_shown_the_same_scene_again_draws_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=3)
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        scene = board.scene
        assert scene is not None
        board.show(scene, active=True)
        seen = count_refreshes(monkeypatch)
        board.show(scene, active=True)
        assert seen == Counter()
        board.show(scene, active=True, selected=0)  # the first tile picked: the hand only
        assert set(seen) <= {("HandView#hand", False), ("ChainView#chain", False)}
        assert seen[("HandView#hand", False)] == 1


class Table(App[None]):
    def __init__(self) -> None:
        super().__init__()
        share_parsed_css(self)

    def compose(self) -> ComposeResult:
        yield Board()


async def test_a_language_switch_redraws_the_chain_and_the_hand() -> None:
    scene = scene_from_state(FakeSession(["Ann", "Bob"], seed=3).game.state, me=0)
    assert not scene.chain  # the chain says in words who leads
    app = Table()
    async with app.run_test(size=(100, 30)) as pilot:
        board, hand = app.query_one(Board), app.query_one(HandView)
        board.show(scene)
        hand.show(())  # an empty hand says so in words
        english = await drawn(pilot, t("table.hand_empty"))
        speak("ru")
        hand.show(())  # the very same hand, then scene, as a switch of language shows them
        await drawn(pilot, t("table.hand_empty"))
        board.show(scene)
        await pilot.pause()
        said = str(app.query_one(ChainView).render())  # who leads, in words
        assert re.search("[а-яё]{4}", said) and said[:20] not in english
        assert said[:20] in await drawn(pilot, said[:20])
