"""Joining a game on a koza server from the app: the form, the waiting room, the table.

``JoinScreen`` (the start menu's "Join a game") asks for the address, the room
code and a name (or opens a new room on that server, as ``koza host --server``
does); ``WaitScreen`` shows the room until its game starts, then
gives way to ``RemoteTableScreen``.  ``run_remote_app`` opens the app straight
at the waiting room for a client that ``koza join`` or ``koza host`` connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import ssl

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Static

from koza.i18n.refusals import from_server, said_here
from koza.i18n.strings import t
from koza.net import tokens
from koza.net.client import ClientError, KozaClient
from koza.net.joining import enter_room
from koza.net.protocol import Error, RoomState, ViewUpdate
from koza.storage import folder as save_folder
from koza.tui.remote.table import RemoteTableScreen
from koza.tui.widgets.footer import Footer

CODE = re.compile(r"^[A-Z0-9]{4,12}$")
DEFAULT_ADDRESS = "127.0.0.1:7777"


def seat_lines(room: RoomState | None) -> Text:
    """The room's seats, one a line, as plain text (names are never read as markup)."""
    if room is None:
        return Text("")
    lines = []
    pairs = room.rules.get("teams") == "pairs"
    for n, s in enumerate(room.seats, start=1):
        name = s.name or t("net.seat_open")
        if s.kind == "bot":
            name = t("net.seat_bot", name=name)
        elif s.kind == "human" and not s.connected:
            name = t("net.seat_away", name=name)
        line = t("net.seat_line", n=n, name=name)
        lines.append(t("net.seat_pair", line=line, pair=2 - n % 2) if pairs else line)
    return Text("\n".join(lines))


class WaitScreen(Screen[None]):
    """The room before its game starts: who sits where; the table opens by itself."""

    BINDINGS = [
        Binding("s", "start", t("net.key_start")),
        Binding("escape", "leave", t("net.back")),
        *(
            Binding(str(n), f"pick_seat({n - 1})", t("net.seat_hint"), show=False)
            for n in (2, 3, 4)
        ),
    ]

    def __init__(self, client: KozaClient, address: str | None = None) -> None:
        super().__init__()
        self.client = client
        self.address = address or client.url

    def compose(self) -> ComposeResult:
        with Vertical(id="wait-box"):
            yield Static(t("net.waiting_title", code=self.client.code, url=self.address))
            yield Static(t("net.waiting", code=self.client.code, url=self.address), id="wait-how")
            yield Static(seat_lines(self.client.room), id="wait-seats")
            yield Static("", id="wait-status")
            hint = "net.leave_hint" if self._watching else "net.start_hint"
            yield Static(t(hint), id="wait-hint")
            if not self._watching and self.client.seat != 0:
                yield Static(t("net.seat_hint"), id="wait-seat-hint")
        yield Footer()

    @property
    def _watching(self) -> bool:
        return self.client.seat is None or self.client.seat < 0

    def on_mount(self) -> None:
        if self.client.view is not None:
            self.call_after_refresh(self._open_table)
            return
        self.run_worker(self._follow(), group="koza-wait", exit_on_error=False)

    async def _follow(self) -> None:
        while self.client.view is None:
            msg = None
            with contextlib.suppress(TimeoutError):
                msg = await asyncio.wait_for(self.client.inbox.get(), 1.0)
            if isinstance(msg, RoomState):
                self.query_one("#wait-seats", Static).update(seat_lines(msg))
            elif isinstance(msg, Error):
                said = from_server(msg.key, msg.values, msg.message)
                self.query_one("#wait-status", Static).update(Text(said))
            elif isinstance(msg, ViewUpdate):
                break
        self._open_table()

    def _open_table(self) -> None:
        if self.is_current:
            self.app.switch_screen(RemoteTableScreen(self.client))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self._watching
        if action == "pick_seat":  # the creator keeps the first seat: it starts the game
            return not self._watching and self.client.seat != 0
        return True

    async def action_pick_seat(self, seat: int) -> None:
        await self.client.pick_seat(seat)

    async def action_start(self) -> None:
        await self.client.start()

    async def action_leave(self) -> None:
        await self.client.close()
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:
            self.app.exit()


class JoinScreen(Screen[None]):
    """Address, room code and name; Join connects and takes the seat."""

    BINDINGS = [Binding("escape", "back", t("net.back"))]
    AUTO_FOCUS = "#join-code"

    def __init__(
        self,
        address: str = DEFAULT_ADDRESS,
        *,
        remember: bool = True,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        super().__init__()
        self.address = address
        self.remember = remember  # keep the seat token in the save folder (not on a web page)
        self.tls = tls

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static(t("net.join_title"), classes="dialog-title")
            yield Static(t("net.address"))
            yield Input(self.address, id="join-address")
            yield Static(t("net.code"))
            yield Input(id="join-code", max_length=12)
            yield Static(t("net.name"))
            yield Input(id="join-name", max_length=40)
            yield Static(t("net.password"))
            yield Input(id="join-password", password=True, max_length=100)
            yield Checkbox(t("net.watch_only"), id="join-watch")
            with Horizontal():
                yield Button(t("net.join"), id="join-go", variant="primary")
                if self.remember:  # a web page's client only joins
                    yield Button(t("net.new_room"), id="join-new")
                yield Button(t("net.back"), id="join-back")
            yield Static("", id="join-status")
        yield Footer()

    def _value(self, id: str) -> str:
        return self.query_one(f"#{id}", Input).value.strip()

    def _say(self, text: str) -> None:
        self.query_one("#join-status", Static).update(Text(text))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join-go":
            self.join()
        elif event.button.id == "join-new":
            self.new_room()
        else:
            self.action_back()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:
            self.app.exit()

    def join(self) -> None:
        """Check the form, then connect in the background."""
        code = self._value("join-code").upper()
        name = self._value("join-name")
        watch = self.query_one("#join-watch", Checkbox).value
        if not CODE.match(code):
            self._say(t("net.bad_code"))
            return
        if not watch and not name:
            self._say(t("net.need_name"))
            return
        password = self._value("join-password") or None
        client = KozaClient(self._value("join-address"), password=password, tls=self.tls)
        self._say(t("net.connecting", url=client.url))
        self.run_worker(self._connect(client, code, name, watch), exclusive=True, group="koza-join")

    def new_room(self) -> None:
        """A room on the server at the address, as ``koza host --server`` makes it."""
        name = self._value("join-name")
        if not name:
            self._say(t("net.need_name"))
            return
        password = self._value("join-password") or None
        client = KozaClient(self._value("join-address"), password=password, tls=self.tls)
        self._say(t("net.connecting", url=client.url))
        self.run_worker(self._create(client, name), exclusive=True, group="koza-join")

    async def _create(self, client: KozaClient, name: str) -> None:
        folder = save_folder.save_dir(getattr(self.app, "save_dir", None))
        try:
            await client.connect()
            joined = await client.create_room(name, players=4, humans=2)
        except (ClientError, ValueError) as exc:
            await client.close()
            self._say(t("net.cannot_join", reason=one_line(exc)))
            return
        if joined.token is not None:  # the seat can be taken back after a crash
            tokens.store(folder, client.url, joined.code, joined.token)
            url, code = client.url, joined.code
            client.keep_token = lambda token: tokens.store(folder, url, code, token)
        self.app.switch_screen(WaitScreen(client, self._value("join-address")))

    async def _connect(self, client: KozaClient, code: str, name: str, watch: bool) -> None:
        folder = None
        if self.remember:
            folder = save_folder.save_dir(getattr(self.app, "save_dir", None))
        try:
            await enter_room(
                client, code, name, folder=folder, watch=watch, password=client.password
            )
        except (ClientError, ValueError) as exc:
            await client.close()
            self._say(t("net.cannot_join", reason=one_line(exc)))
            return
        self.app.switch_screen(WaitScreen(client))


def one_line(exc: Exception) -> str:
    """A refusal as one line (pydantic's errors span several), in the player's language
    where the server or the client said it as a catalogue key."""
    if isinstance(exc, ClientError) and exc.said is not None:
        return said_here(exc.said, str(exc))
    errors = getattr(exc, "errors", None)
    if callable(errors):
        err = errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        return f"{where}: {err['msg']}" if where else str(err["msg"])
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
