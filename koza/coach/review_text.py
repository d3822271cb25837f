"""A review in words, in the language in use: moves, marks and each player's summary."""

from __future__ import annotations

from koza.coach.review import THRESHOLDS, Mark, MoveReview
from koza.coach.review_summary import PlayerSummary
from koza.core.commands import Command, Draw, Play, PlayDoubles
from koza.core.tiles import tile_name
from koza.i18n.strings import t


def command_words(cmd: Command) -> str:
    """A move in words: ``6-4 on the left end``, ``a draw from the bazaar``..."""
    if isinstance(cmd, Play):
        if cmd.end == "open":
            return t("review.play_first", tile=tile_name(cmd.tile))
        return t("review.play_at", tile=tile_name(cmd.tile), end=t(f"review.end_{cmd.end}"))
    if isinstance(cmd, PlayDoubles):
        return t("review.doubles", left=tile_name(cmd.left), right=tile_name(cmd.right))
    return t("review.draw") if isinstance(cmd, Draw) else t("review.pass")


def mark_words(mark: Mark | None) -> str:
    return t(f"review.mark.{mark}") if mark is not None else ""


def event_number(m: MoveReview) -> int:
    """The move's event as the replay counts them (from 1)."""
    return m.index + 1


GOAT_SAID = 0.005
"""A goat chance changed by at least half a percent is said."""


def cost_words(m: MoveReview) -> str:
    """What a move cost: the loss with its interval, and apart the penalty points given
    away and the goat chance added (when it moved); the loss alone when the evaluation
    gave no interval (bare values)."""
    if m.interval <= 0:
        return t("review.cost_bare", loss=m.loss)
    key = "review.cost_goat" if abs(m.goat) >= GOAT_SAID else "review.cost"
    return t(key, loss=m.loss, interval=m.interval, points=m.points, goat=m.goat)


def better_exists(m: MoveReview) -> bool:
    """Whether the review names a better move (never the one played)."""
    return m.best != m.played and m.loss > 0


def move_line(m: MoveReview) -> str:
    """One reviewed move: where, who, what was played, a better move and its cost, the mark."""
    where = dict(round_no=m.round_no, move=m.move_no, event=event_number(m), name=m.name)
    played = command_words(m.played)
    if not better_exists(m):
        return t("review.move_fine", **where, played=played)
    best = command_words(m.best)
    line = t("review.move_line", **where, played=played, best=best, cost=cost_words(m))
    return f"{line} · {mark_words(m.mark)}" if m.mark else line


def summary_lines(s: PlayerSummary) -> list[str]:
    """A player's figures: average loss, marks counted, the costliest moves."""
    lines = [
        t("review.player", name=s.name, moves=s.moves, average=s.average_loss),
        "  "
        + t(
            "review.mark_counts",
            blunders=s.marks["blunder"],
            mistakes=s.marks["mistake"],
            inaccuracies=s.marks["inaccuracy"],
        ),
    ]
    if s.costliest:
        lines.append("  " + t("review.costliest"))
    for m in s.costliest:
        where = t(
            "review.costly_line",
            round_no=m.round_no,
            move=m.move_no,
            event=event_number(m),
            loss=m.loss,
        )
        lines.append(f"    {where}: {command_words(m.played)} → {command_words(m.best)}")
    return lines


def thresholds_line() -> str:
    """How the marks are given, in words."""
    return t("review.thresholds", **{mark: points for points, mark in THRESHOLDS})


def judged_line() -> str:
    """What a review judges each move from, in words."""
    return t("review.judged")


def note(m: MoveReview) -> str:
    """What the replay's position line adds for a reviewed move."""
    if not better_exists(m):
        return t("review.note_best")
    best, cost = command_words(m.best), cost_words(m)
    if m.mark is None:
        return t("review.note_fine", cost=cost, best=best)
    return t("review.note", mark=mark_words(m.mark), cost=cost, best=best)
