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
from koza.core.commands import Draw, Pass, Play, PlayDoubles
from koza.core.tiles import tile_name
from koza.core.view import SeatView
from koza.i18n.refusals import from_server, said_here
from koza.i18n.strings import t
from koza.net import protocol
from koza.net.client import KozaClient
from koza.net.protocol import QUICK_PHRASES
from koza.net.scripted import autoplay

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """Text from the network as it may be printed: no control characters."""
    return _CONTROL.sub(" ", text)


def describe_event(ev: dict[str, Any], names: tuple[str, ...], you: int = -1) -> str | None:
    """One line for a public event, or None for one not worth a line.

    The moves of seat ``you`` (this player's own) are said to them, in the second
    person; -1 (a spectator) says every seat's moves by name.
    """
    kind = ev.get("type")
    seat = ev.get("seat")
    who = plain(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    mine = isinstance(seat, int) and 0 <= seat == you
    if kind == "tile_played":
        key = "lines.you_play" if mine else "lines.plays"
        return t(key, who=who, tile=ev["tile"], end=_end(ev["end"]))
    if kind == "doubles_played":
        key = "lines.you_play_doubles" if mine else "lines.plays_doubles"
        return t(key, who=who, left=ev["left"], right=ev["right"])
    if kind == "tile_drawn":
        if ev["tile"]:
            key = "lines.you_draw_tile" if mine else "lines.draws_tile"
            return t(key, who=who, tile=ev["tile"])
        return t("lines.you_draw" if mine else "lines.draws", who=who)
    if kind == "turn_passed":
        return t("lines.you_pass" if mine else "lines.passes", who=who)
    if kind == "round_dealt":
        if 0 <= ev["leader"] == you:
            return t("lines.you_lead", round=ev["round"])
        return t("lines.dealt", round=ev["round"], leader=plain(names[ev["leader"]]))
    if kind == "round_scored":
        outcome = t(f"lines.outcome_{ev['outcome']}")
        return t("lines.scored", round=ev["round"], outcome=outcome, totals=ev["totals"])
    if kind == "game_over":
        return t("lines.game_over", goats=ev["goats"], totals=ev["totals"])
    return None


def _end(end: str) -> str:
    """A chain end (``left``, ``right``, ``open``) in the language in use."""
    return t(f"lines.end_{end}") if end in ("left", "right", "open") else end


def move_words(cmd: Any) -> str:
    """A legal move as the list of moves shows it."""
    if isinstance(cmd, Draw):
        return t("lines.draw")
    if isinstance(cmd, Pass):
        return t("lines.pass")
    if isinstance(cmd, Play):
        return f"{tile_name(cmd.tile)} {_end(cmd.end)}"
    if isinstance(cmd, PlayDoubles):
        return t("lines.doubles", left=tile_name(cmd.left), right=tile_name(cmd.right))
    return str(cmd)


def render(view: SeatView) -> list[str]:
    """The table as a few lines of text."""
    names = tuple(plain(n) for n in view.names)
    chain = " ".join(f"[{p.left}|{p.right}]" for p in view.chain) or t("lines.empty")
    counts = ", ".join(f"{n} {c}" for n, c in zip(names, view.hand_counts, strict=False))
    phase = t(f"lines.phase_{view.phase}")
    lines = [
        "-- " + t("lines.head", round=view.round_no, phase=phase, totals=list(view.totals)),
        t("lines.chain", chain=chain),
        t("lines.counts", bazaar=view.bazaar_count, counts=counts),
    ]
    if view.seat >= 0:
        lines.append(t("lines.hand", hand=" ".join(tile_name(tile) for tile in view.hand)))
        if view.legal:
            moves = "  ".join(f"{i + 1}) {move_words(m)}" for i, m in enumerate(view.legal))
            lines.append(t("lines.your_move", moves=moves))
        elif view.phase == "playing" and 0 <= view.turn < len(names):
            lines.append(t("lines.waiting", name=names[view.turn]))
        elif view.phase == "round_over":
            lines.append(t("lines.round_over"))
    return lines


def show(msg: Any, client: KozaClient, out: TextIO) -> None:
    names = client.view.names if client.view is not None else ()
    if isinstance(msg, protocol.ViewUpdate):
        you = client.view.seat if client.view is not None else -1
        for ev in msg.events:
            line = describe_event(ev, names, you)
            if line:
                print(line, file=out)
        if client.view is not None:
            print("\n".join(render(client.view)), file=out)
    elif isinstance(msg, protocol.ChatLine):
        print(f"<{plain(msg.name)}> {plain(msg.text)}", file=out)
    elif isinstance(msg, protocol.QuickLine):
        print(f"<{plain(msg.name)}> {t(f'net.phrase.{msg.phrase}')}", file=out)
    elif isinstance(msg, protocol.Away):
        left = f"{msg.seconds_left:.0f}"
        state = t("lines.bot_plays") if msg.bot_playing else t("lines.seconds_left", secs=left)
        print(t("lines.away", seat=msg.seat + 1, state=state), file=out)
    elif isinstance(msg, protocol.Refused):
        reason = plain(_said(msg.key, msg.values, msg.reason))
        print(t("lines.not_played", reason=reason), file=out)
    elif isinstance(msg, protocol.Error):
        message = plain(_said(msg.key, msg.values, msg.message))
        print(t("lines.server_says", message=message), file=out)
    elif isinstance(msg, protocol.RoomState) and not msg.started:
        seats = ", ".join(
            f"{i + 1}) {plain(s.name) if s.name else t('lines.open_seat')}"
            for i, s in enumerate(msg.seats)
        )
        print(t("lines.room", code=msg.code, seats=seats), file=out)
        if msg.rules.get("teams") == "pairs":
            print(t("lines.pairs"), file=out)
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
    elif re.fullmatch(r"seat [1-4]", word):
        await client.pick_seat(int(word[5:]) - 1)
    elif word:
        quick = " ".join("!" + p for p in QUICK_PHRASES)
        print(t("lines.usage", quick=quick), file=out)
        print(t("lines.usage_seat"), file=out)
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
        lost = said_here(getattr(client, "lost_said", None), client.lost)
        print(f"koza: {lost}", file=sys.stderr)
        return 1
    return 0


def _said(key: str | None, values: Any, english: str) -> str:
    """What the server said, in the language in use when it sent a catalogue key."""
    return english if not key else from_server(key, values or {}, english)
