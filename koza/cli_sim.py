"""``koza sim``: whole games between random bots, each saved, and a summary of them."""

from __future__ import annotations

import argparse
import random
import secrets
import time
from collections import Counter

from koza.cli_base import (
    EXIT_USAGE,
    Subparsers,
    fail,
    player_count,
    positive_int,
    rule_options_help,
    save_folder,
    subparser,
)


def sim_game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a ``koza sim --seed seed`` run."""
    return random.Random(f"koza-sim/{seed}/{index}").getrandbits(48)


def run_sim(args: argparse.Namespace) -> int:
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleError, RuleSet
    from koza.driver import finish_game
    from koza.session import Session
    from koza.storage.savefile import SaveError

    try:
        rules = RuleSet.from_pairs(args.rule or [])
        rules.check_players(args.players)
    except RuleError as exc:
        return fail(f"sim: {exc}", EXIT_USAGE)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    folder = save_folder(args)
    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="random") for i in range(args.players)]
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
        return fail(f"sim: {exc}")
    except KeyboardInterrupt:
        return fail("sim: interrupted", 130)
    secs = time.perf_counter() - start
    changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items()) or "defaults"
    side = "pair" if rules.teams == "pairs" else "seat"
    goat_line = ", ".join(f"{side} {g}: {goats[g]}" for g in sorted(goats))
    games = f"{args.games} game{'s' * (args.games != 1)}"
    print(f"sim: {games}, {args.players} random players, seed {seed}, rules {changed}")
    print(f"rounds: {rounds} ({rounds / args.games:.1f} a game), fish: {fish}, events: {events}")
    print(f"goats: {goat_line}")
    print(f"saved in {folder} ({secs:.1f} s)")
    return 0


def add_sim_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "sim",
        "play and save games between random bots",
        "Play whole games between random bots, save each, and print a summary.",
        epilog=rule_options_help(),
    )
    p.add_argument("--players", type=player_count, required=True, metavar="N", help="2, 3 or 4")
    p.add_argument("--games", type=positive_int, required=True, metavar="G", help="games to play")
    p.add_argument("--seed", type=int, metavar="S", help="same seed, same games")
    p.add_argument(
        "--rule", action="append", metavar="KEY=VALUE", help="a rule option (repeat; see below)"
    )
    p.set_defaults(func=run_sim)
