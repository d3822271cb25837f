"""A session: one game, its save file and its bots, with no user interface.

The TUI, watch mode and ``koza sim`` all play through a ``Session``: every
event is written to the save before ``play`` or ``next_round`` returns, and
synced to the disk before koza waits for a person (a person's turn, between
rounds, game over) or soon after (``storage.writer``).  The save file stays
locked until ``close`` (a session is also a context manager).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import TracebackType

from koza.bots import Bot, decide, make_bot
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.problems import PROBLEMS, Problem
from koza.core.rules import RuleSet
from koza.core.state import GameState
from koza.core.verify import check_deals
from koza.core.view import SeatView, seat_view
from koza.play.people import people_learner
from koza.storage.folder import free_save_path
from koza.storage.folder import save_dir as default_save_dir
from koza.storage.savefile import LoadedSave, SaveError, shorten
from koza.storage.writer import SaveWriter, flush_together


def bot_seed(game_seed: int | None, seat: int) -> int | None:
    """The seed of a seat's bot, derived from the game's seed."""
    if game_seed is None:
        return None
    return random.Random(f"koza-bot/{game_seed}/{seat}").getrandbits(63)


def deals_follow_seed(loaded: LoadedSave) -> None:
    """Refuse to go on with a seeded save whose deals are not its seed's (as ``koza verify``)."""
    deals = check_deals(loaded.events)
    if not deals.ok:
        where = f"{loaded.path}:{deals.bad_line}"
        problem = Problem("save.deal_not_from_seed", {"round": deals.bad_round, "seed": deals.seed})
        raise SaveError.explained(problem, where)


class Session:
    """A game being played and saved: ``path``, ``game``, and the bots of bot seats."""

    def __init__(self, path: Path, game: Game, writer: SaveWriter, warnings: Sequence[str] = ()):
        self.path = path
        self.game = game
        self._writer = writer
        self._bots: dict[int, Bot | None] = {}
        self.warnings: tuple[str, ...] = tuple(warnings)  # e.g. a dropped cut-off line
        self._unsettled = False  # a save failed mid-step: events may be owed
        self._bot_seat = tuple(info.kind == "bot" for info in game.state.seats)

    @classmethod
    def create(
        cls,
        seats: Sequence[SeatInfo | str],
        rules: RuleSet | None = None,
        seed: int | None = None,
        save_dir: Path | None = None,
        *,
        game_id: str | None = None,
        sync: bool = True,
    ) -> Session:
        """Start a new game saved in ``save_dir`` (default: ``storage.folder.save_dir()``).

        Raises ``RuleError`` for seats the rules cannot take (``Game.new`` checks;
        the unnamed file begun for it is removed) and ``SaveError`` if the file
        cannot be written.
        """
        rules = rules or RuleSet()
        infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=s) for s in seats]
        game_id = game_id or uuid.uuid4().hex[:12]
        path = free_save_path(default_save_dir(save_dir), game_id)
        writer = SaveWriter.create(path, sync=sync)
        try:
            game = Game.new(infos, rules, seed, sink=writer, game_id=game_id)
        except BaseException:
            writer.discard()
            raise
        session = cls(path, game, writer)
        try:
            session._flush_if_waiting()
        except BaseException:
            writer.close()  # the game is saved (written), only not yet synced
            raise
        return session

    @classmethod
    def open(cls, path: Path, *, sync: bool = True) -> Session:
        """Resume a saved game: load it (raises ``SaveError``) and take its lock.

        Whatever the last event leaves owed is written first: a round's score, a
        redeal, or round 1 of a game saved right after it was created.  A seat whose
        bot this koza cannot make is a ``SaveError`` that names it.
        """
        path = Path(path)
        writer, loaded = SaveWriter.open(path, sync=sync, check=deals_follow_seed)
        try:
            game = Game(loaded.state, loaded.events, sink=writer)
            session = cls(path, game, writer, loaded.warnings)
            session._make_bots()
            if game.state.phase == "new":  # saved before round 1 was dealt
                game.next_round()
            session._flush_if_waiting()
        except BaseException:
            writer.close()
            raise
        return session

    def _make_bots(self) -> None:
        for seat, info in enumerate(self.state.seats):
            if info.kind != "bot":
                continue
            try:
                self.bot(seat)
            except ValueError as exc:
                values = {"seat": seat + 1, "name": info.name, "error": shorten(str(exc))}
                english = PROBLEMS["file.unknown_bot"].format(**values)
                why = getattr(exc, "problem", None) or values["error"]  # the bot's own, as data
                problem = Problem("file.unknown_bot", {**values, "error": why})
                raise SaveError.explained(problem, str(self.path), english) from None

    # --- reading ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game's state, once whatever a failed save left owed is written (if it can be)."""
        if self._unsettled and not self._writer.closed:
            with suppress(SaveError):
                self._settle()
        return self.game.state

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now."""
        return seat_view(self.game.state, seat)

    @property
    def closed(self) -> bool:
        return self._writer.closed

    # --- playing ------------------------------------------------------------

    def play(self, command: Command, seat: int | None = None, *, sync: bool = True) -> None:
        """``Game.play`` (``IllegalMoveError`` passes through); saved before it returns.

        With ``sync=False`` the move is written but the sync a person's turn needs is
        left to the caller: ``sync_together`` (while ``sync_owed``) before anyone hears of
        the move (the server writes on its loop and syncs off it only when it must).
        """
        self._check_open()
        try:  # what ``_owing_on_failure`` does, inline: this runs for every move
            self.game.play(command, seat)
            if sync:
                self._flush_if_waiting()
        except SaveError:
            self._unsettled = True
            raise

    @property
    def sync_owed(self) -> bool:
        """True if koza may now wait for a person and what was written is not yet synced."""
        st = self.game.state
        waiting = st.phase != "playing" or not self._bot_seat[st.turn]
        return waiting and self._writer.flush_owed

    @staticmethod
    def sync_together(sessions: Sequence[Session]) -> list[SaveError | None]:
        """The syncs ``play(..., sync=False)`` left owed (``sync_owed``) in many sessions,
        their saves synced together (``flush_together``): each one's error, or None."""
        errors = flush_together([s._writer for s in sessions])
        for session, error in zip(sessions, errors, strict=True):
            if error is not None:
                session._unsettled = True
        return errors

    def next_round(self, *, sync: bool = True) -> None:
        """Deal the next round (saved before it returns; ``sync`` as in ``play``)."""
        self._check_open()
        with self._owing_on_failure():
            self.game.next_round()
            if sync:
                self._flush_if_waiting()

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` (made once per session), or None for a human seat."""
        if seat not in self._bots:
            info = self.game.state.seats[seat]
            if info.kind != "bot":
                self._bots[seat] = None
            else:
                bot = make_bot(info.bot or "random", bot_seed(self.state.seed, seat))
                self._bots[seat] = bot
                self._teach_people(bot)
        return self._bots[seat]

    def _teach_people(self, bot: Bot) -> None:
        """Give a bot that reads people (``reader``) what the saves beside this game show
        of the people seated here (read when it first needs them)."""
        learn = getattr(bot, "learn_people", None)
        people = [info.name for info in self.state.seats if info.kind != "bot"]
        if learn is not None and people:
            learn(people_learner(self.path.parent, people, skip=self.path))

    def play_bot(self) -> Command:
        """Let the bot whose turn it is choose and play; returns its command."""
        self._check_open()
        seat = self.game.turn
        bot = self.bot(seat) if seat >= 0 else None
        if bot is None:
            raise ValueError("no bot is to move")
        command = decide(bot, self.state, seat)
        self.play(command, seat)
        return command

    def _flush_if_waiting(self) -> None:
        """Sync the save to the disk at a round's end, at game over and on a person's turn.

        Then koza may wait for a person (the round-over dialog, the table); a bot's
        turn goes on at once, and the writer syncs it within ``SYNC_EVERY``.
        """
        st = self.game.state
        if st.phase != "playing" or not self._bot_seat[st.turn]:
            self._writer.flush()

    def _check_open(self) -> None:
        """Refuse a closed session; first write what a failed save left owed."""
        if self._writer.closed:
            raise SaveError.at(self.path, "file.session_closed")
        if self._unsettled:
            self._settle()

    def _settle(self) -> None:
        """Write the events a step cut short by a failed save still owes."""
        with self._owing_on_failure():
            compact = self.game.compact
            self.game = Game(self.game.state, self.game.events, sink=self._writer)
            if compact:
                self.game.keep_compact()
        self._unsettled = False

    @contextmanager
    def _owing_on_failure(self) -> Iterator[None]:
        """Remember a ``SaveError`` that may have cut a step short (e.g. a full disk).

        The move itself is then unplayed, or played with its consequences (a round's
        score, the game over) still to be written: the next call writes them.
        """
        try:
            yield
        except SaveError:
            self._unsettled = True
            raise

    # --- closing ------------------------------------------------------------

    def close(self) -> None:
        """Release the save file and its lock (safe to call twice)."""
        self._writer.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
