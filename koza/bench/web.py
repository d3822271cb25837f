"""``make bench`` figures of the web client: its weight, what a web player costs the server,
and how soon the table is drawn.

``web_page_weight`` adds up every byte the page loads (its files, the heaviest
language's texts, the room settings).  The others need Debian's Chromium and
Playwright (``skipped`` without them): ``web_memory_per_player`` is how much the
``koza server --web`` process grows for each browser page seated at a game of its own
(``PLAYERS`` pages, each its room with three bots), beside
``web_terminal_memory_per_player``, the process textual-serve starts for each page of
``--web-terminal``; ``web_first_table`` is the time from opening a room's link (the
seat's token kept in the browser) to the table drawn, on loopback.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from koza.bench import Figure, benchmark
from koza.net.web_process import PageServer, browser_ready, chromium

PLAYERS = 12
WAIT_MS = 120_000


def _rss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"VmRSS:\s+(\d+)", text)
    return int(match.group(1)) if match else 0


def _children(pid: int) -> list[int]:
    """Every process started by ``pid``, at any depth."""
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            kids = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        found += [int(k) for k in kids]
        todo += [int(k) for k in kids]
    return found


def page_weight() -> int:
    """Bytes the page loads: its files, the heaviest catalogue, the room settings."""
    from koza.i18n.catalog import LANGUAGES
    from koza.net import web_texts
    from koza.net.web import client_files

    files = {path.name: path.stat().st_size for path in client_files().values()}
    texts = max(len(web_texts.catalogue(lang)) for lang in LANGUAGES)
    return sum(files.values()) + texts + len(web_texts.setup())


async def _seat_a_page(browser: Any, url: str, n: int) -> Any:
    page = await browser.new_page(viewport={"width": 360, "height": 640})
    await page.goto(url)
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    await page.fill("form.create input[name=name]", f"P{n}")
    await page.select_option("form.create select[name=bot]", "random")
    await page.click("form.create button.primary")
    await page.wait_for_selector(".table .hand .tile", timeout=WAIT_MS)
    return page


async def _memory_per_player(browser: Any, folder: str) -> float:
    server = PageServer(folder)
    try:
        warm = await _seat_a_page(browser, server.page_url, 0)  # imports, first room
        await warm.close()
        before = _rss_kib(server.proc.pid)
        pages = [await _seat_a_page(browser, server.page_url, n) for n in range(PLAYERS)]
        await asyncio.gather(*(p.wait_for_selector(".status") for p in pages))
        grown = _rss_kib(server.proc.pid) - before
        for page in pages:  # each in a context of its own, closed with it
            await page.close()
    finally:
        server.stop()
    return grown / PLAYERS


async def _terminal_memory(browser: Any, folder: str) -> float:
    server = PageServer(folder, page_flag="--web-terminal")
    try:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        page = await context.new_page()
        await page.goto(server.page_url)
        await page.wait_for_selector("body.-first-byte", timeout=WAIT_MS)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT_MS / 1000
        previous = -1
        while loop.time() < deadline:  # until the page's client process stops growing
            now = sum(_rss_kib(pid) for pid in _children(server.proc.pid))
            if now and now == previous:
                break
            previous = now
            await asyncio.sleep(1.0)
        await context.close()
    finally:
        server.stop()
    return previous


async def _first_table(browser: Any, folder: str) -> float:
    from koza.net.client import KozaClient

    server = PageServer(folder)
    try:
        creator = KozaClient(server.game_url, reconnect_for=0)
        await creator.connect()
        joined = await creator.create_room("Ann", players=4, humans=1, bot="random")
        await creator.close()
        seats = {joined.code: {"token": joined.token, "seat": joined.seat}}
        keep = f"localStorage.setItem('koza.seats', JSON.stringify({_json(seats)}))"
        warm = await browser.new_page()
        await warm.goto(server.page_url)  # the server's first answers are not the page's
        await warm.wait_for_selector("form.create", timeout=WAIT_MS)
        await warm.close()
        context = await browser.new_context(viewport={"width": 360, "height": 640})
        await context.add_init_script(keep)
        page = await context.new_page()
        await page.goto(f"{server.page_url}/#{joined.code}")
        await page.wait_for_function("() => window.kozaFirstTable !== undefined", timeout=WAIT_MS)
        first = float(await page.evaluate("() => window.kozaFirstTable"))
        await context.close()
        return first
    finally:
        server.stop()


def _json(value: object) -> str:
    import json

    return json.dumps(value)


@benchmark("web_client")
def web_client() -> Iterable[Figure]:
    """The web client: page weight, server memory per web player, first table drawn."""
    yield "web_page_weight", page_weight() / 1024, "KiB"
    if not browser_ready():
        for name in ("web_memory_per_player", "web_terminal_memory_per_player", "web_first_table"):
            yield name, "skipped", "(no chromium or playwright)"
        return
    yield from asyncio.run(_in_one_browser())


async def _in_one_browser() -> list[Figure]:
    """The three figures a browser gives, one Chromium for them all (each part in its own
    server, folder and browser context: a launch costs more than a second of CPU)."""
    figures: list[Figure] = []
    async with chromium() as browser:
        for name, part, unit in (
            ("web_memory_per_player", _memory_per_player, "KiB"),
            ("web_terminal_memory_per_player", _terminal_memory, "KiB"),
            ("web_first_table", _first_table, "ms"),
        ):
            with tempfile.TemporaryDirectory(prefix="koza-bench-web-") as tmp:
                figures.append((name, await part(browser, tmp), unit))
    return figures
