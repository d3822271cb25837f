"""Taking a seat (or a watcher's place) in a room, the same way from the command line and the app.

A seat token this machine already holds for the room is used first, so joining
again after a crash takes the same seat back; a new seat's token is kept.
"""

from __future__ import annotations

from pathlib import Path

from koza.net import tokens
from koza.net.client import KozaClient


async def enter_room(
    client: KozaClient,
    code: str,
    name: str | None,
    *,
    folder: Path | None,
    watch: bool = False,
    password: str | None = None,
) -> None:
    """Connect ``client`` and take a seat in room ``code`` (or watch it); ``ClientError`` if not.

    ``folder`` None: no token is read or kept (a web page's client: every tab is new).
    """
    await client.connect(code)  # at the room's own address (a proxy may route by it)
    known = None if watch or folder is None else tokens.load(folder, client.url, code)
    if folder is not None and not watch:
        url = client.url  # every token the server gives (a new one on each rejoin) is kept
        client.keep_token = lambda token: tokens.store(folder, url, code, token)
    if watch:
        await client.watch(code, password)
    elif known is not None:
        await client.rejoin(code, known)
    else:
        await client.join(code, name or "", password)
