"""The review of a save, kept beside it as ``<save file name>.review.json``.

``review_save(path)`` reads the save (never writes it), reviews what is not yet
reviewed and keeps the result in the review file after every move, so an
interrupted review (Ctrl-C, a closed screen) keeps its work, marked
``"done": false``, and the next run goes on from there.  A kept review counts
only for the save it was made from (``save_sha256``), with the same seed, sample
count and method; otherwise it is made again.  The file is replaced atomically,
so it is never left half-written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from koza.coach.review import (
    DEFAULT_SAMPLES,
    Evaluate,
    MoveReview,
    default_seats,
    montecarlo_values,
    review_decision,
)
from koza.core.decisions import decisions
from koza.core.events import Event
from koza.core.problems import ProblemError
from koza.core.state import apply_event
from koza.storage.savefile import parse, read_save

SUFFIX = ".review.json"
VERSION = 1
METHOD = "montecarlo-paired"
"""The evaluation a review was made with (a kept review by another one is made again)."""
DEFAULT_SEED = 1

Progress = Callable[[int, int], None]
"""Called with (moves reviewed, moves to review) as the review goes."""


def review_path(save: Path) -> Path:
    """Where the review of ``save`` is kept: beside it, its name plus ``.review.json``."""
    return save.with_name(save.name + SUFFIX)


@dataclass
class Review:
    """A game's review: the moves reviewed so far and what it was made from."""

    save_sha256: str
    seed: int
    samples: int
    seats: tuple[int, ...]
    names: tuple[str, ...] = ()  # every seat's name, by seat
    moves: list[MoveReview] = field(default_factory=list)
    total: int = 0  # moves to review (with a choice, of the reviewed seats)
    done: bool = False
    method: str = METHOD
    keep_error: str | None = None  # why the review could not be kept beside the save

    def fits(self, sha: str, seed: int, samples: int) -> bool:
        """Whether this review's moves hold for that save, seed and sample count."""
        return (self.save_sha256, self.seed, self.samples, self.method) == (
            sha,
            seed,
            samples,
            METHOD,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "version": VERSION,
            "save_sha256": self.save_sha256,
            "seed": self.seed,
            "samples": self.samples,
            "method": self.method,
            "seats": list(self.seats),
            "names": list(self.names),
            "total": self.total,
            "done": self.done,
            "moves": [m.to_json() for m in self.moves],
        }

    @staticmethod
    def from_json(data: object) -> Review:
        """The review in ``data`` (``ValueError``, ``TypeError`` or ``KeyError`` if not one)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a koza review of this version")
        moves = [MoveReview.from_json(m) for m in data["moves"]]
        if any(not math.isfinite(m.loss) or m.loss < 0 for m in moves):
            raise ValueError("a loss is not a finite, non-negative number")
        return Review(
            save_sha256=str(data["save_sha256"]),
            seed=int(data["seed"]),
            samples=int(data["samples"]),
            seats=tuple(int(s) for s in data["seats"]),
            names=tuple(str(n) for n in data["names"]),
            moves=moves,
            total=int(data["total"]),
            done=data["done"] is True,
            method=str(data["method"]),
        )


def read_kept(path: Path) -> Review | None:
    """The review kept at ``path``, or ``None`` if there is none or it cannot be read."""
    try:
        return Review.from_json(json.loads(path.read_bytes()))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def dump(review: Review) -> str:
    """The review as JSON text, one move a line."""
    data = review.to_json()
    moves = data.pop("moves")
    assert isinstance(moves, list)
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n  ".join(json.dumps(m, ensure_ascii=False) for m in moves)
    return f'{head}, "moves": [\n  {lines}\n]}}\n' if moves else f'{head}, "moves": []}}\n'


def write_kept(path: Path, review: Review) -> None:
    """Replace the review file at ``path`` in one step (raises ``OSError``)."""
    text = dump(review)
    fd, tmp = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def review_events(
    events: Sequence[Event],
    review: Review,
    evaluate: Evaluate,
    progress: Progress | None = None,
    keep: Callable[[Review], None] | None = None,
) -> Review:
    """Review every decision of ``review.seats`` not yet in ``review``, calling ``keep``
    after each; moves already reviewed (same event, same seat) are not evaluated again."""
    todo = list(decisions(events, review.seats))
    known = {(m.seq, m.seat): m for m in review.moves}
    review.total = len(todo)
    review.moves = [known[k] for d in todo if (k := (d.seq, d.view.seat)) in known]
    if progress is not None:
        progress(len(review.moves), review.total)
    for d in todo:
        if (d.seq, d.view.seat) in known:
            continue
        review.moves.append(review_decision(d, evaluate, review.seed))
        review.moves.sort(key=lambda m: m.index)
        review.done = len(review.moves) == review.total
        if keep is not None:
            keep(review)
        if progress is not None:
            progress(len(review.moves), review.total)
    if not review.done:  # nothing was left to do
        review.done = True
        if keep is not None:
            keep(review)
    return review


def review_save(
    save: Path,
    *,
    seats: Sequence[int] | None = None,
    every: bool = False,
    seed: int = DEFAULT_SEED,
    samples: int = DEFAULT_SAMPLES,
    evaluate: Evaluate | None = None,
    progress: Progress | None = None,
    keep: bool = True,
) -> Review:
    """The review of the save at ``save``: the kept one if it still fits, else made (or
    finished) now and kept beside the save.  ``seats`` (or ``every`` seat; by default the
    human seats, or all in a game of bots) are reviewed.  Raises ``SaveError`` for a bad
    save and ``ValueError`` for a seat the game does not have."""
    data = read_save(save)
    events = parse(save, data).events
    if not events:
        raise ProblemError.at(save, "review.no_game")
    first = apply_event(None, events[0])
    n_players = first.n_players
    if every:
        seats = range(n_players)
    wanted = tuple(sorted(set(seats))) if seats is not None else default_seats(events)
    bad = [s for s in wanted if not 0 <= s < n_players]
    if bad:
        raise ProblemError.of("review.no_seat", last=n_players - 1, seat=bad[0])
    sha = hashlib.sha256(data).hexdigest()
    where = review_path(save)
    kept = read_kept(where) if keep else None
    names = tuple(s.name for s in first.seats)
    review = Review(save_sha256=sha, seed=seed, samples=samples, seats=wanted, names=names)
    if kept is not None and kept.fits(sha, seed, samples):
        if kept.done and kept.seats == wanted:
            return kept
        review.moves = list(kept.moves)

    def keep_it(r: Review) -> None:
        if not keep or r.keep_error is not None:
            return
        try:
            write_kept(where, r)
        except OSError as exc:
            r.keep_error = f"{where}: {exc.strerror or exc}"

    return review_events(events, review, evaluate or montecarlo_values(samples), progress, keep_it)
