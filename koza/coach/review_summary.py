"""A review's figures per player: average loss per move, marks counted, costliest moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from koza.coach.review import MARKS, Mark, MoveReview

COSTLIEST = 3
"""How many of a player's costliest moves a summary names."""


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One reviewed seat's figures."""

    seat: int
    name: str
    moves: int  # moves with a choice
    total_loss: float
    marks: dict[Mark, int]
    costliest: tuple[MoveReview, ...]  # biggest loss first (earlier move on a tie)

    @property
    def average_loss(self) -> float:
        """Expected points lost per move with a choice (0 with none)."""
        return self.total_loss / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "name": self.name,
            "moves": self.moves,
            "average_loss": round(self.average_loss, 3),
            "marks": dict(self.marks),
            "costliest": [m.seq for m in self.costliest],
        }


def costliest(moves: Sequence[MoveReview], n: int = COSTLIEST) -> tuple[MoveReview, ...]:
    """The ``n`` moves that lost the most (only moves that lost something)."""
    lost = [m for m in moves if m.loss > 0]
    return tuple(sorted(lost, key=lambda m: (-m.loss, m.index))[:n])


def summarize(
    moves: Sequence[MoveReview], seats: Sequence[int], names: Sequence[str]
) -> list[PlayerSummary]:
    """The figures of each of ``seats`` (``names``: every seat's name, by seat)."""
    out = []
    for seat in seats:
        mine = [m for m in moves if m.seat == seat]
        out.append(
            PlayerSummary(
                seat=seat,
                name=names[seat],
                moves=len(mine),
                total_loss=sum(m.loss for m in mine),
                marks={mark: sum(m.mark == mark for m in mine) for mark in MARKS},
                costliest=costliest(mine),
            )
        )
    return out


def marked(moves: Sequence[MoveReview]) -> list[MoveReview]:
    """The moves that got a mark, in the order played."""
    return [m for m in moves if m.mark is not None]
