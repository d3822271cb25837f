"""Every text a lesson shows is whole at 80x24, in each language: the lesson bar (its title,
what to do in one or two lines, a part's end in up to three), and the status line after any
wrong move (up to three lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from support.waiting import until
from textual.widgets import Button, Static

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import DOUBLE_OF, parse_tile
from koza.i18n.strings import t
from koza.lessons.book import lessons
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.learn.lesson_screen import LessonScreen, wrong_move_text
from koza.tui.screens.message import MessageScreen
from koza.tui.widgets.dialogs import RoundOverScreen

WIDTH = 78  # 80 columns less the bar's and the status line's padding
LINES = 3
CONSOLE = Console(width=200)
HOUSES = (  # every text a lesson can show: each first lead, two doubles at once or not
    RuleSet(),
    RuleSet(double_play="off"),
    RuleSet(first_lead="one_one"),
    RuleSet(first_lead="lowest_double"),
    RuleSet(first_lead="lowest_double", double_play="off"),
)


@pytest.fixture(autouse=True)
def english_afterwards() -> Any:
    yield
    speak("en")


def lines(text: str) -> int:
    return len(Text(text).wrap(CONSOLE, WIDTH))


def every_move(game: Game) -> list[Command]:
    """Every move a learner could try now, legal or not."""
    state = game.state
    r = state.round
    assert r is not None
    hand = [x for x in range(28) if r.hands[0] >> x & 1]
    ends = ("open",) if r.left < 0 else ("left", "right")
    moves: list[Command] = [Draw(), Pass()]
    moves += [Play(tile, end) for tile in hand for end in ends]
    if r.left >= 0:
        moves.append(PlayDoubles(DOUBLE_OF[r.left], DOUBLE_OF[r.right]))
    return moves


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
def test_every_lesson_text_is_whole_at_80x24(lang: str) -> None:
    speak(lang)
    too_long: list[tuple[str, int, str]] = []
    for house in HOUSES:
        for number, lesson in enumerate(lessons(house)):
            for place in range(len(lesson.places)):
                screen = LessonScreen(number, place, house=house, seed=1, delay=0)
                shown = [screen.lesson_text()]
                if lines(shown[0]) > 2:  # what to do: in one or two lines
                    too_long.append((lesson.id, place, shown[0]))
                step = screen.step
                if step is not None:
                    game = screen.session.game
                    shown += [wrong_move_text(step, game, cmd) for cmd in every_move(game)]
                screen.finished = True
                shown.append(screen.lesson_text())
                too_long += [(lesson.id, place, x) for x in shown if lines(x) > LINES]
                if cell_len(screen.bar_title()) > WIDTH - 4:
                    too_long.append((lesson.id, place, screen.bar_title()))
    assert too_long == []


async def test_the_bar_and_the_status_line_are_78_columns_at_80x24(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LessonScreen(4, 0, delay=0))  # the fish: the longest chain
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson")
        screen = app.screen
        await until(pilot, lambda: screen.query("#lesson") and screen.is_mounted, "composed")
        bar, status = screen.query_one("#lesson"), screen.query_one("#status")
        await until(pilot, lambda: bar.content_size.height > 1, "laid out")
        assert bar.content_size.width == WIDTH and status.content_size.width == WIDTH
        needed = lines(str(screen.lesson_text()))
        assert (bar.content_size.height, bar.outer_size.height) == (needed, needed + 1)  # + title
        assert t("learn.fish.1")[:20] in str(bar.render())


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
async def test_the_longest_story_of_a_count_is_whole_at_80x24(tmp_path: Path, lang: str) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_language(lang)
        app.push_screen(LessonScreen(4, 2, delay=0))  # the fish: both hands counted
        await until(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson")
        screen = app.screen
        await until(pilot, lambda: screen.is_mounted and screen.my_turn(), "the learner's turn")
        screen.play(Play(parse_tile("5-0"), "right"))
        await until(pilot, lambda: isinstance(app.screen, RoundOverScreen), "the round's end")
        await until(pilot, lambda: app.screen.query("#round-next"), "its button")
        button = app.screen.query_one("#round-next", Button)
        await until(pilot, lambda: str(button.label) == t("dialog.see_result"), "no next round")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the story")
        box = app.screen.query_one("#message-box")
        text = app.screen.query_one("#message-text", Static)
        await until(pilot, lambda: text.content_size.width > 0, "laid out")
        story = str(text.render())
        wrapped = len(Text(story).wrap(CONSOLE, text.content_size.width))
        assert text.content_size.height == wrapped  # every line shown
        assert box.region.y >= 0 and box.region.bottom <= 24
        assert t("learn.story.fish") in story and t("learn.fish.done") in story
