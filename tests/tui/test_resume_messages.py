"""What the app tells the player when a save is resumed: a dropped cut-off move,
a bot it cannot seat, and every other save still listed beside a broken one."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Static

from koza.core.events import SeatInfo
from koza.i18n.strings import t
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.screens.message import MessageScreen
from koza.tui.services import Services

SIZE = (80, 24)


class StubTable(Screen[None]):
    """Stands in for the table: these tests are about the shell's messages."""

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("table")


def make_app(save_dir: Path) -> KozaApp:
    return KozaApp(save_dir, services=Services(table=StubTable))


def saved_game(folder: Path, seed: int = 7, moves: int = 6) -> Path:
    seats = [SeatInfo(name="Ann", kind="bot", bot="random"), SeatInfo(name="Bob")]
    with Session.create(seats, seed=seed, save_dir=folder, sync=False) as s:
        while len(s.game.events) < moves + 2 and s.state.phase == "playing":
            s.play(s.game.legal_moves()[0])
        return s.path


def warnings_shown(app: KozaApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_resuming_a_save_with_a_cut_off_move_says_so_once(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    path.write_bytes(path.read_bytes() + b'{"seq": 9, "type": "tile_pla')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.resume_save(path)
        await pilot.pause()
        assert isinstance(app.screen, StubTable)
        assert warnings_shown(app) == [t("saves.dropped_tail")]


async def test_resuming_a_whole_save_says_nothing(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.resume_save(path)
        await pilot.pause()
        assert warnings_shown(app) == []


async def test_a_save_with_an_unknown_bot_names_it_and_the_list_keeps_the_others(
    tmp_path: Path,
) -> None:
    good = saved_game(tmp_path, seed=1)
    bad = saved_game(tmp_path, seed=2)
    lines = bad.read_text().splitlines()
    created = json.loads(lines[1])
    created["seats"][0]["bot"] = "nonexistent"
    bad.write_text("\n".join([lines[0], json.dumps(created), *lines[2:]]) + "\n")
    deep = tmp_path / "zz-deep.koza.jsonl"
    deep.write_text("[" * 5000 + "\n")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        table = app.screen.query_one("#saves", DataTable)
        assert table.row_count == 3
        states = [str(table.get_row_at(i)[-1]) for i in range(3)]
        assert states.count("unreadable") == 2 and "playing" in states
        assert not await app.resume_save(bad)
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        text = str(app.screen.query_one("#message-text", Static).render())
        assert "unknown bot 'nonexistent'" in text and bad.name in text
    assert good.exists()


async def test_a_highlighted_broken_save_says_why_under_the_list(tmp_path: Path) -> None:
    saved_game(tmp_path, seed=1)
    deep = tmp_path / "00-deep.koza.jsonl"
    deep.write_text("[" * 5000 + "\n")
    os.utime(deep, (1, 1))  # the oldest: listed last
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        hint = app.screen.query_one("#saves-hint", Static)
        assert str(hint.render()) == t("saves.hint")
        await pilot.press("down")
        await pilot.pause()
        assert f"{deep}:1: not a koza save" in str(hint.render()).replace("\n", "")
        await pilot.press("up")
        await pilot.pause()
        assert str(hint.render()) == t("saves.hint")
