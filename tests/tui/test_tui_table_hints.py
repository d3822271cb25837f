"""Hints at the table: ``h`` or a click on the panel, in a worker, cached, refused with reasons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.hints import HintedSession, panel_text, the_table, to_a_choice
from support.table import TableApp, human_move_by_keys, near_the_round_end, screen_text, settle
from textual.pilot import Pilot
from textual.widgets import Static

from koza.coach.evaluate import best
from koza.coach.hint_record import hint_path, read_hints
from koza.coach.hint_values import hint_values
from koza.core.commands import Play
from koza.core.view import seat_view
from koza.i18n.strings import t
from koza.tui.table.hint_panel import BEST_MARK, HintPanel, move_words
from koza.tui.widgets.dialogs import GameOverScreen, RoundOverScreen


async def test_h_shows_every_move_with_montecarlos_value_and_marks_the_best(
    tmp_path: Path,
) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await to_a_choice(pilot, app)
        before = list(session.game.events)
        view = seat_view(session.game.state, 0)
        await pilot.press("h")
        await settle(pilot)
        expected = hint_values(view, seed=view.seq)
        shown = panel_text(app)
        same = view.left == view.right
        for mv in expected:
            assert move_words(mv.move, same) in shown
            assert f"{mv.points:.1f}" in shown or same  # same ends: the better of a pair
        top = best(expected)
        assert top is not None
        assert f"{BEST_MARK} {move_words(top.move, same)}" in shown
        if top.reason is not None:
            assert top.reason.words()[:20] in shown.replace("\n", " ").replace("│", "")
        if isinstance(top.move, Play):
            assert screen.selected_tile() == top.move.tile  # the best tile is marked in the hand
        assert list(session.game.events) == before  # a hint plays nothing
        assert session.saved == before


async def test_asking_again_is_instant_and_counts_once(tmp_path: Path) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await to_a_choice(pilot, app)
        await pilot.press("h")
        await settle(pilot)
        first = panel_text(app)
        workers = len(app.workers)
        await pilot.press("h")
        await pilot.pause()  # no worker to wait for: the answer is kept
        assert panel_text(app) == first
        assert len(app.workers) == workers
        assert screen.hint_record.asked == {0: 1}
        assert read_hints(session.path).asked == {0: 1}  # kept beside the save


async def test_a_click_on_the_panel_asks_too(tmp_path: Path) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        await to_a_choice(pilot, app)
        assert t("hint.ask")[:12] in panel_text(app)
        await pilot.click(HintPanel)
        await settle(pilot)
        assert BEST_MARK in panel_text(app)
        assert read_hints(session.path).asked == {0: 1}


async def test_hints_off_say_so_and_show_no_panel(tmp_path: Path) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], set(), seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_a_choice(pilot, app)
        assert not screen.query(HintPanel)
        assert "Hint" not in screen_text(app).splitlines()[-1]  # not offered in the footer
        await pilot.press("h")
        await settle(pilot)
        status = str(screen.query_one("#status", Static).render())
        assert status == t("you.hint_off")  # the lone person is told in the second person
        assert not hint_path(session.path).exists()


async def test_not_your_turn_is_refused_in_one_line(tmp_path: Path) -> None:
    # seed 5: Bob leads; paused, he does not move, so it is never Ann's turn
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=5)
    assert session.game.state.turn == 1
    app = TableApp(session, tile_style="digits", paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = the_table(app)
        await pilot.press("h")
        await pilot.pause()
        status = str(screen.query_one("#status", Static).render())
        assert status == t("hint.not_your_turn")
        assert "\n" not in status
        assert screen.hint_record.asked == {}


async def test_the_game_over_dialog_counts_the_hints_asked(tmp_path: Path) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=3, target=1)
    near_the_round_end(session)  # the keys ask the hint and play the round's last moves
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        await to_a_choice(pilot, app)
        await pilot.press("h")
        await settle(pilot)
        for _ in range(300):  # the round (and with target 1, the game) to its end
            await settle(pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
            await human_move_by_keys(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        notes = str(dialog.query_one("#game-notes", Static).render())
        assert notes == t("hint.asked", counts="Ann 1")


@pytest.mark.parametrize("size", [(80, 24)])
async def test_the_hint_panel_keeps_the_table_whole_at_80x24(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    seats = ["Ann", "bot:Bob", "bot:Cid", "bot:Dan"]
    session = HintedSession(tmp_path, seats, {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=size) as pilot:
        screen = await to_a_choice(pilot, app)
        await pilot.press("h")
        await settle(pilot)
        text = screen_text(app)
        panel = screen.query_one(HintPanel)
        assert panel.region.height >= 3 and BEST_MARK in panel_text(app)
        for seat in session.game.state.seats:
            assert seat.name in text
        hand = screen.query_one("#hand")
        assert hand.region.bottom <= size[1] - 2  # the hand above the status and the footer
        assert screen.query_one("#log").region.height >= 3


def test_hint_panel_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    session = HintedSession(tmp_path, ["Ann", "bot:Bob", "bot:Cid"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")

    async def run_before(pilot: Pilot[None]) -> None:
        await to_a_choice(pilot, app)
        await pilot.press("h")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_the_new_game_form_turns_hints_on_for_a_human_seat(tmp_path: Path) -> None:
    from textual.widgets import Select

    from koza.tui.app import KozaApp
    from koza.tui.screens.new_game import NewGameScreen
    from koza.tui.table.screen import TableScreen

    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#hints-0", Select).display  # a human seat offers hints
        assert not form.query_one("#hints-1", Select).display  # a bot seat does not
        assert form.query_one("#hints-0", Select).value == "off"  # off by default
        form.query_one("#hints-0", Select).value = "on"
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, TableScreen):
                break
        screen = app.screen
        assert isinstance(screen, TableScreen)
        save = screen.session.path  # type: ignore[attr-defined]
        assert read_hints(save).seats == {0}
        assert screen.query(HintPanel)
        assert save.read_text(encoding="utf-8").count('"hints"') == 0  # the save is untouched


async def test_a_hot_seat_hint_is_gone_before_the_next_player_sits_down(tmp_path: Path) -> None:
    from koza.tui.widgets.dialogs import HandOverScreen

    session = HintedSession(tmp_path, ["Ann", "Cid"], {0, 1}, seed=4)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = the_table(app)
        first = screen.me
        await pilot.press("h")
        await settle(pilot)
        assert BEST_MARK in panel_text(app)
        await human_move_by_keys(pilot, app)
        assert isinstance(app.screen, HandOverScreen)  # the next player is called
        panel = screen.query_one(HintPanel)
        assert not panel.display and BEST_MARK not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.me != first and panel.display
        assert BEST_MARK not in panel_text(app) and t("hint.ask")[:6] in panel_text(app)
        assert screen.hint_record.asked == {first: 1}


def test_hint_lines_put_the_best_first_and_leave_out_the_lowest_when_short_of_room() -> None:
    from koza.coach.evaluate import MoveValue, Reason
    from koza.core.tiles import parse_tile
    from koza.tui.table.hint_panel import hint_lines

    six_four, five_five = parse_tile("6-4"), parse_tile("5-5")
    values = [
        MoveValue(Play(six_four, "left"), -5.25, None, 5.25),
        MoveValue(Play(five_five, "right"), -1.0, Reason("sheds_double"), 1.0),
        MoveValue(Play(six_four, "right"), -7.0, None, 7.0),
    ]
    text, left_out = hint_lines(values, 24)
    rows = text.plain.splitlines()
    assert left_out == 0
    assert rows[0] == f"{BEST_MARK} 5-5 {t('table.end_right')}".ljust(21) + "1.0"
    reason = " ".join(rows[1:-2])  # the best move's reason, wrapped, under it
    assert reason == Reason("sheds_double").words()
    assert rows[-2] == f"  6-4 {t('table.end_left')}".ljust(21) + "5.2"
    assert rows[-1] == f"  6-4 {t('table.end_right')}".ljust(21) + "7.0"
    text, left_out = hint_lines(values, 24, room=2)
    assert len(text.plain.splitlines()) == 2 and left_out == 2
    text, left_out = hint_lines(values, 24, same_ends=True)  # 6-4 once, at its better end
    assert text.plain.splitlines()[-1] == "  6-4".ljust(21) + "5.2"
    assert text.plain.count("6-4") == 1 and left_out == 0


def test_hint_lines_give_penalty_points_and_the_goat_chance_apart() -> None:
    from koza.coach.evaluate import MoveValue
    from koza.core.tiles import parse_tile
    from koza.tui.table.hint_panel import hint_lines

    six_four, five_five = parse_tile("6-4"), parse_tile("5-5")
    values = [  # the goat's 100 weighs in the value, never in the points shown
        MoveValue(Play(six_four, "left"), -12.0 - 100 * 0.3, None, 12.0, 0.3),
        MoveValue(Play(five_five, "right"), -24.8, None, 24.8, 0.0),
    ]
    rows = hint_lines(values, 24)[0].plain.splitlines()
    assert rows[0] == f"{BEST_MARK} 5-5 {t('table.end_right')}".ljust(15) + "24.8   0%"
    assert rows[1] == f"  6-4 {t('table.end_left')}".ljust(15) + "12.0  30%"
    assert all("-" not in row[12:] for row in rows)  # no -124.8 mixing the two


async def test_the_table_answers_keys_while_the_hint_is_weighed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import koza.coach.hint_values as weighing

    release = threading.Event()

    def slow_evaluate(view: Any, seed: int) -> Any:
        release.wait(timeout=30)  # a long evaluation, held until the test lets it go
        return hint_values(view, seed=seed, samples=4)

    monkeypatch.setattr(weighing, "hint_values", slow_evaluate)  # looked up per hint
    session = HintedSession(tmp_path, ["Ann", "bot:Bob"], {0}, seed=3)
    app = TableApp(session, tile_style="digits")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await to_a_choice(pilot, app)
        await pilot.press("h")
        await pilot.pause()
        assert t("hint.thinking") in panel_text(app)
        before = screen.selected
        await pilot.press("right")  # the table still answers while the worker thinks
        assert screen.selected != before
        release.set()
        await settle(pilot)
        assert BEST_MARK in panel_text(app)


async def test_a_resumed_game_keeps_its_hints_and_their_count(tmp_path: Path) -> None:
    from koza.coach.hint_record import HintRecord, write_hints
    from koza.core.events import SeatInfo
    from koza.play.session import Session

    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
    with Session.create(seats, seed=3, save_dir=tmp_path) as first:
        path = first.path
    write_hints(path, HintRecord(frozenset({0}), {0: 2}))
    saved = path.read_bytes()
    session = Session.open(path)
    try:
        app = TableApp(session, tile_style="digits")  # type: ignore[arg-type]
        async with app.run_test(size=(100, 34)) as pilot:
            screen = await to_a_choice(pilot, app)
            assert screen.query(HintPanel)
            await pilot.press("h")
            await settle(pilot)
            assert BEST_MARK in panel_text(app)
            assert read_hints(path).asked == {0: 3}
            assert screen.hint_notes() == [t("hint.asked", counts="Ann 3")]
    finally:
        session.close()
    assert path.read_bytes().startswith(saved)  # the save only grew by the moves played
