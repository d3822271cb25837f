"""A review in words, in the language in use: moves, marks and each player's summary."""

from __future__ import annotations

from koza.coach.review import THRESHOLDS, Mark, MoveReview
from koza.coach.review_summary import PlayerSummary
from koza.core.commands import Command, Draw, Play, PlayDoubles
from koza.core.tiles import tile_name
from koza.tui.strings import t


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


def move_line(m: MoveReview) -> str:
    """One reviewed move: where, who, what was played, the best move, the loss, the mark."""
    line = t(
        "review.move_line",
        round_no=m.round_no,
        move=m.move_no,
        event=event_number(m),
        name=m.name,
        played=command_words(m.played),
        best=command_words(m.best),
        loss=m.loss,
    )
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


def note(m: MoveReview) -> str:
    """What the replay's position line adds for a reviewed move."""
    best = command_words(m.best)
    if m.mark is None:
        return t("review.note_fine", loss=m.loss, best=best)
    return t("review.note", mark=mark_words(m.mark), loss=m.loss, best=best)
