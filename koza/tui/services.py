"""What the app needs from the rest of koza: sessions, saves, the table, the bot levels.

Each is imported when first used, so the menu starts without them; tests swap
``Services`` for stand-ins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.screen import Screen

from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.i18n.strings import bot_help


def _create(
    seats: Sequence[SeatInfo], rules: RuleSet | None, seed: int | None, save_dir: Path | None
) -> Any:
    from koza.play.session import Session

    return Session.create(seats, rules=rules, seed=seed, save_dir=save_dir)


def _open(path: Path) -> Any:
    from koza.play.session import Session

    return Session.open(path)


def _list_saves(save_dir: Path | None) -> list[Any]:
    from koza.storage.listing import list_saves

    return list(list_saves(save_dir, include_bad=True))


def _table(session: Any) -> Screen[Any]:
    """The table for a session; a game of bots only is watched (with the watch keys)."""
    from koza.tui.table.screen import TableScreen

    seats = session.game.state.seats
    if seats and all(s.kind == "bot" for s in seats) and getattr(session, "path", None):
        from koza.tui.watch.screen import WatchScreen

        return WatchScreen(session)
    screen: Screen[Any] = TableScreen(session)
    return screen


@dataclass
class Services:
    """What the app needs from the rest of koza (swappable in tests)."""

    create: Callable[[Sequence[SeatInfo], RuleSet | None, int | None, Path | None], Any] = _create
    open: Callable[[Path], Any] = _open
    list_saves: Callable[[Path | None], list[Any]] = _list_saves
    table: Callable[[Any], Screen[Any]] = _table


def bot_levels() -> tuple[str, ...]:
    """The bot levels on offer (``koza.bots.BOT_LEVELS``, else just ``random``)."""
    import koza.bots

    levels = tuple(getattr(koza.bots, "BOT_LEVELS", ()) or ())
    return levels or ("random",)


def bot_descriptions() -> dict[str, str]:
    """One line about each bot level (``koza.bots.BOT_DESCRIPTIONS``, translated), if any."""
    import koza.bots

    english = dict(getattr(koza.bots, "BOT_DESCRIPTIONS", {}) or {})
    return {level: bot_help(level, text) for level, text in english.items()}
