"""The table screen played with keys only, with the mouse only, and refusing illegal moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.styles import looks
from support.table import (
    FakeSession,
    TableApp,
    at_the_last_round,
    fitting_index,
    human_move_by_keys,
    near_the_round_end,
    play_round,
    settle,
    table,
)
from textual.pilot import Pilot

from koza.core.commands import Draw, Pass, Play, PlayDoubles
from koza.core.events import DoublesPlayed, RoundScored, SeatInfo, TilePlayed
from koza.core.state import replay
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tui.table import round_end
from koza.tui.table.chain import ChainView
from koza.tui.table.hand import STEP, HandView
from koza.tui.table.side_panel import BazaarView
from koza.tui.widgets.dialogs import (
    EndPromptScreen,
    GameOverScreen,
    HandOverScreen,
    RoundOverScreen,
)


async def test_a_whole_round_with_keys_only_is_saved() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_round(pilot, app, human_move_by_keys)
        assert isinstance(session.saved[-1], RoundScored)
        assert session.saved == list(session.game.events)
        mine = [e for e in session.saved if getattr(e, "seat", None) == 0]
        assert any(isinstance(e, TilePlayed) for e in mine)
        assert replay(session.saved) == session.game.state
        screen = table(app)  # under the round's dialog; its hand box's turn mark came and went
        assert screen is not None
        box = screen.query_one("#hand-box")
        shown = looks(box)  # the box alone is restyled as the turn passes: the hand inside
        app.update_styles(box)  # looks as Textual's restyle of both leaves it
        assert looks(box) == shown
        await pilot.press("enter")  # next round
        await settle(pilot)
        assert session.game.state.round_no == 2
        assert not isinstance(app.screen, RoundOverScreen)


async def human_move_by_mouse(pilot: Pilot[None], app: TableApp) -> None:
    screen = table(app)
    assert screen is not None
    sc = screen.scene()
    if sc.can(Draw) or sc.can(Pass):
        await pilot.click(BazaarView)
        await settle(pilot)
        return
    index, end = fitting_index(app)
    hand = app.screen.query_one(HandView)
    per_row = hand._per_row(hand.content_size.width)
    row, col = divmod(index, per_row)
    if screen.selected != index:
        await pilot.click(HandView, offset=(col * STEP + 1, row * 4 + 1))  # select
    assert screen.selected == index
    chain = app.screen.query_one(ChainView)
    lay = chain._layout
    if lay is not None and lay.hits:
        hit = next(h for h in lay.hits if h.target == ("end", end))
        await pilot.click(ChainView, offset=(hit.x0 + 1, hit.y))  # play at that end
    else:
        await pilot.click(HandView, offset=(col * STEP + 1, row * 4 + 1))  # click again: play
    await settle(pilot)


async def test_a_whole_round_with_the_mouse_only_is_saved() -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=3)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_round(pilot, app, human_move_by_mouse)
        assert isinstance(session.saved[-1], RoundScored)
        kinds = {type(e) for e in session.saved if getattr(e, "seat", None) == 0}
        assert TilePlayed in kinds
        assert replay(session.saved) == session.game.state
        await pilot.click("#round-next")
        await settle(pilot)
        assert session.game.state.round_no == 2


async def test_an_illegal_tile_is_refused_with_the_rules_reason() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        sc = screen.scene()
        bad = next(i for i, tile in enumerate(sc.my_hand) if not any(sc.fits(tile)))
        before = len(session.saved)
        while screen.selected != bad:
            await pilot.press("right")
        await pilot.press("enter")
        await settle(pilot)
        status = str(app.screen.query_one("#status").render())
        assert "Not allowed" in status and "does not fit" in status
        assert len(session.saved) == before
        await pilot.click(BazaarView)  # drawing while a tile fits
        await settle(pilot)
        status = str(app.screen.query_one("#status").render())
        assert "play it instead of drawing" in status
        assert len(session.saved) == before


async def test_the_keys_offered_are_the_ones_that_apply() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        assert screen.check_action("play", ()) is True
        assert screen.check_action("draw", ()) is False
        assert screen.check_action("pass_turn", ()) is False
        assert screen.check_action("pause", ()) is False


async def test_hot_seat_hides_the_hand_until_the_next_player_is_ready() -> None:
    session = FakeSession(["Ann", "Cid"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        first = session.game.state.turn
        assert isinstance(app.screen, HandOverScreen)
        assert screen.query_one(HandView).shown_tiles == set()
        await pilot.press("enter")
        await settle(pilot)
        assert screen.me == first
        assert screen.query_one(HandView).shown_tiles == set(screen.scene().my_hand)
        await human_move_by_keys(pilot, app)
        if session.game.state.turn != first:
            assert isinstance(app.screen, HandOverScreen)
            assert screen.query_one(HandView).shown_tiles == set()
            assert screen.hidden
            await pilot.press("enter")
            await settle(pilot)
            assert screen.me == session.game.state.turn


async def test_a_game_to_the_goat_ends_with_the_game_over_dialog() -> None:
    # the game up to the last moves of its last round is played by code: the keys play
    # the moves that end the game, through the round's dialog to the game's
    session = at_the_last_round(["Ann", "bot:Bob"], seed=5, target=20)
    assert session.game.state.round_no > 1
    near_the_round_end(session)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await play_round(pilot, app, human_move_by_keys)
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        assert session.game.is_over
        text = str(app.screen.query_one("#goat").render())
        assert "goat" in text.lower()


async def test_resize_lays_the_chain_out_again() -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid", "bot:Dan"], seed=11)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await human_move_by_keys(pilot, app)
        chain = app.screen.query_one(ChainView)
        assert chain._layout is not None and chain._layout.width == chain.content_size.width
        narrow = chain._layout.height
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert chain._layout is not None and chain._layout.width == chain.content_size.width
        assert chain._layout.width > 60 and chain._layout.height <= narrow


async def test_watch_mode_pauses_steps_and_changes_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    # the round-over dialog must not close itself before a slow machine looks for it
    monkeypatch.setattr(round_end, "AUTO_NEXT_ROUND", 3600.0)
    session = FakeSession(["bot:Ann", "bot:Bob", "bot:Cid"], seed=5)
    app = TableApp(session, watch=True, face_up=True, paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        before = len(session.saved)
        await pilot.press("full_stop")
        await settle(pilot)
        assert len(session.saved) == before + 1
        delay = screen.runner.delay = 0.5
        await pilot.press("minus")
        assert screen.runner.delay > delay
        await pilot.press("plus", "plus")
        assert screen.runner.delay < delay
        screen.runner.delay = 0
        assert screen.check_action("play", ()) is False
        await pilot.press("space")  # resume: the bots play the round out
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
        assert isinstance(session.saved[-1], RoundScored)


def session_with_a_tile_for_both_ends() -> tuple[FakeSession, int]:
    """A seeded game moved on (outside the UI) until Ann holds a tile that fits both ends."""
    for seed in range(200):
        session = FakeSession(["Ann", "bot:Bob"], seed=seed)
        game = session.game
        rng = random.Random(seed)
        while game.state.phase == "playing":
            st = game.state
            r = st.round
            assert r is not None
            if st.turn == 0 and r.left >= 0 and r.left != r.right and r.drawn < 0:
                both = [
                    m.tile
                    for m in st.legal_moves()
                    if isinstance(m, Play)
                    and m.end == "left"
                    and Play(m.tile, "right") in st.legal_moves()
                ]
                if both:
                    return session, both[0]
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no such position in 200 seeds")


async def test_a_tile_that_fits_both_ends_asks_which_end() -> None:
    session, tile = session_with_a_tile_for_both_ends()
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        index = list(screen.scene().my_hand).index(tile)
        while screen.selected != index:
            await pilot.press("right")
        assert screen.check_action("play_end", ("left",)) is True
        before = len(session.saved)
        await pilot.press("enter")
        assert isinstance(app.screen, EndPromptScreen)
        await pilot.press("escape")  # cancel: nothing played
        assert not isinstance(app.screen, EndPromptScreen)
        assert len(session.saved) == before
        await pilot.press("enter")
        await pilot.press("right")
        await settle(pilot)
        played = session.saved[before]
        assert isinstance(played, TilePlayed)
        assert (played.tile, played.end) == (tile, "right")


async def test_the_bracket_keys_play_on_a_chosen_end() -> None:
    session, tile = session_with_a_tile_for_both_ends()
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        index = list(screen.scene().my_hand).index(tile)
        while screen.selected != index:
            await pilot.press("right")
        before = len(session.saved)
        await pilot.press("left_square_bracket")
        await settle(pilot)
        played = session.saved[before]
        assert isinstance(played, TilePlayed)
        assert (played.tile, played.end) == (tile, "left")


async def test_two_doubles_in_one_turn_with_w() -> None:
    for seed in range(400):
        session = FakeSession(["Ann", "bot:Bob"], seed=seed)
        game, rng = session.game, random.Random(seed)
        while game.state.phase == "playing":
            moves = game.state.legal_moves()
            if game.state.turn == 0 and any(isinstance(m, PlayDoubles) for m in moves):
                break
            game.play(rng.choice(game.legal_moves()))
        if game.state.phase == "playing":
            break
    else:
        raise AssertionError("no two-doubles position in 400 seeds")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.check_action("doubles", ()) is True
        before = len(session.saved)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(session.saved[before], DoublesPlayed)
        assert session.saved[before].seat == 0


async def test_a_game_opened_between_rounds_shows_the_round_over_dialog() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=8)
    rng = random.Random(8)
    while session.game.state.phase == "playing":
        session.game.play(rng.choice(session.game.legal_moves()))
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert session.game.state.round_no == 2
        assert session.game.state.phase == "playing"


class BrokenBot:
    name = "broken"

    def choose(self, view: object) -> object:
        raise RuntimeError("the bot fell over")


async def test_a_failing_bot_pauses_with_a_message_instead_of_crashing() -> None:
    session = FakeSession(["bot:Ann", "bot:Bob"], seed=7)
    session._bots[session.game.state.turn] = BrokenBot()  # type: ignore[assignment]
    app = TableApp(session, watch=True, face_up=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        assert screen.runner.paused and screen.runner.thinking < 0
        assert "fell over" in str(app.screen.query_one("#status").render())
        assert app.is_running


async def test_a_round_on_a_real_session_is_on_disk_event_by_event(tmp_path: Path) -> None:
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
    session = Session.create(seats, seed=7, save_dir=tmp_path, sync=False)
    try:
        # the round's early moves go through the session by code, its last ones by keys:
        # the file is compared event by event with the whole round either way
        near_the_round_end(session)
        assert session.game.state.phase == "playing"
        app = TableApp(session)  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            await play_round(pilot, app, human_move_by_keys)
            on_disk = load(session.path)
            assert on_disk.events == list(session.game.events)
            assert on_disk.state == session.game.state
            assert isinstance(on_disk.events[-1], RoundScored)
    finally:
        session.close()
