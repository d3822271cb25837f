"""``koza stats [--json]``: the figures of every save in the folder, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from koza.i18n.strings import t, tn
from koza.stats.cells import FIGURES, figure_cells, player_label
from koza.stats.figures import PlayerFigures, SeatGame
from koza.stats.saves import FolderStats, collect, said_line

LAST_GAMES = 20
"""How many of a player's newest games ``--json`` lists."""

COLUMNS = FIGURES
"""The table's columns after the player's name (``stats.cli_<column>`` says each; a title may
take two lines)."""


def table_lines(players: list[PlayerFigures]) -> list[str]:
    """The players' table: each column as wide as its widest title line or cell, names whole."""
    titles = [t(f"stats.cli_{c}").split("\n") for c in COLUMNS]
    depth = max(len(title) for title in titles)
    titles = [[""] * (depth - len(title)) + title for title in titles]  # titles sit on the rows
    names = [player_label(p, "stats.cli_bot") for p in players]
    rows = [figure_cells(p, missing="-") for p in players]
    name_width = max(len(n) for n in [t("stats.cli_player"), *names])
    widths = [
        max(len(cell) for cell in [*title, *(row[i] for row in rows)])
        for i, title in enumerate(titles)
    ]
    lines = []
    for level in range(depth):
        first = t("stats.cli_player") if level == depth - 1 else ""
        head = " ".join(f"{title[level]:>{w}}" for title, w in zip(titles, widths, strict=True))
        lines.append(f"{first:<{name_width}} {head}".rstrip())
    for name, row in zip(names, rows, strict=True):
        cells = " ".join(f"{c:>{w}}" for c, w in zip(row, widths, strict=True))
        lines.append(f"{name:<{name_width}} {cells}")
    return lines


def _named(key: str, names: list[str]) -> list[str]:
    return [tn(key, len(names)), *(f"  {name}" for name in names)] if names else []


def to_text(stats: FolderStats) -> str:
    """The figures as a table a person reads, what its columns divide by, and the saves
    left out (or counted with a cut end, or with a review made before the game went on)."""
    games = tn("stats.cli_games_count", stats.games)
    head = t("stats.cli_head", games=games, folder=stats.folder, reviewed=stats.reviewed)
    lines = [f"koza stats: {head}"]
    if stats.players:
        lines += table_lines(stats.players)
        lines += t("stats.cli_legend").splitlines()
    lines += _named("stats.cli_torn", stats.torn)
    lines += _named("stats.cli_stale", stats.stale_reviews)
    if stats.unreadable:
        lines.append(tn("stats.cli_unreadable", len(stats.unreadable)))
        lines += [f"  {said_line(stats.folder, bad)}" for bad in stats.unreadable]
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
        "recorded": g.recorded,
        "total": g.total,
        "target": g.target,
    }


def _player_json(p: PlayerFigures) -> dict[str, Any]:
    return {
        "kind": p.kind,
        "name": p.name,
        "games": p.games,
        "finished": p.finished,
        "unfinished": p.unfinished,
        "goats": p.goats,
        "goat_rate": p.goat_rate,  # goats / finished
        "rounds": p.rounds,
        "points": p.points,  # hand points (pips left in hand), before the sheet's rules
        "points_per_round": p.points_per_round,
        "hand_points_per_round": p.points_per_round,
        "recorded": p.recorded,  # what the score sheet recorded
        "recorded_per_round": p.recorded_per_round,
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
        "cut_off": list(stats.torn),  # counted as unfinished games
        "stale_reviews": list(stats.stale_reviews),  # made before the game went on: not counted
    }


def run_stats(args: argparse.Namespace) -> int:
    from koza.cli.base import fail, save_folder
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
