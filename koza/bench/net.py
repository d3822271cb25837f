"""``make bench`` figures of the server: one ``koza server`` process, N rooms over loopback.

Each room has one scripted client (a random bot playing over the network) and
three server bots (``bot_delay`` 0, random); every move is saved as in local play.
Measured from the clients: moves a second over all rooms, and the time from
sending a move to seeing the table after it (p50, p99), and to its next turn in
the same round (the turnaround: the bots' answers too); from the server: memory
per room (its growth from after its first room, which loads what any room needs:
half-way through the play, and once the rooms are seated, before any move is
played; a room grows with its game's events) and its own CPU time per move of any
seat; and the CPU time the clients' process spent per move.
Memory is measured as an install runs, with koza's byte-code written (``make bench`` writes
it first): a start without it compiles koza's sources, and the memory that frees is taken
up by the first rooms, which hid about 8 KiB a room at 100 rooms.
``net_server_100_rooms`` keeps its first names; ``net_server_1000_rooms`` and
``net_server_3000_rooms`` name their room count.
CPU times are the processes' own (user + system), so they hold on a busy machine;
latencies do not.  Latencies count from the second ``WARM_UP`` on: at the start every
room's first move comes in the same instant, a burst no real server sees.  The clients'
process does not collect cyclic garbage while it plays: its pauses (up to half a
second with thousands of clients) were counted as the server's.  A move is timed from
when it was sent: a client keeps under the server's message rate (``RATE``) by
waiting before it sends, and at 100 rooms these clients, moving the instant it is
their turn, waited 62 ms at times.
"""

from __future__ import annotations

import asyncio
import gc
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from koza.bench import Figure, benchmark

if TYPE_CHECKING:
    from koza.net.client import KozaClient

ROOMS = 100
SECONDS = 4.0
MOVES = {"tile_played", "doubles_played", "tile_drawn", "turn_passed"}
BIG_SECONDS = 8.0  # the 1,000- and 3,000-room runs: long enough for every room to move
WARM_UP = 1.0  # seconds of play whose moves' times are not counted: every room starts at once


def _rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+)", text)
    return int(match.group(1)) if match else 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    """What one run measured."""

    rate: float  # moves a second, every seat's, over all rooms
    latencies: list[float]  # seconds from a client's move to its next view
    turnarounds: list[float]  # ... to its next turn in the same round (the bots' replies too)
    grown_kib: int  # the server's growth for the rooms, half-way through the play
    seated_kib: int  # ... once every room was made and dealt, before the play
    server_ms_per_move: float
    client_ms_per_move: float

    def percentile(self, p: float, of: list[float] | None = None) -> float:
        """Milliseconds: percentile ``p`` of ``of`` (the latencies unless told)."""
        ordered = sorted(self.latencies if of is None else of)
        return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000 if ordered else 0.0


async def _seat(url: str) -> KozaClient:
    """A client in a new room of its own, once its first view has come."""
    from koza.net.client import KozaClient

    client = KozaClient(url, reconnect_for=0)
    await client.connect()
    await client.create_room("Bench", players=4, humans=1, bot="random", bot_delay=0)
    while client.view is None:
        await client.changed(timeout=5.0)
    return client


async def _play(
    client: KozaClient, until: float, latencies: list[float], turns: list[float], counted: float
) -> int:
    """Play until ``until``; the moves this client saw meanwhile (its own and the bots').

    ``latencies`` gets the time from each move sent from ``counted`` on (loop time) to the
    first view after it, ``turns`` the time to this seat's next turn in the same round.
    """
    from koza.bots import make_bot

    bot = make_bot("random", 1)
    loop = asyncio.get_running_loop()
    seen = len(client.log)
    acted = -1
    counting = False
    sent: float | None = None  # when this seat's last move was sent, until its next turn
    while loop.time() < until and not client.game_over and client.view is not None:
        if client.seq != acted:
            acted = client.seq
            if sent is not None and (client.my_turn or client.view.phase != "playing"):
                if client.my_turn and counting:
                    turns.append(time.perf_counter() - sent)
                sent = None
            if client.my_turn:
                counting = loop.time() >= counted
                await client.play(bot.choose(client.view))  # after its pacing, if over it
                start = sent = time.perf_counter()
                while client.seq == acted and loop.time() < until:
                    await client.changed(timeout=1.0)
                if client.seq != acted and counting:
                    latencies.append(time.perf_counter() - start)
                continue
            if client.view.phase == "round_over":
                await client.next_round()
                continue
        await client.changed(timeout=0.5)
    moves = sum(isinstance(e, dict) and e.get("type") in MOVES for e in client.log[seen:])
    return moves


async def _seat_all(url: str, rooms: int) -> list[KozaClient]:
    """``rooms`` clients, each in its own room, made 100 at a time (as people come)."""
    clients: list[KozaClient] = []
    for first in range(0, rooms, 100):
        batch = min(100, rooms - first)
        clients += await asyncio.gather(*(_seat(url) for _ in range(batch)))
    return clients


async def _run(url: str, pid: int, rooms: int, seconds: float) -> Run:
    first = await _seat(url)  # what the server loads for its first room is not per room
    before = _rss_kib(pid)
    clients = await _seat_all(url, rooms)
    seated = _rss_kib(pid) - before
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    turns: list[float] = []
    server_cpu, own_cpu = _cpu_seconds(pid), _own_cpu_seconds()
    start = loop.time()
    until, counted = start + seconds, start + WARM_UP
    tasks = [asyncio.create_task(_play(c, until, latencies, turns, counted)) for c in clients]
    await asyncio.sleep(seconds / 2)
    grown = _rss_kib(pid) - before
    moves = sum(await asyncio.gather(*tasks))
    spent = loop.time() - start
    server_cpu, own_cpu = _cpu_seconds(pid) - server_cpu, _own_cpu_seconds() - own_cpu
    await asyncio.gather(*(c.close() for c in [first, *clients]))
    per_move = 1000 / max(1, moves)
    return Run(
        moves / spent, latencies, turns, grown, seated, server_cpu * per_move, own_cpu * per_move
    )


_SERVER = """
import sys
from koza.net import server_rooms
server_rooms.MAX_ROOMS = max(server_rooms.MAX_ROOMS, {rooms} + 1)  # the bench's rooms and its first
from koza.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


@contextmanager
def _not_collecting() -> Iterator[None]:
    """No cyclic garbage collection in this process (the clients') for one run: it holds
    thousands of clients, and its pauses (up to half a second) counted as the server's."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def measure(rooms: int, seconds: float, extra: tuple[str, ...] = ()) -> Run:
    """One ``koza server`` (this Python, ``extra`` arguments) under ``rooms`` rooms' load."""
    with tempfile.TemporaryDirectory(prefix="koza-bench-net-") as tmp:
        cmd = [sys.executable, "-c", _SERVER.format(rooms=rooms), "server", "--port", "0"]
        cmd += ["--bot-delay", "0", "--no-limit-for", "127.0.0.1"]  # the clients are all here
        proc = subprocess.Popen(
            [*cmd, *extra, "--save-dir", tmp], stdout=subprocess.PIPE, text=True, bufsize=1
        )
        try:
            assert proc.stdout is not None
            match = re.search(r"ws://[\d.]+:\d+", proc.stdout.readline())
            if match is None:
                raise RuntimeError("koza server did not start")
            with _not_collecting():
                return asyncio.run(_run(match.group(0), proc.pid, rooms, seconds))
        finally:
            proc.terminate()
            proc.wait(10)


def _figures(run: Run, rooms: int, suffix: str) -> Iterable[Figure]:
    yield f"net_memory_per_room_seated{suffix}", run.seated_kib / rooms, "KiB"
    yield f"net_server_cpu_per_move{suffix}", run.server_ms_per_move, "ms"
    yield f"net_client_cpu_per_move{suffix}", run.client_ms_per_move, "ms"


@benchmark("net_server_100_rooms")
def net_server() -> Iterable[Figure]:
    """100 rooms on one server process over loopback."""
    run = measure(ROOMS, SECONDS)
    yield "net_moves_100_rooms", run.rate, "moves/s"
    yield "net_move_latency_p50", run.percentile(0.5), "ms"
    yield "net_move_latency_p99", run.percentile(0.99), "ms"
    yield "net_turnaround_p50", run.percentile(0.5, run.turnarounds), "ms"
    yield "net_turnaround_p99", run.percentile(0.99, run.turnarounds), "ms"
    yield "net_memory_per_room", run.grown_kib / ROOMS, "KiB"
    yield from _figures(run, ROOMS, "")


def measured(rooms: int) -> Iterable[Figure]:
    """The figures of ``rooms`` rooms, each name ending in the room count."""
    run = measure(rooms, BIG_SECONDS)
    yield f"net_moves_{rooms}_rooms", run.rate, "moves/s"
    yield f"net_move_latency_p50_{rooms}_rooms", run.percentile(0.5), "ms"
    yield f"net_move_latency_p99_{rooms}_rooms", run.percentile(0.99), "ms"
    yield f"net_turnaround_p50_{rooms}_rooms", run.percentile(0.5, run.turnarounds), "ms"
    yield f"net_turnaround_p99_{rooms}_rooms", run.percentile(0.99, run.turnarounds), "ms"
    yield f"net_memory_per_room_{rooms}_rooms", run.grown_kib / rooms, "KiB"
    yield from _figures(run, rooms, f"_{rooms}_rooms")


@benchmark("net_server_1000_rooms")
def net_server_1000() -> Iterable[Figure]:
    """1,000 rooms on one server process over loopback."""
    return measured(1000)


@benchmark("net_server_3000_rooms")
def net_server_3000() -> Iterable[Figure]:
    """3,000 rooms on one server process over loopback."""
    return measured(3000)
