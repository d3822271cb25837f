"""``koza tournament``: argument parsing, the progress bar and the output."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from koza.core.rules import RuleError, RuleSet
from koza.i18n.strings import t
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
    from koza.cli.base import bot_levels_help, rule_options_help

    p = sub.add_parser(
        "tournament",
        parents=[common] if common is not None else [],
        help=t("cli.tournament"),
        description=t("cli.tournament_about"),
        epilog=rule_options_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    seats = t("cli.seats_help", example="montecarlo,expert,greedy", bots=bot_levels_help())
    p.add_argument("--seats", required=True, metavar="BOT,BOT[,...]", help=seats)
    size = p.add_mutually_exclusive_group()
    size.add_argument("--deals", type=int, help=t("cli.tour_deals_help"))
    size.add_argument("--games", type=int, help=t("cli.tour_games_help"))
    p.add_argument("--seed", type=int, default=1, help=t("cli.tour_seed_help"))
    p.add_argument("--jobs", type=int, default=1, help=t("cli.tour_jobs_help"))
    p.add_argument("--scheduler", metavar="ADDRESS", help=t("cli.tour_scheduler_help"))
    p.add_argument("--json", type=Path, help=t("cli.tour_json_help"))
    p.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help=t("cli.rule_help")
    )
    p.add_argument("--baseline", metavar="BOT", help=t("cli.tour_baseline_help"))
    p.add_argument(
        "--ceiling", action="store_true", help=t("cli.tour_ceiling_help", ceiling=CEILING)
    )
    p.add_argument("--quiet", action="store_true", help=t("cli.tour_quiet_help"))
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
            f"{rate:6.2f}/s  {t('tour.eta')} {m}:{s:02d} "
        )
        print(line, end="", file=stream, flush=True)

    return progress


def _replay(
    first: str, setup: Setup, units: int, args: argparse.Namespace, progress: Progress | None
) -> Outcome:
    """The same tournament with ``first`` as the first bot."""
    if not args.quiet:
        print(t("tour.replaying", bot=first), file=sys.stderr)
    again = Setup((first, *setup.specs[1:]), setup.rules, setup.mode, setup.seed)
    out = run(again, units, args.jobs, progress, args.scheduler)
    if not args.quiet:
        print(file=sys.stderr)
    return out


def main(args: argparse.Namespace) -> int:
    """Run the tournament described by ``args``; 0 on success, 2 on bad arguments."""
    from koza.bots import make_bot
    from koza.cli.base import bot_specs
    from koza.i18n.problems import say_error

    specs = tuple(bot_specs(args.seats))
    baseline = args.baseline.strip().lower() if args.baseline else None
    err = sys.stderr
    try:
        rules = RuleSet.from_pairs(args.rule)
        rules.check_players(len(specs))
        for spec in (*specs, *([baseline] if baseline else [])):
            make_bot(spec, 0)
    except (RuleError, ValueError) as exc:
        print(f"koza tournament: {say_error(exc)}", file=err)
        return 2
    if args.ceiling and not args.baseline:
        print(f"koza tournament: {t('tour.ceiling_needs_baseline')}", file=err)
        return 2
    mode: Mode = "games" if args.games is not None else "deals"
    units = args.games if args.games is not None else (200 if args.deals is None else args.deals)
    if units < 1 or args.jobs < 1:
        print(f"koza tournament: {t('tour.one_or_more')}", file=err)
        return 2
    setup = Setup(specs, rules, mode, args.seed)
    try:
        if args.scheduler is not None:
            cluster.client_class()  # without the extra: say how to install it, play nothing
        return _play(setup, units, args, baseline)
    except cluster.ClusterError as exc:
        from koza.i18n.problems import say_error

        print(("" if args.quiet else "\n") + f"koza tournament: {say_error(exc)}", file=err)
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
