"""``koza stats [--json]``: the figures of every save in the folder, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from koza.stats.figures import PlayerFigures, SeatGame
from koza.stats.saves import FolderStats, collect

LAST_GAMES = 20
"""How many of a player's newest games ``--json`` lists."""

NAME_WIDTH = 15
COLUMNS = ("games", "goats", "goat %", "pts/rnd", "went out", "fish", "loss/mv")


def _fixed(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def player_label(p: PlayerFigures) -> str:
    """``Anna``, or ``bot expert`` for a bot level."""
    return f"bot {p.name}" if p.kind == "bot" else p.name


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def to_text(stats: FolderStats) -> str:
    """The figures as a table a person reads, then the saves that could not be read."""
    games = f"{stats.games} game{'s' * (stats.games != 1)}"
    lines = [f"koza stats: {games} in {stats.folder} ({stats.reviewed} reviewed)"]
    if stats.players:
        lines.append(f"{'player':<{NAME_WIDTH}} " + " ".join(f"{c:>8}" for c in COLUMNS))
        for p in stats.players:
            cells = (
                str(p.games),
                str(p.goats),
                _percent(p.goat_rate),
                _fixed(p.points_per_round),
                str(p.went_out),
                str(p.fish),
                _fixed(p.loss_per_move, 2),
            )
            name = _cut(player_label(p), NAME_WIDTH)
            lines.append(f"{name:<{NAME_WIDTH}} " + " ".join(f"{c:>8}" for c in cells))
    if stats.unreadable:
        n = len(stats.unreadable)
        lines.append(f"{n} save{'s' * (n != 1)} could not be read:")
        lines += [f"  {bad.line}" for bad in stats.unreadable]
    return "\n".join(lines)


def _game_json(g: SeatGame) -> dict[str, Any]:
    return {
        "file": g.game,
        "seat": g.seat,
        "started": g.started.isoformat(),
        "finished": g.finished,
        "goat": g.goat,
        "rounds": g.rounds,
        "points": g.points,
        "total": g.total,
        "target": g.target,
    }


def _player_json(p: PlayerFigures) -> dict[str, Any]:
    return {
        "kind": p.kind,
        "name": p.name,
        "games": p.games,
        "finished": p.finished,
        "goats": p.goats,
        "goat_rate": p.goat_rate,
        "rounds": p.rounds,
        "points": p.points,
        "points_per_round": p.points_per_round,
        "went_out": p.went_out,
        "fish": p.fish,
        "review_moves": p.review_moves,
        "loss_per_move": p.loss_per_move,
        "last_games": [_game_json(g) for g in p.last_games(LAST_GAMES)],
    }


def to_json(stats: FolderStats) -> dict[str, Any]:
    """The figures as plain JSON data (rates are null where nothing was counted)."""
    return {
        "folder": str(stats.folder),
        "games": stats.games,
        "reviewed": stats.reviewed,
        "players": [_player_json(p) for p in stats.players],
        "unreadable": [{"file": bad.name, "error": bad.line} for bad in stats.unreadable],
    }


def run_stats(args: argparse.Namespace) -> int:
    from koza.cli import fail, save_folder

    folder = save_folder(args)
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "no such folder"
        return fail(f"stats: {folder}: {what}")
    try:  # the listing below would take a folder it cannot read for an empty one
        with os.scandir(folder):
            pass
    except OSError as exc:
        return fail(f"stats: {folder}: cannot be read ({exc.strerror or exc})")
    stats = collect(folder)
    if args.json:
        json.dump(to_json(stats), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(to_text(stats))
    return 0


def add_stats_parser(sub: Any, common: argparse.ArgumentParser | None = None) -> None:
    """Register ``stats`` on the ``koza`` command line."""
    p = sub.add_parser(
        "stats",
        parents=[common] if common is not None else [],
        help="figures per player from every saved game",
        description="Read every save in the save folder and print, per player (bots per "
        "level): games, goats and goat rate, points per round (the player's own hand "
        "points), rounds won by going out, fish made, and the average review loss per "
        "move where a review was kept.  Saves that cannot be read are named, never fatal.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run_stats)
