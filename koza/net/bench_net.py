"""``make bench`` figures of the server: one ``koza server`` process, 100 rooms over loopback.

Each room has one scripted client (a random bot playing over the network) and
three server bots; every move is saved as in local play.  Measured from the
clients: moves a second over all rooms, and the time from sending a move to
seeing the table after it (p50, p99); from the server: memory per room.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from koza.bench import Figure, benchmark

if TYPE_CHECKING:
    from koza.net.client import KozaClient

ROOMS = 100
SECONDS = 4.0
MOVES = {"tile_played", "doubles_played", "tile_drawn", "turn_passed"}


def _rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+)", text)
    return int(match.group(1)) if match else 0


async def _seat(url: str) -> KozaClient:
    """A client in a new room of its own, once its first view has come."""
    from koza.net.client import KozaClient

    client = KozaClient(url, reconnect_for=0)
    await client.connect()
    await client.create_room("Bench", players=4, humans=1, bot="random", bot_delay=0)
    while client.view is None:
        await client.changed(timeout=5.0)
    return client


async def _play(client: KozaClient, until: float, latencies: list[float]) -> int:
    """Play until ``until``; the moves this client saw meanwhile (its own and the bots')."""
    from koza.bots import make_bot

    bot = make_bot("random", 1)
    loop = asyncio.get_running_loop()
    seen = len(client.log)
    acted = -1
    while loop.time() < until and not client.game_over and client.view is not None:
        if client.seq != acted:
            acted = client.seq
            if client.my_turn:
                start = time.perf_counter()
                await client.play(bot.choose(client.view))
                while client.seq == acted and loop.time() < until:
                    await client.changed(timeout=1.0)
                if client.seq != acted:
                    latencies.append(time.perf_counter() - start)
                continue
            if client.view.phase == "round_over":
                await client.next_round()
                continue
        await client.changed(timeout=0.5)
    moves = sum(isinstance(e, dict) and e.get("type") in MOVES for e in client.log[seen:])
    await client.close()
    return moves


async def _run(url: str, pid: int) -> tuple[float, list[float], int]:
    """``(moves/s, latencies, KiB the server grew by for the rooms)``."""
    before = _rss_kib(pid)
    clients = await asyncio.gather(*(_seat(url) for _ in range(ROOMS)))
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    start = loop.time()
    tasks = [asyncio.create_task(_play(c, start + SECONDS, latencies)) for c in clients]
    await asyncio.sleep(SECONDS / 2)
    grown = _rss_kib(pid) - before
    moves = sum(await asyncio.gather(*tasks))
    return moves / (loop.time() - start), latencies, grown


@benchmark("net_server_100_rooms")
def net_server() -> Iterable[Figure]:
    """100 rooms on one server process over loopback."""
    with tempfile.TemporaryDirectory(prefix="koza-bench-net-") as tmp:
        cmd = [sys.executable, "-m", "koza", "server", "--port", "0", "--bot-delay", "0"]
        cmd += ["--no-limit-for", "127.0.0.1"]  # every room's client is on this machine
        proc = subprocess.Popen(
            [*cmd, "--save-dir", tmp], stdout=subprocess.PIPE, text=True, bufsize=1
        )
        try:
            assert proc.stdout is not None
            match = re.search(r"ws://[\d.]+:\d+", proc.stdout.readline())
            if match is None:
                raise RuntimeError("koza server did not start")
            rate, latencies, grown_kib = asyncio.run(_run(match.group(0), proc.pid))
        finally:
            proc.terminate()
            proc.wait(10)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else 0.0
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0.0
    yield "net_moves_100_rooms", rate, "moves/s"
    yield "net_move_latency_p50", p50 * 1000, "ms"
    yield "net_move_latency_p99", p99 * 1000, "ms"
    yield "net_memory_per_room", grown_kib / ROOMS, "KiB"
