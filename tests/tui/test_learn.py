"""koza learn at the real table: every lesson walked with the real keys, a wrong move and
then the right one at each step, in English and Russian; progress kept; back and skip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.waiting import drawn, until
from textual.command import CommandPalette
from textual.widgets import Input

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles
from koza.core.tiles import parse_tile
from koza.i18n.strings import t
from koza.lessons.book import LESSON_IDS
from koza.lessons.course import Verdict, command, judge
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.learn.lesson_list import LessonListScreen
from koza.tui.learn.lesson_screen import LessonScreen
from koza.tui.screens.menu import ENTRIES, MenuScreen
from koza.tui.screens.message import MessageScreen
from koza.tui.table.hint_panel import HintPanel
from koza.tui.widgets.dialogs import RoundOverScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("KOZA_BOT_DELAY", "0")
    yield
    speak("en")


def settings(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "koza-settings.json").read_text())


async def press_for(pilot: Any, screen: LessonScreen, cmd: Command) -> None:
    """Make ``cmd`` with the table's own keys: select the tile, then Enter, [ or ]."""
    if isinstance(cmd, Draw):
        await pilot.press("d")
    elif isinstance(cmd, Pass):
        await pilot.press("p")
    elif isinstance(cmd, PlayDoubles):
        await pilot.press("w")
    else:
        hand = list(screen.hand())
        while screen.selected_tile() != cmd.tile:
            await pilot.press("right")
        keys = {"open": "enter", "left": "left_square_bracket", "right": "right_square_bracket"}
        await pilot.press(keys[cmd.end])
        assert cmd.tile in hand


def a_wrong_move(screen: LessonScreen) -> Command:
    """A move the step does not want: refused by the rules if there is one, else allowed."""
    game = screen.session.game
    step = screen.step
    assert step is not None
    sc = screen.scene()
    ends = ("open",) if not sc.chain else ("left", "right")
    tries: list[Command] = [Pass(), Draw()]
    tries += [Play(tile, end) for tile in sc.my_hand for end in ends]
    wrong = [c for c in tries if judge(step, game, c) is not Verdict.RIGHT]
    refused = [c for c in wrong if judge(step, game, c) is Verdict.REFUSED]
    return (refused or wrong)[0]


async def settle(pilot: Any, app: KozaApp, screen: LessonScreen) -> None:
    """Wait until the learner may move again, closing the round's dialogs on the way."""

    def ready() -> bool:
        return isinstance(app.screen, RoundOverScreen | MessageScreen) or (
            app.screen is screen and (screen.finished or screen.my_turn())
        )

    while True:
        await until(pilot, ready, "the learner's turn or a dialog")
        if isinstance(app.screen, RoundOverScreen | MessageScreen):
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, RoundOverScreen), "closed")
            continue
        return


async def walk_step(pilot: Any, app: KozaApp, screen: LessonScreen) -> None:
    """A wrong move first (explained, not played), then the right one (praised)."""
    step = screen.step
    assert step is not None
    game = screen.session.game
    seen = len(game.events)
    wrong = a_wrong_move(screen)
    await press_for(pilot, screen, wrong)
    await until(pilot, lambda: screen.error and screen.message, "the wrong move explained")
    hint = t(step.hint, tile=step.expect[0].split()[0])
    assert hint in screen.message
    if judge(step, game, wrong) is Verdict.REFUSED:
        assert screen.message.startswith(t("learn.refused", reason="")[:6])
    else:
        assert screen.message.startswith(t("learn.other"))
    assert len(game.events) == seen  # nothing was played
    await press_for(pilot, screen, command(game, step.expect[0]))
    praises = {t(f"learn.praise_{n}") for n in (1, 2, 3)}
    await until(pilot, lambda: screen.praise in praises, "the praise")
    await settle(pilot, app, screen)


async def play_the_free_round(pilot: Any, app: KozaApp, screen: LessonScreen) -> None:
    """The last lesson's whole round: hints on, the learner's moves by keys until it ends."""
    assert screen.hint_record.on(0) and screen.query(HintPanel)
    while not screen.finished:
        await settle(pilot, app, screen)
        if screen.finished:
            break
        assert screen.can_hint()
        await press_for(pilot, screen, screen.session.game.legal_moves()[0])


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_lesson_walked_with_wrong_and_right_moves(tmp_path: Path, lang: str) -> None:
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await app.set_language(lang)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons")
        await pilot.press("1")
        for number in range(len(LESSON_IDS)):
            await until(pilot, lambda: isinstance(app.screen, LessonScreen), "a lesson")
            screen = app.screen
            assert isinstance(screen, LessonScreen) and screen.number == number
            await drawn(pilot, t(screen.lesson.title))
            while True:
                if screen.part.free:
                    await drawn(pilot, t("learn.goat.round")[:30])
                    await play_the_free_round(pilot, app, screen)
                else:
                    while not screen.finished:
                        await walk_step(pilot, app, screen)
                if screen.part is screen.lesson.parts[-1]:
                    break
                await pilot.press("n")  # the next part of the lesson
                await until(pilot, lambda s=screen: app.screen is not s, "the next part")
                screen = app.screen
                assert isinstance(screen, LessonScreen)
            assert screen.lesson.id in settings(tmp_path)["learn"]["done"]
            last = number == len(LESSON_IDS) - 1
            await drawn(pilot, t("learn.course_done" if last else "learn.lesson_done")[:24])
            await pilot.press("n")
            await until(pilot, lambda s=screen: app.screen is not s, "the next lesson")
        assert isinstance(app.screen, LessonListScreen)  # after the last lesson: the list
        assert settings(tmp_path)["learn"]["done"] == list(LESSON_IDS)
        await drawn(pilot, "✓ " + t("learn.goat.title"))


def palette_searched(app: KozaApp) -> bool:
    """The command palette has found what was typed (its search is a worker)."""
    palette = app.screen
    searching = [w for w in app.workers if w.node is palette and not w.is_finished]
    return isinstance(palette, CommandPalette) and palette._list_visible and not searching


async def test_learn_to_play_is_the_menus_first_entry_with_a_key(tmp_path: Path) -> None:
    assert ENTRIES[0] == ("l", "menu.learn", "learn")
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await drawn(pilot, t("menu.learn"))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        await pilot.press("ctrl+p")  # the palette finds it too
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        app.screen.query_one(Input).value = "learn"
        await pilot.pause()
        await until(pilot, lambda: palette_searched(app), "the search")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons again")


async def test_step_back_and_skip_ahead_rebuild_the_position(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LessonScreen(0, 0, delay=0))
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "lesson 1")
        first = app.screen
        await until(pilot, lambda: first.is_mounted and first.my_turn(), "the learner's turn")
        await pilot.press("h")  # no hints in a scripted lesson: the bar is the hint
        await until(pilot, lambda: first.message == t("learn.no_hints"), "why no hint")
        await pilot.press("a")  # no auto-play in a lesson: the forced 6-6 waits for Enter
        await pilot.pause()
        assert not first.auto_forced and not first.session.game.state.chain
        await pilot.press("n")
        await until(pilot, lambda: app.screen is not first, "step 2")
        second = app.screen
        assert isinstance(second, LessonScreen) and second.place == 1
        assert len(second.session.game.state.chain) == 2  # 6-6 and the bot's 6-1
        await drawn(pilot, t("learn.tiles.2")[:40])
        await pilot.press("b")
        await until(pilot, lambda: app.screen is not second, "step 1 again")
        again = app.screen
        assert isinstance(again, LessonScreen) and again.place == 0
        assert not again.session.game.state.chain
        await pilot.press("b")  # at the very start, back is the same place again
        await until(pilot, lambda: app.screen is not again, "step 1 once more")
        assert isinstance(app.screen, LessonScreen) and app.screen.place == 0


async def test_progress_is_remembered_and_the_list_goes_on_from_it(tmp_path: Path) -> None:
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons")
        await pilot.press("3")  # two doubles: do its first step, then leave
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "lesson 3")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await press_for(pilot, screen, command(screen.session.game, "6-4 left"))
        await until(pilot, lambda: screen.step_no == 1 and screen.my_turn(), "step 2")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
    assert settings(tmp_path)["learn"] == {"done": [], "lesson": "doubles", "place": 1}
    again = KozaApp(tmp_path, remember_theme=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await drawn(pilot, "▸ " + t("learn.doubles.title"))
        await pilot.press("enter")  # the highlighted lesson, at the remembered step
        await until(pilot, lambda: isinstance(again.screen, LessonScreen), "lesson 3 again")
        screen = again.screen
        assert isinstance(screen, LessonScreen) and (screen.number, screen.place) == (2, 1)
        await drawn(pilot, t("learn.doubles.2")[:30])


async def test_the_house_rules_reach_the_lessons(tmp_path: Path) -> None:
    setup = {"players": 2, "rules": {"double_play": "off", "blank_double_points": "10"}}
    (tmp_path / "koza-settings.json").write_text(json.dumps({"new_game": setup}))
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons")
        await pilot.press("3")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "lesson 3")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        rules = screen.session.game.state.rules
        assert (rules.double_play, rules.blank_double_points) == ("off", 10)
        assert screen.lesson.parts[0].steps[1].say == "learn.doubles.2_off"


@pytest.mark.parametrize(
    ("lead", "opens", "second"),
    [("one_one", "1-1", "4-4"), ("lowest_double", "3-3", "6-5")],
)
async def test_the_lead_lesson_teaches_the_houses_first_lead(
    tmp_path: Path, lead: str, opens: str, second: str
) -> None:
    setup = {"players": 2, "rules": {"first_lead": lead}}
    (tmp_path / "koza-settings.json").write_text(json.dumps({"new_game": setup}))
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the lessons")
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "lesson 2")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        game = screen.session.game
        assert game.state.rules.first_lead == lead
        step = screen.step
        assert step is not None
        await drawn(pilot, t(step.say)[:30])
        await until(pilot, screen.my_turn, "the learner's turn")
        await press_for(pilot, screen, Play(parse_tile("5-5"), "open"))  # the highest double
        await until(pilot, lambda: screen.error and screen.message, "the wrong lead explained")
        assert screen.message.startswith(t("learn.refused", reason="")[:6])
        assert screen.message.endswith(t(step.hint)) and opens in screen.message
        assert not game.state.chain  # refused: nothing was played
        await press_for(pilot, screen, Play(parse_tile(opens), "open"))
        await until(pilot, lambda: screen.finished, "the part's end")
        assert [p.tile for p in game.state.chain] == [parse_tile(opens)]
        await drawn(pilot, t(screen.part.done)[:30])
        await pilot.press("n")  # the second deal: the rule's other case
        await until(pilot, lambda: app.screen is not screen, "the second part")
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.step is not None
        await until(pilot, screen.my_turn, "the learner's turn")
        await walk_step(pilot, app, screen)
        chain = screen.session.game.state.chain
        assert [p.tile for p in chain] == [parse_tile(second)]
