"""What makes the server cheap per room: view deltas, quick bots on the loop, syncs off it."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest
from support.net import (
    PATIENCE,
    leaked_tiles,
    loaded_events,
    local_server,
    settled,
    the_save,
    until,
)

from koza.bots import decide, make_bot
from koza.core.events import (
    DoublesPlayed,
    RoundDealt,
    SeatInfo,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import replay
from koza.core.view import SeatView, seat_view
from koza.net import connection, delta, file_work
from koza.net.client import KozaClient
from koza.net.scripted import autoplay
from koza.net.server import KozaServer, start
from koza.net.wire import view_for
from koza.play.session import SaveError, Session
from koza.storage import writer


def _views_of_a_game(players: int, seed: int) -> list[GameViews]:
    """Every seat's (and a watcher's) view after every step of a whole random game."""
    game = Game.new([SeatInfo(name=f"P{i}") for i in range(players)], RuleSet(), seed)
    bots = [make_bot("random", seed + i) for i in range(players)]
    seats: list[int | None] = [*range(players), None]
    steps: list[GameViews] = []
    while game.state.phase != "game_over":
        state = game.state
        steps.append({seat: view_for(state, seat) for seat in seats})
        if state.phase == "round_over":
            game.next_round()
        else:
            game.play(decide(bots[state.turn], state, state.turn), state.turn)
    steps.append({seat: view_for(game.state, seat) for seat in seats})
    return steps


GameViews = dict[int | None, SeatView]


async def ann_plays_a_game(folder: Path, bot_delay: float, sync: bool, target: int) -> KozaClient:
    """Ann plays a whole game alone against random bots on a server with ``bot_delay``
    (``local_server``'s is 0); her client, which kept every frame it was sent."""
    koza = KozaServer(folder, bot_delay=bot_delay, sync=sync)
    server = await start(koza, "127.0.0.1", 0)
    url = f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"
    try:
        ann = KozaClient(url, record=True)
        await ann.connect()
        await ann.create_room("Ann", humans=1, bot="random", rules={"target": target})
        await autoplay(ann, make_bot("random", 1), timeout=PATIENCE)
        await ann.close()
    finally:
        server.close()
        await server.wait_closed()
        koza.close()
    return ann


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_a_delta_gives_back_the_next_view_exactly(players: int, seed: int) -> None:
    steps = _views_of_a_game(players, seed)
    for before, after in zip(steps, steps[1:], strict=False):
        for seat, old in before.items():
            new = after[seat]
            fields = delta.changed(old, new)
            text = delta.patch_json(new, fields)
            assert set(json.loads(text)) == fields  # only what changed travels
            rebuilt = delta.apply(old, delta.ViewPatch.model_validate_json(text))
            assert rebuilt == new
    assert "records" not in delta.changed(steps[-3][0], steps[-2][0])  # mid-round: not resent


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_a_delta_sends_a_grown_history_and_chain_as_what_they_added(
    players: int, seed: int
) -> None:
    """Given the view it patches, a delta holds only the actions a round's history added,
    and a chain only the tiles laid at its ends, and still gives back the next view
    exactly (a new round's history and chain come whole)."""
    steps = _views_of_a_game(players, seed)
    grown = 0
    laid_at = {True: 0, False: 0}  # at the left end, at the right end only
    for before, after in zip(steps, steps[1:], strict=False):
        for seat, old in before.items():
            new = after[seat]
            fields = delta.changed(old, new)
            sent = json.loads(delta.patch_json(new, fields, old))
            rebuilt = delta.apply(old, delta.ViewPatch.model_validate(sent))
            assert rebuilt == new
            if "history" in fields and len(new.history) > len(old.history):
                assert "history" not in sent
                assert len(sent[delta.MORE]) == len(new.history) - len(old.history)
                grown += 1
            elif "history" in fields:
                assert delta.MORE not in sent and len(sent["history"]) == len(new.history)
            if "chain" in fields and len(new.chain) > len(old.chain) > 0:
                assert "chain" not in sent
                laid = len(sent[delta.LEFT]) + len(sent[delta.RIGHT])
                assert laid == len(new.chain) - len(old.chain)
                laid_at[bool(sent[delta.LEFT])] += 1
    assert grown > 10
    assert laid_at[True] > 0 and laid_at[False] > 0  # tiles laid at either end


async def test_deltas_and_full_views_mirror_the_same_table_and_hide_the_same_tiles(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path) as (_koza, url):
        a, b = KozaClient(url, record=True), KozaClient(url, record=True)
        b.deltas = False  # a client of before the deltas: full views only
        watcher = KozaClient(url, record=True)
        await a.connect()
        room = await a.create_room("Ann", humans=2, bot="random", rules={"target": 61})
        await b.connect()
        await b.join(room.code, "Bob")
        await watcher.connect()
        await watcher.watch(room.code)
        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(b, make_bot("random", 2), timeout=PATIENCE),
        )
        await watcher.changed(timeout=1)
        for c in (a, b, watcher):
            await c.close()
    events = loaded_events(the_save(tmp_path))
    final = replay(events)
    assert a.view == seat_view(final, 0) and b.view == seat_view(final, 1)
    kinds = {c: [json.loads(f)["type"] for f in c.frames or ()] for c in (a, b, watcher)}
    assert kinds[a].count("view") == 1 and kinds[a].count("view_delta") > 5
    assert "view_delta" not in kinds[b] and kinds[b].count("view") > 5
    assert kinds[watcher].count("view") == 1 and kinds[watcher].count("view_delta") > 5
    for client, seat in ((a, 0), (b, 1), (watcher, None)):
        assert leaked_tiles(client.frames or [], events, seat) == []


async def test_a_persons_move_is_shown_at_once_and_quick_bots_answer_in_one_view_after_it(
    tmp_path: Path,
) -> None:
    """With bot_delay 0 and random bots, a person's move is sent back before any bot
    answers it (a view of that very move, a bot to move; a new deal too), and the bots' answers come
    in one view after it, one where that person acts again (or a round or the game is
    over).  A game's deal is random and a short one shows few tables, so games are
    played until ten echoes were checked."""
    echoes = 0
    for game in range(20):
        folder = tmp_path / f"game{game}"
        folder.mkdir()
        async with local_server(folder) as (_koza, url):
            ann = KozaClient(url, record=True)
            await ann.connect()
            await ann.create_room("Ann", humans=1, bot="random", rules={"target": 61})
            await autoplay(ann, make_bot("random", 1), timeout=PATIENCE)
            await ann.close()
        views = [json.loads(f) for f in ann.frames or ()]
        seqs = [v["seq"] for v in views if v["type"] in ("view", "view_delta")]
        events = loaded_events(the_save(folder))
        echoed = False  # the last view was the echo of Ann's move
        for seq in seqs[1:]:
            state = replay(events[: seq + 1])
            if state.phase == "playing" and state.turn != 0:  # a bot to move
                shown = events[seq]  # Ann's move, or a new deal a bot leads
                assert isinstance(shown, RoundDealt) or getattr(shown, "seat", None) == 0, seq
                assert not echoed, f"the bots answered in more than one view at {seq}"
                echoed = True
                echoes += 1
            else:
                echoed = False
        if echoes > 10:
            break
    assert echoes > 10


async def test_quick_bots_play_a_game_its_only_person_left_to_its_end(tmp_path: Path) -> None:
    """Every seat moved by quick bots (the person's by its stand-in): the pump plays the
    whole game on, a run of moves at a time, with nobody to show it to, round after round."""
    async with local_server(tmp_path) as (koza, url):
        ann = KozaClient(url, reconnect_for=0)
        await ann.connect()
        made = await ann.create_room("Ann", humans=1, bot="random", away_seconds=0.1)
        await until(ann, lambda: ann.view is not None, "the first deal")
        await ann.close()
        room = koza.rooms[made.code]
        await settled(lambda: room.finished, "the bots to finish the game")
        events = loaded_events(the_save(tmp_path))
        assert events[-1].type == "game_over"
        assert any(isinstance(e, RoundDealt) and e.round > 1 for e in events)


async def test_rooms_share_one_quick_bot_of_a_kind_and_keep_their_own_thinking_bots(
    tmp_path: Path,
) -> None:
    """A quick bot is nothing but its random draws: one serves every room's seats of its
    kind (a generator each was 2.5 KB a room); a bot that thinks is each room's own."""
    async with local_server(tmp_path) as (koza, url):
        rooms = []
        for name, bot in [("Ann", "random"), ("Bob", "random"), ("Cy", "expert"), ("Di", "expert")]:
            client = KozaClient(url, reconnect_for=0)
            await client.connect()
            made = await client.create_room(name, humans=1, bot=bot)
            await until(client, lambda c=client: c.view is not None, "the first deal")
            rooms.append(koza.rooms[made.code])
            await client.close()
        quick = {id(room._bot(seat)) for room in rooms[:2] for seat in (1, 2, 3)}
        assert len(quick) == 1
        thinking = [room._bot(1) for room in rooms[2:]]
        assert thinking[0] is not thinking[1]
        assert rooms[2]._bot(1) is thinking[0]  # made once, then kept


async def test_rooms_made_at_once_write_their_files_in_two_threads(tmp_path: Path) -> None:
    """Twenty people make rooms at the same instant: every room is made and dealt, and
    their files were written by the server's two file threads (the loop's default pool
    would have grown to six, each keeping its stack and allocator arena)."""
    unlimited = frozenset({"127.0.0.1"})  # twenty rooms from one address
    async with local_server(tmp_path, unlimited=unlimited) as (koza, url):
        clients = [KozaClient(url, reconnect_for=0) for _ in range(20)]
        await asyncio.gather(*(c.connect() for c in clients))
        made = await asyncio.gather(
            *(c.create_room(f"P{i}", humans=1, bot="random") for i, c in enumerate(clients))
        )
        for client in clients:
            await until(client, lambda c=client: c.view is not None, "the first deal")
        assert {m.code for m in made} <= set(koza.rooms)
        workers = {t.name for t in threading.enumerate() if t.name.startswith("koza-files")}
        assert 1 <= len(workers) <= file_work.THREADS
        await asyncio.gather(*(c.close() for c in clients))


@pytest.mark.parametrize("bot_delay", [0.0, 0.005])
async def test_no_view_shows_a_persons_turn_before_the_save_is_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bot_delay: float
) -> None:
    """The server writes moves on its loop and syncs in a thread, only when it must: a view
    that waits for a person is sent only after every write before it was synced.  With a
    ``bot_delay`` each bot move is shown by itself, after its wait; with none, Ann's move
    is shown at once and the bots' answers in the view after it."""
    journal: list[tuple[str, int]] = []
    real_sync, real_write, real_send = writer._sync, writer._write_all, connection.Conn.send

    def sync(fd: int) -> None:
        real_sync(fd)
        journal.append(("sync", -1))

    def write_all(fd: int, data: bytes) -> None:
        real_write(fd, data)
        journal.append(("write", -1))

    def send(conn: connection.Conn, text: str) -> None:
        kind = json.loads(text)
        if kind["type"] in ("view", "view_delta"):
            journal.append(("view", kind["seq"]))
        real_send(conn, text)

    monkeypatch.setattr(writer, "_sync", sync)
    monkeypatch.setattr(writer, "_write_all", write_all)
    monkeypatch.setattr(connection.Conn, "send", send)
    await ann_plays_a_game(tmp_path, bot_delay, sync=True, target=61)
    events = loaded_events(the_save(tmp_path))
    unsynced, checked, bots_shown = False, 0, 0
    for what, seq in journal:
        if what == "write":
            unsynced = True
        elif what == "sync":
            unsynced = False
        else:
            state = replay(events[: seq + 1])
            if state.phase != "playing" or state.turn == 0:  # koza now waits for Ann
                assert not unsynced, f"view of event {seq} sent before its sync"
                checked += 1
            else:
                bots_shown += 1
    # every move of Ann's answered a view of its own (the deal is random: not a fixed count)
    moves = (TilePlayed, DoublesPlayed, TileDrawn, TurnPassed)
    ann_moves = sum(isinstance(e, moves) and e.seat == 0 for e in events)
    assert ann_moves > 0 and checked >= ann_moves
    assert bots_shown > 0  # each bot move with a bot_delay, else each echo of Ann's move


def test_a_move_played_unsynced_owes_its_sync_until_it_is_done(tmp_path: Path) -> None:
    """``Session.play(sync=False)``: written at once; synced by ``sync_together``."""
    with Session.create(["Ann", "Bob"], RuleSet(), 7, tmp_path) as session:
        assert not session.sync_owed
        state = session.state
        move = state.legal_moves()[0]
        size = session.path.stat().st_size
        session.play(move, state.turn, sync=False)
        assert session.path.stat().st_size > size  # written before play returned
        assert session.sync_owed  # the other person is to move: a sync is owed
        assert Session.sync_together([session]) == [None]
        assert not session.sync_owed


def test_a_moved_save_is_still_found_out_when_a_person_is_next(tmp_path: Path) -> None:
    """Even not syncing, the owed step still looks at the save's path (as ``flush`` did)."""
    with Session.create(["Ann", "Bob"], RuleSet(), 7, tmp_path, sync=False) as session:
        state = session.state
        session.play(state.legal_moves()[0], state.turn, sync=False)
        session.path.rename(tmp_path / "elsewhere.koza.jsonl")
        assert session.sync_owed
        [error] = Session.sync_together([session])
        assert isinstance(error, SaveError)


async def test_bots_with_a_delay_move_one_a_view_each_after_its_wait(tmp_path: Path) -> None:
    """A cheap bot with a ``bot_delay`` moves as the pump's low-priority work after its wait:
    one move a view (a person sees each), and never sooner than the delay after the move
    before it."""
    delay = 0.03
    ann = await ann_plays_a_game(tmp_path, delay, sync=False, target=31)
    events = loaded_events(the_save(tmp_path))
    moves = (TilePlayed, DoublesPlayed, TileDrawn, TurnPassed)
    seqs = [f["seq"] for f in map(json.loads, ann.frames or ()) if f["type"].startswith("view")]
    bot_views = 0
    for before, seq in zip(seqs, seqs[1:], strict=False):
        added = [e for e in events[before + 1 : seq + 1] if isinstance(e, moves)]
        if added and all(e.seat != 0 for e in added):
            assert len(added) == 1, f"bots' moves {[e.seq for e in added]} in one view"
            bot_views += 1
    assert bot_views > 5
    for earlier, later in zip(events, events[1:], strict=False):
        if isinstance(later, moves) and later.seat != 0 and isinstance(earlier, moves):
            assert (later.at - earlier.at).total_seconds() >= delay * 0.9, later.seq
