"""Property: whatever game is played and saved, loading it gives back the same game."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from support.saves import bot_seats, play_out

from koza.core.rules import RuleSet
from koza.play.session import Session
from koza.storage.savefile import load

rule_sets = st.builds(
    RuleSet,
    double_play=st.sampled_from(["doubles", "off"]),
    blank_double_when=st.sampled_from(["always", "alone"]),
    open_threshold=st.sampled_from([0, 13, 25]),
    open_mode=st.sampled_from(["discard", "carry"]),
    fish_scoring=st.sampled_from(["own_pips", "lowest_exempt", "all_to_loser"]),
    next_leader=st.sampled_from(["winner_any_tile", "highest_double", "fish_closer"]),
    first_lead=st.sampled_from(["highest_double", "one_one", "lowest_double"]),
    target=st.integers(1, 60),
    redeal=st.sampled_from(["off", "bad_hand"]),
)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**48),
    players=st.integers(2, 4),
    rules=rule_sets,
    pairs=st.booleans(),
    stop=st.none() | st.integers(2, 80),
)
def test_save_then_load_round_trips(
    seed: int, players: int, rules: RuleSet, pairs: bool, stop: int | None
) -> None:
    if pairs and players == 4:
        rules = rules.model_copy(update={"teams": "pairs"})
    with tempfile.TemporaryDirectory() as tmp:
        with Session.create(bot_seats(players), rules, seed, Path(tmp), sync=False) as s:
            play_out(s, max_events=stop)
            live = s.game
        loaded = load(s.path)
        assert loaded.events == list(live.events)
        a, b = loaded.state, live.state
        assert (a.seq, a.phase, a.round_no, a.sheets, a.records, a.chain, a.history) == (
            b.seq,
            b.phase,
            b.round_no,
            b.sheets,
            b.records,
            b.chain,
            b.history,
        )
        assert (a.round is None) == (b.round is None)
        if a.round is not None and b.round is not None:
            assert a.round.key() == b.round.key()
        with Session.open(s.path) as again:  # and it can be resumed where it stopped
            play_out(again, max_events=len(again.game.events) + 5)
        assert load(s.path).events[: len(live.events)] == list(live.events)
