"""The web client in a real browser: Debian's Chromium under Playwright, headless.

A whole game on a phone by touch against bots, a reload that keeps the seat, two
browsers and a terminal client in one room, the page in Russian and Georgian with
no English word, and nothing asked of any other host.  Skipped where Chromium or
Playwright is missing.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from support.browser import (
    DESKTOP,
    PHONE,
    READY,
    READY_TO_ACT,
    WAIT_MS,
    WHY_NOT,
    WebServer,
    chromium,
    create_room,
    next_seq,
    phone,
    play_step,
    table_seq,
)

from koza.bots import make_bot
from koza.net.client import KozaClient
from koza.net.scripted import autoplay
from koza.storage.savefile import load

pytestmark = pytest.mark.skipif(not READY, reason=WHY_NOT)
NAMES = "seats => seats.map(e => e.textContent)"
MOST_STEPS = 3000  # far more moves than any game to 20 takes; only a bug gets here


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    web = WebServer(tmp_path)
    yield web
    web.stop()


async def _fits_a_phone(page) -> None:  # type: ignore[no-untyped-def]
    """No horizontal scrolling, and every visible control at least 44 px each way."""
    wide = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide} px"
    small = await page.evaluate(
        """() => [...document.querySelectorAll('button, select, a, input')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], f"touch targets under 44 px: {small}"


async def test_a_whole_game_on_a_phone_by_touch(server: WebServer, tmp_path: Path) -> None:
    async with chromium() as browser:
        page = await phone(browser)
        await page.goto(server.page_url)
        code = await create_room(page, "Ann", players=3, target=20)
        await page.wait_for_selector(READY_TO_ACT, timeout=WAIT_MS)
        await _fits_a_phone(page)
        steps = 0
        while await play_step(page):
            steps += 1
            assert steps < MOST_STEPS, "the game never ended"
        assert "Ann" in await page.inner_text(".seat.me")
        goat = await page.inner_text(".dialog .goat")
        await _fits_a_phone(page)
        await page.tap(".dialog .rematch")  # the same table sits down to a new game
        await page.wait_for_function(
            "c => document.querySelector('.bar .code')?.textContent !== c"
            " && document.querySelector('.table')",
            arg=code,
            timeout=WAIT_MS,
        )
        rematch_code = await page.inner_text(".bar .code")
        rematch_names = await page.eval_on_selector_all(".seat-name", NAMES)
    states = [load(save).state for save in tmp_path.glob("*.koza.jsonl")]
    assert len(states) == 2  # the game, and the rematch's
    state = next(st for st in states if st.phase == "game_over")
    assert state.phase == "game_over" and max(state.sheets.totals) >= 20
    assert [i for i, seat in enumerate(state.seats) if seat.name == "Ann"] == [0]
    assert goat.startswith("The goat:")
    assert rematch_code != code and rematch_names[0] == "Ann" and len(rematch_names) == 3


async def test_a_reload_mid_game_returns_to_the_same_seat(server: WebServer) -> None:
    async with chromium() as browser:
        page = await phone(browser)
        await page.goto(server.page_url)
        code = await create_room(page, "Ann", players=4)
        for _ in range(3):
            await play_step(page)
        await page.wait_for_selector(".status.mine", timeout=WAIT_MS)
        hand = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
        await page.reload()
        await page.wait_for_selector(".status.mine", timeout=WAIT_MS)
        assert await page.inner_text(".bar .code") == code
        assert await page.locator("form.join").count() == 0
        assert "Ann" in await page.inner_text(".seat.me")
        again = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
        assert again == hand
        assert await play_step(page)  # and the seat still plays


async def test_two_browsers_and_a_terminal_client_share_a_room(server: WebServer) -> None:
    async with chromium() as browser:
        ann = await phone(browser)
        await ann.goto(server.page_url)
        await ann.wait_for_selector("form.create", timeout=WAIT_MS)
        await ann.fill("form.create input[name=name]", "Ann")
        await ann.select_option("form.create select[name=players]", "3")
        await ann.select_option("form.create select[name=humans]", "3")
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

        cleo = KozaClient(server.game_url)
        await cleo.connect()
        await cleo.join(code, "Cleo")
        cleo_plays = asyncio.create_task(autoplay(cleo, make_bot("random", seed=3), timeout=300))
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
                done, pending = await asyncio.wait(
                    ready.values(), return_when=asyncio.FIRST_COMPLETED
                )
                for task in pending:
                    task.cancel()
                name = next(n for n, task in ready.items() if task in done)
                assert await play_step(ann if name == "Ann" else bob)
                moved[name] += 1
            assert cleo.view is not None and cleo.view.names == ("Ann", "Cleo", "Bob")
        finally:
            cleo_plays.cancel()
            await cleo.close()


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
OWN_NAMES = {"koza", "English"}  # the app's name, and English named in its own language


@pytest.mark.parametrize(("locale", "name"), [("ru-RU", "Аня"), ("ka-GE", "ანა")])
async def test_the_page_in_russian_and_georgian_has_no_english_word(
    server: WebServer, locale: str, name: str
) -> None:
    async def english_words(page) -> set[str]:  # type: ignore[no-untyped-def]
        text = await page.inner_text("body")
        codes = await page.locator(".bar .code").all_inner_texts()  # a room code: letters too
        words = set(LATIN_WORD.findall(text)) - OWN_NAMES
        return {w for w in words if not any(w in code for code in codes)}

    async with chromium() as browser:
        page = await phone(browser, locale)
        await page.goto(server.page_url)
        await page.wait_for_selector("form.create", timeout=WAIT_MS)
        await page.tap("form.create details summary")
        assert await english_words(page) == set()
        await create_room(page, name, players=4)
        for _ in range(2):
            await play_step(page)
        for tab in range(3):
            await page.tap(f".tabs .tab >> nth={tab}")
            assert await english_words(page) == set()
        await page.tap(".phrase >> nth=0")
        await page.wait_for_selector(".chat-lines li", timeout=WAIT_MS)
        assert await english_words(page) == set()


async def test_the_page_asks_nothing_of_another_host(server: WebServer) -> None:
    asked: list[str] = []
    async with chromium() as browser:
        page = await phone(browser)
        page.on("request", lambda request: asked.append(request.url))
        page.on("websocket", lambda ws: asked.append(ws.url))
        await page.goto(server.page_url)
        await create_room(page, "Ann", players=2)
        await play_step(page)
        await page.tap(".rules-button")
        await page.wait_for_selector(".rulebook h2", timeout=WAIT_MS)
    hosts = {urlsplit(url).hostname for url in asked}
    assert hosts == {"127.0.0.1"}, asked
    assert any(url.startswith(server.game_url) for url in asked)  # the game's own WebSocket


async def test_the_keyboard_plays_and_a_watcher_sees_the_table(server: WebServer) -> None:
    async with chromium() as browser:
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
            if True in tiles:
                await page.keyboard.press(str(tiles.index(True) + 1))
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
        await page.wait_for_selector(
            ".chat-lines li:has-text('hello from the rail')", timeout=WAIT_MS
        )


async def test_a_dropped_connection_is_made_again_and_the_seat_taken_back(
    server: WebServer,
) -> None:
    sockets: list[tuple[object, object]] = []

    async def through(ws) -> None:  # type: ignore[no-untyped-def]
        sockets.append((ws, ws.connect_to_server()))

    async with chromium() as browser:
        page = await phone(browser)
        await page.route_web_socket(re.compile(r"^ws://"), through)
        await page.goto(server.page_url)
        await create_room(page, "Ann", players=3)
        await play_step(page)
        await page.wait_for_selector(".status.mine", timeout=WAIT_MS)
        hand = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
        page_side, server_side = sockets[-1]
        await server_side.close()  # type: ignore[attr-defined]
        await page_side.close()  # type: ignore[attr-defined]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT_MS / 1000
        while len(sockets) < 2:  # the page connects again by itself
            assert loop.time() < deadline, "the page never connected again"
            await asyncio.sleep(0.05)
        await page.wait_for_selector("#banner", state="hidden", timeout=WAIT_MS)
        await page.wait_for_selector(".status.mine", timeout=WAIT_MS)
        again = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
        assert again == hand
        assert await play_step(page)  # the seat is this page's again


async def test_once_visited_the_page_opens_again_offline(server: WebServer) -> None:
    async with chromium() as browser:
        context = await browser.new_context(viewport=PHONE, locale="ru-RU")
        page = await context.new_page()
        await page.goto(server.page_url)
        await page.wait_for_selector("form.create", timeout=WAIT_MS)
        await page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        await page.wait_for_function("navigator.serviceWorker.controller !== null")
        await context.set_offline(True)
        await page.reload()
        await page.wait_for_selector("form.create", timeout=WAIT_MS)
        assert "Новая комната" in await page.inner_text("form.create h2")
        manifest = await page.get_attribute("link[rel=manifest]", "href")
        assert manifest == "/manifest.webmanifest"


async def test_the_language_is_switched_on_the_page_and_kept(server: WebServer) -> None:
    async with chromium() as browser:
        page = await phone(browser, "en-US")
        await page.goto(server.page_url)
        await page.wait_for_selector("form.create", timeout=WAIT_MS)
        assert await page.inner_text("form.create h2") == "New room"
        await page.select_option(".bar select.lang", "ka")
        await page.wait_for_selector("form.create h2:has-text('ახალი ოთახი')", timeout=WAIT_MS)
        assert await page.get_attribute("html", "lang") == "ka"
        await page.reload()
        await page.wait_for_selector("form.create h2:has-text('ახალი ოთახი')", timeout=WAIT_MS)


TWO_DOUBLES = """async () => {
  const { drawTable } = await import("/table.js");
  const sent = [];
  const view = {
    seat: 0, names: ["Ann", "Bob"], rules: { teams: "off" }, phase: "playing", round_no: 1,
    hand_masks: [2 ** 27 + 2 ** 20 + 2 ** 1, null], chain: [[26, 6, 5]],
    left: 6, right: 5, hand_counts: [3, 4], bazaar_count: 6, turn: 0, leader: 0,
    opening: -1, drawn: -1, history: [], totals: [0, 0], opened: [false, false],
    carried: [0, 0], records: [], goats: [], ranking: [],
    legal: [
      { kind: "play", tile: "6-6", end: "left" },
      { kind: "doubles", left: "6-6", right: "5-5" },
    ],
  };
  const act = { send: (m) => sent.push(m), chooseTile() {}, chooseEnd() {} };
  const table = drawTable({ view, room: null, selected: null, seq: 7 }, act);
  document.body.append(table);
  const offer = table.querySelector(".move-doubles");
  offer.click();
  return { text: offer.textContent, sent };
}"""


async def test_two_doubles_in_one_turn_are_offered_as_one_move(server: WebServer) -> None:
    async with chromium() as browser:
        page = await phone(browser)
        await page.goto(server.page_url)
        await page.wait_for_selector("form.create", timeout=WAIT_MS)  # the texts are loaded
        result = await page.evaluate(TWO_DOUBLES)
    assert result["text"] == "Two doubles: 6-6 left + 5-5 right"
    assert result["sent"] == [{"kind": "doubles", "left": "6-6", "right": "5-5"}]


async def test_a_server_password_is_asked_for_and_a_room_password_kept(tmp_path: Path) -> None:
    web = WebServer(tmp_path, "--password", "open sesame")
    try:
        async with chromium() as browser:
            ann = await phone(browser)
            await ann.goto(web.page_url)
            await ann.wait_for_selector("form.create", timeout=WAIT_MS)
            await ann.fill("form.create input[name=name]", "Ann")
            await ann.select_option("form.create select[name=players]", "2")
            await ann.select_option("form.create select[name=humans]", "2")
            await ann.fill("form.create input[name=password]", "room key")
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
