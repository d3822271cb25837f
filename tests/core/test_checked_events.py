"""The move events ``Game.play`` makes without validating them are pydantic's own."""

from __future__ import annotations

from koza.bots import decide, make_bot
from koza.core.events import EVENT_ADAPTER, MOVE_EVENTS
from koza.core.game import Game
from koza.core.rules import RuleSet


def test_every_move_event_equals_the_validated_one_field_for_field() -> None:
    kinds = set()
    for seed, players, rules in [
        (1, 4, RuleSet()),
        (2, 2, RuleSet()),
        (3, 4, RuleSet(teams="pairs")),
    ]:
        game = Game.new([f"p{i}" for i in range(players)], rules, seed)
        bots = [make_bot("random", seed * 10 + i) for i in range(players)]
        while not game.is_over:
            if game.state.phase == "round_over":
                game.next_round()
            else:
                game.play(decide(bots[game.turn], game.state, game.turn))
        for event in game.events:
            if type(event) not in MOVE_EVENTS:
                continue
            kinds.add(type(event))
            given = {name: getattr(event, name) for name in event.model_fields_set}
            assert "at" not in given  # stamped by the model, as a validated event is
            again = type(event)(**given, at=event.at)
            assert list(event.__dict__.items()) == list(again.__dict__.items())
            assert event.model_fields_set | {"at"} == again.model_fields_set
            assert event == again and hash(event) == hash(again)
            assert event.model_dump_json() == again.model_dump_json()
            assert EVENT_ADAPTER.validate_json(event.model_dump_json()) == event
    assert kinds == set(MOVE_EVENTS)
