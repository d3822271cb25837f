"""``koza tournament``: argument parsing, the progress bar and the output."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from koza.core.rules import RuleError, RuleSet
from koza.tournament import cluster
from koza.tournament.compare import (
    CEILING,
    baseline_json,
    baseline_text,
    ceiling_figures,
    ceiling_json,
    ceiling_text,
)
from koza.tournament.report import to_json, to_text
from koza.tournament.runner import Mode, Outcome, Progress, Setup, run


def add_tournament_parser(sub: Any, common: argparse.ArgumentParser | None = None) -> None:
    """Register ``tournament`` on the ``koza`` command line."""
    from koza.cli import bot_levels_help, rule_options_help

    p = sub.add_parser(
        "tournament",
        parents=[common] if common is not None else [],
        help="measure bots against each other on duplicate deals",
        description="Play duplicate deals (each once in every seat order) and report "
        "every bot's penalty per deal with 95% intervals and paired differences, pooled "
        "and per seat order.",
        epilog=rule_options_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--seats",
        required=True,
        metavar="BOT,BOT[,...]",
        help=f"2 to 4 bots, one per seat, e.g. montecarlo,expert,greedy; bots: {bot_levels_help()}",
    )
    size = p.add_mutually_exclusive_group()
    size.add_argument("--deals", type=int, help="duplicate deals to play (default 200)")
    size.add_argument("--games", type=int, help="duplicate whole games to the target")
    p.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the deals on the Dask cluster whose scheduler is at ADDRESS "
        "(e.g. tcp://10.0.0.5:8786) instead of local processes; needs the cluster extra: "
        "pip install 'koza[cluster]'",
    )
    p.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    p.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help="a rule option (see below)"
    )
    p.add_argument(
        "--baseline",
        metavar="BOT",
        help="replay the same deals with BOT in the first seat and compare that seat",
    )
    p.add_argument(
        "--ceiling",
        action="store_true",
        help=f"with --baseline: also replay with the {CEILING} reference in the first seat "
        "and report the share of the baseline-to-ceiling gap the first bot closes",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=main)


def _bar(stream: TextIO) -> Progress:
    last = [-1.0]

    def progress(done: int, total: int, secs: float) -> None:
        if secs - last[0] < 0.25 and done < total:
            return
        last[0] = secs
        rate = done / secs if secs > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        width = 30
        fill = int(width * done / max(1, total))
        m, s = divmod(int(eta), 60)
        line = (
            f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total}  "
            f"{rate:6.2f}/s  ETA {m}:{s:02d} "
        )
        print(line, end="", file=stream, flush=True)

    return progress


def _replay(
    first: str, setup: Setup, units: int, args: argparse.Namespace, progress: Progress | None
) -> Outcome:
    """The same tournament with ``first`` as the first bot."""
    if not args.quiet:
        print(f"replaying with {first} in the first seat", file=sys.stderr)
    again = Setup((first, *setup.specs[1:]), setup.rules, setup.mode, setup.seed)
    out = run(again, units, args.jobs, progress, args.scheduler)
    if not args.quiet:
        print(file=sys.stderr)
    return out


def main(args: argparse.Namespace) -> int:
    """Run the tournament described by ``args``; 0 on success, 2 on bad arguments."""
    from koza.bots import make_bot
    from koza.cli import bot_specs

    specs = tuple(bot_specs(args.seats))
    baseline = args.baseline.strip().lower() if args.baseline else None
    err = sys.stderr
    try:
        rules = RuleSet.from_pairs(args.rule)
        rules.check_players(len(specs))
        for spec in (*specs, *([baseline] if baseline else [])):
            make_bot(spec, 0)
    except (RuleError, ValueError) as exc:
        print(f"koza tournament: {exc}", file=err)
        return 2
    if args.ceiling and not args.baseline:
        print(
            "koza tournament: --ceiling needs --baseline BOT (the gap is measured from it)",
            file=err,
        )
        return 2
    mode: Mode = "games" if args.games is not None else "deals"
    units = args.games if args.games is not None else (200 if args.deals is None else args.deals)
    if units < 1 or args.jobs < 1:
        print("koza tournament: --deals/--games and --jobs must be 1 or more", file=err)
        return 2
    setup = Setup(specs, rules, mode, args.seed)
    try:
        if args.scheduler is not None:
            cluster.client_class()  # without the extra: say how to install it, play nothing
        return _play(setup, units, args, baseline)
    except cluster.ClusterError as exc:
        print(("" if args.quiet else "\n") + f"koza tournament: {exc}", file=err)
        return 1


def _play(setup: Setup, units: int, args: argparse.Namespace, baseline: str | None) -> int:
    """Play the tournament (and its baseline and ceiling replays) and print the figures."""
    err = sys.stderr
    progress = None if args.quiet else _bar(err)
    outcome = run(setup, units, args.jobs, progress, args.scheduler)
    if not args.quiet:
        print(file=err)
    data = to_json(outcome)
    text = to_text(outcome)
    if baseline and outcome.results and not outcome.interrupted:
        base = _replay(baseline, setup, units, args, progress)
        data["baseline"] = baseline_json(outcome, base)
        text += "\n\n" + baseline_text(outcome, base)
        if args.ceiling and base.results and not base.interrupted:
            top = _replay(CEILING, setup, units, args, progress)
            figs = ceiling_figures(outcome, base, top)
            data["ceiling"] = ceiling_json(figs, top)
            text += "\n\n" + ceiling_text(figs, setup.specs[0], baseline)
    print(text)
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 130 if outcome.interrupted else 0
