"""One room's game: starting it, members' moves, its bots and its away timers.

Every change to the game happens under ``lock`` (or in one run of code with the
lock free, which nothing can interleave), goes through ``Session.play`` (so it is
in the save before anyone hears of it), and is then sent to every member as that
member's own view (``room_members``).  ``run`` drives the bots and the timers
until the game is over.  With a ``BotPump`` (a server's rooms have one) a person's
move is shown at once and quick bots with no ``bot_delay`` answer it later, as the
pump's low-priority work; without one they answer in the same view.  A cheap bot
with a ``bot_delay`` waits it in ``run``, then makes its one move as the pump's work
too, so people's moves in every room come before bots' moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from functools import lru_cache
from pathlib import Path

from koza.bots import Bot, decide, make_bot
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.game import IllegalMoveError
from koza.core.state import GameState
from koza.i18n.says import Said
from koza.i18n.strings import t
from koza.net import roomfile
from koza.net.bot_pump import BotPump
from koza.net.file_work import off_loop
from koza.net.protocol import encode, error_message
from koza.net.room_members import RoomMembers
from koza.net.roomfile import OPEN_SEAT, RoomRecord, SeatRecord
from koza.net.syncer import synced
from koza.play.session import SaveError, Session, bot_seed

log = logging.getLogger("koza.server")
SAVE_RETRY = 5.0  # seconds before a room whose save failed tries again
QUICK_BOTS = frozenset({"random", "greedy"})  # bots that choose in microseconds: on the loop
QUICK_RUN = 64  # quick bot moves at most before the room gives the loop back


@lru_cache(maxsize=len(QUICK_BOTS))
def _quick_bot(name: str) -> Bot:
    """The one bot of a quick kind that moves every room's seats of that kind: nothing but
    its random draws (on the loop, one move at a time), so a room needs no bot of its own
    (a random bot's generator takes 2.5 KB)."""
    return make_bot(name)


@lru_cache(maxsize=256)
def _bot_record(name: str) -> SeatRecord:
    """A bot's seat record: one for every room's bots of that name (records are frozen)."""
    return SeatRecord(name=name, kind="bot")


@lru_cache(maxsize=256)
def _bot_seat(name: str, bot: str) -> SeatInfo:
    """A bot's seat in the game, shared as ``_bot_record`` is."""
    return SeatInfo(name=name, kind="bot", bot=bot)


class Room(RoomMembers):
    """A table of 2-4 seats on the server."""

    def __init__(self, record: RoomRecord, folder: Path, sync: bool = True) -> None:
        super().__init__(record, folder, sync)
        self._bots: dict[int, Bot] = {}
        self.pump: BotPump | None = None  # quick bots' moves as low-priority work
        self._showing: asyncio.Task[None] | None = None  # a sync, then the view after it
        self._show_due = False  # synced: the view waits for the pump's turn
        self._delayed: GameState | None = None  # a bot waited its delay at this table

    # --- the game ----------------------------------------------------------------

    async def start(self) -> None:
        """Bots take the open seats; the game is created, saved and dealt (off the loop)."""
        if self.started or self._starting:
            return
        self._starting = True
        opened = [i for i, slot in enumerate(self.slots) if slot.record.kind == "open"]
        for i in opened:
            name = t("new.bot_name", n=i + 1)  # in the server's language, as a local game names it
            self.slots[i].record = _bot_record(name)
        seats = [
            _bot_seat(s.record.name or "?", self.record.bot)
            if s.record.kind == "bot"
            else SeatInfo(name=s.record.name or "?")
            for s in self.slots
        ]
        try:
            self.session = await off_loop(self._create, seats)
        except (SaveError, OSError) as exc:  # the room stays open; starting may be tried again
            self._starting = False
            for i in opened:
                self.slots[i].record = OPEN_SEAT
            self._cannot_save(Said.of("new_game_not_saved", problem=str(exc)))
            return
        self.broadcast_room()
        self.broadcast_views()
        self._wake.set()

    def _create(self, seats: list[SeatInfo]) -> Session:
        """The side file first, then the save, then the side file naming the save."""
        self.save_record()
        session = Session.create(
            seats, self.rules, None, self.folder, game_id=self.record.game_id, sync=self.sync
        )
        session.game.keep_compact()  # a server holds thousands of games
        with self.file_lock:  # the record is replaced by one thread at a time (save_record)
            self.record = roomfile.changed(self.record, save=session.path.name)
        self.save_record()
        return session

    def resume(self, session: Session) -> None:
        """Reopen after a restart: every human is away until it rejoins."""
        self.session = session
        now = time.monotonic()
        for slot in self.slots:
            if slot.record.kind == "human":
                slot.away_since = now

    def _controls(self, seat: int) -> bool:
        """True if the server's bot moves for ``seat`` now."""
        slot = self.slots[seat]
        return slot.record.kind == "bot" or slot.bot_playing

    def _bot(self, seat: int) -> Bot:
        if self.record.bot in QUICK_BOTS:
            return _quick_bot(self.record.bot)
        bot = self._bots.get(seat)
        if bot is None:
            assert self.session is not None
            bot = self._bots[seat] = make_bot(
                self.record.bot, bot_seed(self.session.state.seed, seat)
            )
        return bot

    async def play(self, seat: int, seq: int, move: Command) -> Said | None:
        """A member's move; ``None`` if made, else the one-line reason it was not."""
        async with self.lock:
            if self.session is None or self.finished:
                return Said.of("not_running")
            state = self.session.state
            if seq != state.seq:
                return Said.of("stale_move", seq=seq, now=state.seq)
            if self._controls(seat):
                return Said.of("bot_plays_seat")
            try:  # written here (a write to the system's cache); synced off the loop if owed
                self.session.play(move, seat, sync=False)
                await self._sync_if_owed()
            except IllegalMoveError as exc:
                return Said.of_reason(exc.reason) if exc.reason else Said.of("internal")
            except SaveError as exc:  # nothing was played: the move may be sent again
                return Said.of("move_not_saved", problem=str(exc))
            self._after_move()
        return None

    async def _sync_if_owed(self) -> None:
        """Sync the save off the loop (with other rooms' at once) if the table now waits
        for a person."""
        if self.session is not None and self.session.sync_owed:
            await synced(self.session)

    def _cheap(self, seat: int) -> bool:
        """True if the server's bot moves for ``seat`` now and chooses cheaply (on the loop)."""
        return self._controls(seat) and self._bot(seat).name in QUICK_BOTS

    def _quick(self, seat: int) -> bool:
        """True if that bot also moves at once (no ``bot_delay``)."""
        return not self.record.bot_delay and self._cheap(seat)

    def _after_move(self) -> None:
        """Show the table, and let quick bots answer: after it (with a pump), else in it."""
        assert self.session is not None
        state = self.session.game.state
        playing = state.phase == "playing" and state.turn >= 0
        if self.pump is None and playing and self._quick(state.turn):
            self._wake.set()  # one view shows the move and the bots' answers
            return
        self._after_change()  # with quick bots next no sync is owed: the pump is asked

    async def ready(self, seat: int, seq: int) -> Said | None:
        """A seat asks for the next round."""
        async with self.lock:
            if self.session is None or self.session.state.phase != "round_over":
                return Said.of("no_round_over")
            if seq != self.session.state.seq:
                return Said.of("stale_ready", seq=seq, now=self.session.state.seq)
            self.slots[seat].ready = True
        self._wake.set()
        return None

    def _after_change(self) -> None:
        assert self.session is not None
        self._show_due = False  # every member is sent the table as it is now
        if self.session.game.is_over and not self.finished:
            self.finished = True
            self.session.close()
            self.save_record()
            self.broadcast_room()
        self.broadcast_views()
        self._next_work()

    def _next_work(self) -> None:
        """Ask for what comes next: nothing while a person is to move (``play`` and
        ``detach`` say when), the pump for quick bots, else ``run``."""
        assert self.session is not None
        state = self.session.game.state
        if not self.finished and state.phase == "playing" and state.turn >= 0:
            if not self._controls(state.turn):
                return
            if self.pump is not None and self._quick(state.turn):
                self.pump.want(self)
                return
        self._wake.set()

    async def run(self) -> None:
        """Drive bots, timers and new rounds until the game is over."""
        while not self.finished:
            self._wake.clear()
            try:
                if await self._step():
                    continue
            except (SaveError, OSError) as exc:  # e.g. a full disk: nothing moved; try again
                self._cannot_save(Said.of("game_not_saved", problem=str(exc)))
                await asyncio.sleep(SAVE_RETRY)
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._next_deadline()):  # no task per wait
                    await self._wake.wait()

    def _cannot_save(self, said: Said) -> None:
        log.error("room %s: %s", self.code, said)
        self.broadcast(encode(error_message("internal", said)))

    def _next_deadline(self) -> float | None:
        lefts = [self._away_left(s) for s in self.slots]
        known = [x for x in lefts if x is not None]
        return max(0.05, min(known)) if known else None

    async def _step(self) -> bool:
        """Do the next thing the server must do; False if it must wait for someone."""
        for i, slot in enumerate(self.slots):
            left = self._away_left(slot)
            if left is not None and left <= 0:
                slot.bot_playing = True
                self._send_away(i, slot)
                self.broadcast_room()
        if self.session is None:
            return False
        if self._show_due and self.pump is not None:  # the pump found the room locked
            self.pump.want(self)
            return False
        state = self.session.state
        if state.phase == "round_over":
            humans = [s for s in self.slots if s.record.kind == "human" and not s.bot_playing]
            if not all(s.ready for s in humans):
                return False
            async with self.lock:
                for s in self.slots:
                    s.ready = False
                self.session.next_round(sync=False)  # dealt and written here,
                await self._sync_if_owed()  # synced off the loop
                self._after_move()
            return True
        seat = state.turn
        if state.phase != "playing" or seat < 0 or not self._controls(seat):
            return False
        if self._quick(seat):
            if self.pump is None:
                await self._cheap_moves(QUICK_RUN)
                return True
            async with self.lock:  # whoever holds it is done first
                self.pump.want(self)
            return False
        if self.record.bot_delay:
            await asyncio.sleep(self.record.bot_delay)
        if self._cheap(seat):
            if self.pump is not None:  # its move is the pump's low-priority work, as a quick one
                self._delayed = state
                self.pump.want(self)
                return False
            await self._cheap_moves(1, state)
            return True
        command = await asyncio.to_thread(decide, self._bot(seat), state, seat)  # it thinks
        async with self.lock:
            if self.session.state is not state or not self._controls(seat):
                return True  # the table moved on meanwhile (a player came back)
            self.session.play(command, seat, sync=False)
            await self._sync_if_owed()
            self._after_change()
        return True

    async def _cheap_moves(self, most: int, expected: GameState | None = None) -> None:
        """Cheap bots' moves (``most`` at most; none if the table is no longer ``expected``),
        each chosen and written on the loop, synced off it if a person is next, then one view.
        """
        assert self.session is not None
        session = self.session
        async with self.lock:
            try:
                for _ in range(most):
                    state = session.state
                    seat = state.turn
                    if expected is not None and state is not expected:
                        break
                    if state.phase != "playing" or seat < 0 or not self._cheap(seat):
                        break
                    session.play(decide(self._bot(seat), state, seat), seat, sync=False)
                    expected = None
                await self._sync_if_owed()
            finally:  # what was saved is shown, even when a save failed
                self._after_change()
        await asyncio.sleep(0)

    def pump_moves(self) -> None:
        """The pump's turn: quick bots' moves (``QUICK_RUN`` at most), or the one move of a
        cheap bot that has waited its ``bot_delay``, then one view.

        Run with the lock free and never awaiting, so nothing interleaves; a view that
        waits for a person is sent once the save is synced (a task that takes the lock),
        on the pump's next turn for this room.
        """
        session = self.session
        if session is None or self.finished or session.closed:
            return
        if self.lock.locked() or self._showing is not None:
            self._wake.set()  # ``run`` asks again once the lock is free
            return
        if self._show_due:
            self._after_change()
            return
        delayed, self._delayed = self._delayed, None
        if delayed is not None and session.state is not delayed:
            self._wake.set()  # the table moved on while the bot waited: ``run`` looks again
            return
        may_move = self._quick if delayed is None else self._cheap  # waited: that one move
        moved = 0
        try:
            for _ in range(QUICK_RUN if delayed is None else 1):
                state = session.state
                seat = state.turn
                if state.phase != "playing" or seat < 0 or not may_move(seat):
                    break
                session.play(decide(self._bot(seat), state, seat), seat, sync=False)
                moved += 1
        except (SaveError, OSError) as exc:  # e.g. a full disk: nothing more moved
            self._cannot_save(Said.of("game_not_saved", problem=str(exc)))
            asyncio.get_running_loop().call_later(SAVE_RETRY, self._wake.set)
        if not moved:
            return
        if session.sync_owed:
            self._showing = asyncio.create_task(self._sync_then_show())
        else:
            self._after_change()  # asks the pump again if more is due

    async def _sync_then_show(self) -> None:
        """Sync the save (a person is now waited for), then let the pump show the table.

        Many rooms' syncs end at once (they are synced together); showing each at
        once would keep a person's move waiting behind all of them.
        """
        try:
            async with self.lock:
                try:
                    await self._sync_if_owed()
                except (SaveError, OSError) as exc:
                    self._cannot_save(Said.of("game_not_saved", problem=str(exc)))
                if self.session is not None and not self.session.closed:
                    self._show_due = True  # what was saved is shown, even when a sync failed
        finally:
            self._showing = None
        if self._show_due and self.pump is not None:
            self.pump.want(self)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
