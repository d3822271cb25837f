"""The new-game form and the keyboard (issue 10 item 5): every field visibly focused and
reached in order with Tab, rule options in words, the bot-level list clear of the help."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from support.waiting import until
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static

from koza.bots import BOT_DESCRIPTIONS, BOT_LEVELS
from koza.core.rules import RuleSet, describe
from koza.i18n.strings import t
from koza.tui.app import KozaApp
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.services import Services
from koza.tui.settings import read_settings
from koza.tui.widgets.light_select import FlatCurrent, shown_label

SIZE = (80, 24)
FIELDS = (Select, Input, Button)


class StubTable(Screen[None]):
    """Stands in for the table: these tests end where the game starts."""

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session


def looks(widget: Any) -> tuple[object, ...]:
    """What a field looks like: its colours and text style (a Select's shown part)."""
    shown = widget.query_one("SelectCurrent") if isinstance(widget, Select) else widget
    style = shown.rich_style
    return style.bgcolor, style.color, style.bold, style.reverse


def row_label(widget: Any) -> Label:
    return widget.parent.query_one(".new-label", Label)


async def restyled(pilot: Any, done: Callable[[], bool]) -> None:
    """Let the app restyle after a focus change (a busy machine takes a few frames)."""
    await until(pilot, done, "the restyle")


async def open_form(app: KozaApp, pilot: Any) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_tab_reaches_every_field_in_order_and_nothing_else(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(app, pilot)
        chain = screen.focus_chain
        assert all(isinstance(w, FIELDS) for w in chain), [type(w).__name__ for w in chain]
        form = [w for w in chain if not isinstance(w, Button)]
        assert [(w.region.y, w.region.x) for w in form] == sorted(
            (w.region.y, w.region.x) for w in form
        )  # top to bottom, left to right: the order the eye reads
        start = chain.index(screen.query_one("#start"))
        assert app.focused is chain[start]  # Enter alone starts
        seen = []
        for _ in range(len(chain)):
            await pilot.press("tab")
            seen.append(app.focused)
        assert seen == [*chain[start + 1 :], *chain[: start + 1]]
        await pilot.press("shift+tab")
        assert app.focused is seen[-2]


async def test_the_focused_field_stands_out(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(app, pilot)
        for widget in [w for w in screen.focus_chain if not isinstance(w, Button)]:
            screen.query_one("#start").focus()
            await restyled(pilot, lambda w=widget: not row_label(w).rich_style.bold)
            before, label_before = looks(widget), row_label(widget).rich_style.bold
            widget.focus()
            await restyled(pilot, lambda w=widget: bool(row_label(w).rich_style.bold))
            after = looks(widget)
            assert after[0] != before[0] and after[2], widget.id  # a new background, bold
            assert row_label(widget).rich_style.bold and not label_before, widget.id
        for button in screen.query(Button):
            button.focus()
            await restyled(pilot, lambda b=button: bool(looks(b)[3]))
            assert looks(button)[3], button.id  # reversed


async def test_rule_options_are_shown_in_words(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(app, pilot)
        labels = [str(w.render()) for w in screen.query(".rule-name").results(Label)]
        assert labels == [describe(name).title for name in RuleSet.model_fields]
        assert "hand_size" not in labels and "open_mode" not in labels
        assert shown_label(screen.query_one("#rule-hand_size", Select)) == describe(
            "hand_size"
        ).say("by_players")
        teams = screen.query_one("#rule-teams", Select)
        teams.value = "pairs"
        await pilot.pause()
        assert shown_label(teams) == "seats 0+2 against 1+3"
        assert screen.options()["teams"] == "pairs"  # the value stays the rule's own
        screen.query_one("#rule-open_threshold", Input).focus()
        await pilot.pause()
        help_line = str(screen.query_one("#field-help", Static).render())
        assert help_line.startswith(describe("open_threshold").title)
        assert "Default: 13" in help_line


async def test_the_bot_level_list_keeps_clear_of_the_help_and_names_whole(
    tmp_path: Path,
) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(app, pilot)
        level = screen.query_one("#level-1", Select)
        level.value = "montecarlo:strong"
        await pilot.pause()
        assert level.query_one(FlatCurrent).room >= len("montecarlo:strong")
        assert shown_label(level) == "montecarlo:strong"
        level.focus()
        await pilot.press("space", "up")  # space opens a list (Enter starts the game)
        overlay = level.query_one(OptionList)
        assert overlay.has_focus and overlay.region.height >= len(BOT_LEVELS)
        help_line = screen.query_one("#field-help", Static)
        assert not overlay.region.overlaps(help_line.region)
        assert str(help_line.render()) == f"montecarlo: {BOT_DESCRIPTIONS['montecarlo']}"
        assert all(len(str(o.prompt)) <= overlay.region.width for o in overlay.options)
        await pilot.press("escape")
        assert str(help_line.render()).startswith("montecarlo:strong: ")
        assert t("new.title") == screen.title


def test_new_game_form_with_a_focused_rule_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """Four players in pairs, the focus on a rule: its row lit, its help line on top."""

    async def fill_in(pilot: Any) -> None:
        await pilot.press("n")
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("#players", Select).value = 4
        screen.query_one("#level-3", Select).value = "montecarlo:strong"
        screen.query_one("#rule-teams", Select).value = "pairs"
        screen.query_one("#rule-hand_size", Select).focus()
        await pilot.pause()

    app = KozaApp(tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=fill_in)


async def test_the_last_setup_is_offered_again_next_time(tmp_path: Path) -> None:
    stub = Services(table=StubTable)
    app = KozaApp(tmp_path, services=stub, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "gruvbox"
        screen = await open_form(app, pilot)
        screen.query_one("#players", Select).value = 3
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#level-2", Select).value = "montecarlo:strong"
        screen.query_one("#rule-target", Input).value = "51"
        screen.query_one("#rule-open_mode", Select).value = "carry"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
    kept = read_settings(tmp_path / "koza-settings.json")
    assert kept["theme"] == "gruvbox" and kept["new_game"]["players"] == 3
    again = KozaApp(tmp_path, services=stub, remember_theme=True)
    async with again.run_test(size=SIZE) as pilot:
        screen = await open_form(again, pilot)
        seats, rules, seed = screen.collect()
        assert [(s.name, s.bot) for s in seats] == [
            ("Ann", None),
            ("Bot 1", "greedy"),
            ("Bot 2", "montecarlo:strong"),
        ]
        assert rules == RuleSet(target=51, open_mode="carry") and seed is None
        assert again.theme == "gruvbox"
        await pilot.press("ctrl+r")  # the defaults are one key away
        assert screen.collect()[1] == RuleSet()
    headless = KozaApp(tmp_path, services=stub)  # tests never pick up a kept setup
    async with headless.run_test(size=SIZE) as pilot:
        assert (await open_form(headless, pilot)).collect()[1] == RuleSet()


async def test_a_broken_kept_setup_is_ignored_field_by_field(tmp_path: Path) -> None:
    import json

    setup = {
        "players": "many",
        "seats": [{"kind": "alien", "name": 7, "level": "wizard"}, "x"],
        "rules": {"target": "77", "hand_size": "nine", "colour": "red"},
    }
    (tmp_path / "koza-settings.json").write_text(json.dumps({"new_game": setup}))
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(app, pilot)
        seats, rules, _ = screen.collect()
        assert [(s.kind, s.name) for s in seats] == [("human", "7"), ("bot", "Bot 1")]
        assert rules == RuleSet(target=77)
    (tmp_path / "koza-settings.json").write_text("[1, 2")
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        assert (await open_form(app, pilot)).collect()[1] == RuleSet()
