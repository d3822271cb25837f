"""The house rules of issue 29: who leads round 1 (``first_lead``), a fish's points all to
the side holding the most (``fish_scoring=all_to_loser``) and the fish's maker leading
after it (``next_leader=fish_closer``), each through the fold and its replay checks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.deals import mask, new_game
from support.paths import DATA

from koza.core import engine
from koza.core.events import RoundDealt, RoundScored
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.scoring import Sheets, score_round
from koza.core.state import ReplayError, replay
from koza.core.tiles import DOUBLE_OF, HALVES, N_TILES, parse_tile
from koza.storage.savefile import load

FIRST_LEADS = ["highest_double", "one_one", "lowest_double"]


def named_tile(first_lead: str, dealt: set[int]) -> int:
    """The tile the rule book's words name to open a deal of ``dealt`` tiles."""
    doubles = [DOUBLE_OF[n] for n in range(7) if DOUBLE_OF[n] in dealt]
    plain = sorted((t for t in dealt if t not in doubles), key=HALVES.__getitem__)
    if first_lead == "one_one" and DOUBLE_OF[1] in dealt:
        return DOUBLE_OF[1]
    if first_lead == "lowest_double":
        raised = [d for d in doubles if d != DOUBLE_OF[0]]
        return raised[0] if raised else plain[-1]
    return doubles[-1] if doubles else plain[-1]


@settings(max_examples=300, deadline=None)
@given(
    first_lead=st.sampled_from(FIRST_LEADS),
    players=st.integers(2, 4),
    seven=st.booleans(),
    seed=st.integers(0, 2**40),
)
def test_the_first_leader_always_holds_the_tile_the_option_names(
    first_lead: str, players: int, seven: bool, seed: int
) -> None:
    rules = RuleSet(first_lead=first_lead, hand_size="seven" if seven else "by_players")
    game = Game.new([f"p{i}" for i in range(players)], rules, seed=seed)
    st_ = game.state
    r = st_.round
    assert r is not None
    dealt = {t for t in range(N_TILES) if any(h >> t & 1 for h in r.hands)}
    want = named_tile(first_lead, dealt)
    assert r.opening == want and r.hands[r.leader] >> want & 1
    assert r.opening != DOUBLE_OF[0] or first_lead != "lowest_double"
    assert [(c.tile, c.end) for c in game.legal_moves()] == [(want, "open")]


@pytest.mark.parametrize(
    ("first_lead", "hands", "leader", "tile"),
    [
        ("highest_double", ["1-1 6-5", "4-4 3-0"], 1, "4-4"),
        ("one_one", ["1-1 6-5", "4-4 3-0"], 0, "1-1"),
        ("one_one", ["2-2 6-5", "4-4 3-0"], 1, "4-4"),
        ("lowest_double", ["6-6 2-2", "3-3 0-0"], 0, "2-2"),
        ("lowest_double", ["0-0 6-5", "6-4 3-1"], 0, "6-5"),  # 0-0 never opens
        ("lowest_double", ["5-4 2-1", "6-3 1-0"], 1, "6-3"),
    ],
)
def test_first_opening_examples(first_lead: str, hands: list[str], leader: int, tile: str) -> None:
    assert engine.first_opening([mask(h) for h in hands], first_lead) == (leader, parse_tile(tile))


def test_every_round_follows_first_lead_under_next_leader_highest_double() -> None:
    rules = RuleSet(first_lead="lowest_double", next_leader="highest_double")
    game = play_out(Game.new(["a", "b", "c"], rules, seed=5), random.Random(5))
    deals = [e for e in game.events if isinstance(e, RoundDealt)]
    assert len(deals) > 2
    for ev in deals:
        hands, _ = engine.split_deal(ev.shuffle, 3, 5)
        dealt = {t for t in range(N_TILES) if any(h >> t & 1 for h in hands)}
        assert ev.opening == named_tile("lowest_double", dealt)


# --- a fish's points all to the side with the most ---------------------------------------------


def recorded(rules: RuleSet, hands: list[str], out: int = -1) -> tuple[int, ...]:
    sides = 2 if rules.teams == "pairs" else len(hands)
    masks = [mask(h) for h in hands]
    return score_round(rules, masks, out, Sheets.start(sides, rules)).recorded


ALL_TO_LOSER = RuleSet(fish_scoring="all_to_loser", open_threshold=0)


def test_all_to_loser_the_most_pips_record_every_hand() -> None:
    assert recorded(ALL_TO_LOSER, ["4-1", "6-3", "3-2"]) == (0, 19, 0)  # 5 + 9 + 5


def test_all_to_loser_counts_the_blank_double_bonus() -> None:
    assert recorded(ALL_TO_LOSER, ["0-0", "6-3"]) == (34, 0)  # 0-0 counts 25


def test_all_to_loser_a_tie_for_the_most_records_nothing() -> None:
    assert recorded(ALL_TO_LOSER, ["4-1", "6-3", "5-4"]) == (0, 0, 0)
    assert recorded(ALL_TO_LOSER, ["6-3", "5-4"]) == (0, 0)


def test_all_to_loser_is_only_for_a_fish() -> None:
    assert recorded(ALL_TO_LOSER, ["", "1-0", "6-3"], out=0) == (0, 1, 9)


def test_all_to_loser_in_pairs_counts_sides() -> None:
    pairs = ALL_TO_LOSER.model_copy(update={"teams": "pairs"})
    # sides: 3 + 4 = 7 against 10 + 5 = 15: side 1 records 22
    assert recorded(pairs, ["2-1", "6-4", "4-0", "5-0"]) == (0, 22)
    # 6 + 6 = 12 against 11 + 1 = 12: a tie
    assert recorded(pairs, ["3-3", "6-5", "6-0", "1-0"]) == (0, 0)


def test_all_to_loser_still_passes_the_opening_threshold() -> None:
    rules = RuleSet(fish_scoring="all_to_loser")  # opens at 13
    assert recorded(rules, ["2-0", "3-2", "4-1"]) == (0, 0, 0)  # 5 and 5: a tie
    assert recorded(rules, ["2-0", "3-1", "4-1"]) == (0, 0, 0)  # seat 2: 2 + 4 + 5 = 11 < 13
    assert recorded(rules, ["2-0", "3-1", "6-1"]) == (0, 0, 13)


# --- the fish's maker leads -------------------------------------------------------------------


def play_out(game: Game, rng: random.Random) -> Game:
    """Random legal moves until the game is over."""
    while not game.is_over:
        if game.state.phase == "round_over":
            game.next_round()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


def fish_then_deal(events: tuple) -> list[tuple[int, RoundScored, RoundDealt]]:
    """Per fish followed by a deal: the seat of the fish's last move, its score, the deal."""
    found = []
    for i, ev in enumerate(events):
        if isinstance(ev, RoundScored) and ev.outcome == "fish":
            closer = events[i - 1].seat
            deal = next((e for e in events[i:] if isinstance(e, RoundDealt)), None)
            if deal is not None:
                found.append((closer, ev, deal))
    return found


def test_fish_closer_leads_after_a_fish_and_the_winner_after_going_out() -> None:
    rules = RuleSet(next_leader="fish_closer", target=150)
    differs = 0
    for seed in range(12):
        game = play_out(Game.new(["a", "b", "c", "d"], rules, seed=seed), random.Random(seed))
        for closer, scored, deal in fish_then_deal(game.events):
            assert (deal.leader, deal.opening) == (closer, None)
            fewest = min(scored.hand_points)
            differs += scored.hand_points[closer] != fewest
        outs = [
            (ev.out_seat, next(e for e in game.events[i:] if isinstance(e, RoundDealt)).leader)
            for i, ev in enumerate(game.events)
            if isinstance(ev, RoundScored) and ev.outcome == "out" and i + 2 < len(game.events)
        ]
        assert all(out == leader for out, leader in outs)
    assert differs > 0, "some fish was made by a player without the fewest points"


def tampered(events: tuple, index: int, **fields: object) -> list:
    return [e.model_copy(update=fields) if i == index else e for i, e in enumerate(events)]


def test_replay_refuses_a_wrong_leader_after_a_fish() -> None:
    rules = RuleSet(next_leader="fish_closer", target=150)
    for seed in range(40):
        game = play_out(Game.new(["a", "b", "c", "d"], rules, seed=seed), random.Random(seed))
        found = fish_then_deal(game.events)
        if found:
            break
    closer, _, deal = found[0]
    assert replay(game.events) == game.state
    index = game.events.index(deal)
    with pytest.raises(ReplayError, match="to lead, but the rules give"):
        replay(tampered(game.events, index, leader=(closer + 1) % 4))


def test_replay_refuses_a_round_one_leader_the_option_does_not_name() -> None:
    game = Game.new(["a", "b", "c"], RuleSet(first_lead="lowest_double"), seed=3)
    deal = game.events[1]
    assert isinstance(deal, RoundDealt)
    hands, _ = engine.split_deal(deal.shuffle, 3, 5)
    seat, tile = engine.highest_opening(hands)
    assert tile != deal.opening  # seed 3 deals more than one double
    with pytest.raises(ReplayError, match="to lead, but the rules give"):
        replay(tampered(game.events, 1, leader=seat, opening=tile))


def test_a_save_made_before_the_options_loads_with_the_defaults(tmp_path: Path) -> None:
    old = DATA / "schema1-3p-default.koza.jsonl"
    created = json.loads(old.read_text(encoding="utf-8").splitlines()[1])
    assert "first_lead" not in created["rules"]
    state = load(old).state
    assert (state.rules.first_lead, state.rules.fish_scoring, state.rules.next_leader) == (
        "highest_double",
        "own_pips",
        "winner_any_tile",
    )


def test_new_options_are_written_in_the_game_created_event() -> None:
    rules = RuleSet(first_lead="one_one", fish_scoring="all_to_loser", next_leader="fish_closer")
    game = new_game(2, rules)
    saved = json.loads(game.events[0].model_dump_json())["rules"]
    assert saved["first_lead"] == "one_one" and saved["fish_scoring"] == "all_to_loser"
    assert saved["next_leader"] == "fish_closer"


def test_koza_verify_checks_the_leader_a_house_rule_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.saves import bot_seats, edit_event, first_line, play_out

    from koza.cli.main import main
    from koza.play.session import Session

    rules = RuleSet(first_lead="one_one", next_leader="fish_closer")
    with Session.create(bot_seats(3), rules, 11, tmp_path, sync=False) as s:
        play_out(s)
        path = s.path
    assert main(["verify", str(path)]) == 0
    assert "deals match seed 11" in capsys.readouterr().out
    lineno, dealt = first_line(path, "round_dealt")
    hands, _ = engine.split_deal([parse_tile(t) for t in dealt["shuffle"]], 3, 5)
    seat, tile = engine.highest_opening(hands)  # the default's leader, not this rule's
    assert (seat, tile) != (dealt["leader"], parse_tile(str(dealt["opening"])))
    edit_event(path, lineno, leader=seat, opening=f"{HALVES[tile][0]}-{HALVES[tile][1]}")
    assert main(["verify", str(path)]) == 1
    assert "to lead, but the rules give" in capsys.readouterr().err
