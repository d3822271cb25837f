"""A public server's limits: guesses, connections, rooms, idle connections, names and tokens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from support.net import PATIENCE, loaded_events, local_server, settled, the_save, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from koza.bots import make_bot
from koza.cli.verify import verify_line
from koza.core.events import SeatInfo
from koza.net import guard, roomfile
from koza.net.client import ClientError, KozaClient
from koza.net.protocol import ChatLine, Error, QuickLine
from koza.net.safe_text import cleaned
from koza.net.scripted import autoplay
from koza.stats.cells import player_label
from koza.stats.figures import PlayerFigures, player_of
from koza.tui.remote.table import talk_line

HOSTILE = "\x9b2J\x85Eve\u202egnp.exe\u2066"  # CSI, NEL, a right-to-left override, an isolate


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_failures_back_off_then_lock_and_fade_to_one_guess_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(guard.time, "monotonic", clock)
    g = guard.Guard()
    waits = [g.failed("10.0.0.1") for _ in range(guard.LOCK - 1)]
    assert waits[: guard.FREE] == [0.0] * guard.FREE  # typos are answered at once
    assert waits[guard.FREE : guard.FREE + 3] == [0.5, 1.0, 2.0]  # then twice as slow each time
    assert max(waits) == guard.MAX_WAIT and g.locked_for("10.0.0.1") == 0
    g.failed("10.0.0.1")
    assert g.locked_for("10.0.0.1") == pytest.approx(guard.FADE)  # refused for a while
    assert g.locked_for("10.0.0.2") == 0  # another address is not
    clock.now += guard.FADE
    assert g.locked_for("10.0.0.1") == 0  # one more guess after a minute ...
    g.failed("10.0.0.1")
    assert g.locked_for("10.0.0.1") == pytest.approx(guard.FADE)  # ... and no more


def test_an_ipv6_home_counts_as_one_address() -> None:
    a, b = guard.address_key("2001:db8:1:2::5"), guard.address_key("2001:db8:1:2:ffff::9")
    assert a == b == "2001:db8:1:2::/64"
    assert guard.address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert guard.address_key("2001:db8:1:3::5") != a


def test_room_codes_are_long_enough_to_outlast_guessing() -> None:
    codes = {roomfile.new_code() for _ in range(200)}
    assert all(roomfile.good_code(c) for c in codes) and len(codes) == 200
    space = len(roomfile.CODE_ALPHABET) ** roomfile.CODE_LENGTH
    guesses_a_year = 365 * 24 * 3600 / guard.FADE  # one address, at the locked rate
    years_to_find_one_of_10000 = space / 10_000 / guesses_a_year
    assert years_to_find_one_of_10000 > 100_000


async def _ask(url: str, frames: list[str], address: str) -> list[dict[str, object]]:
    """Send ``frames`` as a client at ``address`` (through a trusted X-Real-IP); the answers."""
    answers = []
    async with connect(url, additional_headers={"X-Real-IP": address}, proxy=None) as ws:
        for frame in frames:
            await ws.send(frame)
            answers.append(json.loads(await ws.recv()))
    return answers


HELLO = '{"v": 1, "type": "hello"}'


async def test_an_address_that_guesses_codes_is_locked_out_and_others_are_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "MAX_WAIT", 0.01)
    async with local_server(tmp_path, behind_proxy=True) as (koza, url):
        owner = KozaClient(url)
        await owner.connect()
        room = await owner.create_room("Ann", humans=2)
        guess = json.dumps({"v": 1, "type": "watch", "code": "ABCDEFGHJK"})
        right = json.dumps({"v": 1, "type": "watch", "code": room.code})
        codes = []
        for _ in range(guard.LOCK // 5):  # ten bad messages close a connection: come again
            answers = await _ask(url, [HELLO] + [guess] * 5, "203.0.113.9")
            codes += [a.get("code") for a in answers[1:]]
        assert codes == ["not_found"] * guard.LOCK
        answers = await _ask(url, [HELLO, right], "203.0.113.9")  # the right code, too late
        assert answers[1]["code"] == "rate" and answers[1]["key"] == "net.says.locked_out"
        assert (await _ask(url, [HELLO, right], "203.0.113.10"))[1]["type"] == "joined"
        await owner.close()


async def test_the_server_password_is_compared_in_constant_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = guard.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(guard.hmac, "compare_digest", spy)
    async with local_server(tmp_path, password="sesame") as (koza, url):
        with pytest.raises(ClientError, match="wrong server password"):
            await KozaClient(url, password="guess").connect()
    assert (b"guess", b"sesame") in compared


async def test_connections_and_rooms_per_address_are_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "CONNECTIONS_PER_ADDRESS", 2)
    monkeypatch.setattr(guard, "ROOMS_PER_ADDRESS", 1)
    async with local_server(tmp_path) as (koza, url):
        a, b = KozaClient(url), KozaClient(url)
        await a.connect()
        await b.connect()
        await a.create_room("Ann", humans=2)
        with pytest.raises(ClientError, match="already has 1 open rooms"):
            await b.create_room("Bob", humans=2)
        with pytest.raises(ClientError):
            await KozaClient(url).connect()  # a third connection is closed at once
        await b.close()
        await settled(lambda: koza.guard.total == 1, "the second connection to be gone")
        c = KozaClient(url)
        await c.connect()  # room again
        for client in (a, c):
            await client.close()


async def test_a_connection_that_never_joins_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "JOIN_WITHIN", 0.2)
    async with local_server(tmp_path) as (koza, url):
        player = KozaClient(url)
        await player.connect()
        await player.create_room("Ann", humans=2)
        async with connect(url, proxy=None) as idle:
            await idle.send(HELLO)
            assert json.loads(await idle.recv())["type"] == "welcome"
            said = json.loads(await idle.recv())
            assert said["code"] == "idle"
            with pytest.raises(ConnectionClosed):
                await idle.recv()
        await asyncio.sleep(0)
        assert not player.lost and player.code in koza.rooms  # the seated one stays
        await player.close()


async def test_names_and_chat_lose_controls_and_a_seated_name_is_refused(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a, b, c = KozaClient(url), KozaClient(url, record=True), KozaClient(url)
        for client in (a, b, c):
            await client.connect()
        room = await a.create_room(HOSTILE, humans=3)
        await b.join(room.code, "Bob")
        with pytest.raises(ClientError, match="already called bob"):
            await c.join(room.code, "bob")
        await a.chat("hi\x9b31m\x85 there\u202e!")
        await until(b, lambda: any(isinstance(m, ChatLine) for m in b.log), "the chat line")
        line = next(m for m in b.log if isinstance(m, ChatLine))
        assert (line.name, line.text) == ("2J Eve gnp.exe", "hi 31m there !")
        assert b.frames is not None and all("\\u009b" not in str(f) for f in b.frames)
        saved = json.loads(roomfile.path_for(tmp_path, room.code).read_text())
        assert saved["seats"][0]["name"] == "2J Eve gnp.exe"
        for client in (a, b, c):
            await client.close()


def test_the_client_and_stats_clean_what_they_draw_again() -> None:
    """An older or hostile server's names never reach the terminal raw."""
    chat = cleaned(ChatLine(seat=0, name=HOSTILE, text="a\x9bb\u202ec"))
    assert (chat.name, chat.text) == ("2J Eve gnp.exe", "a b c")
    quick = cleaned(QuickLine(seat=0, name=HOSTILE, phrase="hello"))
    assert quick.name == "2J Eve gnp.exe"
    assert "\x9b" not in talk_line(ChatLine(seat=0, name=HOSTILE, text="x\x85y"))
    person = PlayerFigures(*player_of(SeatInfo(name="Eve\u202eexe\x85x")))
    assert player_label(person, "stats.cli_bot") == "Eve exe x"
    assert player_label(PlayerFigures("human", HOSTILE), "stats.cli_bot") == "2J Eve gnp.exe"


async def test_a_rejoin_gives_a_new_token_and_the_old_one_stops_working(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        a = KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", humans=2)
        old = room.token
        assert old is not None
        await a.close()
        owner, thief = KozaClient(url), KozaClient(url)
        await owner.connect()
        kept: list[str] = []
        owner.keep_token = kept.append
        again = await owner.rejoin(room.code, old)
        assert again.token is not None and again.token != old and kept == [again.token]
        await thief.connect()
        with pytest.raises(ClientError, match="holds no seat"):
            await thief.rejoin(room.code, old)
        assert not any(isinstance(m, Error) and m.code == "replaced" for m in owner.log)
        saved = roomfile.read(roomfile.path_for(tmp_path, room.code))
        assert saved is not None and saved.seats[0].token_hash == roomfile.digest(
            again.token, saved.salt
        )
        for client in (owner, thief):
            await client.close()


async def test_a_game_nobody_is_in_pauses_saved_and_goes_on_when_someone_comes_back(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path, pause_after=0.3) as (koza, url):
        a = KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", players=2, bot="random", away_seconds=60)
        await until(a, lambda: a.view is not None, "the first deal")
        await a.close()  # nobody is in the room: it pauses before a bot would stand in
        await settled(lambda: room.code not in koza.rooms, "the room to pause")
        save = the_save(tmp_path)
        paused = save.read_bytes()
        assert not koza.drivers and verify_line(save)[0]
        back = KozaClient(url)
        await back.connect()
        await back.rejoin(room.code, room.token or "")
        await until(back, lambda: back.view is not None, "the table again")
        assert back.view is not None and back.seq == len(loaded_events(save)) - 1
        assert save.read_bytes().startswith(paused)  # the same game, on from where it paused
        await autoplay(back, make_bot("random", 3), timeout=PATIENCE)
        assert back.game_over and verify_line(save)[0]
        await back.close()


def test_x_real_ip_is_believed_only_from_a_proxy_on_this_machine() -> None:
    def ws(peer: str) -> Any:
        headers = {"X-Real-IP": "198.51.100.7"}
        return SimpleNamespace(
            remote_address=(peer, 5000), request=SimpleNamespace(headers=headers)
        )

    assert guard.client_address(ws("127.0.0.1"), behind_proxy=True) == "198.51.100.7"
    assert guard.client_address(ws("192.0.2.1"), behind_proxy=True) == "192.0.2.1"
    assert guard.client_address(ws("127.0.0.1"), behind_proxy=False) == "127.0.0.1"


async def test_an_address_named_unlimited_has_no_cap_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "CONNECTIONS_PER_ADDRESS", 1)
    monkeypatch.setattr(guard, "ROOMS_PER_ADDRESS", 1)
    async with local_server(tmp_path, unlimited=frozenset({"127.0.0.1"})) as (koza, url):
        clients = [KozaClient(url) for _ in range(3)]  # a bench's clients, all on this machine
        for c in clients:
            await c.connect()
            await c.create_room("Ann", humans=2)
        assert len(koza.rooms) == 3
        for c in clients:
            await c.close()


async def test_two_rejoins_of_one_seat_at_once_leave_one_holder_whose_token_is_saved(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path) as (koza, url):
        a = KozaClient(url)
        await a.connect()
        room = await a.create_room("Ann", humans=2)
        await a.close()
        one, two = KozaClient(url), KozaClient(url)
        for c in (one, two):
            await c.connect()
        token = room.token or ""
        await asyncio.gather(
            one.rejoin(room.code, token), two.rejoin(room.code, token), return_exceptions=True
        )

        def holders() -> list[KozaClient]:
            """Clients with a new token that were not put out by the other."""
            return [c for c in (one, two) if c.token not in (None, token) and c.lost is None]

        await settled(lambda: len(holders()) == 1, "one holder")
        assert len(koza.rooms[room.code].slots[0].members) == 1
        saved = roomfile.read(roomfile.path_for(tmp_path, room.code))
        assert saved is not None
        assert saved.seats[0].token_hash == roomfile.digest(holders()[0].token or "", saved.salt)
        for c in (one, two):
            await c.close()
