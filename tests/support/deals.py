"""Hand-built deals and positions for the core tests (helpers only, no tests here)."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st

from koza.bots import RandomBot
from koza.core import engine
from koza.core.dealing import stacked_shuffle
from koza.core.events import Event, GameCreated, SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import apply_event
from koza.core.tiles import mask_of, parse_tile
from koza.play.driver import Seated, finish_game


def tiles(names: str) -> list[int]:
    """``"6-4 5-5"`` -> the tile ids, in that order."""
    return [parse_tile(x) for x in names.split()]


def mask(names: str) -> int:
    """``"6-4 5-5"`` -> a hand mask."""
    return mask_of(tiles(names))


def new_game(players: int, rules: RuleSet | None = None, seed: int = 1) -> Game:
    """A created game whose first round is not dealt yet."""
    seats = tuple(SeatInfo(name=f"p{i}") for i in range(players))
    created = GameCreated(seq=0, game_id="test", rules=rules or RuleSet(), seats=seats, seed=seed)
    return Game(apply_event(None, created), [created], None)


def dealt(hands: list[str], bazaar: str = "", rules: RuleSet | None = None) -> Game:
    """A game whose first round deals exactly ``hands`` (seat order), then ``bazaar`` first."""
    game = new_game(len(hands), rules)
    game.next_round(stacked_shuffle([tiles(h) for h in hands], tiles(bazaar)))
    return game


def position(
    hands: list[str],
    ends: tuple[int, int] = (-1, -1),
    bazaar: str = "",
    turn: int = 0,
    doubles_ok: bool = True,
    opening: str | None = None,
) -> engine.Round:
    """A lean round with any hands (any sizes), open ends and bazaar order."""
    r = engine.Round(
        [mask(h) for h in hands],
        tuple(tiles(bazaar)),
        turn,
        parse_tile(opening) if opening else -1,
        doubles_ok,
    )
    r.left, r.right = ends
    return r


def random_game(
    seed: int, players: int = 4, rules: RuleSet | None = None, max_rounds: int = 10_000
) -> Game:
    """A whole game of uniformly random legal moves (one random stream for every seat)."""
    game = Game.new([f"p{i}" for i in range(players)], rules=rules or RuleSet(), seed=seed)
    bot = RandomBot(seed)
    finish_game(Seated(game, [bot] * players), max_rounds=max_rounds)
    return game


def events_of(game: Game) -> list[Event]:
    return list(game.events)


def first_of(events: Iterable[Event], kind: type) -> int:
    """Index of the first event of ``kind``."""
    return next(i for i, e in enumerate(events) if isinstance(e, kind))


def rule_sets(max_target: int = 200) -> st.SearchStrategy[RuleSet]:
    """Any rule set, its target up to ``max_target`` (the table's size is drawn apart:
    pairs need four players)."""
    return st.builds(
        RuleSet,
        hand_size=st.sampled_from(["by_players", "seven"]),
        double_play=st.sampled_from(["doubles", "off"]),
        blank_double_points=st.integers(0, 50),
        blank_double_when=st.sampled_from(["always", "alone"]),
        open_threshold=st.integers(0, 50),
        open_mode=st.sampled_from(["discard", "carry"]),
        fish_scoring=st.sampled_from(["own_pips", "lowest_exempt", "all_to_loser"]),
        next_leader=st.sampled_from(["winner_any_tile", "highest_double", "fish_closer"]),
        first_lead=st.sampled_from(["highest_double", "one_one", "lowest_double"]),
        target=st.integers(1, max_target),
        redeal=st.sampled_from(["off", "bad_hand"]),
    )
