"""``koza sim``: whole games between random bots, each saved, and a summary of them."""

from __future__ import annotations

import argparse
import random
import secrets
import time
from collections import Counter

from koza.cli.base import (
    EXIT_USAGE,
    Subparsers,
    fail,
    player_count,
    positive_int,
    rule_options_help,
    save_folder,
    subparser,
)
from koza.i18n.strings import number, t, tn


def sim_game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a ``koza sim --seed seed`` run."""
    return random.Random(f"koza-sim/{seed}/{index}").getrandbits(48)


def run_sim(args: argparse.Namespace) -> int:
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleError, RuleSet
    from koza.i18n.problems import say_error
    from koza.play.driver import finish_game
    from koza.play.session import Session
    from koza.storage.savefile import SaveError

    missing = ["--players"] if args.players is None else []
    if args.match is None and args.games is None:
        missing.append("--games")  # a match may leave it out: one match
    if missing:
        return fail(f"sim: {t('cli.argparse.required', arg=', '.join(missing))}", EXIT_USAGE)
    try:
        rules = RuleSet.from_pairs(args.rule or [])
        if args.match is not None:
            from koza.cli.match import run_sim_match

            return run_sim_match(args, rules)
        rules.check_players(args.players)
    except RuleError as exc:
        return fail(f"sim: {say_error(exc)}", EXIT_USAGE)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    folder = save_folder(args)
    names = [t("new.bot_name", n=i + 1) for i in range(args.players)]
    seats = [SeatInfo(name=name, kind="bot", bot="random") for name in names]
    rounds = fish = events = 0
    goats: Counter[int] = Counter()
    start = time.perf_counter()
    try:
        for i in range(args.games):
            gs = sim_game_seed(seed, i)
            with Session.create(seats, rules, gs, folder, game_id=f"sim-{gs:012x}") as s:
                finish_game(s)
                st = s.state
                rounds += len(st.records)
                fish += sum(r.outcome == "fish" for r in st.records)
                events += len(s.game.events)
                goats.update(st.goats)
    except (SaveError, OSError) as exc:
        return fail(f"sim: {say_error(exc)}")
    except KeyboardInterrupt:
        return fail(f"sim: {t('cli.interrupted')}", 130)
    secs = time.perf_counter() - start
    changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items()) or t("sim.defaults")
    side = "sim.pair" if rules.teams == "pairs" else "sim.seat"
    goat_line = ", ".join(f"{t(side, n=g)}: {goats[g]}" for g in sorted(goats))
    games = tn("sim.games", args.games)
    players = tn("sim.players", args.players)
    print("sim: " + t("sim.head", games=games, players=players, seed=seed, rules=changed))
    each = number(rounds / args.games)
    print(t("sim.rounds", rounds=rounds, each=each, fish=fish, events=events))
    print(t("sim.goats", goats=goat_line))
    print(t("sim.saved", folder=folder, secs=number(secs)))
    return 0


def add_sim_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "sim",
        t("cli.sim"),
        t("cli.sim_about"),
        epilog=rule_options_help,  # made only for --help
    )
    p.add_argument("--players", type=player_count, metavar="N", help=t("cli.players_help"))
    p.add_argument("--games", type=positive_int, metavar="G", help=t("cli.games_help"))
    p.add_argument("--match", metavar="PLAN", help=t("cli.match_help"))
    p.add_argument("--seed", type=int, metavar="S", help=t("cli.sim_seed_help"))
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help=t("cli.rule_help"))
    p.set_defaults(func=run_sim)
