"""How well a person's model learned from saves explains their next games:
``python -m koza.tournament.people_check --person greedy``.

A stand-in person (a bot of level ``--person`` seated as a person named Ann, against
an expert and a greedy bot) plays ``--games`` games of up to eight rounds, saved in
a scratch folder, then ``--held-out`` more from another seed.  The mean log-chance
per free play of the held-out games is printed for the prior, for the stand-in's
own level's scores, and for the model ``koza.play.people`` learns from the newest
1, 3, 10, 30 and 50 saved games (with the time the learning took).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from koza.bots import Bot, make_bot
from koza.bots.policies import THETA, theta_for
from koza.bots.policy_fit import log_likelihood
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.play import people
from koza.play.driver import finish_game
from koza.play.session import Session
from koza.storage.savefile import load

NAME = "Ann"
SEATS = (
    SeatInfo(name=NAME),
    SeatInfo(name="Bob", kind="bot", bot="expert"),
    SeatInfo(name="Eve", kind="bot", bot="greedy"),
)


class StandIn:
    """A saved game whose person seat 0 is played by a bot."""

    def __init__(self, session: Session, person: Bot) -> None:
        self.session = session
        self.person = person

    @property
    def game(self) -> Game:
        return self.session.game

    def play(self, cmd: Command, seat: int | None = None) -> None:
        self.session.play(cmd, seat, sync=False)

    def next_round(self) -> None:
        self.session.next_round(sync=False)

    def bot(self, seat: int) -> Bot | None:
        return self.person if seat == 0 else self.session.bot(seat)


def play_games(folder: Path, level: str, games: int, seed: int) -> list[Path]:
    """``games`` saved games in ``folder`` with the stand-in of ``level`` as Ann."""
    paths = []
    for g in range(games):
        with Session.create(SEATS, RuleSet(), seed + g, folder, sync=False) as session:
            finish_game(StandIn(session, make_bot(level, seed + g)), max_rounds=8)
            paths.append(session.path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m koza.tournament.people_check")
    p.add_argument("--person", default="greedy", help="the stand-in's bot level")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--held-out", type=int, default=20)
    p.add_argument("--seed", type=int, default=5000)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        saves, later = Path(scratch, "saves"), Path(scratch, "later")
        play_games(saves, args.person, args.games, args.seed)
        held_paths = play_games(later, args.person, args.held_out, args.seed + 100_000)
        held = [c for path in held_paths for c in people.person_choices(load(path).events, NAME)]
        print(f"stand-in {args.person}, seed {args.seed}: {len(held)} held-out free plays")
        print(f"  prior: {log_likelihood(THETA['person'], held):.4f}")
        print(f"  its level's scores: {log_likelihood(theta_for(args.person), held):.4f}")
        for games in (1, 3, 10, 30, 50):
            if games > args.games:
                break
            start = time.process_time()
            theta = people.learned_people(saves, [NAME], games=games)[NAME]
            cpu = time.process_time() - start
            shown = ", ".join(f"{x:.3f}" for x in theta)
            print(
                f"  learned from {games} games ({cpu:.2f} s CPU): "
                f"{log_likelihood(theta, held):.4f}  scores {shown}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
