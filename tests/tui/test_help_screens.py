"""Help per screen (issue 10 item 9): the keys of the screen you are on come first, keys of
one mode only under that mode; the menu's Rules opens the rule book; ``r`` at the table
shows the rules of that game."""

from __future__ import annotations

from pathlib import Path

from textual.widget import Widget
from textual.widgets import Markdown

from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.i18n.strings import t
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.screens.help import HelpScreen, keys_markdown, table_sections
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.table.screen import TableScreen
from koza.tui.watch.screen import WatchScreen
from koza.tui.widgets.rules_screen import RulesScreen, house_rules_markdown

SIZE = (80, 24)


def sections(markdown: str) -> list[str]:
    """The ``## `` headings of a keys page, in order."""
    return [line[3:] for line in markdown.splitlines() if line.startswith("## ")]


def section(markdown: str, title: str) -> str:
    """The lines of one ``## title`` section."""
    return markdown.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def styles_within(widget: Widget) -> list[object]:
    """The style rules of ``widget`` and of every widget inside it."""
    return [node.styles.get_rules() for node in widget.walk_children(with_self=True)]


def descriptions(found: list[tuple[str, list[object]]]) -> dict[str, set[str]]:
    return {title: {getattr(b, "description", "") for b in keys} for title, keys in found}


def test_table_keys_are_listed_under_their_mode() -> None:
    playing = descriptions(table_sections(TableScreen, watching=False))
    assert list(playing) == [t("help.turn_keys"), t("help.table_keys")]
    assert t("table.key_draw") in playing[t("help.turn_keys")]
    assert t("table.key_rules") in playing[t("help.table_keys")]
    assert t("table.key_pause") not in set().union(*playing.values())
    watching = descriptions(table_sections(WatchScreen, watching=True))
    assert list(watching) == [t("help.watch_keys"), t("help.table_keys")]
    assert {t("table.key_pause"), t("key.next_game")} <= watching[t("help.watch_keys")]
    assert t("table.key_draw") not in set().union(*watching.values())


async def test_help_shows_the_keys_of_the_screen_it_was_opened_on(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        page = keys_markdown(app, app.screen.under)
        assert sections(page) == [t("help.menu_keys"), t("help.global_keys")]
        await pilot.press("question_mark")  # ? again closes it
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("n", "f1")
        assert isinstance(app.screen, HelpScreen) and isinstance(app.screen.under, NewGameScreen)
        page = keys_markdown(app, app.screen.under)
        assert sections(page)[0] == t("new.title")
        assert t("key.defaults") in section(page, t("new.title"))
        await pilot.press("escape")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # start: you against one bot
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("f1")
        page = keys_markdown(app, table)
        assert sections(page) == [t("help.turn_keys"), t("help.table_keys"), t("help.global_keys")]
        assert t("table.key_draw") in section(page, t("help.turn_keys"))
        assert t("table.key_pause") not in page  # a watching key, not for this table
        shown = app.screen.query_one("#help-keys", Markdown).source
        assert shown == page


async def test_the_menu_rules_entry_opens_the_rule_book(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, RulesScreen)
        book = app.screen.query_one("#rule-book", Markdown).source or ""
        assert book.startswith("# Kozel") and not app.screen.query("#help-keys")
        assert not app.screen.query("#house-rules")  # no game: no house rules
        page = app.screen.query_one("#rules-scroll")
        for focused in (True, False):  # the page restyles only itself on focus: the same look
            app.screen.set_focus(page if focused else None)
            await pilot.pause()
            assert page.has_focus is focused
            kept = styles_within(page)
            app.update_styles(page)  # what Textual does on focus: the page and all within it
            assert styles_within(page) == kept
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_r_at_the_table_shows_the_rules_of_this_game(tmp_path: Path) -> None:
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="bot", bot="random")]
    rules = RuleSet(target=51, double_play="off")
    session = Session.create(seats, rules=rules, seed=3, save_dir=tmp_path)
    app = KozaApp(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen) and app.screen.rules == rules
        house = app.screen.query_one("#house-rules", Markdown).source or ""
        rows = [line for line in house.splitlines() if line.startswith("- ")]
        assert rows[0] == "- **Two doubles at once: not allowed** (default: allowed)"
        assert rows[1] == "- **Goat at: 51** (default: 101)"
        assert rows[2] == "- Tiles per hand: 7 for two players, 5 for more"
        assert len(rows) == len(RuleSet.model_fields) and "**" not in "".join(rows[2:])
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


def test_house_rules_of_a_default_game_say_so() -> None:
    assert t("rules.all_defaults") in house_rules_markdown(RuleSet())
    assert t("rules.changed_one") in house_rules_markdown(RuleSet(target=51))
    assert t("rules.changed", n=2) in house_rules_markdown(RuleSet(target=51, redeal="bad_hand"))
