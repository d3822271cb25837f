"""``koza server --web PORT``: the native web client, served over HTTP beside the game.

The page is static files in ``koza/net/webclient`` (HTML, CSS and JavaScript
modules, no build step); its WebSocket goes straight to the game server and speaks
the protocol ``koza join`` speaks, so a web player costs the server one connection.
Besides the files the page reads ``config.json`` (where the game server listens),
``i18n/<lang>.json`` (texts from the catalogues), ``setup.json`` (what a room may
be made with) and ``rules/<lang>.json`` (the rule book).  Nothing else is served.
"""

from __future__ import annotations

import json
import ssl
from importlib import resources
from pathlib import Path

from aiohttp import web

from koza.net import web_texts

CLIENT_DIR = Path(str(resources.files("koza.net").joinpath("webclient")))
TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'"
    ),
}


def client_files() -> dict[str, Path]:
    """Every file the page is made of, by its URL path (``/`` is ``index.html``)."""
    files = {f"/{p.name}": p for p in CLIENT_DIR.iterdir() if p.suffix in TYPES and p.is_file()}
    files["/"] = CLIENT_DIR / "index.html"
    return files


def make_app(game_port: int, tls: bool = False) -> web.Application:
    """The page's HTTP routes; ``game_port`` is where the browser finds the game server."""
    files = client_files()
    config = json.dumps({"port": game_port, "tls": tls}).encode()

    def answer(body: bytes, kind: str, cache: str = "no-cache") -> web.Response:
        headers = {**SECURITY, "Cache-Control": cache}
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=headers)

    async def static(request: web.Request) -> web.Response:
        path = files.get(request.path)
        if path is None:
            raise web.HTTPNotFound()
        kind = TYPES[path.suffix]
        return answer(path.read_bytes(), kind)

    async def texts(request: web.Request) -> web.Response:
        try:
            return answer(web_texts.catalogue(request.match_info["lang"]), "application/json")
        except KeyError:
            raise web.HTTPNotFound() from None

    async def rules(request: web.Request) -> web.Response:
        try:
            return answer(web_texts.rule_book_json(request.match_info["lang"]), "application/json")
        except KeyError:
            raise web.HTTPNotFound() from None

    async def setup(request: web.Request) -> web.Response:
        return answer(web_texts.setup(), "application/json")

    async def where(request: web.Request) -> web.Response:
        return answer(config, "application/json")

    app = web.Application()
    app.router.add_get("/config.json", where)
    app.router.add_get("/setup.json", setup)
    app.router.add_get("/i18n/{lang}.json", texts)
    app.router.add_get("/rules/{lang}.json", rules)
    for path in files:
        app.router.add_get(path, static)
    return app


async def start_web(
    game_port: int, host: str, port: int, tls: ssl.SSLContext | None = None
) -> tuple[web.AppRunner, int]:
    """Serve the page on ``host:port`` in this loop; ``(runner, port)`` (cleanup the runner).

    With ``tls`` (the game server's certificate) the page is served over HTTPS and its
    WebSocket is ``wss://``, so a browser trusts both or neither.
    """
    app = make_app(game_port, tls is not None)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port, ssl_context=tls)
    await site.start()
    bound = port
    sockets = getattr(site._server, "sockets", None)  # the port the system chose for port 0
    if port == 0 and sockets:
        bound = sockets[0].getsockname()[1]
    return runner, bound
