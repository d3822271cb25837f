"""The local table, driven by a koza server: ``RemoteTableScreen(client)``.

``RemoteTable`` offers ``TableScreen`` what it needs of a session, built from the
client's view: a ``game.state`` holding only what the view shows (no round, no
hidden hand), ``play`` and ``next_round`` that send to the server, and no bots
(the server moves them).  The screen follows the client's messages in the
app's asyncio loop: a new view redraws the table, a refusal is shown like a
local one, chat and quick phrases go to the log as plain text, and the status
line says who is away (with the seconds left) and when the connection is being
made again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Coroutine
from dataclasses import dataclass, replace
from typing import Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from koza.bots import Bot
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.scoring import Sheets, goats_and_ranking
from koza.core.state import GameState
from koza.core.text import one_line
from koza.i18n.refusals import from_server, said_here
from koza.i18n.strings import t
from koza.net.client import KozaClient
from koza.net.protocol import (
    MAX_CHAT,
    QUICK_PHRASES,
    Away,
    ChatLine,
    Error,
    QuickLine,
    Refused,
    RoomState,
    ViewUpdate,
)
from koza.tui.table.runner import Session
from koza.tui.table.scene import Scene, scene_from_view
from koza.tui.table.screen import TableScreen
from koza.tui.table.side_panel import MoveLog
from koza.tui.widgets.tile_faces import TileStyle

TALK_LINES = 4  # chat lines kept under the moves in the log
DIALOG_CSS = "../table/dialogs.tcss"
POLL = 1.0  # seconds between redraws of the status line (the away timer counts down)


@dataclass(frozen=True)
class RemoteState(GameState):
    """A game state holding only what a seat's view shows: no round, no hidden tile."""

    to_move: int = -1

    @property
    def turn(self) -> int:
        return self.to_move if self.phase == "playing" else -1


def remote_state(client: KozaClient) -> RemoteState:
    """The table-facing state of the client's current view."""
    v = client.view
    assert v is not None, "the table opens after the first view"
    over = goats_and_ranking(v.totals, v.rules.target) if v.phase == "game_over" else None
    goats, ranking = over if over is not None else ([], [])
    return RemoteState(
        game_id="",
        rules=v.rules,
        seats=tuple(SeatInfo(name=n) for n in v.names),
        seed=None,
        seq=client.seq,
        phase=v.phase,
        round_no=v.round_no,
        chain=v.chain,
        history=v.history,
        sheets=Sheets(v.totals, v.opened, v.carried),
        records=v.records,
        goats=tuple(goats),
        ranking=tuple(ranking),
        to_move=v.turn,
    )


class _RemoteGame:
    def __init__(self, client: KozaClient) -> None:
        self._client = client
        self._cache: tuple[int, RemoteState] | None = None

    @property
    def state(self) -> RemoteState:
        c = self._client
        if self._cache is None or self._cache[0] != c.seq:
            self._cache = (c.seq, remote_state(c))
        return self._cache[1]


class RemoteTable:
    """What ``TableScreen`` needs of a session, for a seat held on a server."""

    def __init__(self, client: KozaClient) -> None:
        self.client = client
        self.game = _RemoteGame(client)
        self.sent_seq = -2  # the view a move was last sent for (no second move on it)
        self._tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the app's loop (a send); the task is kept until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def play(self, cmd: Command, seat: int | None = None) -> None:
        """Send ``cmd``; the server answers with a new view or a refusal."""
        self.sent_seq = self.client.seq
        self.spawn(self.client.play(cmd))

    def next_round(self) -> None:
        """Say this seat is ready for the next round (a watcher only waits)."""
        c = self.client
        seated = c.seat is not None and c.seat >= 0
        if seated and c.view is not None and c.view.phase == "round_over":
            self.spawn(c.next_round())

    def bot(self, seat: int) -> Bot | None:
        return None  # the server plays the bots: this table never runs one

    def seat_kinds(self, n: int) -> tuple[bool, ...]:
        """Per seat: a bot sits there (or stands in for an absent person)."""
        room = self.client.room
        if room is None or len(room.seats) != n:
            return (False,) * n
        return tuple(s.kind == "bot" or s.bot_playing for s in room.seats)


def talk_line(msg: ChatLine | QuickLine) -> str:
    """A chat line or a quick phrase (in this player's language) as one log line."""
    text = msg.text if isinstance(msg, ChatLine) else t(f"net.phrase.{msg.phrase}")
    name = t("net.spectator") if msg.seat < 0 else one_line(msg.name)  # the server: "watcher"
    return t("net.chat_line", name=name, text=one_line(text))


class TalkDialog(ModalScreen[str | None]):
    """A dialog that gives back what to say to the table, or None (escape)."""

    BINDINGS = [Binding("escape", "cancel", t("net.back"))]
    CSS_PATH = DIALOG_CSS

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChatScreen(TalkDialog):
    """One line to say to the table."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(t("net.chat_title"), classes="dialog-title")
            yield Input(max_length=MAX_CHAT, id="chat-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class QuickScreen(TalkDialog):
    """Pick a quick phrase ("Fish!", "Good game" ...)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(t("net.quick_title"), classes="dialog-title")
            options = (Option(t(f"net.phrase.{p}"), id=p) for p in QUICK_PHRASES)
            yield OptionList(*options, id="quick-list")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class RemoteTableScreen(TableScreen):
    """The table of one seat (or a watcher) in a room on a koza server."""

    CSS_PATH = "../table/table.tcss"  # the table's own (a CSS path is read from this module)
    BINDINGS = [
        Binding("c", "chat", t("net.key_chat")),
        Binding("k", "quick", t("net.key_quick")),
    ]

    def __init__(self, client: KozaClient, *, tile_style: TileStyle | None = None) -> None:
        self.client = client
        self.remote = RemoteTable(client)
        super().__init__(cast(Session, self.remote), tile_style=tile_style)
        n = len(client.view.names) if client.view is not None else 0
        self.spectator = client.seat is None or client.seat < 0
        self.me = -1 if self.spectator else int(client.seat or 0)
        self.humans = () if self.spectator else (self.me,)
        self.bots = self.remote.seat_kinds(n)
        self.talk: list[str] = []
        self._round_seen = -1  # the seq whose round-over dialog was shown
        self.shown_seq = client.seq  # the view this screen has taken in (keys act on it only)
        self._away_until: dict[int, float] = {}  # seat -> when a bot stands in for it

    def on_mount(self) -> None:
        super().on_mount()
        self._take_room(self.client.room)
        self.run_worker(self._follow(), group="koza-remote", exit_on_error=False)

    async def _follow(self) -> None:
        """Take the client's messages as they come; redraw the status every ``POLL`` s."""
        inbox = self.client.inbox
        while True:
            msg = None
            with contextlib.suppress(TimeoutError):
                msg = await asyncio.wait_for(inbox.get(), POLL)
            if msg is None:
                self.refresh_table()
            else:
                self.take(msg)

    def take(self, msg: Any) -> None:
        """One message from the server, shown."""
        if isinstance(msg, ViewUpdate):
            if self.client.view is not None and msg.seq == self.client.seq:
                self.shown_seq = msg.seq
                self.bots = self.remote.seat_kinds(len(msg.view.names))
                self._continue()
            return
        if isinstance(msg, Refused):
            self.remote.sent_seq = -2
            self._say_error(from_server(msg.key, msg.values, msg.reason))
            self.app.bell()
        elif isinstance(msg, ChatLine | QuickLine):
            self.talk = [*self.talk, talk_line(msg)][-TALK_LINES:]
        elif isinstance(msg, Away):
            self._away_until[msg.seat] = time.monotonic() + msg.seconds_left
        elif isinstance(msg, RoomState):
            self._take_room(msg)
        elif isinstance(msg, Error):
            self.message, self.error = from_server(msg.key, msg.values, msg.message), True
        self.refresh_table()

    def _take_room(self, room: RoomState | None) -> None:
        if room is None:
            return
        now = time.monotonic()
        self._away_until = {
            seat: now + s.away_left
            for seat, s in enumerate(room.seats)
            if s.away_left is not None and not s.connected
        }
        self.bots = self.remote.seat_kinds(len(room.seats))

    # --- what is shown ------------------------------------------------------

    def scene(self) -> Scene:
        view = self.client.view
        assert view is not None
        if self.spectator:
            view = replace(view, seat=-1)  # no hand at the bottom: every seat across the table
        return scene_from_view(view, bots=self.bots, you=self.you)

    def my_turn(self) -> bool:
        return (
            not self.spectator
            and self.client.lost is None
            and self.remote.sent_seq != self.client.seq
            and self.shown_seq == self.client.seq
            and super().my_turn()
        )

    def refresh_table(self) -> None:
        if self.is_mounted:
            self.query_one(MoveLog).talk = tuple(self.talk)
        super().refresh_table()

    def _status_text(self, sc: Scene) -> str:
        c = self.client
        if c.lost is not None:
            return t("net.lost", reason=said_here(c.lost_said, c.lost))
        if c.reconnecting:
            return t("net.reconnecting")
        text = super()._status_text(sc)
        if self.spectator and sc.phase == "playing" and sc.turn < 0:
            text = t("net.watching", code=c.code or "")
        return "  ".join([text, *self._away_words()])

    def _away_words(self) -> list[str]:
        room, now, words = self.client.room, time.monotonic(), []
        for seat, until in sorted(self._away_until.items()):
            status = room.seats[seat] if room is not None and seat < len(room.seats) else None
            if status is not None and status.connected:
                continue
            name = self.client.view.names[seat] if self.client.view is not None else "?"
            left = int(until - now + 0.999)
            if left > 0 and not (status is not None and status.bot_playing):
                words.append(t("net.away", name=name, s=left))
            else:
                words.append(t("net.bot_stands_in", name=name))
        return words

    # --- the flow of the game -----------------------------------------------

    def _continue(self) -> None:
        """After a new view: redraw, show the round's end, or select a tile on our turn."""
        state = self.session.game.state
        self.refresh_table()
        if state.phase in ("round_over", "game_over"):
            self._show_round_over()
        elif self.my_turn() and not self._dialog:
            self._start_turn()

    def _show_round_over(self) -> None:
        seq = self.client.seq
        if self._dialog or self._round_seen == seq:
            return
        self._round_seen = seq  # shown once; closing it tells the server we are ready
        super()._show_round_over()

    def action_leave(self) -> None:
        self.remote.spawn(self.client.close())
        super().action_leave()

    # --- talk -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("chat", "quick"):
            return self.client.lost is None
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.remote.spawn(self.client.chat(text[:MAX_CHAT]))

        self.app.push_screen(ChatScreen(), said)

    def action_quick(self) -> None:
        def picked(phrase: str | None) -> None:
            if phrase in QUICK_PHRASES:
                self.remote.spawn(self.client.quick(phrase))  # type: ignore[arg-type]

        self.app.push_screen(QuickScreen(), picked)
