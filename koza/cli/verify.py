"""``koza verify``: each save file loads, replays and deals again from its seed; one line each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from koza.cli.base import Subparsers, subparser
from koza.i18n.strings import t, tn


def _side_names(state: Any, side: int) -> str:
    names = [s.name for s in state.seats]
    if state.n_sides != len(names):
        return "+".join(names[side::2])
    return names[side]


def verify_line(path: Path) -> tuple[bool, str]:
    """``(ok, one line)`` for one save file."""
    from koza.core.verify import check_deals
    from koza.i18n.problems import say_error
    from koza.storage.savefile import SaveError, load

    try:
        loaded = load(path)
    except SaveError as exc:
        return False, say_error(exc)
    deals = check_deals(loaded.events)
    if not deals.ok:
        bad = t("verify.bad_deal", round=deals.bad_round, seed=deals.seed)
        return False, f"{path}:{deals.bad_line}: {bad}"
    st = loaded.state
    scores = " ".join(str(total) for total in st.sheets.totals)
    rounds = len(st.records)
    line = f"{path}: " + t("verify.ok", rounds=tn("verify.rounds", rounds), scores=scores)
    if st.phase == "game_over":
        goats = ", ".join(_side_names(st, g) for g in st.goats)
        line += ", " + t("verify.game_over", goats=goats)
    else:
        line += ", " + t("verify.in_progress", round=st.round_no)
    line += ", " + deals_summary(deals.seed, deals.deals)
    if loaded.torn:
        line += "; " + t("verify.torn")
    return True, line


def deals_summary(seed: int | None, dealt: int) -> str:
    """A few words on the deals for the ok line."""
    if seed is None:
        return t("verify.unchecked")
    if dealt == 0:
        return t("verify.nothing_dealt", seed=seed)
    return t("verify.deals_match", seed=seed)


def run_verify(args: argparse.Namespace) -> int:
    from koza.storage.matchfile import is_match_file

    all_ok = True
    for path in args.files:
        lines = verify_match(path) if is_match_file(path) else [verify_line(path)]
        for ok, line in lines:
            print(line, file=sys.stdout if ok else sys.stderr)
            all_ok &= ok
    return 0 if all_ok else 1


def add_verify_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "verify",
        t("cli.verify"),
        t("cli.verify_about"),
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help=t("cli.verify_files"))
    p.set_defaults(func=run_verify)


def verify_match(path: object) -> list[tuple[bool, str]]:
    """``koza verify`` of a match file: a line per game it names (as for any save), then
    the match's own line (its file, and its games following its plan)."""
    from pathlib import Path

    from koza.i18n.match_text import plan_words
    from koza.i18n.problems import say_error
    from koza.play.match_session import MatchSession
    from koza.storage.matchfile import game_path, read_match
    from koza.storage.savefile import SaveError

    path = Path(str(path))
    lines: list[tuple[bool, str]] = []
    try:
        file = read_match(path)
        for name in file.games:
            save = game_path(path, name)
            if save is not None:
                lines.append(verify_line(save))
        match = MatchSession.open(path)
    except SaveError as exc:
        return [*lines, (False, say_error(exc))]
    sheet = match.sheet()
    state = t("match.over") if sheet.over else t("match.going_on")
    said = t(
        "verify.match_ok", plan=plan_words(match.plan), played=tn("match.played", sheet.played)
    )
    return [*lines, (True, f"{path}: {said}, {state}")]
