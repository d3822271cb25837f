"""Games and rollouts recorded move by move, to compare the compiled build with pure Python.

``python -m support.moves`` (with ``tests`` on the path) prints one line saying which
build it ran on, then one line per recorded game or rollout.  The same seeds must
print the same lines on both builds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from koza.bots import make_bot
from koza.bots.exact import ExactSearch
from koza.bots.rollout import Match, Scoring, rollout, rollout_seat, utility
from koza.compiled import is_compiled
from koza.core import engine
from koza.core.events import TileDrawn, TilePlayed
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import ReplayError, apply_event, replay
from koza.core.tiles import N_TILES
from koza.play.driver import Seated, finish_game
from support.deals import random_game

SEATS = ("random", "greedy", "expert", "montecarlo:fast")


def games(count: int = 6) -> Iterator[str]:
    """Whole one-round games of every cheap bot, 2 to 4 players: their events as JSON
    (less the clock time and the random game id)."""
    for g in range(count):
        players = 2 + g % 3
        rules = RuleSet(target=1, open_threshold=0)
        bots = [make_bot(SEATS[(g + i) % len(SEATS)], 100 * g + i) for i in range(players)]
        game = Game.new([f"p{i}" for i in range(players)], rules, seed=g)
        finish_game(Seated(game, bots))
        yield "|".join(ev.model_dump_json(exclude={"at", "game_id"}) for ev in game.events)


def lean_rounds(count: int = 300) -> Iterator[str]:
    """Random playouts and both rollout policies on the lean engine: every final position."""
    rng = random.Random(7)
    for i in range(count):
        players = 2 + i % 3
        r = engine.deal(rng, players, 7 if players < 4 else 5, doubles_ok=i % 2 == 0)
        sc = Scoring.of(RuleSet(), players)
        match = Match(0, (0,) * sc.sides, (False,) * sc.sides, (0,) * sc.sides)
        played = r.copy()
        engine.random_playout(played, rng)
        greedy = r.copy()
        rollout(greedy, sc, rng, 0.1)
        sharp = r.copy()
        rollout_seat(sharp, sc, rng, 0.2, i % players, 0.05, 3.0)
        ends = [played, greedy, sharp]
        scores = [utility(sc, match, x.hands, x.out_seat) for x in ends]
        yield f"{[x.key() for x in ends]} {scores} {rng.getrandbits(64)}"


FOLD_RULES = (
    RuleSet(target=61),
    RuleSet(target=41, redeal="bad_hand", double_play="doubles"),
    RuleSet(target=51, fish_scoring="lowest_exempt", next_leader="highest_double"),
)


def folds(count: int = 6) -> Iterator[str]:
    """Whole random games folded (one builder, and one event at a time), and refused events:
    every state's fields with its round, and the refusals' messages."""
    for g in range(count):
        events = random_game(g, 2 + g % 3, FOLD_RULES[g % len(FOLD_RULES)]).events
        state = replay(events)
        one_by_one = None
        for ev in events:
            one_by_one = apply_event(one_by_one, ev)
        refusals = []
        for i, ev in enumerate(events):
            if not isinstance(ev, TilePlayed | TileDrawn) or i % 3:
                continue
            other_seat = {"seat": (ev.seat + 1) % state.n_players}
            update = other_seat if i % 2 else {"tile": (ev.tile + 1) % N_TILES}
            try:
                replay([*events[:i], ev.model_copy(update=update)])
            except ReplayError as exc:
                refusals.append(str(exc))
        fields = {k: v for k, v in vars(state).items() if k != "game_id"}  # a random id
        key = state.round.key() if state.round is not None else None
        yield f"{one_by_one == state} {fields} {key} {refusals}"


def exact_searches(count: int = 12) -> Iterator[str]:
    """The exact search from positions part-way through random rounds, against greedy
    seats and against searching ones: its best move, its value and its memo's size."""
    rng = random.Random(11)
    for i in range(count):
        players = 2 + i % 3
        r = engine.deal(rng, players, 7 if players < 4 else 5)
        while not r.over and sum(h.bit_count() for h in r.hands) + r.bazaar_left > 17:
            moves = engine.legal_moves(r)
            engine.apply(r, moves[int(rng.random() * len(moves))])
        if r.over:
            yield "over"
            continue
        sc = Scoring.of(RuleSet(open_threshold=0), players)
        match = Match(sc.side[r.turn], (0,) * sc.sides, (True,) * sc.sides, (0,) * sc.sides)
        policy = "greedy" if i % 2 else "search"
        search = ExactSearch(sc, match, [policy] * players)
        best = search.best_move(r)
        yield f"{best} {search.value(r)!r} {len(search.memo)}"


def lines() -> Iterator[str]:
    """Which build this is, then every recorded game, rollout, fold and exact search."""
    yield f"compiled: {'yes' if is_compiled() else 'no'}"
    yield from (*games(), *lean_rounds(), *folds(), *exact_searches())


def main() -> None:
    for line in lines():
        print(line)


if __name__ == "__main__":
    main()
