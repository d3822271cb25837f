"""A first whole game through the command layer."""

import random

from koza.core.game import Game
from koza.core.state import replay


def test_random_game_reaches_a_goat_and_replays() -> None:
    rng = random.Random(5)
    game = Game.new(["a", "b", "c"], seed=5)
    while not game.is_over:
        if game.state.phase == "round_over":
            game.next_round()
        else:
            game.play(rng.choice(game.legal_moves()))
    assert max(game.state.sheets.totals) >= 101
    assert replay(game.events).sheets == game.state.sheets
