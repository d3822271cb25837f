"""Helpers for the web client's browser tests (no tests here).

Debian's Chromium driven by Playwright for Python (``koza.net.web_process``); never a
downloaded browser.  ``READY`` is False (and the tests skip) when either is missing.
``WebServer`` is ``koza server --web 0`` in a child process; ``play_step`` makes one
move on a page by touch, the way a person on a phone would, and ``my_move`` waits for
the page's turn (past the end of a round).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from koza.net.web_process import PageServer, browser_ready
from koza.net.web_process import chromium as chromium  # the browser tests take it from here

READY = browser_ready()
WHY_NOT = "needs Debian's chromium at /usr/bin/chromium and Playwright for Python"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 120_000  # only a hang waits this long
NAMES = "seats => seats.map(e => e.textContent)"  # the seat names a page shows, in order


class WebServer(PageServer):
    """``koza server --web 0`` in a child process (its errors in the same pipe as its
    addresses): ``page_url`` and ``game_url``."""

    def __init__(self, folder: Path, *extra: str) -> None:
        super().__init__(folder, *extra, merge_stderr=True)


async def phone(browser: Any, locale: str = "en-US") -> Any:
    """A page in a touch phone's portrait viewport, speaking ``locale``."""
    context = await browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale=locale, service_workers="block"
    )
    return await context.new_page()


async def fill_new_room(
    page: Any, name: str, players: int = 3, humans: int = 1, target: int = 0, password: str = ""
) -> None:
    """Fill the new-room form by touch (random bots in the seats no person takes)."""
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    await page.fill("form.create input[name=name]", name)
    await page.select_option("form.create select[name=players]", str(players))
    if humans > 1:
        await page.select_option("form.create select[name=humans]", str(humans))
    if humans < players:
        await page.select_option("form.create select[name=bot]", "random")
    if target:
        await page.tap("form.create details summary")
        await page.fill("form.create input[name='rule.target']", str(target))
    if password:
        await page.fill("form.create input[name=password]", password)


async def create_room(page: Any, name: str, players: int = 3, target: int = 0) -> str:
    """Make a room against random bots by touch; the room's code once the table shows."""
    await fill_new_room(page, name, players, target=target)
    await page.tap("form.create button.primary")
    await page.wait_for_selector(".table", timeout=WAIT_MS)
    return str(await page.inner_text(".bar .code"))


async def table_seq(page: Any) -> str:
    return str(await page.get_attribute(".table", "data-seq"))


async def next_seq(page: Any, seq: str) -> None:
    """Wait until the page draws a table after event ``seq`` (or the page's view is gone)."""
    await page.wait_for_function(
        "s => { const t = document.querySelector('.table'); return !t || t.dataset.seq !== s; }",
        arg=seq,
        timeout=WAIT_MS,
    )


READY_TO_ACT = ".status.mine, .dialog button.next-round:not([disabled]), .dialog .goat"


async def play_step(page: Any) -> bool:
    """Make the page's next move by touch; False once the game is over."""
    await page.wait_for_selector(READY_TO_ACT, timeout=WAIT_MS)
    if await page.locator(".dialog .goat").count():
        return False
    seq = await table_seq(page)
    if await page.locator(".dialog button.next-round:not([disabled])").count():
        await page.tap(".dialog button.next-round")
    elif await page.locator(".hand .tile.legal").count():
        await page.tap(".hand .tile.legal >> nth=0")
        await page.wait_for_function(  # played at once, or its ends offered
            "s => document.querySelector('.end.target')"
            " || document.querySelector('.table')?.dataset.seq !== s",
            arg=seq,
            timeout=WAIT_MS,
        )
        if await page.locator(".end.target").count():
            await page.tap(".end.target >> nth=0")
    elif await page.locator(".move-doubles").count():
        await page.tap(".move-doubles >> nth=0")
    elif await page.locator(".move-draw:not([disabled])").count():
        await page.tap(".move-draw")
    else:
        await page.tap(".move-pass")
    await next_seq(page, seq)
    return True


async def my_move(page: Any) -> None:
    """Wait until the page is to move in a round being played; a round that ended
    meanwhile (a bot went out, or a fish) is left for the next one by touch."""
    while True:
        await page.wait_for_selector(READY_TO_ACT, timeout=WAIT_MS)
        if await page.locator(".status.mine").count():
            return
        assert await play_step(page), "the game ended"


class TestBrowser:
    """The shared Chromium as one test sees it: every context it opens (a phone, a
    second browser, a desktop page) is closed when the test ends, so no page of one
    test is still running when the next begins."""

    __test__ = False  # not a test class, whatever its name

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []

    async def new_context(self, **options: Any) -> Any:
        context = await self.browser.new_context(**options)
        self.contexts.append(context)
        return context

    async def new_page(self, **options: Any) -> Any:
        context = await self.new_context(**options)
        return await context.new_page()

    async def close(self) -> None:
        for context in self.contexts:
            await context.close()
