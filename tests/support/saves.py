"""Helpers shared by the save-file, session and CLI tests (no tests in here)."""

from __future__ import annotations

import json
from pathlib import Path

from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.play.session import Session


def bot_seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="random") for i in range(n)]


def play_out(s: Session, max_events: int | None = None) -> None:
    """Play bots until the game is over (or the game has ``max_events`` events)."""
    while not s.game.is_over:
        if max_events is not None and len(s.game.events) >= max_events:
            return
        if s.state.phase == "round_over":
            s.next_round()
        else:
            s.play_bot()


def saved_game(
    folder: Path, seed: int = 1, players: int = 3, target: int = 101, max_events: int | None = None
) -> Path:
    """A save of a bot game (whole, or cut at ``max_events``), closed."""
    with Session.create(bot_seats(players), RuleSet(target=target), seed, folder, sync=False) as s:
        play_out(s, max_events)
        return s.path


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()


def write_lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines))


def edit_event(path: Path, lineno: int, **changes: object) -> None:
    """Change fields of the event on line ``lineno`` (1-based; line 1 is the header)."""
    lines = lines_of(path)
    data = json.loads(lines[lineno - 1])
    data.update(changes)
    lines[lineno - 1] = json.dumps(data)
    write_lines(path, lines)


def first_line(path: Path, event_type: str) -> tuple[int, dict[str, object]]:
    """``(lineno, event dict)`` of the first event of a type."""
    for i, line in enumerate(lines_of(path)[1:], start=2):
        data = json.loads(line)
        if data["type"] == event_type:
            return i, data
    raise LookupError(event_type)
