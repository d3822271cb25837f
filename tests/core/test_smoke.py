"""A first whole game through the command layer."""

from support.deals import random_game

from koza.core.state import replay


def test_random_game_reaches_a_goat_and_replays() -> None:
    game = random_game(5, players=3)
    assert max(game.state.sheets.totals) >= 101
    assert replay(game.events).sheets == game.state.sheets
