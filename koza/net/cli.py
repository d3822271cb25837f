"""``koza server``, ``koza host`` and ``koza join``: parsers and what they run.

The network modules (and ``websockets``) are imported only when one of these
commands runs.  Bad input is one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import ssl
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from koza.cli_types import seconds
from koza.storage import folder as save_folder

EXIT_USAGE = 2
_CODE = re.compile(r"^[A-Z0-9]{4,12}$")


def _fail(message: str, code: int = 1) -> int:
    print(f"koza: {message}", file=sys.stderr)
    return code


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0..65535)")
    return int(text)


def _folder(args: argparse.Namespace) -> Path:
    return save_folder.save_dir(getattr(args, "save_dir", None))


# --- koza server -----------------------------------------------------------------


async def _serve(args: argparse.Namespace, ready: Any = None) -> int:
    from koza.net.server import KozaServer, start, tls_context

    folder = _folder(args)
    koza = KozaServer(folder, args.password, bot_delay=args.bot_delay)
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
    except (OSError, ValueError) as exc:
        return _fail(f"server: cannot use the certificate: {exc}")
    reopened = koza.reopen()
    for warning in koza.warnings:
        print(f"koza server: {warning}", file=sys.stderr)
    try:
        server = await start(koza, args.host, args.port, tls)
    except OSError as exc:
        koza.close()
        return _fail(f"server: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
    port = next(iter(server.sockets)).getsockname()[1]
    scheme = "wss" if tls else "ws"
    print(f"koza server: listening on {scheme}://{args.host}:{port}", flush=True)
    print(f"koza server: save folder {folder}, {reopened} unfinished room(s) reopened", flush=True)
    page = None
    try:
        if getattr(args, "web", None) is not None:
            page = await _start_page(args, f"{scheme}://{_loopback(args.host)}:{port}")
            if page is None:
                return 1
        if ready is not None:
            return int(await ready(koza, f"{scheme}://{args.host}:{port}"))
        await server.serve_forever()
    finally:
        if page is not None:
            await page.cleanup()
        server.close()
        koza.close()
    return 0


def _loopback(host: str) -> str:
    """How a process on this machine reaches a server listening on ``host``."""
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


async def _start_page(args: argparse.Namespace, game_url: str) -> Any:
    """The web page (``--web PORT``); None, having said why, if it cannot listen."""
    from koza.net.web import start_web

    try:
        runner, port = await start_web(game_url, args.host, args.web, args.public_url, args.cert)
    except OSError as exc:
        _fail(f"server: cannot serve the web page on {args.host}:{args.web}: {exc.strerror or exc}")
        return None
    print(f"koza server: web page on {args.public_url or f'http://{args.host}:{port}'}", flush=True)
    return runner


def _one_line(exc: Exception) -> str:
    """A refusal as one line (pydantic's errors span several)."""
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        return f"{where}: {err['msg']}" if where else str(err["msg"])
    return str(exc)


def run_server(args: argparse.Namespace) -> int:
    if bool(args.cert) != bool(args.key):
        return _fail("server: --cert and --key go together", EXIT_USAGE)
    logging.basicConfig(level=logging.WARNING, format="koza server: %(levelname)s %(message)s")
    return asyncio.run(_serve(args))


def _add_listen(p: argparse.ArgumentParser, port: int) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=port, help=f"port (default {port}; 0: any)")
    p.add_argument("--password", help="clients must give this password")
    p.add_argument(
        "--bot-delay", type=seconds(3600), default=-1, help="seconds before a bot's move"
    )


def add_server_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("server", parents=[common], help="serve rooms to players on other machines")
    _add_listen(p, 7777)
    p.add_argument("--cert", type=Path, help="TLS certificate (PEM), with --key")
    p.add_argument("--key", type=Path, help="TLS private key (PEM)")
    p.add_argument("--web", type=_port, metavar="PORT", help="also serve the client as a web page")
    p.add_argument("--public-url", help="the web page's address as browsers reach it")
    p.set_defaults(func=run_server)


# --- koza join -------------------------------------------------------------------


async def _join(args: argparse.Namespace) -> int:
    from koza.bots import make_bot
    from koza.net import linemode
    from koza.net.client import ClientError, KozaClient
    from koza.net.joining import enter_room

    folder = _folder(args)
    try:
        tls = ssl.create_default_context(cafile=args.cafile) if args.cafile else None
    except (OSError, ssl.SSLError) as exc:
        return _fail(f"join: cannot use {args.cafile}: {exc}")
    client = KozaClient(args.address, password=args.password, tls=tls)
    code = args.code.upper()
    try:
        await enter_room(
            client, code, args.name, folder=folder, watch=args.watch, password=args.password
        )
    except (ClientError, ValueError) as exc:
        await client.close()
        return _fail(f"join: {_one_line(exc)}")
    seat = "watching" if client.seat is not None and client.seat < 0 else f"seat {client.seat}"
    print(f"koza: in room {code} at {client.url} ({seat})", flush=True)
    bot = make_bot(args.bot) if args.bot else None
    try:
        if bot is None and not args.lines:
            from koza.tui.remote_join import run_remote_app

            return await run_remote_app(client, folder)
        return await linemode.run(client, bot)
    finally:
        await client.close()


def run_join(args: argparse.Namespace) -> int:
    if not _CODE.match(args.code.upper()):
        return _fail(f"join: {args.code!r} is not a room code", EXIT_USAGE)
    if not args.watch and not args.name:
        return _fail("join: --name NAME is needed to take a seat", EXIT_USAGE)
    if args.bot:
        from koza.bots import make_bot

        try:
            make_bot(args.bot)
        except ValueError as exc:
            return _fail(f"join: {exc}", EXIT_USAGE)
    return asyncio.run(_join(args))


def _add_lines(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lines", action="store_true", help="a plain line-by-line table instead of the full screen"
    )


def add_join_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("join", parents=[common], help="take a seat in a room on a koza server")
    p.add_argument("address", help="the server: HOST:PORT or ws://HOST:PORT")
    p.add_argument("code", help="the room code")
    p.add_argument("--name", help="your name at the table")
    p.add_argument("--watch", action="store_true", help="watch the room instead of playing")
    p.add_argument("--password", help="the server's or room's password")
    p.add_argument("--bot", metavar="LEVEL", help="let a bot play this seat (scripted player)")
    _add_lines(p)
    p.add_argument("--cafile", type=Path, help="trust this certificate (a server's own, for wss)")
    p.set_defaults(func=run_join)


# --- koza host -------------------------------------------------------------------


def run_host(args: argparse.Namespace) -> int:
    from koza.core.rules import RuleError, RuleSet

    try:
        rules = RuleSet.from_pairs(args.rule or [])
        rules.check_players(args.players)
    except RuleError as exc:
        return _fail(f"host: {exc}", EXIT_USAGE)
    if not 1 <= args.humans <= args.players:
        return _fail("host: --humans must be between 1 and --players", EXIT_USAGE)
    options = {k: v for k, v in (p.split("=", 1) for p in args.rule or [])}

    async def play_host(koza: Any, url: str) -> int:
        from koza.net import linemode
        from koza.net.client import ClientError, KozaClient

        client = KozaClient(url, password=args.password)
        try:
            await client.connect()
            joined = await client.create_room(
                args.name,
                players=args.players,
                humans=args.humans,
                rules=options,
                bot=args.bot,
                away_seconds=args.away,
            )
        except (ClientError, ValueError) as exc:
            await client.close()
            return _fail(f"host: {_one_line(exc)}")
        print(f"koza host: room {joined.code}; friends join with", flush=True)
        where = "THIS-MACHINE" if args.host in ("0.0.0.0", "::") else args.host
        port = url.rsplit(":", 1)[1]
        print(f"  koza join {where}:{port} {joined.code} --name NAME", flush=True)
        try:
            if not args.lines:
                from koza.tui.remote_join import run_remote_app

                return await run_remote_app(client, _folder(args), host_address=f"{where}:{port}")
            print("koza host: type start to fill the open seats with bots and begin", flush=True)
            return await linemode.run(client)
        finally:
            await client.close()

    return asyncio.run(_serve(args, ready=play_host))


def add_host_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("host", parents=[common], help="start a server and a room, and play in it")
    _add_listen(p, 7777)
    p.add_argument("--name", default="Host", help="your name at the table")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--humans", type=int, default=2, help="seats kept for people (default 2)")
    p.add_argument("--bot", default="expert", help="bot level of the other seats")
    p.add_argument(
        "--away", type=seconds(3600), default=60.0, help="seconds before a bot stands in"
    )
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a rule option")
    _add_lines(p)
    p.set_defaults(func=run_host, cert=None, key=None)
