"""A plain line-mode table for ``koza join`` and ``koza host``, until the Textual one.

It prints the table after every change and reads one line at a time: a number
from the list of legal moves, ``draw``, ``pass``, ``next`` (deal the next round),
``say TEXT`` (chat), ``!fish`` and the other quick phrases, ``quit``.  With a
bot it plays by itself (a scripted player).
"""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from typing import Any, TextIO

from koza.bots import Bot
from koza.core.commands import Draw, Pass
from koza.core.tiles import tile_name
from koza.core.view import SeatView
from koza.net.client import KozaClient
from koza.net.protocol import (
    QUICK_PHRASES,
    Away,
    ChatLine,
    Error,
    QuickLine,
    Refused,
    RoomState,
    ViewUpdate,
)
from koza.net.scripted import autoplay

PHRASES = {
    "hello": "Hello!",
    "good_move": "Good move!",
    "fish": "Fish!",
    "oops": "Oops.",
    "thanks": "Thanks!",
    "good_game": "Good game!",
}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """Text from the network as it may be printed: no control characters."""
    return _CONTROL.sub(" ", text)


def describe_event(ev: dict[str, Any], names: tuple[str, ...]) -> str | None:
    """One line for a public event, or None for one not worth a line."""
    kind = ev.get("type")
    seat = ev.get("seat")
    who = plain(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if kind == "tile_played":
        return f"{who} plays {ev['tile']} {ev['end']}"
    if kind == "doubles_played":
        return f"{who} plays {ev['left']} left and {ev['right']} right"
    if kind == "tile_drawn":
        return f"{who} draws {ev['tile'] or 'a tile'}"
    if kind == "turn_passed":
        return f"{who} passes"
    if kind == "round_dealt":
        return f"round {ev['round']} is dealt; {plain(names[ev['leader']])} leads"
    if kind == "round_scored":
        return f"round {ev['round']} over ({ev['outcome']}): totals {ev['totals']}"
    if kind == "game_over":
        return f"game over: goat {ev['goats']}, totals {ev['totals']}"
    return None


def render(view: SeatView) -> list[str]:
    """The table as a few lines of text."""
    names = tuple(plain(n) for n in view.names)
    chain = " ".join(f"[{p.left}|{p.right}]" for p in view.chain) or "(empty)"
    counts = ", ".join(f"{n} {c}" for n, c in zip(names, view.hand_counts, strict=False))
    lines = [
        f"-- round {view.round_no} · {view.phase} · totals {list(view.totals)}",
        f"chain: {chain}",
        f"bazaar {view.bazaar_count} · tiles in hand: {counts}",
    ]
    if view.seat >= 0:
        lines.append("your hand: " + " ".join(tile_name(t) for t in view.hand))
        if view.legal:
            moves = "  ".join(f"{i + 1}) {m}" for i, m in enumerate(view.legal))
            lines.append(f"your move: {moves}")
        elif view.phase == "playing" and 0 <= view.turn < len(names):
            lines.append(f"waiting for {names[view.turn]}")
        elif view.phase == "round_over":
            lines.append("round over: type next to deal the next round")
    return lines


def show(msg: Any, client: KozaClient, out: TextIO) -> None:
    names = client.view.names if client.view is not None else ()
    if isinstance(msg, ViewUpdate):
        for ev in msg.events:
            line = describe_event(ev, names)
            if line:
                print(line, file=out)
        if client.view is not None:
            print("\n".join(render(client.view)), file=out)
    elif isinstance(msg, ChatLine):
        print(f"<{plain(msg.name)}> {plain(msg.text)}", file=out)
    elif isinstance(msg, QuickLine):
        print(f"<{plain(msg.name)}> {PHRASES[msg.phrase]}", file=out)
    elif isinstance(msg, Away):
        state = "a bot plays for it" if msg.bot_playing else f"{msg.seconds_left:.0f} s left"
        print(f"seat {msg.seat + 1} is away ({state})", file=out)
    elif isinstance(msg, Refused):
        print(f"not played: {msg.reason}", file=out)
    elif isinstance(msg, Error):
        print(f"server: {msg.message}", file=out)
    elif isinstance(msg, RoomState) and not msg.started:
        seats = ", ".join(s.name or "(open)" for s in msg.seats)
        print(f"room {msg.code}: {seats}", file=out)
    out.flush()


async def _printer(client: KozaClient, out: TextIO) -> None:
    while True:
        show(await client.inbox.get(), client, out)


async def _act(client: KozaClient, line: str, out: TextIO) -> bool:
    """Do what one typed line says; False to quit."""
    word = line.strip()
    view = client.view
    if word in ("quit", "exit"):
        return False
    if word.startswith("say "):
        await client.chat(word[4:])
    elif word.startswith("!") and word[1:] in QUICK_PHRASES:
        await client.quick(word[1:])  # type: ignore[arg-type]
    elif word == "next":
        await client.next_round()
    elif word in ("draw", "pass"):
        await client.play(Draw() if word == "draw" else Pass())
    elif word.isdigit() and view is not None and 1 <= int(word) <= len(view.legal):
        await client.play(view.legal[int(word) - 1])
    elif word == "start":
        await client.start()
    elif word:
        quick = " ".join("!" + p for p in QUICK_PHRASES)
        print(f"type a move number, draw, pass, next, start, say TEXT, {quick} or quit", file=out)
    return True


def _stdin_lines() -> asyncio.Queue[str]:
    """Lines typed on stdin ("" at its end), read by a daemon thread that never blocks exit."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        while True:
            line = sys.stdin.readline()
            loop.call_soon_threadsafe(lines.put_nowait, line)
            if not line:
                return

    threading.Thread(target=read, name="koza-stdin", daemon=True).start()
    return lines


async def run(client: KozaClient, bot: Bot | None = None, out: TextIO = sys.stdout) -> int:
    """Play (or watch) until the game is over or the user quits; the exit code."""
    printer = asyncio.create_task(_printer(client, out))
    try:
        if bot is not None:
            await autoplay(client, bot, timeout=24 * 3600)
        elif client.seat is not None and client.seat < 0:
            while not client.game_over and client.lost is None:
                await client.changed(timeout=1.0)
        else:
            lines = _stdin_lines()
            while not client.game_over and client.lost is None:
                try:
                    line = await asyncio.wait_for(lines.get(), 1.0)
                except TimeoutError:
                    continue
                if not line or not await _act(client, line, out):
                    break
        await asyncio.sleep(0.1)  # let the last messages print
    finally:
        printer.cancel()
    if client.lost is not None:
        print(f"koza: {client.lost}", file=sys.stderr)
        return 1
    return 0
