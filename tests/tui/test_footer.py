"""koza's footer: the same keys as Textual's, rebuilt only when they change."""

from __future__ import annotations

import pytest
from support.waiting import until
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.widgets.footer import Footer


class Keys(Screen[None]):
    """``p`` is shown greyed out (None) until ``can_pass`` is set; ``u`` is not shown until
    ``shows_undo`` is."""

    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("u", "undo", "Undo"),
    ]
    can_pass = False
    shows_undo = False

    def compose(self) -> ComposeResult:
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.shows_undo  # False: not shown at all
        return (self.can_pass or None) if action == "pass_turn" else True

    def action_draw(self) -> None:
        pass

    def action_pass_turn(self) -> None:
        pass

    def action_undo(self) -> None:
        pass


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        share_parsed_css(self)

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
        screen.refresh_bindings()  # p now works: greyed back in place, nothing rebuilt
        await until(pilot, lambda: not keys()["p"].has_class("-disabled"), "p enabled")
        assert keys() == before and not keys()["p"]._disabled
        screen.can_pass = False
        screen.refresh_bindings()
        await until(pilot, lambda: keys()["p"].has_class("-disabled"), "p greyed out")
        assert keys() == before and keys()["p"]._disabled
        screen.shows_undo = True
        screen.refresh_bindings()  # a key more: the footer is drawn again
        await until(pilot, lambda: "u" in keys(), "the undo key")
        assert keys()["d"] is not before["d"] and keys()["d"].description == "Draw"


async def test_keys_are_born_in_the_footers_compact_style(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A narrow screen closes up the keys: each key is made compact, not restyled so
    once mounted (Textual's keys were restyled twice at every rebuild)."""
    restyled: list[FooterKey] = []
    restyle = FooterKey.update_node_styles

    def counted(key: FooterKey, animate: bool = True) -> None:
        restyled.append(key)
        restyle(key, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", counted)
    app = Host()
    async with app.run_test(size=(12, 10)) as pilot:
        screen = app.screen
        assert isinstance(screen, Keys)
        await until(pilot, lambda: len(screen.query(FooterKey)) >= 2, "the footer's keys")
        assert screen.query_one(Footer).compact
        screen.shows_undo = True
        screen.refresh_bindings()  # rebuilt, still compact
        await until(pilot, lambda: "u" in {k.key for k in screen.query(FooterKey)}, "undo")
        assert all(key.compact and key.has_class("-compact") for key in screen.query(FooterKey))
    assert restyled == []


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


async def test_a_narrower_terminal_closes_up_the_keys_and_a_wider_one_spreads_them() -> None:
    """Found at 80x24 in Georgian: watching opened at 200x50, then the terminal narrowed,
    and the footer kept its wide spacing, cutting off its last key."""
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        screen = app.screen
        assert isinstance(screen, Keys)
        footer = screen.query_one(Footer)
        await until(pilot, lambda: len(screen.query(FooterKey)) >= 2, "the footer's keys")
        assert not footer.compact and footer.show_command_palette
        await pilot.resize_terminal(14, 10)
        await until(pilot, lambda: footer.compact, "the keys closed up")
        await until(
            pilot,
            lambda: all(key.compact for key in screen.query(FooterKey) if key.key != "ctrl+p"),
            "each key made compact",
        )
        await pilot.resize_terminal(80, 10)
        await until(pilot, lambda: not footer.compact and footer.show_command_palette, "spread")
