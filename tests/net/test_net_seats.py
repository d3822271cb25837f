"""Picking seats in a room before its game starts (pairs: who sits opposite whom)."""

from __future__ import annotations

import io
from pathlib import Path

from support.net import local_server, until

from koza.net import linemode
from koza.net.client import KozaClient
from koza.net.protocol import Error


async def _connected(url: str, how_many: int) -> list[KozaClient]:
    """``how_many`` clients of the server at ``url``, each connected."""
    clients = [KozaClient(url) for _ in range(how_many)]
    for c in clients:
        await c.connect()
    return clients


async def _close(*clients: KozaClient) -> None:
    for c in clients:
        await c.close()


def _names(client: KozaClient) -> list[str | None]:
    assert client.room is not None
    return [s.name for s in client.room.seats]


def _errors(client: KozaClient) -> list[str]:
    return [m.key for m in client.log if isinstance(m, Error)]


async def test_a_guest_moves_to_an_open_seat_and_the_game_keeps_that_order(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path) as (_, url):
        ann, bob, cleo = await _connected(url, 3)
        made = await ann.create_room("Ann", players=4, humans=3, rules={"teams": "pairs"})
        await bob.join(made.code, "Bob")
        await until(ann, lambda: _names(ann) == ["Ann", "Bob", None, None], "Bob seated")
        assert ann.room is not None and ann.room.rules == {"teams": "pairs"}
        await bob.pick_seat(2)  # Bob sits opposite Ann: her partner
        await until(bob, lambda: bob.seat == 2, "Bob told his new seat")
        await until(ann, lambda: _names(ann) == ["Ann", None, "Bob", None], "the move seen")
        await cleo.join(made.code, "Cleo")  # the first open seat now is 1
        await until(bob, lambda: bob.view is not None, "the game to start")
        assert bob.view is not None and bob.view.names[:3] == ("Ann", "Cleo", "Bob")
        assert bob.view.seat == 2 and bob.view.hand  # his own hand, at his new seat
        await _close(ann, bob, cleo)


async def test_the_creator_stays_a_taken_seat_is_refused_and_seats_are_fixed_once_started(
    tmp_path: Path,
) -> None:
    async with local_server(tmp_path) as (_, url):
        ann, bob, cleo = await _connected(url, 3)
        made = await ann.create_room("Ann", players=3, humans=3)
        await bob.join(made.code, "Bob")
        await ann.pick_seat(2)
        await until(ann, lambda: "net.says.creator_keeps_seat" in _errors(ann), "refused")
        await bob.pick_seat(0)
        await until(bob, lambda: "net.says.seat_not_open" in _errors(bob), "a taken seat")
        await cleo.join(made.code, "Cleo")
        await until(bob, lambda: bob.view is not None, "the game to start")
        await bob.pick_seat(2)
        await until(bob, lambda: "net.says.already_started" in _errors(bob), "too late")
        assert bob.seat == 1 and _names(ann) == ["Ann", "Bob", "Cleo"]
        await _close(ann, bob, cleo)


async def test_the_line_client_picks_a_seat_counted_from_one(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (_, url):
        ann, bob = await _connected(url, 2)
        made = await ann.create_room("Ann", players=4, humans=3, rules={"teams": "pairs"})
        await bob.join(made.code, "Bob")
        out = io.StringIO()
        assert await linemode._act(bob, "seat 3", out)
        await until(ann, lambda: _names(ann) == ["Ann", None, "Bob", None], "Bob at seat 3")
        assert bob.room is not None
        linemode.show(bob.room, bob, out)
        shown = out.getvalue()
        assert "3) Bob" in shown and "1 and 3" in shown  # the seats, and who partners whom
        await _close(ann, bob)
