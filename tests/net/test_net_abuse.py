"""A corpus of bad messages: each refused, none changes a room, other rooms play on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from support.net import PATIENCE, loaded_events, local_server, the_save
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from koza.bots import make_bot
from koza.cli.verify import verify_line
from koza.core.state import replay
from koza.core.view import seat_view
from koza.net.client import KozaClient
from koza.net.protocol import MAX_FRAME, PlayCommand, Refused
from koza.net.scripted import autoplay

HELLO = '{"v": 1, "type": "hello"}'


class Replaying(KozaClient):
    """A client that sends its first move twice, as a replay attack or a double click would."""

    replayed = False

    async def _send(self, msg: object) -> None:
        await super()._send(msg)
        if isinstance(msg, PlayCommand) and not self.replayed:
            self.replayed = True
            await super()._send(msg)


async def _ask(ws: ClientConnection, frame: str) -> dict[str, object]:
    """Send one frame; the next answer that is not about a room's state."""
    await ws.send(frame)
    while True:
        answer = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
        if answer["type"] not in ("room", "view", "away"):
            return answer  # type: ignore[no-any-return]


async def _attack(url: str, code: str, other_token: str) -> list[tuple[str, object]]:
    """Every bad message once, on fresh connections; ``(name, error code)`` for each."""
    results: list[tuple[str, object]] = []
    async with connect(url, proxy=None) as ws:
        results.append(("before hello", (await _ask(ws, '{"v":1,"type":"list_rooms"}'))["code"]))
    corpus = {
        "not json": "{nope",
        "binary garbage": "\x00\xff\xfe",
        "not an object": "[1,2,3]",
        "no type": '{"v": 1}',
        "unknown type": '{"v": 1, "type": "become_admin"}',
        "wrong version": '{"v": 9, "type": "list_rooms"}',
        "server message": '{"v": 1, "type": "welcome", "server": "evil"}',
        "wrong field type": '{"v": 1, "type": "join", "code": 5, "name": "x"}',
        "extra field": '{"v": 1, "type": "list_rooms", "admin": true}',
        "too big": json.dumps({"v": 1, "type": "chat", "text": "x" * MAX_FRAME}),
        "forged token": json.dumps({"v": 1, "type": "rejoin", "code": code, "token": "A" * 32}),
        "other room's token": json.dumps(
            {"v": 1, "type": "rejoin", "code": code, "token": other_token}
        ),
        "command without a seat": json.dumps(
            {"v": 1, "type": "command", "seq": 1, "move": {"kind": "pass"}}
        ),
        "chat without a room": '{"v": 1, "type": "chat", "text": "hi"}',
        "start without a room": '{"v": 1, "type": "start"}',
        "bad rules": json.dumps(
            {"v": 1, "type": "create_room", "name": "x", "rules": {"target": -5}}
        ),
        "bad bot": json.dumps({"v": 1, "type": "create_room", "name": "x", "bot": "skynet"}),
        "markup name": json.dumps({"v": 1, "type": "join", "code": code, "name": "[b]x[/b]"}),
        "more humans than seats": json.dumps(
            {"v": 1, "type": "create_room", "name": "x", "players": 2, "humans": 3}
        ),
    }
    for name, frame in corpus.items():  # one connection each: 10 strikes close a connection
        async with connect(url, proxy=None) as ws:
            await _ask(ws, HELLO)
            results.append((name, (await _ask(ws, frame))["code"]))
    async with connect(url, proxy=None) as ws:  # a watcher may not play
        await _ask(ws, HELLO)
        await _ask(ws, json.dumps({"v": 1, "type": "watch", "code": code}))
        frame = json.dumps({"v": 1, "type": "command", "seq": 0, "move": {"kind": "draw"}})
        results.append(("watcher's command", (await _ask(ws, frame))["code"]))
    return results


async def _flood(url: str) -> tuple[int, int | None]:
    """Send far too fast; ``(errors seen, close code)``."""
    errors = 0
    async with connect(url, proxy=None) as ws:
        await _ask(ws, HELLO)
        try:
            for _ in range(300):
                await ws.send('{"v": 1, "type": "list_rooms"}')
            async for raw in ws:
                errors += json.loads(raw).get("type") == "error"
        except ConnectionClosed:
            pass
        return errors, ws.close_code


async def _too_huge(url: str) -> int | None:
    async with connect(url, proxy=None) as ws:
        await _ask(ws, HELLO)
        try:
            await ws.send("x" * (40 * MAX_FRAME))
            await asyncio.wait_for(ws.recv(), PATIENCE)
        except ConnectionClosed:
            pass
        return ws.close_code


async def test_bad_messages_are_refused_while_another_room_plays_on(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b = Replaying(url), KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", players=3, humans=2, bot="random", rules={"target": 61})
        await b.connect()
        await b.join(room.code, "Bob")
        other = KozaClient(url)
        await other.connect()
        elsewhere = await other.create_room("Eve", players=2, humans=2, public=True)
        assert elsewhere.token is not None

        game = asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(b, make_bot("random", 2), timeout=PATIENCE),
        )
        attack = _attack(url, room.code, elsewhere.token)
        results, flood, huge, _ = await asyncio.gather(attack, _flood(url), _too_huge(url), game)
        assert a.game_over and b.game_over
        assert any(isinstance(m, Refused) and "for event" in m.reason for m in a.log)
        # every bad message got a clear error code
        codes = dict(results)
        assert codes["before hello"] == "forbidden"
        assert codes["not json"] == "bad_json" and codes["binary garbage"] == "bad_json"
        assert codes["unknown type"] == "unknown" and codes["server message"] == "unknown"
        assert codes["too big"] == "too_big"
        assert codes["forged token"] == codes["other room's token"] == "forbidden"
        assert codes["command without a seat"] == codes["watcher's command"] == "forbidden"
        for name in ("wrong version", "wrong field type", "extra field", "bad rules", "bad bot"):
            assert codes[name] == "invalid", name
        assert codes["markup name"] == codes["more humans than seats"] == "invalid"
        # a flood gets errors, then the door; so does a frame far past the limit
        assert flood[0] >= 1 and flood[1] == 1008
        assert huge == 1009
        # the game was played by its players only, and the server still serves
        events = loaded_events(the_save(tmp_path))
        assert verify_line(the_save(tmp_path))[0]
        assert a.view == seat_view(replay(events), 0)
        assert [r.code for r in (await other.lobby()).rooms] == [elsewhere.code]
        for c in (a, b, other):
            await c.close()
