"""``koza review FILE``: what each move of a saved game cost, and each player's summary."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from koza.coach.review import DEFAULT_SAMPLES, THRESHOLDS
from koza.coach.review_file import DEFAULT_SEED, Review, review_path, review_save
from koza.coach.review_summary import summarize
from koza.storage.savefile import SaveError


def _count(text: str) -> int:
    from koza.i18n.strings import t

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.not_a_number", text=repr(text))) from None
    if not 1 <= n <= 10_000:
        raise argparse.ArgumentTypeError(t("cli.samples_range", n=n))
    return n


def _seat(text: str) -> int:
    from koza.i18n.strings import t

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.not_a_seat", text=repr(text))) from None
    if not 0 <= n <= 3:
        raise argparse.ArgumentTypeError(t("cli.seat_range", n=n))
    return n


def add_review_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``review`` on the ``koza`` command line."""
    from koza.coach.review_text import mark_words
    from koza.i18n.strings import t

    marks = ", ".join(
        t("cli.review_mark", mark=mark_words(mark), points=f"{points:g}")
        for points, mark in reversed(THRESHOLDS)
    )
    p = sub.add_parser(
        "review",
        parents=[common],
        help=t("cli.review"),
        description=t("cli.review_about"),
        epilog=t("cli.review_marks", marks=marks),
    )
    p.add_argument("file", type=Path, metavar="FILE", help=t("cli.review_file"))
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--seat", type=_seat, action="append", metavar="N", help=t("cli.review_seat_help")
    )
    who.add_argument("--all", action="store_true", help=t("cli.review_all_help"))
    p.add_argument(
        "--samples",
        type=_count,
        default=DEFAULT_SAMPLES,
        help=t("cli.review_samples_help", n=DEFAULT_SAMPLES),
    )
    p.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=t("cli.review_seed_help", n=DEFAULT_SEED)
    )
    p.add_argument("--json", action="store_true", help=t("cli.review_json_help"))
    p.set_defaults(func=run_review)


JUDGED_FROM = "seat_view"
"""The review's JSON says what each move is judged from: that seat's own view at the time
(its hand, the table, the public moves), never a hidden tile."""

UNITS = {
    "loss": "penalty points this round + 100 x goat chance - 100 x another side's goat chance",
    "interval": "half width of the loss's 95% interval",
    "points": "penalty points the move gives away this round against the better one",
    "goat": "chance of becoming the goat this round the move adds against the better one",
    "sure_low": "the interval's low end: a mark needs it at or past the mark's threshold",
}
"""What each figure of a reviewed move is measured in (in the JSON, beside the moves)."""


class Bar:
    """A progress bar on a terminal's stderr (nothing when stderr is not a terminal)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = stream.isatty()
        self.done = self.total = 0
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = time.monotonic()
        if not self.shown or (now - self._last < 0.2 and done < total):
            return
        self._last = now
        width = 30
        fill = width * done // max(1, total)
        line = f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} "
        print(line, end="", file=self.stream, flush=True)

    def close(self) -> None:
        if self.shown:
            print("\r\033[K", end="", file=self.stream, flush=True)
            self.shown = False


def run_review(args: argparse.Namespace) -> int:
    from koza.cli.base import fail
    from koza.i18n.problems import say_error

    save: Path = args.file
    bar = Bar(sys.stderr)
    try:
        review = review_save(
            save,
            seats=args.seat,
            every=args.all,
            seed=args.seed,
            samples=args.samples,
            progress=bar,
        )
    except (SaveError, ValueError) as exc:  # a bad save, a seat the game lacks
        return fail(f"review: {say_error(exc)}")
    except KeyboardInterrupt:
        bar.close()
        print(f"koza: {interrupted(bar.done, bar.total, save)}", file=sys.stderr, flush=True)
        return 130
    finally:
        bar.close()
    if review.keep_error is not None:
        from koza.i18n.strings import t

        print(f"koza: {t('review.not_kept', reason=review.keep_error)}", file=sys.stderr)
    print(as_json(review) if args.json else as_text(review))
    return 0


def interrupted(done: int, total: int, save: Path) -> str:
    """What an interrupted review says: how far it got and where its work is kept."""
    from koza.i18n.strings import t

    return t("review.interrupted", done=done, total=total, path=review_path(save))


def as_text(review: Review) -> str:
    """The review for people: every move, then each player's figures."""
    from koza.coach.review_text import judged_line, move_line, summary_lines, thresholds_line
    from koza.i18n.strings import t

    lines = [move_line(m) for m in review.moves] or [t("review.nothing")]
    lines.append("")
    for s in summarize(review.moves, review.seats, review.names):
        lines.extend(summary_lines(s))
    lines += ["", thresholds_line(), judged_line()]
    return "\n".join(lines)


def as_json(review: Review) -> str:
    """The review file's content plus the summary and the thresholds."""
    data = review.to_json()
    data["summary"] = [s.to_json() for s in summarize(review.moves, review.seats, review.names)]
    data["thresholds"] = {mark: points for points, mark in THRESHOLDS}
    data["judged_from"] = JUDGED_FROM
    data["units"] = UNITS
    return json.dumps(data, ensure_ascii=False, indent=1)
