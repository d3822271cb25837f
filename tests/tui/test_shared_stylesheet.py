"""Apps in one process parse each piece of CSS once, and still get the rules of their theme."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import textual.css.stylesheet as textual_stylesheet
from textual.app import ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Static

from koza.tui.app import KozaApp
from koza.tui.screens.menu import MenuScreen
from koza.tui.services import Services
from koza.tui.shared_stylesheet import SharedParseStylesheet

SIZE = (80, 24)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each CSS text Textual parses from now on (the shared store starts empty)."""
    monkeypatch.setattr(SharedParseStylesheet, "_parsed", {})
    seen: list[str] = []
    parse = textual_stylesheet.parse

    def counted(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counted)
    return seen


def rules_of(sheet: Stylesheet) -> list[tuple[object, ...]]:
    """Every rule of ``sheet``: its selectors, declarations (layouts compare by their
    repr) and precedence."""
    return [
        (
            rule.selectors,
            sorted((name, repr(value)) for name, value in rule.styles.get_rules().items()),
            rule.is_default_rules,
            rule.tie_breaker,
        )
        for rule in sheet.rules
    ]


def plain_copy(sheet: Stylesheet) -> Stylesheet:
    """The same sources and variables in Textual's own stylesheet, parsed afresh."""
    plain = Stylesheet(variables=dict(sheet._variables))
    for read_from, source in sheet.source.items():
        plain.add_source(
            source.content,
            read_from=read_from,
            is_default_css=source.is_defaults,
            tie_breaker=source.tie_breaker,
            scope=source.scope,
        )
    plain.parse()
    return plain


async def test_a_second_app_parses_no_css_and_has_the_same_rules(
    tmp_path: Path, parses: list[str]
) -> None:
    first = KozaApp(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the new-game form brings its widgets' CSS too
        await pilot.pause()
    assert isinstance(first.stylesheet, SharedParseStylesheet)
    parsed_by_first = len(parses)
    assert parsed_by_first > 0
    second = KozaApp(tmp_path)
    async with second.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert len(parses) == parsed_by_first  # nothing parsed again
        assert rules_of(second.stylesheet) == rules_of(plain_copy(second.stylesheet))


async def test_another_theme_parses_again_with_its_own_colours(
    tmp_path: Path, parses: list[str]
) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        background = app.screen.styles.background
        parsed = len(parses)
        app.theme = "gruvbox" if app.theme != "gruvbox" else "nord"
        await pilot.pause()
        assert len(parses) > parsed  # the theme's variables give other rules
        assert app.screen.styles.background != background
        assert rules_of(app.stylesheet) == rules_of(plain_copy(app.stylesheet))


class NewCssScreen(Screen[None]):
    """A screen bringing CSS no other screen has."""

    CSS = "#new-css-line { color: red; }"

    def compose(self) -> ComposeResult:
        yield Static("new", id="new-css-line")


async def test_a_screen_with_new_css_parses_only_that_css(
    tmp_path: Path, parses: list[str]
) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(parses)
        await app.push_screen(NewCssScreen())  # Textual re-parses the sheet with it
        await pilot.pause()
        assert parses[before:] == [NewCssScreen.CSS]
        assert rules_of(app.stylesheet) == rules_of(plain_copy(app.stylesheet))
        assert app.screen.query_one("#new-css-line").styles.color.rgb == (255, 0, 0)


async def test_resuming_reads_the_tables_css_before_styling_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    css = tmp_path / "stub_table.tcss"
    css.write_text("#stub-cell { width: 7; }")

    class StubTable(Screen[None]):
        CSS_PATH = str(css)

        def __init__(self, session: object) -> None:
            super().__init__()

        def compose(self) -> ComposeResult:
            yield Static("table", id="stub-cell")

    reparses: list[int] = []
    reparse = SharedParseStylesheet.reparse

    def counted(sheet: SharedParseStylesheet) -> None:
        reparses.append(1)
        reparse(sheet)

    monkeypatch.setattr(SharedParseStylesheet, "reparse", counted)
    app = KozaApp(tmp_path, services=Services(table=StubTable), session=object())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StubTable)
        assert isinstance(app.screen_stack[-2], MenuScreen)
        assert app.screen.query_one("#stub-cell").styles.width is not None
        assert app.screen.query_one("#stub-cell").styles.width.value == 7
        assert reparses == []  # the menu and the table were each styled once
