"""koza's footer: the same keys as Textual's, rebuilt only when they change."""

from __future__ import annotations

import pytest
from support.waiting import until
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from koza.tui.widgets.footer import Footer


class Keys(Screen[None]):
    """Two keys; ``p`` is shown greyed out (None) until ``can_pass`` is set."""

    BINDINGS = [Binding("d", "draw", "Draw"), Binding("p", "pass_turn", "Pass")]
    can_pass = False

    def compose(self) -> ComposeResult:
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return (self.can_pass or None) if action == "pass_turn" else True

    def action_draw(self) -> None:
        pass

    def action_pass_turn(self) -> None:
        pass


class Host(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Keys())


async def test_the_footer_keeps_its_keys_until_they_change() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, Keys)

        def keys() -> dict[str, FooterKey]:
            return {key.key: key for key in screen.query(FooterKey)}

        await until(pilot, lambda: {"d", "p"} <= set(keys()), "the footer's keys")
        before = keys()
        assert before["p"].has_class("-disabled") and not before["d"].has_class("-disabled")
        screen.refresh_bindings()  # nothing changed: the very same key widgets stay
        await pilot.pause()
        await pilot.pause()
        assert keys() == before
        screen.can_pass = True
        screen.refresh_bindings()  # p now works: the footer is drawn again
        await until(pilot, lambda: not keys()["p"].has_class("-disabled"), "p enabled")
        assert keys()["d"] is not before["d"] and keys()["d"].description == "Draw"


async def test_the_footer_shows_its_keys_from_the_start_without_rebuilding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rebuilt: list[Footer] = []
    recompose = Footer.recompose

    async def counted(footer: Footer) -> None:
        rebuilt.append(footer)
        await recompose(footer)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert {"d", "p"} <= {key.key for key in screen.query(FooterKey)}  # at its mount
        screen.refresh_bindings()  # the screen's first word on its keys: the same keys
        await pilot.pause()
        await pilot.pause()
        assert {"d", "p"} <= {key.key for key in screen.query(FooterKey)}
        assert rebuilt == []
