"""``koza server --web-terminal PORT``: the terminal client as a web page, through textual-serve.

Each browser tab gets its own koza client process on the server's machine
(``python -m koza.tui.remote.web``), which joins rooms on this server over
loopback like any other client; textual-serve carries its screen to the page.
The web client can only join or watch a room: it never sees the machine's saves.
The page loads nothing from other hosts (textual-serve's web font is left out)
and is titled koza.  ``koza server --web`` serves the native web client instead.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

_OUTSIDE_FONT = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>", re.S)


def page_of_koza(html: str) -> str:
    """textual-serve's page without its outside font, titled koza."""
    html = _OUTSIDE_FONT.sub("", html)
    return html.replace("<head>", "<head>\n    <title>koza</title>", 1)


class _PageServer(Server):
    """textual-serve's server without its banner (koza prints its own line)."""

    async def on_startup(self, app: web.Application) -> None:
        return None

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        response = await super().handle_index(request)
        if isinstance(response, web.Response) and response.text is not None:
            response.text = page_of_koza(response.text)
        return response


def client_command(game_url: str, cafile: Path | None = None) -> str:
    """The shell command textual-serve runs for each page: the join-only koza client."""
    argv = [sys.executable, "-m", "koza.tui.remote.web", game_url]
    if cafile is not None:
        argv += ["--cafile", str(cafile)]
    return shlex.join(argv)


async def start_terminal_page(
    game_url: str, host: str, port: int, public_url: str | None, cafile: Path | None = None
) -> tuple[web.AppRunner, int]:
    """Serve the page on ``host:port`` in this loop; ``(runner, port)`` (cleanup the runner)."""
    server = _PageServer(client_command(game_url, cafile), host=host, port=port, title="koza")
    app = await server._make_app()  # textual-serve's own routes, in our loop beside the game
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = port
    sockets = getattr(site._server, "sockets", None)  # the port the system chose for port 0
    if port == 0 and sockets:
        bound = sockets[0].getsockname()[1]
    server.public_url = public_url or f"http://{host}:{bound}"
    return runner, bound
