"""A session: one game, its save file and its bots, with no user interface.

The TUI, watch mode and ``koza sim`` all play through a ``Session``: every
event is on disk before ``play`` or ``next_round`` returns, and the save file
stays locked until ``close`` (a session is also a context manager).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType

from koza import paths
from koza.bots import Bot, decide, make_bot
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.savefile import SUFFIX, SaveError, SaveWriter, load
from koza.core.state import GameState
from koza.core.view import SeatView, seat_view
from koza.summary import read_summary

__all__ = [
    "SaveError",
    "SaveSummary",
    "Session",
    "latest_unfinished",
    "list_saves",
    "save_name",
]


def save_name(game_id: str, when: datetime | None = None) -> str:
    """``YYYYmmdd-HHMMSS-<game_id>.koza.jsonl`` (local time, so names sort by age)."""
    return f"{(when or datetime.now()):%Y%m%d-%H%M%S}-{game_id}{SUFFIX}"


def bot_seed(game_seed: int | None, seat: int) -> int | None:
    """The seed of a seat's bot, derived from the game's seed."""
    if game_seed is None:
        return None
    return random.Random(f"koza-bot/{game_seed}/{seat}").getrandbits(63)


class Session:
    """A game being played and saved: ``path``, ``game``, and the bots of bot seats."""

    def __init__(self, path: Path, game: Game, writer: SaveWriter, warnings: Sequence[str] = ()):
        self.path = path
        self.game = game
        self._writer = writer
        self._bots: dict[int, Bot | None] = {}
        self.warnings: tuple[str, ...] = tuple(warnings)  # e.g. a dropped cut-off line

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
        """Start a new game saved in ``save_dir`` (default: ``paths.save_dir()``).

        Raises ``RuleError`` for seats the rules cannot take (before any file is
        made) and ``SaveError`` if the file cannot be written.
        """
        rules = rules or RuleSet()
        infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=s) for s in seats]
        rules.check_players(len(infos))
        game_id = game_id or uuid.uuid4().hex[:12]
        folder = paths.save_dir(save_dir)
        path = folder / save_name(game_id)
        for n in range(2, 1000):
            if not path.exists():
                break
            path = folder / save_name(f"{game_id}-{n}")
        writer = SaveWriter.create(path, sync=sync)
        try:
            game = Game.new(infos, rules, seed, sink=writer, game_id=game_id)
        except BaseException:
            writer.close()
            path.unlink(missing_ok=True)
            raise
        return cls(path, game, writer)

    @classmethod
    def open(cls, path: Path, *, sync: bool = True) -> Session:
        """Resume a saved game: load it (raises ``SaveError``) and take its lock."""
        path = Path(path)
        writer, loaded = SaveWriter.open(path, sync=sync)
        game = Game(loaded.state, loaded.events, sink=writer)
        return cls(path, game, writer, loaded.warnings)

    # --- reading ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.game.state

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now."""
        return seat_view(self.game.state, seat)

    @property
    def closed(self) -> bool:
        return self._writer.closed

    # --- playing ------------------------------------------------------------

    def play(self, command: Command, seat: int | None = None) -> None:
        """``Game.play`` (``IllegalMoveError`` passes through); saved before it returns."""
        self._check_open()
        self.game.play(command, seat)

    def next_round(self) -> None:
        """Deal the next round (saved before it returns)."""
        self._check_open()
        self.game.next_round()

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` (made once per session), or None for a human seat."""
        if seat not in self._bots:
            info = self.game.state.seats[seat]
            if info.kind != "bot":
                self._bots[seat] = None
            else:
                self._bots[seat] = make_bot(info.bot or "random", bot_seed(self.state.seed, seat))
        return self._bots[seat]

    def play_bot(self) -> Command:
        """Let the bot whose turn it is choose and play; returns its command."""
        seat = self.game.turn
        bot = self.bot(seat) if seat >= 0 else None
        if bot is None:
            raise ValueError("no bot is to move")
        command = decide(bot, self.state, seat)
        self.play(command, seat)
        return command

    def _check_open(self) -> None:
        if self._writer.closed:
            raise SaveError(f"{self.path}: the session is closed")

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


# --- the save folder -----------------------------------------------------------


@dataclass(frozen=True)
class SaveSummary:
    """One line of the saved-games list."""

    path: Path
    modified: datetime
    names: tuple[str, ...]
    totals: tuple[int, ...]
    round_no: int
    finished: bool
    kinds: tuple[str, ...]
    error: str | None = None  # set (and the rest empty) for an unreadable save


_SUMMARIES: dict[Path, tuple[tuple[int, int, int], SaveSummary]] = {}
"""Summaries already made, by path, valid while (size, mtime, inode) stay the same."""


def _summary(path: Path) -> SaveSummary | None:
    try:
        st = path.stat()
    except OSError:
        return None  # gone since the folder was listed
    key = (st.st_size, st.st_mtime_ns, st.st_ino)
    hit = _SUMMARIES.get(path)
    if hit is not None and hit[0] == key:
        return hit[1]
    modified = datetime.fromtimestamp(st.st_mtime).astimezone()
    try:
        found = read_summary(path)
        summary = SaveSummary(
            path=path,
            modified=modified,
            names=found.names,
            totals=found.totals,
            round_no=found.round_no,
            finished=found.finished,
            kinds=found.kinds,
        )
    except SaveError as exc:
        summary = SaveSummary(path, modified, (), (), 0, False, (), error=str(exc))
    _SUMMARIES[path] = (key, summary)
    return summary


def list_saves(save_dir: Path | None = None, include_bad: bool = False) -> list[SaveSummary]:
    """Saved games, newest first.  Files are only read, never changed.

    Unreadable saves are skipped, or listed with ``error`` set if ``include_bad``.
    Each file's summary is read once (its first and last events, ``read_summary``)
    and then remembered until the file changes.
    """
    folder = paths.save_dir(save_dir)
    try:
        files = [p for p in folder.iterdir() if p.name.endswith(SUFFIX) and p.is_file()]
    except OSError:
        return []
    out = [s for s in map(_summary, files) if s is not None and (include_bad or s.error is None)]
    out.sort(key=lambda s: (s.modified, s.path.name), reverse=True)
    return out


def latest_unfinished(save_dir: Path | None = None) -> Path | None:
    """The newest readable save whose game is not over, if any (loaded in full to be sure)."""
    for summary in list_saves(save_dir):
        if not summary.finished:
            try:
                load(summary.path)
            except SaveError:
                continue
            return summary.path
    return None
