"""Real processes on loopback: ``koza server``, ``koza join``, kill -9 and restarts."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support.net import (
    PATIENCE,
    ServerProcess,
    leaked_tiles,
    loaded_events,
    server_process,
    the_save,
    until,
)

from koza.bots import make_bot
from koza.cli.verify import verify_line
from koza.core.replay_cursor import ReplayCursor
from koza.core.state import replay
from koza.core.view import seat_view
from koza.net.client import ClientError, KozaClient
from koza.net.scripted import autoplay
from koza.net.wire import public_event


def _events_by_seq(client: KozaClient) -> dict[int, list[dict[str, object]]]:
    seen: dict[int, list[dict[str, object]]] = {}
    for item in client.log:
        if isinstance(item, dict):
            seen.setdefault(int(item["seq"]), []).append(item)  # type: ignore[call-overload]
    return seen


async def _room(url: str, **settings: object) -> tuple[KozaClient, KozaClient, str]:
    a, b = KozaClient(url, record=True), KozaClient(url, record=True)
    await a.connect()
    room = await a.create_room("Ann", players=4, humans=2, bot="random", **settings)
    await b.connect()
    await b.join(room.code, "Bob")
    return a, b, room.code


def test_a_whole_game_over_a_real_server_verifies_and_replays(tmp_path: Path) -> None:
    async def play(url: str) -> tuple[KozaClient, KozaClient]:
        a, b, _ = await _room(url)  # to 101, the real target
        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(b, make_bot("expert", 2), timeout=PATIENCE),
        )
        for c in (a, b):
            await c.close()
        return a, b

    with server_process(tmp_path) as server:
        a, b = asyncio.run(play(server.url))
    save = the_save(tmp_path)
    assert verify_line(save)[0]
    events = loaded_events(save)
    final = replay(events)
    cursor = ReplayCursor(events)
    assert cursor.end() == final and final.phase == "game_over"
    assert max(final.sheets.totals) >= 101
    assert a.view == seat_view(final, 0) and b.view == seat_view(final, 1)
    for client, seat in ((a, 0), (b, 1)):
        assert client.frames and leaked_tiles(client.frames, events, seat) == []


def test_the_server_killed_mid_round_comes_back_and_nothing_is_lost_or_doubled(
    tmp_path: Path,
) -> None:
    async def play() -> tuple[KozaClient, KozaClient]:
        first = ServerProcess(tmp_path)
        port = first.port
        a, b, code = await _room(first.url, rules={"target": 61})
        state = {"killed": False}

        def kill_once(client: KozaClient) -> None:
            if not state["killed"] and client.seq > 12 and client.view is not None:
                state["killed"] = True
                first.kill()  # kill -9, in the middle of a round
                asyncio.get_running_loop().call_later(0.5, restart)

        def restart() -> None:
            state["second"] = ServerProcess(tmp_path, port)  # type: ignore[assignment]

        try:
            await asyncio.gather(
                autoplay(a, make_bot("random", 1), timeout=PATIENCE, on_move=kill_once),
                autoplay(b, make_bot("random", 2), timeout=PATIENCE),
            )
        finally:
            first.stop()
            second = state.get("second")
            if isinstance(second, ServerProcess):
                second.stop()
        assert state["killed"] and a.reconnects >= 1 and b.reconnects >= 1
        for c in (a, b):
            await c.close()
        return a, b

    a, b = asyncio.run(play())
    save = the_save(tmp_path)
    assert verify_line(save)[0]
    events = loaded_events(save)
    assert [e.seq for e in events] == list(range(len(events)))
    assert replay(events).phase == "game_over"
    for client, seat in ((a, 0), (b, 1)):
        seen = _events_by_seq(client)
        # every event reached the client once (the missed ones on rejoin), as in the save
        assert sorted(seen) == list(range(len(events)))
        for seq, copies in seen.items():
            assert copies == [public_event(events[seq], seat)], seq
        assert client.view == seat_view(replay(events), seat)
        assert leaked_tiles(client.frames or [], events, seat) == []


def _join_process(url: str, code: str, folder: Path) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "koza", "join", url, code, "--name", "Bob", "--bot", "random"]
    return subprocess.Popen(
        [*cmd, "--save-dir", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_a_client_process_killed_mid_game_rejoins_its_seat_and_finishes(tmp_path: Path) -> None:
    home = tmp_path / "bob"

    async def play(url: str) -> tuple[KozaClient, list[str]]:
        a = KozaClient(url)
        await a.connect()
        room = await a.create_room(
            "Ann", players=3, humans=2, bot="random", rules={"target": 61}, away_seconds=PATIENCE
        )
        bob = _join_process(url, room.code, home)
        outputs = []
        stop = lambda c: c.seq > 15  # noqa: E731
        await autoplay(a, make_bot("random", 1), timeout=PATIENCE, stop=stop)
        os.kill(bob.pid, signal.SIGKILL)  # kill -9 Bob's koza in the middle of the game
        bob.wait(10)
        assert a.room is not None
        await until(a, lambda: a.room is not None and not a.room.seats[1].connected, "Bob away")
        assert a.room is not None and a.room.seats[1].away_left is not None
        bob = _join_process(url, room.code, home)  # the same command again: same seat
        await autoplay(a, make_bot("random", 1), timeout=PATIENCE)
        out, err = await asyncio.to_thread(bob.communicate, timeout=PATIENCE)
        outputs += [out, err]
        assert bob.returncode == 0, err
        await a.close()
        return a, outputs

    with server_process(tmp_path) as server:
        a, outputs = asyncio.run(play(server.url))
    assert "(seat 1)" in outputs[0] and "game over" in outputs[0]
    events = loaded_events(the_save(tmp_path))
    final = replay(events)
    assert final.phase == "game_over" and [s.name for s in final.seats][:2] == ["Ann", "Bob"]
    assert a.view == seat_view(final, 0)


def test_a_room_still_waiting_for_players_survives_kill_9_with_its_seats_and_tokens(
    tmp_path: Path,
) -> None:
    async def before(url: str) -> tuple[str, str, str, str]:
        a, b = KozaClient(url), KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", players=4, humans=3, bot="random")
        await b.connect()
        bob = await b.join(room.code, "Bob")
        await a.close()
        again = KozaClient(url)
        await again.connect()
        fresh = await again.rejoin(room.code, room.token or "")  # a new token; the old one ends
        assert room.token and bob.token and fresh.token and fresh.token != room.token
        return room.code, room.token, fresh.token, bob.token

    async def after(url: str, code: str, old: str, ann: str, bob: str) -> KozaClient:
        thief = KozaClient(url)
        await thief.connect()
        with pytest.raises(ClientError, match="holds no seat"):
            await thief.rejoin(code, old)
        a, b, c = KozaClient(url), KozaClient(url), KozaClient(url)
        for client in (a, b, c):
            await client.connect()
        assert (await a.rejoin(code, ann)).seat == 0
        assert (await b.rejoin(code, bob)).seat == 1
        assert (await c.join(code, "Cid")).seat == 2  # the third person: the game starts
        await until(c, lambda: c.view is not None, "the first deal")
        for client in (thief, a, b, c):
            await client.close()
        return c

    first = ServerProcess(tmp_path)
    try:
        code, old, ann, bob = asyncio.run(before(first.url))
    finally:
        first.kill()  # kill -9 while the room waits for its third person
    with server_process(tmp_path) as second:
        c = asyncio.run(after(second.url, code, old, ann, bob))
    assert c.view is not None and c.view.names[:3] == ("Ann", "Bob", "Cid")


def test_koza_host_opens_a_room_on_a_server_already_running(tmp_path: Path) -> None:
    async def join(url: str, code: str) -> KozaClient:
        bob = KozaClient(url)
        await bob.connect()
        assert (await bob.join(code, "Bob")).seat == 1  # the second person: the game starts
        await until(bob, lambda: bob.view is not None, "the first deal")
        await bob.close()
        return bob

    with server_process(tmp_path / "server") as server:
        where = f"127.0.0.1:{server.port}"
        cmd = [sys.executable, "-m", "koza", "host", "--server", where, "--lines"]
        cmd += ["--name", "Ann", "--players", "2", "--humans", "2"]
        host = subprocess.Popen(
            [*cmd, "--save-dir", str(tmp_path / "ann")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            assert host.stdout is not None
            made, how = host.stdout.readline(), host.stdout.readline()
            code = how.split()[3]
            assert f"room {code}" in made and how.split()[:4] == ["koza", "join", where, code], how
            bob = asyncio.run(join(server.url, code))
        finally:
            os.killpg(host.pid, signal.SIGKILL)
            host.wait(10)
    assert bob.view is not None and bob.view.names == ("Ann", "Bob")
    record = json.loads((tmp_path / "server" / f"koza-room-{code}.json").read_text())
    assert record["server"].endswith(f":{server.port}") and not record["public"]
