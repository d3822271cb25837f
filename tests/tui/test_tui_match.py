"""Matches in the app (issue 29): the new-game form starts one, bots play a whole match
while it is watched, the sheet shows between games, and a game resumed goes on as the
match's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.waiting import until
from textual.widgets import Input, Select, Static

from koza.core.events import SeatInfo
from koza.core.match import MatchPlan
from koza.core.rules import RuleSet
from koza.play.match_session import MatchSession
from koza.tui.app import KozaApp
from koza.tui.match_flow import MatchSheetScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.watch.screen import WatchScreen

SIZE = (100, 34)


async def open_form(app: KozaApp, pilot: Any) -> NewGameScreen:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def sheet_text(app: KozaApp) -> str:
    screen = app.screen
    assert isinstance(screen, MatchSheetScreen)
    return "\n".join(str(w.render()) for w in screen.query(Static))


async def test_rotating_partners_needs_four_players_on_the_form(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#match-kind", Select).value = "rotating"
        await until(pilot, lambda: "4 players" in str(form.query_one("#new-error").render()), "")
        assert not form.query_one("#match-count", Input).display
        form.query_one("#players", Select).value = 4
        await until(pilot, lambda: not str(form.query_one("#new-error").render()), "no error")
        form.query_one("#match-kind", Select).value = "games"
        form.query_one("#match-count", Input).value = "0"
        await until(
            pilot, lambda: "Match: 0 is not" in str(form.query_one("#new-error").render()), ""
        )


async def test_bots_play_a_whole_match_from_the_form_with_its_sheet_between_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOZA_BOT_DELAY", "0")
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#kind-0", Select).value = "bot"
        form.query_one("#rule-target", Input).value = "20"
        form.query_one("#match-kind", Select).value = "games"
        form.query_one("#match-count", Input).value = "2"
        await pilot.pause()
        await form.action_start()
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the first game")
        assert app.match is not None and app.match.plan == MatchPlan.parse("2")
        await until(
            pilot,
            lambda: isinstance(app.screen, MatchSheetScreen) and "going on" in sheet_text(app),
            "the sheet",
        )
        first = sheet_text(app)
        assert "Match sheet: 2 games, 1 game played, going on" in first
        # a watched match goes on by itself
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the second game")
        await until(
            pilot,
            lambda: isinstance(app.screen, MatchSheetScreen) and "over" in sheet_text(app),
            "the final sheet",
        )
        assert "2 games played, over" in sheet_text(app)
        assert not app.screen.query("#match-next")  # no next game once it is over
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, MatchSheetScreen), "closed")
    match_file = next(tmp_path.glob("*.koza-match.json"))
    assert len(json.loads(match_file.read_text())["games"]) == 2
    assert MatchSession.open(match_file).sheet().over


async def test_a_resumed_game_of_a_match_goes_on_to_the_match_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOZA_BOT_DELAY", "0")
    seats = [SeatInfo(name=n, kind="bot", bot="random") for n in ("Ann", "Bob")]
    match = MatchSession.create(seats, RuleSet(target=20), MatchPlan.parse("2"), 3, tmp_path)
    session = match.next_game(sync=False)
    assert session is not None
    with session:
        session.play_bot()  # game 1 begun, then left
        path = session.path
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.resume_save(path)
        assert app.match is not None and app.match.path == match.path
        await until(
            pilot,
            lambda: isinstance(app.screen, MatchSheetScreen) and "going on" in sheet_text(app),
            "the sheet",
        )
        assert "Match sheet: 2 games, 1 game played, going on" in sheet_text(app)
        await pilot.press("escape")  # leave the match between games
        await until(pilot, lambda: not isinstance(app.screen, MatchSheetScreen), "closed")
    again = MatchSession.open(match.path)
    assert again.sheet().played == 1 and not again.over


def test_koza_resume_of_a_match_file_opens_the_game_to_play_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from koza.cli import app as launch
    from koza.play.driver import finish_game

    seen: list[tuple[Any, Any, Any]] = []

    def run(app: KozaApp) -> None:  # the app as it would start, not run
        seen.append((app.match, app._first_session, app._on_start))
        if app._first_session is not None:
            app._first_session.close()

    monkeypatch.setattr(KozaApp, "run", run)
    seats = [SeatInfo(name=n, kind="bot", bot="random") for n in ("Ann", "Bob")]
    match = MatchSession.create(seats, RuleSet(target=20), MatchPlan.parse("2"), 3, tmp_path)
    first = match.next_game(sync=False)
    assert first is not None
    first.close()
    assert launch.resume(tmp_path, match.path) == 0
    found, session, on_start = seen[-1]
    assert found.path == match.path and session.path == first.path and on_start is None

    for _ in range(2):  # both games played: the match is over
        game = match.next_game(sync=False)
        if game is not None:
            with game:
                finish_game(game)
                match.record(game.state)
    assert launch.resume(tmp_path, match.path) == 0
    found, session, on_start = seen[-1]
    assert found.over and session is None and on_start is not None  # it shows the sheet

    bad = tmp_path / "bad.koza-match.json"
    bad.write_text("{}")
    assert launch.resume(tmp_path, bad) == 1
    assert capsys.readouterr().err.count("\n") == 1
