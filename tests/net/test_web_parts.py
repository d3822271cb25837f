"""Parts of the web page drawn from a made-up view in a real browser (Chromium under
Playwright, skipped where either is missing): the score sheet, a bot thinking, pairs."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.browser import READY, WAIT_MS, WHY_NOT, TestBrowser, WebServer, phone

pytestmark = [
    pytest.mark.skipif(not READY, reason=WHY_NOT),
    pytest.mark.asyncio(loop_scope="session"),  # the shared browser's loop
]

VIEW = """({
  seat: 0, names: ["Ann", "Bob", "Cleo", "Dan"], rules: { teams: "pairs", target: 101 },
  phase: "playing", round_no: 3, hand_masks: [2 ** 27, null, null, null], chain: [[26, 6, 5]],
  left: 6, right: 5, hand_counts: [1, 4, 3, 2], bazaar_count: 0, turn: 1, leader: 0,
  opening: -1, drawn: -1, legal: [], history: [], totals: [40, 12], opened: [true, false],
  carried: [0, 7], goats: [], ranking: [],
  records: [
    [1, "out", 0, [0, 9, 5, 3], [0, 0], [0, 0], [false, false], 0],
    [2, "fish", null, [20, 6, 20, 6], [40, 12], [40, 12], [true, true], 2],
  ],
})"""

PARTS = (
    """async () => {
  const { drawTable } = await import("/table.js");
  const { scoreSheet } = await import("/panels.js");
  const view = """
    + VIEW
    + """;
  const room = { seats: [
    { name: "Ann", kind: "human", connected: true, bot_playing: false },
    { name: "Bot 2", kind: "bot", connected: true, bot_playing: false },
    { name: "Cleo", kind: "human", connected: false, bot_playing: false },
    { name: "Dan", kind: "human", connected: true, bot_playing: false },
  ] };
  const game = { view, room, selected: null, seq: 9 };
  const act = { send() {}, chooseTile() {}, chooseEnd() {} };
  const table = drawTable(game, act);
  const sheet = scoreSheet(game);
  const rows = [...sheet.querySelectorAll("tr")].map((tr) =>
    [...tr.children].map((c) => c.textContent));
  return {
    status: table.querySelector(".status").textContent,
    thinking: [...table.querySelectorAll(".seat")].map((s) => !!s.querySelector(".thinking")),
    away: [...table.querySelectorAll(".seat")].map(
      (s) => s.querySelector(".away")?.textContent ?? ""),
    rows,
    marks: [...sheet.querySelectorAll(".marks td")].map((c) => c.title),
  };
}"""
)


async def test_the_sheet_sums_by_pair_and_a_bot_is_seen_thinking(
    browser: TestBrowser, tmp_path: Path
) -> None:
    web = WebServer(tmp_path)
    try:
        page = await phone(browser)
        await page.goto(web.page_url)
        await page.wait_for_selector("form.create", timeout=WAIT_MS)  # the texts are in
        parts = await page.evaluate(PARTS)
    finally:
        web.stop()
    assert parts["status"] == "Bot 2 is thinking…"  # a bot seat is named in the page's words
    assert parts["thinking"] == [False, True, False, False]
    assert parts["away"] == ["", "", "away", ""]
    assert parts["rows"][0] == ["Round", "Ann + Cleo", "Bot 2 + Dan"]
    assert parts["rows"][1:4] == [["1", "0", "0"], ["2", "40", "12"], ["Σ", "40", "12"]]
    assert parts["rows"][4] == ["", "●", "○ +7"]  # open; closed, with points carried
    assert parts["marks"] == ["open", "closed"]
