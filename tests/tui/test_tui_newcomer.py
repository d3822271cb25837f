"""Issue 10: what stopped a newcomer at the table, each fixed and checked with Pilot."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.table import (
    FakeSession,
    TableApp,
    human_move_by_keys,
    near_the_round_end,
    play_round,
    screen_text,
    settle,
    table,
)
from support.waiting import until
from textual.app import App
from textual.widgets import Static

from koza.core.commands import Draw, Play
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import tile_name
from koza.tui.app import KozaApp
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.hand import HandView
from koza.tui.widgets.dialogs import GameOverScreen, HandOverScreen, RoundOverScreen
from koza.tui.widgets.steady import SteadyStatic


def status(app: TableApp) -> str:
    return str(app.screen.query_one("#status").render())


def position(
    found: Callable[[Game], bool], seats: tuple[str, ...] = ("Ann", "bot:Bob")
) -> FakeSession:
    """A seeded game moved on with random moves until ``found`` holds on Ann's turn."""
    for seed in range(400):
        session = FakeSession(list(seats), seed=seed)
        game, rng = session.game, random.Random(seed)
        while game.state.phase == "playing":
            if game.state.turn == 0 and found(game):
                return session
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no such position in 400 seeds")


def fits_left_only(game: Game) -> int:
    """A tile Ann may play on the left end but not on the right (-1: none)."""
    moves = game.legal_moves()
    for m in moves:
        if isinstance(m, Play) and m.end == "left" and Play(m.tile, "right") not in moves:
            return m.tile
    return -1


async def test_escape_and_q_leave_the_hot_seat_hand_over_and_the_table() -> None:
    app = TableApp(FakeSession(["Ann", "Cid"], seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert table(app) is None, "Esc on the hand-over left nobody's hand shown and the table"
    app = TableApp(FakeSession(["Ann", "bot:Bob"], seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert table(app) is None


async def test_every_refused_play_key_says_why_and_brackets_pick_a_fitting_end() -> None:
    session = position(lambda g: g.state.chain != () and fits_left_only(g) >= 0)
    tile = fits_left_only(session.game)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        before = len(session.saved)
        await pilot.press("d")
        assert "Not allowed" in status(app) and "instead of drawing" in status(app)
        await pilot.press("p")
        assert "instead of passing" in status(app)
        index = list(screen.scene().my_hand).index(tile)
        while screen.selected != index:
            await pilot.press("right")
        await pilot.press("right_square_bracket")
        assert "does not fit the right end" in status(app)
        assert len(session.saved) == before  # nothing was played by a refused key
        await pilot.press("left_square_bracket")  # fits the left end only: played there
        await settle(pilot)
        played = session.saved[before]
        assert (getattr(played, "tile", None), getattr(played, "end", None)) == (tile, "left")


async def test_a_key_pressed_while_a_bot_is_to_move_says_whose_turn_it_is() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    game, rng = session.game, random.Random(7)
    while game.state.turn != 1:
        game.play(rng.choice(game.legal_moves()))
    app = TableApp(session, paused=True)  # Bob's bot waits
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        assert "Bob is to move" in status(app)


async def test_the_tiles_you_drew_are_named_and_marked_until_your_next_turn() -> None:
    session = position(lambda g: g.legal_moves() == (Draw(),) and g.state.round.bazaar_left > 2)  # type: ignore[union-attr]
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        before = len(session.saved)
        await pilot.press("d")
        await settle(pilot)
        drawn = session.saved[before]
        name = tile_name(drawn.tile)  # type: ignore[union-attr]
        assert f"You drew {name}" in status(app)
        hand = screen.query_one(HandView)
        assert drawn.tile in hand.fresh  # type: ignore[union-attr]
        assert f"You drew {name}" in screen_text(app)  # the log names own draws, to you
        while session.game.state.turn == 0 and session.game.state.phase == "playing":
            legal = session.game.legal_moves()
            await pilot.press("d" if legal[0] == Draw() else "enter")
            if app.screen is not screen:
                await pilot.press("left")
            await settle(pilot)
        if session.game.state.turn == 0 and session.game.state.phase == "playing":
            assert hand.fresh == frozenset(), "the marks last only until the next turn"


async def test_the_bots_levels_are_shown_at_the_table() -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=3)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_text(app).count("bot: random") == 2


def finished_round(seats: list[str], seed: int, **rules: object) -> FakeSession:
    """A session whose first round was played out with random moves."""
    session = FakeSession(seats, seed=seed, **rules)
    game, rng = session.game, random.Random(seed)
    while game.state.phase == "playing":
        game.play(rng.choice(game.legal_moves()))
    return session


async def test_the_round_summary_says_why_points_were_not_recorded() -> None:
    for seed in range(100):
        session = finished_round(["Ann", "bot:Bob"], seed)
        rec = session.game.state.records[-1]
        low = [s for s in (0, 1) if 0 < rec.hand_points[s] < 13 and rec.recorded[s] == 0]
        if low:
            break
    else:
        raise AssertionError("no round with points under 13 in 100 seeds")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundOverScreen)
        notes = str(app.screen.query_one("#round-notes").render())
        name = session.game.state.seats[low[0]].name
        points = rec.hand_points[low[0]]
        assert f"{name}: {points} points not recorded" in notes and "13" in notes


async def test_game_over_says_who_won_and_r_starts_a_rematch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOZA_BOT_DELAY", "0")
    app = KozaApp(tmp_path)
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
    rules = RuleSet(target=1, open_threshold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.services.create(seats, rules, 7, tmp_path)
        near_the_round_end(first)  # the keys play the round's last moves
        await app.open_table(first)
        await play_round(pilot, app, human_move_by_keys)  # type: ignore[arg-type]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        state = first.game.state
        result = str(app.screen.query_one("#game-result").render())
        mine = "You lost: you are the goat." if 0 in state.goats else "You won!"
        assert result == mine
        await pilot.press("r")
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.session is not first
        again = screen.session.game.state
        assert (again.seats, again.rules) == (state.seats, state.rules)
        assert again.game_id != state.game_id and again.phase == "playing"
        assert len(list(tmp_path.glob("*.koza.jsonl"))) == 2  # the finished game kept


def test_game_over_dialog_snapshot(snap_compare: Any) -> None:
    session = finished_round(["Ann", "bot:Bob", "bot:Cid"], 3, target=1, open_threshold=0)

    class Host(App[None]):
        def __init__(self) -> None:
            super().__init__()
            share_parsed_css(self)

        def on_mount(self) -> None:
            self.push_screen(GameOverScreen(session.game.state, (0,), rematch=True))

    assert snap_compare(Host(), terminal_size=(80, 24))


def saved(folder: Path, seats: list[SeatInfo], finished: bool) -> Path:
    """A save in ``folder``: a game played to its end, or one round into it."""
    from koza.play.session import Session

    rules = RuleSet(target=1, open_threshold=0) if finished else RuleSet()
    rng = random.Random(1)
    with Session.create(seats, rules=rules, seed=1, save_dir=folder) as session:
        while session.game.state.phase == "playing":
            session.play(rng.choice(session.game.legal_moves()))
        return session.path


BOTS = [SeatInfo(name=n, kind="bot", bot="random") for n in ("Ann", "Bob")]
PEOPLE = [SeatInfo(name="Ivan"), SeatInfo(name="Bot", kind="bot", bot="random")]


async def test_resume_lists_only_unfinished_games_and_replay_marks_finished_ones(
    tmp_path: Path,
) -> None:
    from textual.widgets import DataTable

    over = saved(tmp_path, PEOPLE, finished=True)
    saved(tmp_path, PEOPLE, finished=False)
    assert over.exists()
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        rows = app.screen.query_one("#saves", DataTable)
        assert rows.row_count == 1
        assert "finished" not in " ".join(str(c) for c in rows.get_row_at(0))
        await pilot.press("escape", "p")
        rows = app.screen.query_one("#saves", DataTable)
        states = sorted(str(rows.get_row_at(i)[-1]) for i in range(rows.row_count))
        assert states == ["playing", "✓ finished"]


async def test_replay_c_on_a_finished_game_says_why(tmp_path: Path) -> None:
    from koza.storage.savefile import load
    from koza.tui.replay.screen import ReplayScreen

    path = saved(tmp_path, PEOPLE, finished=True)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayScreen(load(path).events, path=path))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("over" in m and "replayed" in m for m in said), said


async def test_continuing_a_bots_only_game_opens_the_watch_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from koza.tui.replay.screen import open_replay
    from koza.tui.watch.screen import WatchScreen

    monkeypatch.setenv("KOZA_BOT_DELAY", "0.5")
    path = saved(tmp_path, BOTS, finished=False)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, path)
        await pilot.pause()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the watch screen")
        assert isinstance(app.screen, WatchScreen)
        assert app.screen.check_action("pause", ()) is True  # the watch keys are there
        await pilot.press("space")


@pytest.mark.parametrize("theme", ["catppuccin-latte", "textual-dark", "textual-light"])
async def test_the_table_borders_show_under_256_colours(theme: str) -> None:
    from rich.color import ColorSystem

    app = TableApp(FakeSession(["Ann", "bot:Bob"], seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        corners = [
            seg.style
            for strip in screen._compositor.render_strips()
            for seg in strip
            if seg.text.startswith("╭") and seg.style is not None
        ]
        assert corners
        for style in corners:
            assert style.color is not None and style.bgcolor is not None
            fg = style.color.downgrade(ColorSystem.EIGHT_BIT)
            bg = style.bgcolor.downgrade(ColorSystem.EIGHT_BIT)
            assert fg.number != bg.number, f"a border vanishes into its background in {theme}"


async def test_the_too_small_screen_says_how_to_quit_and_q_quits(tmp_path: Path) -> None:

    from koza.tui.screens.too_small import TooSmallScreen

    app = KozaApp(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "ctrl+q" in str(app.screen.query_one("#too-small", Static).render())
        quits: list[object] = []
        app.exit = lambda *a, **k: quits.append(a)  # type: ignore[method-assign]
        await pilot.press("q")
        assert quits, "q on the too-small screen quits"


def test_a_person_named_you_is_not_told_you_leads() -> None:
    from koza.core.events import RoundDealt
    from koza.tui.event_words import describe

    dealt = next(e for e in FakeSession(["You", "bot:Bob"]).saved if isinstance(e, RoundDealt))
    line = describe(dealt, ["You", "Bob"] if dealt.leader == 0 else ["Bob", "You"])
    assert "You to lead" in line and "leads" not in line


async def test_auto_play_of_a_forced_move_is_off_by_default_and_a_turns_it_on() -> None:
    from koza.core.events import TileDrawn

    session = position(lambda g: g.legal_moves() == (Draw(),))
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(session.saved)
        await pilot.pause(0.8)
        assert len(session.saved) == before, "off by default: the player draws"
        # what the status line said: the forced move may replace it before a busy machine looks
        said: list[str] = []
        line = app.screen.query_one("#status", SteadyStatic)
        show = line.show_content

        def record(content: Any = "", **kw: Any) -> None:
            said.append(str(content))
            show(content, **kw)

        line.show_content = record  # type: ignore[method-assign]
        await pilot.press("a")
        assert any("Auto-play on" in s for s in said)
        await until(pilot, lambda: len(session.saved) > before, "the auto-played move")
        drawn = session.saved[before]
        assert isinstance(drawn, TileDrawn) and drawn.seat == 0


async def test_tile_style_bot_speed_and_auto_play_are_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from koza.tui.table.runner import DEFAULT_DELAY
    from koza.tui.table.screen import TableScreen

    monkeypatch.delenv("KOZA_TILES", raising=False)
    monkeypatch.delenv("KOZA_BOT_DELAY", raising=False)
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.open_table(app.services.create(seats, None, 7, tmp_path))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.tile_style == "digits"
        await pilot.press("t", "a", "escape")
        await until(pilot, lambda: not isinstance(app.screen, TableScreen), "the table to close")
        await app.open_table(app.services.create(BOTS, None, 9, tmp_path))  # watched
        await until(pilot, lambda: app.screen.query("#watch-status"), "the watched table")
        await pilot.press("space", "plus")  # pause, then faster
        delay = app.screen.runner.delay  # type: ignore[attr-defined]
        assert delay != DEFAULT_DELAY
        await pilot.press("escape")
    again = KozaApp(tmp_path, remember_theme=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await again.open_table(again.services.create(seats, None, 8, tmp_path))
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert (screen.tile_style, screen.runner.delay, screen.auto_forced) == ("pips", delay, True)
        await pilot.press("escape")


async def test_each_players_last_tile_stays_marked_on_the_chain() -> None:
    from koza.tui.table.chain import ChainView

    session = FakeSession(["bot:Ann", "bot:Bob", "bot:Cid"], seed=5)
    app = TableApp(session, face_up=True, watch=True, paused=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(6):
            await pilot.press("full_stop")
            await settle(pilot)
        await pilot.pause()
        history = session.game.state.history
        plays = [a for a in history if a.kind in ("play", "doubles")]
        latest = {a.seat: a.tiles for a in plays}  # each seat's latest play
        assert len(latest) >= 2
        lay = app.screen.query_one(ChainView)._layout
        assert lay is not None
        style = {h.target[1]: lay.lines[h.y][h.x0][1] for h in lay.hits if h.target[0] == "tile"}
        marked = {x for tiles in latest.values() for x in tiles}
        for tile, st in style.items():
            want = {"newest", "last"} if tile in marked else {"tile"}
            assert st in want, f"{tile_name(tile)} drawn as {st}"


async def test_the_watch_status_keeps_the_save_name_at_80_columns(tmp_path: Path) -> None:
    from koza.tui.watch.screen import WatchScreen, create_session

    session = create_session(
        ["random", "random"], seed=3, save_dir=tmp_path, rules=RuleSet(target=1, open_threshold=0)
    )
    rng = random.Random(3)
    while session.game.state.phase == "playing":
        session.play(rng.choice(session.game.legal_moves()))
    screen = WatchScreen(session, delay=0.0)

    class Host(App[None]):
        def __init__(self) -> None:
            super().__init__()
            share_parsed_css(self)

        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = "".join(screen_text_of(screen).split())
        assert session.path.name in shown
        await pilot.press("n")  # a new game, watched: the footer keeps every key whole
        await pilot.press("space")  # paused
        # the footer rebuilds its keys after the screen changes: wait for it, not for a time
        await until(pilot, lambda: "Speed" in screen_text_of(app.screen), "the footer")
        footer = screen_text_of(app.screen).splitlines()[-1]
        assert "Speed" in footer and "esc Leave" in footer, footer


def screen_text_of(screen: Any) -> str:
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


async def test_the_menu_and_table_footers_keep_help_whole_at_80_columns(tmp_path: Path) -> None:
    from koza.tui.table.screen import TableScreen

    async def footer_when(pilot: Any, ready: Callable[[], bool]) -> str:
        await until(pilot, ready, "the screen")
        # the footer rebuilds its keys after the screen changes: wait for it, not for a time
        await until(pilot, lambda: "? Help" in screen_text_of(app.screen), "the footer")
        return screen_text_of(app.screen).splitlines()[-1]

    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        footer = await footer_when(pilot, lambda: app.screen.is_current)
        assert "? Help" in footer and "q Quit" in footer, footer
        seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
        await app.open_table(app.services.create(seats, None, 7, tmp_path))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        footer = await footer_when(pilot, lambda: screen.my_turn() or screen.runner.thinking >= 0)
        assert "? Help" in footer and "esc Leave" in footer, footer
        await pilot.press("escape")


@pytest.mark.parametrize("height", [24, 44])
async def test_pips_are_a_real_tiles_dots_where_there_is_room(height: int) -> None:
    from koza.core.tiles import HALVES
    from koza.tui.table.hand import STEP
    from koza.tui.widgets.tile_faces import dots

    app = TableApp(FakeSession(["Ann", "bot:Bob"], seed=7), tile_style="pips")
    async with app.run_test(size=(100, height)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView)
        screen = table(app)
        assert screen is not None
        rows = text_of_widget(app, hand).splitlines()
        first = hand.tiles[0]
        hi, lo = HALVES[first]
        if height >= 40:  # three rows of dots a half, the divider between
            assert [r[0:3] for r in rows[:7]] == [*dots(hi), "───", *dots(lo)]
        else:  # the compact die faces
            assert rows[1][0:3] == "───" and len(rows) == 4
        await pilot.click(HandView, offset=(STEP + 1, hand.lines_per_tile // 2))
        assert screen.selected == 1


def text_of_widget(app: App[None], widget: Any) -> str:
    lines = screen_text_of(table(app)).splitlines()
    r = widget.content_region
    return "\n".join(line[r.x : r.right] for line in lines[r.y : r.bottom])
