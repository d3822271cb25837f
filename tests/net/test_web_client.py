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
    NAMES,
    PHONE,
    READY,
    READY_TO_ACT,
    WAIT_MS,
    WHY_NOT,
    TestBrowser,
    WebServer,
    create_room,
    my_move,
    phone,
    play_step,
)

from koza.storage.savefile import load

pytestmark = [
    pytest.mark.skipif(not READY, reason=WHY_NOT),
    pytest.mark.asyncio(loop_scope="session"),  # the shared browser's loop
]
MOST_STEPS = 3000  # far more moves than any game to 20 takes; only a bug gets here


async def _fits_a_phone(page) -> None:  # type: ignore[no-untyped-def]
    """No horizontal scrolling, and every visible control at least 44 px each way."""
    wide = await page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide} px"
    small = await page.evaluate(
        """() => [...document.querySelectorAll('button, select, a, input')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], f"touch targets under 44 px: {small}"


async def test_a_whole_game_on_a_phone_by_touch(
    browser: TestBrowser, server: WebServer, tmp_path: Path
) -> None:
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


async def test_a_reload_mid_game_returns_to_the_same_seat(
    browser: TestBrowser, server: WebServer
) -> None:
    page = await phone(browser)
    await page.goto(server.page_url)
    code = await create_room(page, "Ann", players=4)
    for _ in range(3):
        await play_step(page)
    await my_move(page)  # a round may end in those moves (about 1 game in 100)
    hand = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
    await page.reload()
    await page.wait_for_selector(".status.mine", timeout=WAIT_MS)
    assert await page.inner_text(".bar .code") == code
    assert await page.locator("form.join").count() == 0
    assert "Ann" in await page.inner_text(".seat.me")
    again = await page.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
    assert again == hand
    assert await play_step(page)  # and the seat still plays


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
OWN_NAMES = {"koza", "English"}  # the app's name, and English named in its own language
YOU = {"ru-RU": "Вы ", "ka-GE": "თქვენ "}  # the page's own moves are said to its player


@pytest.mark.parametrize(("locale", "name"), [("ru-RU", "Аня"), ("ka-GE", "ანა")])
async def test_the_page_in_russian_and_georgian_has_no_english_word(
    browser: TestBrowser, server: WebServer, locale: str, name: str
) -> None:
    async def english_words(page) -> set[str]:  # type: ignore[no-untyped-def]
        text = await page.inner_text("body")
        codes = await page.locator(".bar .code").all_inner_texts()  # a room code: letters too
        words = set(LATIN_WORD.findall(text)) - OWN_NAMES
        return {w for w in words if not any(w in code for code in codes)}

    page = await phone(browser, locale)
    await page.goto(server.page_url)
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    await page.tap("form.create details summary")
    assert await english_words(page) == set()
    await page.fill("form.create input[name=name]", name)
    await page.select_option("form.create select[name=humans]", "2")
    await page.select_option("form.create select[name='rule.teams']", "pairs")
    await page.fill("form.create input[name='rule.target']", "10")
    await page.tap("form.create button.primary")
    await page.wait_for_selector(".waiting .start", timeout=WAIT_MS)
    assert await english_words(page) == set()  # the waiting room, its seats and pairs
    await page.tap(".waiting .start")
    await page.wait_for_selector(".table", timeout=WAIT_MS)
    for _ in range(2):
        await play_step(page)
    log = await page.locator("ol.log li").all_text_contents()  # own moves: "you"
    assert not any(line.startswith(name) for line in log), log
    assert any(line.startswith(YOU[locale]) for line in log), log
    for tab in range(3):
        await page.tap(f".tabs .tab >> nth={tab}")
        assert await english_words(page) == set()
    await page.tap(".phrase >> nth=0")
    await page.wait_for_selector(".chat-lines li", timeout=WAIT_MS)
    assert await english_words(page) == set()
    while await play_step(page):  # to the game's end: the summaries too
        if await page.locator(".dialog").count():
            assert await english_words(page) == set()
    assert await english_words(page) == set()


async def test_the_page_asks_nothing_of_another_host(
    browser: TestBrowser, server: WebServer
) -> None:
    asked: list[str] = []
    page = await phone(browser)
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda ws: asked.append(ws.url))
    await page.goto(server.page_url)
    await create_room(page, "Ann", players=2)
    await play_step(page)
    await page.tap(".rules-button")
    await page.wait_for_selector(".rulebook h2", timeout=WAIT_MS)
    await page.tap("main .back")  # and back at the table, which went on meanwhile
    await page.wait_for_selector(".table", timeout=WAIT_MS)
    hosts = {urlsplit(url).hostname for url in asked}
    assert hosts == {"127.0.0.1"}, asked
    assert any(url.startswith(server.game_url) for url in asked)  # the game's own WebSocket


async def test_a_dropped_connection_is_made_again_and_the_seat_taken_back(
    browser: TestBrowser,
    server: WebServer,
) -> None:
    sockets: list[tuple[object, object]] = []

    async def through(ws) -> None:  # type: ignore[no-untyped-def]
        sockets.append((ws, ws.connect_to_server()))

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


async def test_once_visited_the_page_opens_again_offline(
    browser: TestBrowser, server: WebServer
) -> None:
    context = await browser.new_context(viewport=PHONE, locale="ru-RU")
    page = await context.new_page()
    await page.goto(server.page_url)
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    await page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    await page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    await context.set_offline(True)
    await page.reload()
    await page.wait_for_selector("form.create", timeout=WAIT_MS)
    assert "Новая комната" in await page.inner_text("form.create h2")
    manifest = await page.get_attribute("link[rel=manifest]", "href")
    assert manifest == "/manifest.webmanifest"


async def test_the_language_is_switched_on_the_page_and_kept(
    browser: TestBrowser, server: WebServer
) -> None:
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


async def test_two_doubles_in_one_turn_are_offered_as_one_move(
    browser: TestBrowser, server: WebServer
) -> None:
    page = await phone(browser)
    await page.goto(server.page_url)
    await page.wait_for_selector("form.create", timeout=WAIT_MS)  # the texts are loaded
    result = await page.evaluate(TWO_DOUBLES)
    assert result["text"] == "Two doubles: 6-6 left + 5-5 right"
    assert result["sent"] == [{"kind": "doubles", "left": "6-6", "right": "5-5"}]
