"""Helpers for the network tests (no tests here): servers on loopback and a leak check."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

from koza.core.events import Event, TileDrawn
from koza.core.state import GameState, apply_event
from koza.core.tiles import parse_tile, tiles_of
from koza.core.view import SeatView
from koza.net import delta
from koza.net.client import KozaClient
from koza.net.server import KozaServer, start
from koza.storage.savefile import load
from support.waiting import PATIENCE

TILE_NAME = re.compile(r'"(\d-\d)"')


async def until(client: KozaClient, ok: Callable[[], bool], what: str) -> None:
    """Take in ``client``'s messages until ``ok()``; fails after ``PATIENCE`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not ok():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await client.changed(timeout=1.0)


async def settled(ok: Callable[[], bool], what: str) -> None:
    """Let the event loop run until ``ok()``; fails after ``PATIENCE`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not ok():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def local_server(
    folder: Path, pause_after: float | None = None, **kwargs: Any
) -> AsyncIterator[tuple[KozaServer, str]]:
    """A server in this event loop on a free loopback port: ``(server, url)``; with
    ``pause_after``, it pauses rooms left empty that many seconds (set before it serves,
    so its sweeper's first sleep is already that short)."""
    koza = KozaServer(folder, bot_delay=0, sync=False, **kwargs)
    if pause_after is not None:
        koza.pause_after = pause_after
    koza.reopen()
    server = await start(koza, "127.0.0.1", 0)
    port = next(iter(server.sockets)).getsockname()[1]
    try:
        yield koza, f"ws://127.0.0.1:{port}"
    finally:
        server.close()
        await server.wait_closed()
        koza.close()


class ServerProcess:
    """``koza server`` in a child process (``kill()`` is ``kill -9``)."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        cmd = [sys.executable, "-m", "koza", "server", "--port", str(port), "--bot-delay", "0"]
        cmd += ["--save-dir", str(folder)]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()  # "koza server: listening on ws://127.0.0.1:PORT"
        match = re.search(r"ws://[\d.]+:(\d+)", first)
        if match is None:
            self.proc.kill()
            raise RuntimeError(f"server did not start: {first!r} {self.proc.stderr.read()!r}")
        self.port = int(match.group(1))
        self.url = f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        """End it (if still running); its stderr."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        assert self.proc.stderr is not None
        return self.proc.stderr.read()


@contextlib.contextmanager
def server_process(folder: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(folder)
    try:
        yield proc
    finally:
        proc.stop()


def the_save(folder: Path) -> Path:
    saves = sorted(folder.glob("*.koza.jsonl"))
    assert len(saves) == 1, saves
    return saves[0]


def knowledge(events: list[Event], seat: int | None) -> list[frozenset[int]]:
    """``[i]``: the tiles ``seat`` (None: a watcher) may know after event ``i``.

    Its hands so far, its own draws, and every tile played in public so far.
    """
    out: list[frozenset[int]] = []
    known: set[int] = set()
    state: GameState | None = None
    for ev in events:
        state = apply_event(state, ev)
        known |= {p.tile for p in state.chain}
        if seat is not None:
            known |= {t for t in range(28) if state.hand(seat) >> t & 1}
            if isinstance(ev, TileDrawn) and ev.seat == seat:
                known.add(ev.tile)
        out.append(frozenset(known))
    return out


def leaked_tiles(frames: list[str | bytes], events: list[Event], seat: int | None) -> list[str]:
    """Every tile name in ``frames`` (but chat) that ``seat`` could not know when it was sent.

    A frame's moment is the ``seq`` of the last view before it (or in it).
    """
    allowed = knowledge(events, seat)
    leaks = []
    seq = -1
    view: SeatView | None = None  # as the client has it: the last view with the deltas since
    for frame in frames:
        text = frame if isinstance(frame, str) else frame.decode()
        data = json.loads(text)
        if data["type"] == "chat_line":
            continue
        tiles = {parse_tile(n) for n in TILE_NAME.findall(text)}
        if data["type"] == "view":
            seq = data["seq"]
            view = SeatView.from_json(json.dumps(data["view"]))
            tiles |= view_tiles(view)
        elif data["type"] == "view_delta":
            assert view is not None, f"a delta before any view: {text[:200]!r}"
            seq = data["seq"]
            view = delta.apply(view, delta.ViewPatch.model_validate_json(json.dumps(data["view"])))
            tiles |= view_tiles(view)
        if not tiles:
            continue
        assert seq >= 0, f"tiles before any view: {text[:200]!r}"
        leaks += [f"seq {seq}: {t}" for t in sorted(tiles) if t not in allowed[seq]]
    return leaks


def view_tiles(view: SeatView) -> set[int]:
    """Every tile a view names as an int (names in its commands are found by ``TILE_NAME``)."""
    tiles = {p.tile for p in view.chain} | {a.drawn for a in view.history}
    tiles |= {view.opening, view.drawn}
    for mask in view.hand_masks:
        tiles |= set(tiles_of(mask or 0))
    return tiles - {-1}


def loaded_events(path: Path) -> list[Event]:
    return load(path).events
