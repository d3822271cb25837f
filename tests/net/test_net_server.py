"""The koza server in this process, with headless clients over loopback."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
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

from koza.bots import make_bot
from koza.cli.verify import verify_line
from koza.core.commands import Draw, Pass, Play, to_move
from koza.core.explain import describe_illegal, illegal_reason
from koza.core.state import replay
from koza.core.view import seat_view
from koza.i18n import strings
from koza.i18n.refusals import from_server, say_reason
from koza.net import client as client_module
from koza.net import connection, roomfile
from koza.net import room as room_module
from koza.net.client import ClientError, KozaClient
from koza.net.protocol import Away, ChatLine, Error, PlayCommand, QuickLine, Refused
from koza.net.scripted import autoplay
from koza.net.server import KozaServer, start, tls_context
from koza.play.session import SaveError
from koza.tui.remote.join import one_line


async def _two_players(url: str, **settings: object) -> tuple[KozaClient, KozaClient, str]:
    a, b = KozaClient(url, record=True), KozaClient(url, record=True)
    await a.connect()
    room = await a.create_room("Ann", humans=2, bot="random", **settings)
    await b.connect()
    joined = await b.join(room.code, "Bob")
    assert (room.seat, joined.seat) == (0, 1) and room.token and joined.token
    assert room.token != joined.token and room.code not in room.token
    return a, b, room.code


async def test_two_people_and_two_bots_play_a_whole_saved_game(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, rules={"target": 51})
        watcher = KozaClient(url, record=True)
        await watcher.connect()
        await watcher.watch(code)
        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(b, make_bot("greedy", 2), timeout=PATIENCE),
        )
        await watcher.changed(timeout=1)
        for c in (a, b, watcher):
            await c.close()
    save = the_save(tmp_path)
    ok, line = verify_line(save)
    assert ok and "game over" in line
    events = loaded_events(save)
    final = replay(events)
    assert final.phase == "game_over" and max(final.sheets.totals) >= 51
    assert [s.kind for s in final.seats] == ["human", "human", "bot", "bot"]
    assert a.view == seat_view(final, 0) and b.view == seat_view(final, 1)
    assert a.seq == b.seq == len(events) - 1
    # nobody ever received a tile hidden from them at that moment
    for client, seat in ((a, 0), (b, 1), (watcher, None)):
        assert client.frames and leaked_tiles(client.frames, events, seat) == []
    assert watcher.view is not None and watcher.view.hand_mask == 0
    record = json.loads(roomfile.path_for(tmp_path, code).read_text())
    assert record["finished"] and a.token not in json.dumps(record)


async def test_illegal_stale_and_out_of_turn_moves_are_refused_without_a_change(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, players=2)
        await until(a, lambda: a.view is not None and b.view is not None, "both views")
        room = koza.rooms[code]
        assert room.session is not None
        mover, other = (a, b) if a.my_turn else (b, a)
        state = room.session.state
        assert state.turn == mover.seat
        wrong = next(t for t in range(28) if not state.hand(state.turn) >> t & 1)
        await mover.play(Play(wrong, "open"))
        await other.play(Draw())
        await mover._send(PlayCommand(seq=mover.seq - 1, move=Pass()))

        def refusals() -> list[Refused]:
            return [m for c in (a, b) for m in c.log if isinstance(m, Refused)]

        await until(mover, lambda: len(refusals()) == 3, "three refusals")
        reasons = {m.reason for m in refusals()}
        assert describe_illegal(state.round, to_move(Play(wrong, "open"))) in reasons
        assert any("not your turn" in r for r in reasons)
        assert any("for event" in r for r in reasons)
        assert room.session.state is state  # nothing changed
        # each refusal also comes as a catalogue key, said in the player's language
        keys = {m.key for m in refusals()}
        illegal = illegal_reason(state.round, to_move(Play(wrong, "open")))
        assert {f"illegal.{illegal.code}", "illegal.not_your_turn", "net.says.stale_move"} == keys
        try:
            for lang in ("ru", "ka"):
                strings.use_language(lang)
                said = {from_server(m.key, m.values, m.reason) for m in refusals()}
                assert say_reason(illegal) in said and not said & reasons
        finally:
            strings.use_language("en")
        for c in (a, b):
            await c.close()


async def test_a_dropped_client_reconnects_by_itself_and_finishes(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, rules={"target": 41})
        moves = {"a": 0}

        def drop_once(client: KozaClient) -> None:
            moves["a"] += 1
            if moves["a"] == 3:
                asyncio.get_running_loop().create_task(client.drop())

        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE, on_move=drop_once),
            autoplay(b, make_bot("random", 2), timeout=PATIENCE),
        )
        assert a.reconnects >= 1 and a.game_over and b.game_over
        final = replay(loaded_events(the_save(tmp_path)))
        assert a.view == seat_view(final, 0)
        for c in (a, b):
            await c.close()


async def test_an_absent_seat_waits_then_a_bot_plays_until_it_rejoins(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, players=3, away_seconds=0.3, rules={"target": 61})
        token = b.token
        assert token is not None
        await b.close()  # Bob leaves for a while
        await until(a, lambda: any(isinstance(m, Away) and m.bot_playing for m in a.log), "a bot")
        aways = [m for m in a.log if isinstance(m, Away)]
        assert aways[0].seat == 1 and not aways[0].bot_playing and aways[0].seconds_left > 0
        assert any(m.bot_playing for m in aways)
        # a bot plays for Bob: Ann's game goes on; Bob comes back with his token
        seen = a.seq
        await autoplay(a, make_bot("random", 1), timeout=PATIENCE, stop=lambda c: c.seq > seen + 6)
        back = KozaClient(url)
        await back.connect()
        joined = await back.rejoin(code, token)
        assert joined.seat == 1 and joined.token not in (None, token)  # a new token each time
        await until(back, lambda: back.view is not None, "the view again")
        room = koza.rooms[code]
        assert not room.slots[1].bot_playing and back.view is not None
        assert room.session is not None
        at_seq = replay(room.session.game.events[: back.seq + 1])  # bots may have moved on
        assert back.view == seat_view(at_seq, 1)
        with pytest.raises(ClientError, match="not connected"):
            await KozaClient(url).rejoin(code, token)
        forger = KozaClient(url)
        await forger.connect()
        with pytest.raises(ClientError, match="holds no seat"):
            await forger.rejoin(code, "x" * 32)
        await forger.close()
        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(back, make_bot("random", 2), timeout=PATIENCE),
        )
        assert back.game_over
        for c in (a, back):
            await c.close()


async def test_chat_is_plain_limited_text_and_quick_phrases_are_keys(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, players=2)
        await a.chat("[bold red]hi[/]\x1b[2J\x07 there")
        await b.quick("good_game")
        await until(b, lambda: any(isinstance(m, QuickLine) for m in a.log), "the phrase")
        await until(b, lambda: any(isinstance(m, ChatLine) for m in b.log), "the chat line")
        lines = [m for m in b.log if isinstance(m, ChatLine)]
        quick = [m for m in a.log if isinstance(m, QuickLine)]
        assert lines[0].text == "[bold red]hi[/] [2J there" and lines[0].name == "Ann"
        assert quick[0].phrase == "good_game" and quick[0].seat == 1
        with pytest.raises(ValueError):
            await a.chat("x" * 201)
        for c in (a, b):
            await c.close()


async def test_lobby_lists_public_rooms_and_a_password_guards_one(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        host, hidden = KozaClient(url), KozaClient(url)
        await host.connect()
        await hidden.connect()
        private = await hidden.create_room("Zoe", humans=2)
        room = await host.create_room("Ann", humans=3, password="sesame", public=True)
        lobby = await host.lobby()
        assert [r.code for r in lobby.rooms] == [room.code]  # a private room is not listed
        assert private.code in koza.rooms
        assert lobby.rooms[0].open_seats == 3 and lobby.rooms[0].password
        guest = KozaClient(url)
        await guest.connect()
        with pytest.raises(ClientError, match="password"):
            await guest.join(room.code, "Eve")
        with pytest.raises(ClientError, match="no room"):
            await guest.join("ZZZZZZ", "Eve")
        joined = await guest.join(room.code, "Bob", password="sesame")
        assert joined.seat == 1
        await host.start()  # the creator starts: bots take seats 2 and 3
        await until(host, lambda: host.view is not None, "the first view")
        assert host.view is not None and host.view.names[2:] == ("Bot 3", "Bot 4")
        assert (await host.lobby()).rooms == ()
        for c in (host, guest, hidden):
            await c.close()


async def test_a_server_password_is_needed_to_say_hello(tmp_path: Path) -> None:
    async with local_server(tmp_path, password="pw") as (koza, url):
        with pytest.raises(ClientError, match="password"):
            await KozaClient(url).connect()
        ok = KozaClient(url, password="pw")
        await ok.connect()
        await ok.close()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_tls_with_a_self_signed_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-days", "1"]
        + ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost"]
        + ["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True,
        capture_output=True,
    )
    koza = KozaServer(tmp_path / "saves", bot_delay=0, sync=False)
    server = await start(koza, "127.0.0.1", 0, tls_context(cert, key))
    port = next(iter(server.sockets)).getsockname()[1]
    try:
        with pytest.raises(ClientError, match="cannot reach"):
            await KozaClient(f"wss://127.0.0.1:{port}").connect()  # not trusted by default
        with pytest.raises(ClientError):
            await KozaClient(f"ws://127.0.0.1:{port}").connect()  # plain text is not served
        trusted = ssl.create_default_context(cafile=str(cert))
        client = KozaClient(f"wss://127.0.0.1:{port}", tls=trusted)
        await client.connect()
        room = await client.create_room("Ann", players=2, bot="random")
        assert room.seat == 0
        await until(client, lambda: client.view is not None, "the first view")
        assert client.view is not None and client.view.names == ("Ann", "Bot 2")
        await client.close()
    finally:
        server.close()
        await server.wait_closed()
        koza.close()


async def test_a_seat_taken_back_elsewhere_closes_the_old_connection(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, players=2)
        assert a.token is not None
        again = KozaClient(url)
        await again.connect()
        assert (await again.rejoin(code, a.token)).seat == 0
        await until(a, lambda: a.lost is not None, "the seat taken back")
        assert a.lost is not None and "taken back" in a.lost and a.reconnects == 0
        # the client may hear of it before the server has let the old connection go
        members = koza.rooms[code].slots[0].members
        await settled(lambda: len(members) == 1, "the old connection gone")
        assert koza.rooms[code].slots[0].members == [
            m for m in koza.rooms[code].slots[0].members if m.seat == 0
        ]
        assert len(koza.rooms[code].slots[0].members) == 1
        for c in (again, b, a):
            await c.close()


async def test_a_room_left_empty_pauses_and_comes_back_with_its_seats(tmp_path: Path) -> None:
    async with local_server(tmp_path, pause_after=0.2) as (koza, url):
        host = KozaClient(url)
        await host.connect()
        room = await host.create_room("Ann", humans=2, public=True)
        await host.close()
        await settled(lambda: room.code not in koza.rooms, "the room to pause")
        assert not koza.drivers and roomfile.path_for(tmp_path, room.code).exists()
        back = KozaClient(url)
        await back.connect()
        assert room.token is not None
        again = await back.rejoin(room.code, room.token)  # loaded from its side file
        assert again.seat == 0 and room.code in koza.rooms
        guest = KozaClient(url)
        await guest.connect()
        assert (await guest.join(room.code, "Bob")).seat == 1  # the game starts
        await until(guest, lambda: guest.view is not None, "the first view")
        for c in (back, guest):
            await c.close()


async def test_a_save_that_cannot_be_written_is_an_error_not_a_dead_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    async with local_server(not_a_folder) as (koza, url):
        client = KozaClient(url)
        await client.connect()
        with pytest.raises(ClientError, match="cannot save this room"):
            await client.create_room("Ann", players=2, bot="random")
        assert not koza.rooms and (await client.lobby()).rooms == ()
        await client.close()
    monkeypatch.setattr(room_module, "SAVE_RETRY", 0.05)
    async with local_server(tmp_path / "saves") as (koza, url):
        a, b, code = await _two_players(url, players=3, rules={"target": 41})
        await settled(lambda: koza.rooms[code].session is not None, "the game")
        session = koza.rooms[code].session
        assert session is not None
        real_play, failures = session.play, [2]

        def flaky_play(command: object, seat: int | None = None, *, sync: bool = True) -> None:
            if failures[0] > 0:  # the disk is full twice, then has room again
                failures[0] -= 1
                raise SaveError("disk full")
            real_play(command, seat, sync=sync)  # type: ignore[arg-type]

        monkeypatch.setattr(session, "play", flaky_play)
        await asyncio.gather(
            autoplay(a, make_bot("random", 1), timeout=PATIENCE),
            autoplay(b, make_bot("random", 2), timeout=PATIENCE),
        )
        said = [m for c in (a, b) for m in c.log if isinstance(m, Error | Refused)]
        assert any("disk full" in getattr(m, "message", getattr(m, "reason", "")) for m in said)
        assert verify_line(the_save(tmp_path / "saves"))[0] and a.game_over
        for c in (a, b):
            await c.close()


async def test_a_fast_client_paces_itself_below_the_servers_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot sending moves as fast as it can is never dropped for flooding (it was, 1 in 150).
    The server's rate and the client's pace (a share of it) are both four times faster
    here, bursts unchanged, so the 100 messages take about a second instead of five."""
    monkeypatch.setattr(connection, "RATE", 4 * connection.RATE)
    monkeypatch.setattr(client_module, "RATE", 4 * client_module.RATE)
    async with local_server(tmp_path) as (koza, url):
        a, b, code = await _two_players(url, players=2)
        await until(a, lambda: a.view is not None, "the first view")
        for _ in range(100):  # more than the server's burst, sent at once
            await a.next_round()
        # every one is answered (refused: no round is over), so wait for all 100 answers
        answers = [Refused, Error]
        await until(a, lambda: sum(type(m) in answers for m in a.log) >= 100, "100 answers")
        assert a.refusals >= 1
        assert not [m for m in a.log if isinstance(m, Error) and m.code == "rate"]
        for c in (a, b):
            await c.close()


async def test_server_errors_are_said_in_the_players_language(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        c = KozaClient(url)
        await c.connect()
        with pytest.raises(ClientError) as caught:
            await c.join("ZZZZ99", "Ann")
        assert caught.value.code == "not_found" and "no room ZZZZ99" in str(caught.value)
        try:
            strings.use_language("ka")
            said = one_line(caught.value)
            assert "ZZZZ99" in said and "no room" not in said
        finally:
            strings.use_language("en")
        await c.close()


async def test_the_server_names_its_bots_in_its_own_language(tmp_path: Path) -> None:
    """A Georgian host's bots are ბოტი N, as a local game in Georgian names them."""
    async with local_server(tmp_path) as (koza, url):
        c = KozaClient(url)
        await c.connect()
        try:
            strings.use_language("ka")
            await c.create_room("Ann", players=3, bot="random")
            await until(c, lambda: c.view is not None, "the first view")
        finally:
            strings.use_language("en")
        assert c.view is not None and c.view.names == ("Ann", "ბოტი 2", "ბოტი 3")
        await c.close()
