"""Rooms in a real browser: two browsers and ``koza join`` at one table, picking seats,
the keyboard, a watcher and its chat, server and room passwords (Chromium under Playwright,
skipped where either is missing)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.browser import (
    DESKTOP,
    NAMES,
    READY,
    READY_TO_ACT,
    WAIT_MS,
    WHY_NOT,
    TestBrowser,
    WebServer,
    create_room,
    fill_new_room,
    next_seq,
    phone,
    play_step,
    table_seq,
)

pytestmark = [
    pytest.mark.skipif(not READY, reason=WHY_NOT),
    pytest.mark.asyncio(loop_scope="session"),  # the shared browser's loop
]


async def test_two_browsers_and_a_terminal_client_share_a_room(
    browser: TestBrowser, server: WebServer
) -> None:
    ann = await phone(browser)
    await ann.goto(server.page_url)
    await fill_new_room(ann, "Ann", players=3, humans=3)
    await ann.tap("form.create button.primary")
    await ann.wait_for_selector(".waiting .invite input", timeout=WAIT_MS)
    link = await ann.input_value(".waiting .invite input")
    code = link.rsplit("#", 1)[1]
    assert link == f"{server.page_url}/#{code}"

    bob = await phone(browser)
    await bob.goto(link)
    await bob.wait_for_selector("form.join", timeout=WAIT_MS)
    await bob.fill("form.join input[name=name]", "Bob")
    await bob.tap("form.join button.primary")
    await bob.wait_for_selector(".waiting", timeout=WAIT_MS)
    assert await ann.locator(".room-seats .sit").count() == 0  # the creator keeps seat 1
    await bob.tap(".room-seats li:nth-child(3) .sit")  # Bob moves to the third seat
    await ann.wait_for_selector(".room-seats li:nth-child(3):has-text('Bob')", timeout=WAIT_MS)

    address = server.game_url.removeprefix("ws://")
    cleo = subprocess.Popen(  # the terminal client, a bot at its keyboard
        [sys.executable, "-m", "koza", "join", address, code, "--name", "Cleo"]
        + ["--bot", "random"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "KOZA_LANG": "en"},
    )
    try:
        for page in (ann, bob):
            await page.wait_for_selector(".table", timeout=WAIT_MS)
        names = await ann.eval_on_selector_all(".seat-name", NAMES)
        assert names == ["Ann", "Cleo", "Bob"]  # Cleo took the seat Bob left
        moved = {"Ann": 0, "Bob": 0}
        while min(moved.values()) < 2:  # each browser makes moves of its own
            ready = {
                name: asyncio.create_task(p.wait_for_selector(READY_TO_ACT, timeout=WAIT_MS))
                for name, p in (("Ann", ann), ("Bob", bob))
            }
            done, pending = await asyncio.wait(ready.values(), return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            name = next(n for n, task in ready.items() if task in done)
            assert await play_step(ann if name == "Ann" else bob)
            moved[name] += 1
    finally:
        cleo.terminate()
        said, _ = cleo.communicate(timeout=30)
    assert f"room {code}" in said and "Ann" in said and "Bob" in said  # it saw the same table


async def test_the_keyboard_plays_and_a_watcher_sees_the_table(
    browser: TestBrowser, server: WebServer
) -> None:
    page = await browser.new_page(viewport=DESKTOP)
    await page.goto(server.page_url)
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    await page.fill("form.create input[name=name]", "Ann")
    await page.select_option("form.create select[name=players]", "2")
    await page.click("form.create button.primary")
    await page.wait_for_selector(".table", timeout=WAIT_MS)
    code = await page.inner_text(".bar .code")
    keyed = 0
    while keyed < 4:
        await page.wait_for_selector(READY_TO_ACT, timeout=WAIT_MS)
        seq = await table_seq(page)
        if await page.locator(".dialog").count():
            break  # a short round: four keyed moves are enough of a test anyway
        tiles = await page.eval_on_selector_all(
            ".hand .tile", "ts => ts.map(t => t.classList.contains('legal'))"
        )
        if True in tiles and (keyed % 2 == 1 or tiles.index(True) >= 10):
            # every other move, and a tile past the tenth, by stepping through the playable
            await page.keyboard.press("ArrowDown")  # the first playable tile is chosen
            await page.wait_for_selector(".hand .tile.selected", timeout=WAIT_MS)
            chosen = await page.eval_on_selector_all(
                ".hand .tile", "ts => ts.findIndex(t => t.classList.contains('selected'))"
            )
            assert chosen == tiles.index(True)
            both = await page.locator(".end.target").count() == 2
            await page.keyboard.press("ArrowLeft" if both else "Enter")
        elif True in tiles:
            await page.keyboard.press(str((tiles.index(True) + 1) % 10))
            await page.wait_for_function(
                "s => document.querySelector('.end.target')"
                " || document.querySelector('.table').dataset.seq !== s",
                arg=seq,
                timeout=WAIT_MS,
            )
            if await page.locator(".end.target").count():
                left = await page.locator(".end-left.target").count()
                await page.keyboard.press("ArrowLeft" if left else "ArrowRight")
        else:
            can_draw = await page.locator(".move-draw:not([disabled])").count()
            await page.keyboard.press("d" if can_draw else "p")
        await next_seq(page, seq)
        keyed += 1
    assert keyed > 0

    watcher = await browser.new_page(viewport=DESKTOP)
    await watcher.goto(f"{server.page_url}/#{code}")
    await watcher.wait_for_selector("form.join", timeout=WAIT_MS)
    await watcher.click("form.join .row button:not(.primary)")  # watch
    await watcher.wait_for_selector(".table .watching", timeout=WAIT_MS)
    assert await watcher.locator(".hand .tile").count() == 0
    names = await watcher.eval_on_selector_all(".seat-name", NAMES)
    assert names == ["Ann", "Bot 2"]
    await watcher.click(".tabs .tab >> nth=2")
    await watcher.fill(".say input", "hello from the rail")
    await watcher.press(".say input", "Enter")
    await page.click(".tabs .tab >> nth=2")
    said = ".chat-lines li:has-text('hello from the rail')"
    await page.wait_for_selector(said, timeout=WAIT_MS)
    assert (await page.inner_text(said)).startswith("a watcher:")


async def test_a_server_password_is_asked_for_and_a_room_password_kept(
    browser: TestBrowser, tmp_path: Path
) -> None:
    web = WebServer(tmp_path, "--password", "open sesame")
    try:
        ann = await phone(browser)
        await ann.goto(web.page_url)
        await fill_new_room(ann, "Ann", players=2, humans=2, password="room key")
        await ann.tap("form.create button.primary")
        await ann.wait_for_selector("form.server-password", timeout=WAIT_MS)
        await ann.fill("form.server-password input", "open sesame")
        await ann.tap("form.server-password button.primary")  # the room is made then
        await ann.wait_for_selector(".waiting", timeout=WAIT_MS)
        code = await ann.inner_text(".bar .code")

        bob = await phone(browser)  # a browser of his own: asked for the server's too
        await bob.goto(f"{web.page_url}/#{code}")
        await bob.wait_for_selector("form.join", timeout=WAIT_MS)
        await bob.fill("form.join input[name=name]", "Bob")
        await bob.tap("form.join button.primary")
        await bob.wait_for_selector("form.server-password", timeout=WAIT_MS)
        await bob.fill("form.server-password input", "open sesame")
        await bob.tap("form.server-password button.primary")  # and he joins: no room key
        await bob.wait_for_selector("#banner:has-text('wrong room password')", timeout=WAIT_MS)
        await bob.wait_for_selector("form.join", timeout=WAIT_MS)
        await bob.fill("form.join input[name=password]", "room key")
        await bob.tap("form.join button.primary")
        await bob.wait_for_selector(".table", timeout=WAIT_MS)
        names = await bob.eval_on_selector_all(".seat-name", NAMES)
        assert names == ["Ann", "Bob"]
    finally:
        web.stop()


async def test_a_second_tab_takes_the_seat_and_the_first_lets_it_go(
    browser: TestBrowser, server: WebServer
) -> None:
    first = await phone(browser)
    sockets: list[str] = []
    first.on("websocket", lambda ws: sockets.append(ws.url))
    await first.goto(server.page_url)
    code = await create_room(first, "Ann", players=2)
    second = await first.context.new_page()  # the same browser: it holds Ann's token
    await second.goto(f"{server.page_url}/#{code}")
    await second.wait_for_selector(".table", timeout=WAIT_MS)
    await first.wait_for_selector("#banner:has-text('taken back')", timeout=WAIT_MS)
    assert await play_step(second)  # the seat plays from the second tab
    assert await play_step(second)
    assert len(sockets) == 1  # the first tab never came back for the seat
