"""The replay screen's review: made in a worker or read from beside the save, its marks
listed, and keys and clicks that jump to them."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from support.paths import GOLDEN
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, Static

from koza.coach.review import Evaluate, montecarlo_values
from koza.coach.review_file import read_kept, review_path, review_save
from koza.core.events import Event, SeatInfo
from koza.core.view import SeatView
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tui.replay.review import ReviewMarks, ReviewPanel
from koza.tui.replay.screen import ReplayScreen
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.widgets.reveal_dialog import RevealScreen


class Harness(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        share_parsed_css(self)
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


class Quick:
    """The montecarlo evaluation with few samples, counted."""

    def __init__(self) -> None:
        self.inner: Evaluate = montecarlo_values(8)
        self.calls = 0

    def __call__(self, view: SeatView, seed: int) -> Sequence[float]:
        self.calls += 1
        return self.inner(view, seed)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    copy = tmp_path / GOLDEN.name
    shutil.copyfile(GOLDEN, copy)
    return copy


def replay_of(save: Path, evaluate: Evaluate) -> tuple[ReplayScreen, Harness]:
    screen = ReplayScreen(load(save).events, path=save)
    return screen, Harness(screen)


def panel_of(screen: ReplayScreen, evaluate: Evaluate) -> ReviewPanel:
    panel = screen.query_one(ReviewPanel)
    panel.samples, panel.evaluate = 8, evaluate
    return panel


async def reviewed(pilot: Pilot[None], panel: ReviewPanel) -> ReviewMarks:
    await pilot.press("r")
    for _ in range(2000):  # the worker's pace depends on the machine, not on a clock
        if panel.marks is not None and not panel.running:
            return panel.marks
        await pilot.pause(0.02)
    raise AssertionError("the review never came")


async def test_r_reviews_in_a_worker_keeps_it_and_m_x_jump(save: Path) -> None:
    before = save.read_bytes()
    quick = Quick()
    screen, app = replay_of(save, quick)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = panel_of(screen, quick)
        assert not panel.display
        marks = await reviewed(pilot, panel)
        assert panel.display
        assert quick.calls == marks.review.total == 67
        kept = read_kept(review_path(save))
        assert kept is not None and kept.done and kept.moves == marks.review.moves
        assert marks.marks == [m.index for m in kept.moves if m.mark is not None]
        await pilot.press("m")
        await pilot.pause()
        assert screen.cursor.index == marks.marks[0]
        await pilot.press("m")
        await pilot.pause()
        assert screen.cursor.index == marks.marks[1]
        await pilot.press("M")
        await pilot.pause()
        assert screen.cursor.index == marks.marks[0]
        worst = max(kept.moves, key=lambda m: m.loss)
        await pilot.press("x")
        await pilot.pause()
        assert screen.cursor.index == worst.index == marks.costliest[0].index
        await pilot.press("x")
        await pilot.pause()
        assert screen.cursor.index == marks.costliest[1].index
        here = panel.query_one("#review-here").render()
        assert f"cost {marks.costliest[1].loss:.1f}" in str(here)
        await pilot.press("r")  # hides the panel; again shows it, not made again
        await pilot.pause()
        assert not panel.display
        await pilot.press("r")
        await pilot.pause()
        assert panel.display and quick.calls == 67
    assert save.read_bytes() == before


async def test_a_click_on_a_listed_move_goes_there(
    save: Path, golden_review: Callable[[int], Path]
) -> None:
    shutil.copyfile(golden_review(8), review_path(save))  # the review kept: read, not made
    quick = Quick()
    screen, app = replay_of(save, quick)
    async with app.run_test(size=(120, 36)) as pilot:
        marks = await reviewed(pilot, panel_of(screen, quick))
        await pilot.pause()  # drawn: a click finds its option in what was drawn
        listing = screen.query_one(OptionList)
        for row in (2, 3, 6):
            await pilot.click(OptionList, offset=(4, row))
            await pilot.pause()
            assert listing.highlighted is not None
            option = listing.get_option_at_index(listing.highlighted)
            assert option.id is not None
            index = int(option.id.split("-")[1])
            assert screen.cursor.index == index
            assert index in marks.by_index


async def test_the_kept_review_is_read_not_made(save: Path) -> None:
    made = review_save(save, samples=8, evaluate=Quick())
    never = Quick()
    screen, app = replay_of(save, never)
    async with app.run_test(size=(100, 30)) as pilot:
        marks = await reviewed(pilot, panel_of(screen, never))
        assert never.calls == 0
        assert marks.review == made


async def test_keys_before_a_review_say_so(save: Path) -> None:
    screen, app = replay_of(save, Quick())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m", "x")
        await pilot.pause()
        assert screen.cursor.index == 0
        assert [n.message for n in app._notifications] == ["Press r to review the game first."] * 2


class Held:
    """Stops in its fifth evaluation until released (to leave the screen meanwhile)."""

    def __init__(self) -> None:
        self.inner: Evaluate = montecarlo_values(8)
        self.calls = 0
        self.reached, self.release = threading.Event(), threading.Event()

    def __call__(self, view: SeatView, seed: int) -> Sequence[float]:
        self.calls += 1
        if self.calls == 5:
            self.reached.set()
            self.release.wait(30)
        return self.inner(view, seed)


async def test_leaving_while_it_runs_keeps_the_work_done(save: Path) -> None:
    held = Held()
    screen, app = replay_of(save, held)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = panel_of(screen, held)
        await pilot.press("r")
        for _ in range(2000):
            if held.reached.is_set():
                break
            await pilot.pause(0.02)
        await pilot.press("escape")
        await pilot.pause()
        held.release.set()
        for _ in range(2000):
            if panel.finished.is_set():
                break
            await pilot.pause(0.02)
        assert panel.finished.is_set()
    kept = read_kept(review_path(save))
    assert kept is not None and kept.done is False
    assert len(kept.moves) == 5 and held.calls == 5


def test_review_marks_snapshot(
    save: Path, snap_compare: Any, golden_review: Callable[[int], Path]
) -> None:
    shutil.copyfile(golden_review(8), review_path(save))  # review_save(save, samples=8)'s
    screen, app = replay_of(save, montecarlo_values(8))

    async def run_before(pilot: Pilot[None]) -> None:
        await reviewed(pilot, panel_of(screen, Quick()))
        await pilot.press("x")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


@pytest.mark.parametrize("lang", ["ru", "ka"])
async def test_the_panel_speaks_the_language(
    lang: str, save: Path, golden_review: Callable[[int], Path]
) -> None:
    from koza.i18n import strings

    shutil.copyfile(golden_review(8), review_path(save))  # its words: the review is kept
    strings.use_language(lang)
    try:
        quick = Quick()
        screen, app = replay_of(save, quick)
        async with app.run_test(size=(100, 30)) as pilot:
            panel = panel_of(screen, quick)
            await reviewed(pilot, panel)
            await pilot.press("x")
            await pilot.pause()
            listing = panel.query_one(OptionList)
            texts = [str(s.render()) for s in panel.query(Static)]
            texts += [str(listing.get_option_at_index(i).prompt) for i in range(5)]
    finally:
        strings.use_language("en")
    shown = "\n".join(texts)
    assert set(re.findall(r"[A-Za-z]{2,}", shown)) <= {"Anna", "Boris", "Vera"}
    assert strings.lookup("review.mark.blunder", lang=lang) in shown


async def test_a_replay_without_a_file_reviews_in_memory(
    golden_events: list[Event], tmp_path: Path
) -> None:
    quick = Quick()
    screen = ReplayScreen(golden_events)
    async with Harness(screen).run_test(size=(100, 30)) as pilot:
        marks = await reviewed(pilot, panel_of(screen, quick))
    assert quick.calls == marks.review.total == len(marks.review.moves) == 67
    assert marks.review.names == ("Anna", "Boris", "Vera")
    assert list(tmp_path.iterdir()) == []


async def test_an_unfinished_game_asks_before_its_review_names_hidden_tiles(
    tmp_path: Path,
) -> None:
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob"), SeatInfo(name="Cid", kind="bot")]
    with Session.create(seats, seed=12, save_dir=tmp_path, sync=False) as s:
        for _ in range(6):
            s.play(s.game.legal_moves()[0])
        path = s.path
    quick = Quick()
    screen, app = replay_of(path, quick)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = panel_of(screen, quick)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("n")  # kept hidden: no review
        await pilot.pause()
        assert not screen.revealed and panel.marks is None and not panel.running
        assert quick.calls == 0
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("y")
        marks = await reviewed(pilot, panel)
        assert screen.revealed and marks.review.seats == (0, 1)  # the people, not the bot
