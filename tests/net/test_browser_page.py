"""``koza server --web-terminal``: headless Chromium opens the page, joins a room and plays a move.

Run by ``make test-browser`` (``KOZA_BROWSER_TEST=1``); skipped in the ordinary
suite.  It needs Debian's ``chromium`` at /usr/bin/chromium and Playwright for
Python; no browser is ever downloaded.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from koza.bots import make_bot
from koza.core.commands import Draw, Play
from koza.core.state import GameState
from koza.net.client import KozaClient
from koza.net.scripted import autoplay
from koza.storage.savefile import load

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

pytestmark = pytest.mark.skipif(
    os.environ.get("KOZA_BROWSER_TEST") != "1" or not Path(CHROMIUM).exists(),
    reason="the browser test runs with make test-browser (needs /usr/bin/chromium)",
)


def _say(text: str) -> None:
    print(f"browser test: {text}", flush=True)


def _state(folder: Path) -> GameState | None:
    saves = sorted(folder.glob("*.koza.jsonl"))
    return load(saves[0]).state if saves else None


async def _until(ok: object, what: str, limit: float = 60) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not ok():  # type: ignore[operator]
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.2)


async def _settled(page: object, limit: float = 60) -> None:
    """Wait until the page looks the same for a second (the app has started and drawn)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    before = b""
    while loop.time() < deadline:
        await asyncio.sleep(1)
        now = await page.screenshot()  # type: ignore[attr-defined]
        if now == before:
            return
        before = now
    raise AssertionError("the page never settled")


async def test_a_browser_joins_a_room_and_plays_a_move(tmp_path: Path) -> None:
    playwright_api = pytest.importorskip("playwright.async_api")
    server = subprocess.Popen(
        [sys.executable, "-m", "koza", "server", "--port", "0", "--web-terminal", "0"]
        + ["--save-dir", str(tmp_path), "--bot-delay", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(3)]
        game_url = re.search(r"listening on (ws://\S+)", lines[0]).group(1)  # type: ignore[union-attr]
        page_url = re.search(r"terminal web page on (http://\S+)", lines[2]).group(1)  # type: ignore[union-attr]
        _say(f"server at {game_url}, page at {page_url}")

        anna = KozaClient(game_url)
        await anna.connect()
        joined = await anna.create_room("Anna", players=2, humans=2, bot="random")
        _say(f"room {joined.code} made; Anna plays by a bot, Bob in the browser")
        anna_plays = asyncio.create_task(autoplay(anna, make_bot("random", seed=1), timeout=300))

        async with playwright_api.async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            page = await browser.new_page(viewport={"width": 1400, "height": 900})
            await page.goto(page_url, wait_until="domcontentloaded")
            await page.wait_for_selector("body.-first-byte", timeout=60_000)
            _say("the page shows the koza client")
            await page.click(".textual-terminal")
            await _settled(page)  # the join form is drawn, its code field focused
            await page.keyboard.type(joined.code.lower())
            await page.keyboard.press("Tab")
            await page.keyboard.type("Bob")
            await page.keyboard.press("Enter")
            await _until(lambda: anna.view is not None, "Bob to join and the game to start")
            assert anna.view is not None and anna.view.names == ("Anna", "Bob")
            _say("Bob joined from the browser; the game started")

            def bobs_turn() -> bool:
                st = _state(tmp_path)
                return st is not None and st.phase == "playing" and st.turn == 1

            await _until(bobs_turn, "Bob's turn")
            state = _state(tmp_path)
            assert state is not None
            before = state.seq
            legal = state.legal_moves()
            await asyncio.sleep(1)  # the page has drawn the turn and selected a fitting tile
            key = "Enter" if legal.can(Play) else "d" if legal.can(Draw) else "p"
            await page.keyboard.press(key)
            await asyncio.sleep(1)
            if legal.can(Play):
                await page.keyboard.press("ArrowLeft")  # if it asks which end: the left one

            def bob_moved() -> bool:
                st = _state(tmp_path)
                return (
                    st is not None
                    and any(a.seat == 1 for a in st.history[-4:])
                    and (st.seq > before)
                )

            await _until(bob_moved, "Bob's move to reach the server")
            after = _state(tmp_path)
            assert after is not None
            move = next(a for a in reversed(after.history) if a.seat == 1)
            _say(f"Bob pressed {key!r} in the browser; the server recorded: {move.move}")
            await page.screenshot(path=str(tmp_path / "page.png"))
            await browser.close()
        anna_plays.cancel()
        await anna.close()
    finally:
        server.terminate()
        server.wait(10)
