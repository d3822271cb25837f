"""``koza stats [--json]``: the figures of every save in the folder, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from koza.stats.figures import PlayerFigures, SeatGame
from koza.stats.saves import FolderStats, Unreadable, collect
from koza.tui.strings import number, t, tn

LAST_GAMES = 20
"""How many of a player's newest games ``--json`` lists."""

NAME_WIDTH = 15
COLUMNS = ("games", "goats", "goat_rate", "points", "went_out", "fish", "loss")
"""The table's columns after the player's name (``stats.cli_<column>`` says each)."""


def _fixed(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else number(value, digits)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def player_label(p: PlayerFigures) -> str:
    """``Anna``, or ``bot expert`` for a bot level."""
    return t("stats.cli_bot", level=p.name) if p.kind == "bot" else p.name


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def to_text(stats: FolderStats) -> str:
    """The figures as a table a person reads, then the saves that could not be read."""
    games = tn("stats.cli_games_count", stats.games)
    head = t("stats.cli_head", games=games, folder=stats.folder, reviewed=stats.reviewed)
    lines = [f"koza stats: {head}"]
    if stats.players:
        titles = [t(f"stats.cli_{c}") for c in COLUMNS]
        widths = [max(8, len(title)) for title in titles]
        player = t("stats.cli_player")
        head = " ".join(f"{c:>{w}}" for c, w in zip(titles, widths, strict=True))
        lines.append(f"{player:<{NAME_WIDTH}} {head}")
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
            row = " ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))
            lines.append(f"{name:<{NAME_WIDTH}} {row}")
    if stats.unreadable:
        lines.append(tn("stats.cli_unreadable", len(stats.unreadable)))
        lines += [f"  {said_line(stats.folder, bad)}" for bad in stats.unreadable]
    return "\n".join(lines)


def said_line(folder: Path, bad: Unreadable) -> str:
    """Why a save was left out, in the language in use, naming the file without its folder."""
    from koza.i18n.problems import say_error

    if bad.failure is None:
        return bad.line
    said = say_error(bad.failure)
    path = str(folder / bad.name)
    return bad.name + said[len(path) :] if said.startswith(f"{path}:") else said


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
    from koza.i18n.problems import say_error
    from koza.storage.savefile import os_failure

    folder = save_folder(args)
    if not folder.is_dir():
        what = "stats.cli_not_folder" if folder.exists() else "stats.cli_no_folder"
        return fail(f"stats: {folder}: {t(what)}")
    try:  # the listing below would take a folder it cannot read for an empty one
        with os.scandir(folder):
            pass
    except OSError as exc:
        return fail(f"stats: {say_error(os_failure(folder, 'save.unreadable', exc))}")
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
        help=t("cli.stats"),
        description=t("cli.stats_about"),
    )
    p.add_argument("--json", action="store_true", help=t("cli.stats_json_help"))
    p.set_defaults(func=run_stats)
