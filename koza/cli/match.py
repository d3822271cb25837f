"""``koza sim --match PLAN``: whole matches between random bots, each game saved, the
match file beside them, and each match's final sheet."""

from __future__ import annotations

import argparse
import secrets

from koza.cli.base import EXIT_USAGE, fail, save_folder
from koza.core.rules import RuleSet
from koza.i18n.strings import t, tn


def sim_match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a ``koza sim --match ... --seed seed`` run."""
    import random

    return random.Random(f"koza-sim-match/{seed}/{index}").getrandbits(32)


def run_sim_match(args: argparse.Namespace, rules: RuleSet) -> int:
    from koza.core.events import SeatInfo
    from koza.core.match import MatchError, MatchPlan
    from koza.i18n.match_text import plan_words, sheet_text
    from koza.i18n.problems import say_error
    from koza.play.driver import finish_game
    from koza.play.match_session import MatchSession
    from koza.storage.savefile import SaveError

    try:
        plan = MatchPlan.parse(args.match)
        plan.check(args.players)
        rules = plan.rules_for(rules)
        rules.check_players(args.players)
    except (MatchError, ValueError) as exc:
        return fail(f"sim: {say_error(exc)}", EXIT_USAGE)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    matches = args.games or 1
    folder = save_folder(args)
    names = [t("new.bot_name", n=i + 1) for i in range(args.players)]
    seats = [SeatInfo(name=name, kind="bot", bot="random") for name in names]
    changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items()) or t("sim.defaults")
    head = {"matches": tn("sim.matches", matches), "plan": plan_words(plan), "seed": seed}
    players = tn("sim.players", args.players)
    print(t("sim.match_head", **head, players=players, rules=changed))
    try:
        for i in range(matches):
            match = MatchSession.create(
                seats, rules, plan, sim_match_seed(seed, i), folder, match_id=f"sim-{seed}-{i + 1}"
            )
            while (session := match.next_game(sync=False)) is not None:
                with session:
                    finish_game(session)
                    match.record(session.state)
            print(t("sim.match_file", n=i + 1, file=match.path))
            print(sheet_text(plan, match.sheet(), names))
    except (SaveError, OSError) as exc:
        return fail(f"sim: {say_error(exc)}")
    except KeyboardInterrupt:
        return fail(f"sim: {t('cli.interrupted')}", 130)
    return 0
