"""The koza client of the web page (``koza server --web``): join or watch a room, nothing else.

It runs on the server's machine for each browser tab, so it offers no menu, no
saves and keeps no seat token on disk (every tab is a new player).
"""

from __future__ import annotations

import argparse
import ssl
import sys
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from koza.i18n.strings import t
from koza.tui.remote.join import JoinScreen


class _Left(Screen[None]):
    """Under the join form: shown again only when the visitor has left, so the app ends."""

    def on_screen_resume(self) -> None:
        if getattr(self.app, "started", False):
            self.app.exit()


class WebClientApp(App[int]):
    """Only the join form, the waiting room and the table; leaving ends the app."""

    TITLE = t("app.title")

    def __init__(self, address: str, tls: ssl.SSLContext | None = None) -> None:
        super().__init__()
        self.address = address
        self.tls = tls
        self.started = False

    def get_default_screen(self) -> Screen[None]:
        return _Left()

    async def on_mount(self) -> None:
        await self.push_screen(JoinScreen(self.address, remember=False, tls=self.tls))
        self.started = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="koza-web-client")
    parser.add_argument("address", help="the koza server, as this machine reaches it")
    parser.add_argument("--cafile", type=Path, help="trust this certificate (wss)")
    args = parser.parse_args(argv)
    try:
        tls = ssl.create_default_context(cafile=args.cafile) if args.cafile else None
    except (OSError, ssl.SSLError) as exc:
        print(f"koza: cannot use {args.cafile}: {exc}", file=sys.stderr)
        return 1
    WebClientApp(args.address, tls).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
