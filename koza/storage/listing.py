"""The saves of a folder, summarised for the saved-games list (read only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from koza.storage import folder as folders
from koza.storage.savefile import SUFFIX, SaveError, load, shorten
from koza.storage.summary import read_summary


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
    failure: SaveError | None = field(default=None, compare=False)  # ``error`` as data

    @property
    def bots_only(self) -> bool:
        """Only bots sit at this game (``koza watch``): nobody's own game to resume."""
        return bool(self.kinds) and all(kind == "bot" for kind in self.kinds)


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
        summary = SaveSummary(path, modified, (), (), 0, False, (), error=str(exc), failure=exc)
    except Exception as exc:  # one bad file must never take the whole list down
        error = f"{path}: " + shorten(f"cannot be read ({type(exc).__name__}: {exc})")
        summary = SaveSummary(path, modified, (), (), 0, False, (), error=error)
    _SUMMARIES[path] = (key, summary)
    return summary


def list_saves(save_dir: Path | None = None, include_bad: bool = False) -> list[SaveSummary]:
    """Saved games, newest first.  Files are only read, never changed.

    Unreadable saves are skipped, or listed with ``error`` set if ``include_bad``.
    Each file's summary is read once (its first event and those since the latest
    score, ``read_summary``) and then remembered until the file changes.
    """
    folder = folders.save_dir(save_dir)
    try:
        files = [p for p in folder.iterdir() if p.name.endswith(SUFFIX) and p.is_file()]
    except OSError:
        return []
    out = [s for s in map(_summary, files) if s is not None and (include_bad or s.error is None)]
    out.sort(key=lambda s: (s.modified, s.path.name), reverse=True)
    return out


def latest_unfinished(save_dir: Path | None = None) -> Path | None:
    """The newest readable save whose game is not over, if any (loaded in full to be sure).

    A game a person plays in comes first; a game of bots only (``koza watch``) only
    when no person has an unfinished game.
    """
    saves = list_saves(save_dir)
    for summary in sorted(saves, key=lambda s: s.bots_only):  # stable: newest first in each
        if not summary.finished:
            try:
                load(summary.path)
            except SaveError:
                continue
            return summary.path
    return None
