"""``koza server``, ``koza host`` and ``koza join``: parsers and what they run.

The network modules (and ``websockets``) are imported only when one of these
commands runs.  Bad input is one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import socket
import ssl
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from koza.cli.arg_types import seconds
from koza.i18n.strings import t, tn
from koza.storage import folder as save_folder

if TYPE_CHECKING:
    from koza.net.client import KozaClient

EXIT_USAGE = 2
_CODE = re.compile(r"^[A-Z0-9]{4,12}$")


def _fail(message: str, code: int = 1) -> int:
    print(f"koza: {message}", file=sys.stderr)
    return code


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(t("netcli.not_port", text=repr(text)))
    return int(text)


def _folder(args: argparse.Namespace) -> Path:
    return save_folder.save_dir(getattr(args, "save_dir", None))


# --- koza server -----------------------------------------------------------------


async def _serve(args: argparse.Namespace, ready: Any = None) -> int:
    from koza.core.collector import collect_less_often
    from koza.net.server import KozaServer, start, tls_context

    folder = _folder(args)
    koza = KozaServer(
        folder,
        args.password,
        bot_delay=args.bot_delay,
        behind_proxy=args.behind_proxy,
        unlimited=frozenset(args.no_limit_for or ()),
    )
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
    except (OSError, ValueError) as exc:
        return _fail(f"server: {t('netcli.bad_certificate', error=exc)}")
    reopened = koza.reopen()
    collect_less_often()
    for warning in koza.warnings:
        print(f"koza server: {warning}", file=sys.stderr)
    try:
        server = await start(koza, args.host, args.port, tls)
    except OSError as exc:
        koza.close()
        where = f"{args.host}:{args.port}"
        return _fail(f"server: {t('netcli.cannot_listen', where=where, error=_os_said(exc))}")
    port = next(iter(server.sockets)).getsockname()[1]
    koza.server_name = f"{socket.gethostname()}:{port}"  # each room's file says which server
    scheme = "wss" if tls else "ws"
    print(f"koza server: {t('netcli.listening', url=f'{scheme}://{args.host}:{port}')}", flush=True)
    print(f"koza server: {tn('netcli.folder', reopened, folder=folder)}", flush=True)
    page = terminal = None
    try:
        if getattr(args, "web", None) is not None:
            page = await _start_page(args, port, tls)
            if page is None:
                return 1
        if getattr(args, "web_terminal", None) is not None:
            terminal = await _start_terminal_page(args, f"{scheme}://{_loopback(args.host)}:{port}")
            if terminal is None:
                return 1
        if ready is not None:
            return int(await ready(koza, f"{scheme}://{args.host}:{port}"))
        await server.serve_forever()
    finally:
        for runner in (page, terminal):
            if runner is not None:
                await runner.cleanup()
        server.close()
        koza.close()
    return 0


def _loopback(host: str) -> str:
    """How a process on this machine reaches a server listening on ``host``."""
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


async def _start_page(args: argparse.Namespace, game_port: int, tls: ssl.SSLContext | None) -> Any:
    """The web client (``--web PORT``); None, having said why, if it cannot listen."""
    from koza.net.web import start_web

    try:
        runner, port = await start_web(game_port, args.host, args.web, tls)
    except OSError as exc:
        where = f"{args.host}:{args.web}"
        _fail(f"server: {t('netcli.cannot_serve_page', where=where, error=_os_said(exc))}")
        return None
    scheme = "https" if tls else "http"
    url = args.public_url or f"{scheme}://{args.host}:{port}"
    print(f"koza server: {t('netcli.web_page', url=url)}", flush=True)
    return runner


async def _start_terminal_page(args: argparse.Namespace, game_url: str) -> Any:
    """The terminal client as a page (``--web-terminal PORT``); None if it cannot listen."""
    from koza.net.web_terminal import start_terminal_page

    public_url = args.public_url if args.web is None else None  # --public-url names --web's

    try:
        runner, port = await start_terminal_page(
            game_url, args.host, args.web_terminal, public_url, args.cert
        )
    except OSError as exc:
        where = f"{args.host}:{args.web_terminal}"
        _fail(f"server: {t('netcli.cannot_serve_page', where=where, error=_os_said(exc))}")
        return None
    url = public_url or f"http://{args.host}:{port}"
    print(f"koza server: {t('netcli.terminal_page', url=url)}", flush=True)
    return runner


def _os_said(exc: OSError) -> str:
    """A failed socket or file operation in the language in use."""
    from koza.i18n.problems import say_error
    from koza.i18n.system_errors import say_os_error, system_key
    from koza.storage.savefile import SaveError, os_problem

    if system_key(exc) is not None:  # a network error: its own words, the raw text a detail
        return say_os_error(exc)
    return say_error(SaveError.explained(os_problem(exc), english=str(exc.strerror or exc)))


def _one_line(exc: Exception) -> str:
    """A refusal as one line in the language in use (pydantic's errors span several)."""
    from koza.i18n.problems import say_error
    from koza.i18n.refusals import said_here

    said = getattr(exc, "said", None)
    if said is not None:
        return said_here(said, str(exc))
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        return f"{where}: {err['msg']}" if where else str(err["msg"])
    return say_error(exc)


def run_server(args: argparse.Namespace) -> int:
    if bool(args.cert) != bool(args.key):
        return _fail(f"server: {t('netcli.cert_and_key')}", EXIT_USAGE)
    logging.basicConfig(level=logging.WARNING, format="koza server: %(levelname)s %(message)s")
    return asyncio.run(_serve(args))


def _add_listen(p: argparse.ArgumentParser, port: int) -> None:
    p.add_argument("--host", default="127.0.0.1", help=t("netcli.host_help"))
    p.add_argument("--port", type=_port, default=port, help=t("netcli.port_help", port=port))
    p.add_argument("--password", help=t("netcli.password_help"))
    p.add_argument("--bot-delay", type=seconds(3600), default=-1, help=t("netcli.bot_delay_help"))


def add_server_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "server", parents=[common], help=t("netcli.server"), description=t("netcli.server")
    )
    _add_listen(p, 7777)
    p.add_argument("--cert", type=Path, help=t("netcli.cert_help"))
    p.add_argument("--key", type=Path, help=t("netcli.key_help"))
    p.add_argument("--web", type=_port, metavar="PORT", help=t("netcli.web_help"))
    p.add_argument("--web-terminal", type=_port, metavar="PORT", help=t("netcli.web_terminal_help"))
    p.add_argument("--public-url", help=t("netcli.public_url_help"))
    p.add_argument("--behind-proxy", action="store_true", help=t("netcli.behind_proxy_help"))
    p.add_argument(
        "--no-limit-for", action="append", metavar="ADDRESS", help=t("netcli.no_limit_for_help")
    )
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
        return _fail(f"join: {t('netcli.bad_cafile', path=args.cafile, error=exc)}")
    client = KozaClient(args.address, password=args.password, tls=tls)
    code = args.code.upper()
    try:
        await enter_room(
            client, code, args.name, folder=folder, watch=args.watch, password=args.password
        )
    except (ClientError, ValueError) as exc:
        await client.close()
        return _fail(f"join: {_one_line(exc)}")
    watching = client.seat is not None and client.seat < 0
    seat = t("netcli.watching") if watching else t("netcli.seat", seat=client.seat)
    print(f"koza: {t('netcli.in_room', code=code, url=client.url, seat=seat)}", flush=True)
    bot = make_bot(args.bot) if args.bot else None
    try:
        if bot is None and not args.lines:
            return await run_remote_app(client, folder)
        return await linemode.run(client, bot)
    finally:
        await client.close()


def run_join(args: argparse.Namespace) -> int:
    if not _CODE.match(args.code.upper()):
        return _fail(f"join: {t('netcli.not_code', code=repr(args.code))}", EXIT_USAGE)
    if not args.watch and not args.name:
        return _fail(f"join: {t('netcli.name_needed')}", EXIT_USAGE)
    if args.bot:
        from koza.bots import make_bot

        try:
            make_bot(args.bot)
        except ValueError as exc:
            return _fail(f"join: {_one_line(exc)}", EXIT_USAGE)
    return asyncio.run(_join(args))


def _add_lines(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lines", action="store_true", help=t("netcli.lines_help"))


def add_join_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "join", parents=[common], help=t("netcli.join"), description=t("netcli.join")
    )
    p.add_argument("address", metavar="ADDRESS", help=t("netcli.address_help"))
    p.add_argument("code", metavar="CODE", help=t("netcli.code_help"))
    p.add_argument("--name", help=t("netcli.name_help"))
    p.add_argument("--watch", action="store_true", help=t("netcli.watch_help"))
    p.add_argument("--password", help=t("netcli.join_password_help"))
    p.add_argument("--bot", metavar="LEVEL", help=t("netcli.bot_help"))
    _add_lines(p)
    p.add_argument("--cafile", type=Path, help=t("netcli.cafile_help"))
    p.set_defaults(func=run_join)


# --- koza host -------------------------------------------------------------------


def run_host(args: argparse.Namespace) -> int:
    from koza.core.rules import RuleError, RuleSet

    try:
        rules = RuleSet.from_pairs(args.rule or [])
        rules.check_players(args.players)
    except RuleError as exc:
        return _fail(f"host: {_one_line(exc)}", EXIT_USAGE)
    if not 1 <= args.humans <= args.players:
        return _fail(f"host: {t('netcli.humans_range')}", EXIT_USAGE)
    options = {k: v for k, v in (p.split("=", 1) for p in args.rule or [])}

    async def play_host(koza: Any, url: str) -> int:
        if args.server:
            shown = args.public_url or args.server
        else:
            where = t("netcli.this_machine") if args.host in ("0.0.0.0", "::") else args.host
            shown = args.public_url or f"{where}:{url.rsplit(':', 1)[1]}"
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
                public=args.public,
            )
        except (ClientError, ValueError) as exc:
            await client.close()
            return _fail(f"host: {_one_line(exc)}")
        print(f"koza host: {t('netcli.room_made', code=joined.code)}", flush=True)
        name = t("netcli.name_word")
        print(f"  koza join {shown} {joined.code} --name {name}", flush=True)
        try:
            if not args.lines:
                return await run_remote_app(client, _folder(args), host_address=shown)
            print(f"koza host: {t('netcli.type_start')}", flush=True)
            return await linemode.run(client)
        finally:
            await client.close()

    if args.server:  # a room on a server already running
        return asyncio.run(play_host(None, args.server))
    return asyncio.run(_serve(args, ready=play_host))


def add_host_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "host", parents=[common], help=t("netcli.host"), description=t("netcli.host")
    )
    _add_listen(p, 7777)
    p.add_argument("--name", default="Host", help=t("netcli.name_help"))
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help=t("cli.players_help"))
    p.add_argument("--humans", type=int, default=2, help=t("netcli.humans_help"))
    p.add_argument("--bot", default="expert", help=t("netcli.host_bot_help"))
    p.add_argument("--away", type=seconds(3600), default=60.0, help=t("netcli.away_help"))
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help=t("cli.rule_help"))
    p.add_argument("--public", action="store_true", help=t("netcli.public_help"))
    p.add_argument("--server", metavar="HOST:PORT", help=t("netcli.host_server_help"))
    p.add_argument("--public-url", help=t("netcli.host_public_url_help"))
    _add_lines(p)
    p.set_defaults(func=run_host, cert=None, key=None, behind_proxy=False, no_limit_for=None)


async def run_remote_app(
    client: KozaClient, folder: Path | None = None, host_address: str | None = None
) -> int:
    """The app, opened at ``client``'s room (in this asyncio loop, beside the client)."""
    from koza.tui.app import KozaApp
    from koza.tui.remote.join import WaitScreen

    def start(app: Any) -> None:
        app.push_screen(WaitScreen(client, host_address))

    app = KozaApp(folder, on_start=start)
    await app.run_async()
    return int(app.return_code or 0)
