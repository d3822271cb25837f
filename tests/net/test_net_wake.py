"""``Wake``: the room's flag behaves as ``asyncio.Event`` does for its one waiter."""

from __future__ import annotations

import asyncio

import pytest

from koza.net.wake import Wake


async def test_wait_returns_at_once_when_set_and_after_a_set_when_not() -> None:
    wake = Wake()
    wake.set()
    await asyncio.wait_for(wake.wait(), 1)  # already set
    wake.clear()
    assert not wake.is_set()
    waiting = asyncio.create_task(wake.wait())
    await asyncio.sleep(0)
    assert not waiting.done()
    wake.set()
    await asyncio.wait_for(waiting, 1)
    assert wake.is_set()


async def test_a_wait_cut_short_by_a_timeout_leaves_it_usable() -> None:
    wake = Wake()
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.01):
            await wake.wait()
    waiting = asyncio.create_task(wake.wait())
    await asyncio.sleep(0)
    wake.set()
    await asyncio.wait_for(waiting, 1)


async def test_a_second_waiter_is_refused() -> None:
    wake = Wake()
    first = asyncio.create_task(wake.wait())
    await asyncio.sleep(0)
    with pytest.raises(RuntimeError):
        await wake.wait()
    wake.set()
    await first
