"""The app's waiting room lets a guest pick an open seat and shows the pairs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from support.net import PATIENCE, local_server
from textual.widgets import Static

from koza.net.client import KozaClient
from koza.tui.app import KozaApp
from koza.tui.remote.join import WaitScreen


async def test_a_guest_keys_a_seat_number_and_sits_there(tmp_path: Path) -> None:
    async with local_server(tmp_path) as (koza, url):
        ann, bob = KozaClient(url), KozaClient(url)
        await ann.connect()
        await bob.connect()
        made = await ann.create_room("Ann", players=4, humans=3, rules={"teams": "pairs"})
        await bob.join(made.code, "Bob")
        room = koza.rooms[made.code]
        app = KozaApp(tmp_path, on_start=lambda app: app.push_screen(WaitScreen(bob)))
        async with app.run_test(size=(100, 30)) as pilot:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + PATIENCE
            while not isinstance(app.screen, WaitScreen) or bob.room is None:
                assert loop.time() < deadline, "the waiting room never came"
                await pilot.pause(0.05)
            await pilot.press("3")
            while [s.record.name for s in room.slots] != ["Ann", None, "Bob", None]:
                assert loop.time() < deadline, "Bob never moved to the third seat"
                await pilot.pause(0.05)
            while "3. Bob · pair 1" not in str(
                app.screen.query_one("#wait-seats", Static).render()
            ):
                assert loop.time() < deadline, "the waiting room never showed the move"
                await pilot.pause(0.05)
            assert bob.seat == 2
            await pilot.press("escape")
        await ann.close()
