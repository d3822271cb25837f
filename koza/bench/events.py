"""``make bench``'s first figures: random rounds, whole saved games, loading a long save."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark, per_second


@benchmark("core_random_rounds_4p")
def core_random_rounds() -> Iterable[Figure]:
    """Deal and play out 4-player rounds with uniform random legal moves."""
    from koza.core import engine

    rng = random.Random(1)

    def step(n: int) -> int:
        for _ in range(n):
            hands, bazaar = engine.split_deal(engine.shuffled_set(rng), 4, 5)
            leader, opening = engine.highest_opening(hands)
            r = engine.Round(hands, bazaar, leader, opening, True)
            engine.random_playout(r, rng)
        return n

    yield "core_random_rounds_4p", per_second(step), "rounds/s"


def play_saved_game(
    folder: Path, seed: int, players: int = 4, target: int = 101, sync: bool = True
) -> Path:
    """Play one whole game of random bots through a ``Session``; its save's path."""
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleSet
    from koza.play.driver import finish_game
    from koza.play.session import Session

    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="random") for i in range(players)]
    with Session.create(seats, RuleSet(target=target), seed, folder, sync=sync) as s:
        finish_game(s)
        return s.path


@benchmark("event_games_saved_4p")
def event_games() -> Iterable[Figure]:
    """Whole 4-player games through Session/Game, every event fsync'ed to a save file."""
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        seeds = iter(range(10**9))

        def step(n: int, sync: bool = True) -> int:
            for _ in range(n):
                play_saved_game(folder, next(seeds), sync=sync)
            return n

        yield "event_games_saved_4p", per_second(step), "games/s"
        # The same without fsync: the CPU cost of the event layer and bots alone.
        yield "event_games_unsynced_4p", per_second(lambda n: step(n, False)), "games/s"


@benchmark("replay_long_save")
def replay_long_save() -> Iterable[Figure]:
    """Load a long save from disk: read, validate every line, replay every event."""
    from koza.core.events import EVENT_ADAPTER
    from koza.core.state import apply_event
    from koza.storage.savefile import load

    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        path = play_saved_game(Path(tmp), seed=2, players=4, target=1000)
        n_events = len(load(path).events)

        def step(n: int) -> int:
            for _ in range(n):
                load(path)
            return n * n_events

        yield "replay_long_save", per_second(step), "events/s"
        yield "replay_long_save_events", n_events, "events"
        lines = path.read_bytes().split(b"\n")[1:-1]
        validate = EVENT_ADAPTER.validate_json

        def bare(n: int) -> int:  # the floor: validate_json + apply_event, nothing else
            for _ in range(n):
                state = None
                for raw in lines:
                    state = apply_event(state, validate(raw))
            return n * len(lines)

        yield "replay_validate_apply_only", per_second(bare), "events/s"
