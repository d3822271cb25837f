"""``koza verify``: each save file loads, replays and deals again from its seed; one line each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from koza.cli_base import Subparsers, subparser


def _side_names(state: Any, side: int) -> str:
    names = [s.name for s in state.seats]
    if state.n_sides != len(names):
        return "+".join(names[side::2])
    return names[side]


def verify_line(path: Path) -> tuple[bool, str]:
    """``(ok, one line)`` for one save file."""
    from koza.storage.savefile import SaveError, load
    from koza.verify import check_deals

    try:
        loaded = load(path)
    except SaveError as exc:
        return False, str(exc)
    deals = check_deals(loaded.events)
    if not deals.ok:
        return False, f"{path}:{deals.bad_line}: {deals.problem()}"
    st = loaded.state
    scores = " ".join(str(t) for t in st.sheets.totals)
    rounds = len(st.records)
    line = f"{path}: ok, {rounds} round{'s' * (rounds != 1)}, scores {scores}"
    if st.phase == "game_over":
        goats = ", ".join(_side_names(st, g) for g in st.goats)
        line += f", game over (goat: {goats})"
    else:
        line += f", in progress (round {st.round_no})"
    line += f", {deals.summary()}"
    if loaded.torn:
        line += "; a cut-off last line was dropped"
    return True, line


def run_verify(args: argparse.Namespace) -> int:
    all_ok = True
    for path in args.files:
        ok, line = verify_line(path)
        print(line, file=sys.stdout if ok else sys.stderr)
        all_ok &= ok
    return 0 if all_ok else 1


def add_verify_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "verify",
        "check that save files load and replay",
        "Check save files: one line each; the exit code is 0 only if every file is valid.",
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="save files to check")
    p.set_defaults(func=run_verify)
