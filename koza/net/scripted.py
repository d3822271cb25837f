"""A scripted player: a bot driving a ``KozaClient`` (tests, bench, ``koza join --bot``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from koza.bots import Bot
from koza.net.client import ClientError, KozaClient


async def autoplay(
    client: KozaClient,
    bot: Bot,
    timeout: float = 120.0,
    stop: Callable[[KozaClient], bool] | None = None,
    on_move: Callable[[KozaClient], None] | None = None,
) -> None:
    """Play ``client``'s seat with ``bot`` until the game is over (or ``stop(client)``).

    Asks for every next round.  Raises ``TimeoutError`` after ``timeout`` seconds
    and ``ClientError`` if the connection is lost for good.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    acted = (-1, -1, -1)  # the table last acted on: never twice on one table
    while not client.game_over and not (stop is not None and stop(client)):
        if client.lost is not None:
            raise ClientError(client.lost)
        left = deadline - loop.time()
        if left <= 0:
            raise TimeoutError(f"game not over after {timeout} s (at event {client.seq})")
        view = client.view
        # after a reconnect or a refusal, the same table is acted on again
        now = (client.seq, client.reconnects, client.refusals)
        if view is not None and now != acted:
            if client.my_turn:
                acted = now
                await client.play(bot.choose(view))
                if on_move is not None:
                    on_move(client)
                continue
            if view.phase == "round_over":
                acted = now
                await client.next_round()
                continue
        await client.changed(timeout=min(left, 1.0))
