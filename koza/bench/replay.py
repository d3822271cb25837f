"""``make bench`` figures of the replay cursor: opening a long game, stepping back."""

from __future__ import annotations

import time
from collections.abc import Iterable

from koza.bench import Figure, benchmark
from koza.bots import RandomBot
from koza.core.events import Event
from koza.core.game import Game
from koza.core.replay_cursor import ReplayCursor
from koza.core.rules import RuleSet
from koza.play.driver import Seated, finish_game


def long_game(target: int = 1000, seed: int = 1) -> tuple[Event, ...]:
    """A random two-player game to ``target``: thousands of events."""
    game = Game.new(["a", "b"], rules=RuleSet(target=target), seed=seed)
    bot = RandomBot(seed)  # one random stream for both seats
    finish_game(Seated(game, [bot, bot]))
    return game.events


@benchmark("replay_cursor")
def replay_cursor() -> Iterable[Figure]:
    events = long_game()
    yield "replay_long_game_events", len(events), "events"
    start = time.perf_counter()
    cursor = ReplayCursor(events)
    yield "replay_cursor_open", (time.perf_counter() - start) * 1000, "ms"
    cursor.end()
    worst = total = 0.0
    steps = 0
    while cursor.index > 0:
        start = time.perf_counter()
        cursor.back()
        spent = time.perf_counter() - start
        worst, total, steps = max(worst, spent), total + spent, steps + 1
    yield "replay_step_back_mean", total / steps * 1e6, "us"
    yield "replay_step_back_worst", worst * 1e6, "us"
    start = time.perf_counter()
    for i in cursor.round_starts[::-1]:
        cursor.goto(i)
    yield (
        "replay_round_jump_mean",
        (time.perf_counter() - start) / len(cursor.round_starts) * 1e6,
        "us",
    )
