"""The statistics of a save folder: every save read with the checked reader, summed per player.

Each save is read by ``quick_seat_games`` (moves read with one pattern, every event
still replayed and checked) or, when that reader declines anything unusual, loaded
whole by ``savefile.parse`` (every event validated and replayed); a file that fails
is named with its one-line reason in ``unreadable`` and left out of the figures.
A save whose last line was cut off (a crash while it was written) is counted as
the unfinished game its whole lines hold, and named in ``torn``; a review made
before its game went on is left out and named in ``stale_reviews``.  Loaded games
are remembered by (size, mtime, inode), so opening the screen again reads only
the saves that changed; a big folder's first read is shared with other processes
(``koza.stats.spread``), which only fill that memory: the figures are summed here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from koza.stats.figures import PlayerFigures, SeatGame, seat_games, sum_by_player
from koza.stats.quick import quick_seat_games
from koza.stats.reviews import kept_review
from koza.stats.spread import chunks_of, share, workers_for
from koza.storage import folder as folders
from koza.storage.savefile import SUFFIX, SaveError, parse, read_save, shorten


@dataclass(frozen=True)
class Unreadable:
    """A save left out of the statistics: its file name, and why in one line naming it."""

    name: str
    line: str
    failure: SaveError | None = field(default=None, compare=False)  # ``line`` as data


@dataclass
class FolderStats:
    """Per-player figures of a folder, and the saves that could not be read."""

    folder: Path
    players: list[PlayerFigures] = field(default_factory=list)
    games: int = 0
    reviewed: int = 0
    unreadable: list[Unreadable] = field(default_factory=list)
    torn: list[str] = field(default_factory=list)  # saves whose cut-off last line was left out
    stale_reviews: list[str] = field(default_factory=list)  # saves changed since their review


@dataclass(frozen=True)
class ReadGame:
    """One save as the statistics need it: each seat's part, and whether its end was cut."""

    seats: list[SeatGame]
    torn: bool = False


_GAMES: dict[Path, tuple[tuple[int, int, int], ReadGame]] = {}
"""Each save already read, by path, valid while (size, mtime, inode) stay the same."""


def _file_key(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino


def _read_game(path: Path) -> ReadGame:
    """One save's seats (raises ``SaveError`` for a save that cannot be read)."""
    key = _file_key(path)
    hit = _GAMES.get(path)
    if key is not None and hit is not None and hit[0] == key:
        return hit[1]
    data = read_save(path)
    seats = quick_seat_games(data, path.name)
    if seats is not None:
        game = ReadGame(seats)
    else:  # anything unusual: the checked reader counts it, or says why not
        loaded = parse(path, data)
        game = ReadGame(seat_games(loaded.events, path.name), loaded.torn)
    if key is not None:
        _GAMES[path] = (key, game)
    return game


Remembered = tuple[Path, tuple[int, int, int], ReadGame]


def _read_chunk(paths: list[Path]) -> list[Remembered]:
    """The saves among ``paths`` that can be read, each with its key (in any process:
    one that cannot be read is left for ``collect`` to read again and name)."""
    out = []
    for path in paths:
        key = _file_key(path)
        try:
            game = _read_game(path)
        except Exception:
            continue
        if key is not None:
            out.append((path, key, game))
    return out


def _remember(read: list[Remembered]) -> None:
    for path, key, game in read:
        _GAMES[path] = (key, game)


def _read_new(saves: list[Path]) -> int:
    """Read the saves not remembered yet, shared with other processes when there are many;
    how many chunks of them other processes read."""
    if workers_for(len(saves)) == 0:
        return 0  # few saves (or one core): each is read by ``collect`` in turn
    new = [p for p in saves if not _remembered(p)]
    workers = workers_for(len(new))
    return share(chunks_of(new), _read_chunk, _remember, workers) if workers else 0


def _remembered(path: Path) -> bool:
    hit = _GAMES.get(path)
    return hit is not None and hit[0] == _file_key(path)


def _with_review(
    path: Path, seats: list[SeatGame], present: set[str]
) -> tuple[list[SeatGame], bool | None]:
    """The seats with their review's losses: True with a review that fits the save,
    None with one made before the save changed (left out), False without one.
    ``present`` names the files in the folder (a review not among them is not looked for)."""
    kept = kept_review(path, len(seats), present)
    if kept is None:
        return seats, False
    try:
        fits = kept.fits(path.read_bytes())
    except OSError:
        fits = False
    if not fits:
        return seats, None
    out = []
    for s in seats:
        moves, loss = kept.losses.get(s.seat, (0, 0.0))
        out.append(replace(s, review_moves=moves, review_loss=loss))
    return out, True


def _one_line(path: Path, error: str) -> str:
    """The reader's one line, naming the file without its folder."""
    if error.startswith(f"{path}:"):
        return path.name + error[len(str(path)) :]
    return error if error.startswith(f"{path.name}:") else f"{path.name}: {error}"


def folder_files(where: Path) -> tuple[list[Path], set[str]]:
    """The saves in ``where`` (regular files, by name), and the names of every file there."""
    try:
        with os.scandir(where) as found:
            entries = list(found)
    except OSError:
        return [], set()
    saves = [Path(e.path) for e in entries if e.name.endswith(SUFFIX) and _regular(e)]
    return sorted(saves, key=lambda p: p.name), {e.name for e in entries}


def _regular(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def collect(save_dir: Path | None = None) -> FolderStats:
    """The statistics of every save in the folder (``--save-dir``, ``KOZA_HOME`` or the default)."""
    where = folders.save_dir(save_dir)
    stats = FolderStats(where)
    games: list[SeatGame] = []
    saves, present = folder_files(where)
    _read_new(saves)
    for path in saves:
        error: str | None = None
        failure: SaveError | None = None
        try:
            game = _read_game(path)
            seats, reviewed = _with_review(path, game.seats, present)
        except SaveError as exc:
            error, failure = str(exc), exc
        except Exception as exc:  # one bad file never takes the statistics down
            error = shorten(f"cannot be read ({type(exc).__name__}: {exc})")
        if error is not None:
            stats.unreadable.append(Unreadable(path.name, _one_line(path, error), failure))
            continue
        stats.games += 1
        stats.reviewed += reviewed is True
        if reviewed is None:
            stats.stale_reviews.append(path.name)
        if game.torn:
            stats.torn.append(path.name)
        games.extend(seats)
    stats.players = sum_by_player(games)
    return stats


def said_line(folder: Path, bad: Unreadable) -> str:
    """Why a save was left out, in the language in use, naming the file without its folder."""
    from koza.i18n.problems import say_error

    if bad.failure is None:
        return bad.line
    said = say_error(bad.failure)
    path = str(folder / bad.name)
    return bad.name + said[len(path) :] if said.startswith(f"{path}:") else said
