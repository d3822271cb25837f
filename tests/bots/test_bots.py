"""The bot ladder: registry, legality in every seat count and mode, reproducibility."""

from __future__ import annotations

import math
import random

import pytest
from support.views import made_up_view

from koza.bots import ALL_BOTS, BOT_DESCRIPTIONS, BOT_LEVELS, Bot, decide, make_bot
from koza.bots.montecarlo import MonteCarloBot
from koza.bots.omniscient import OmniscientBot
from koza.bots.rollout import Match, Scoring, rollout_seat, seat_policy_move, utility
from koza.core import engine
from koza.core.commands import Command, LegalMoves, Play
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import PIPS, parse_tile, pips_of, tiles_of
from koza.core.view import SeatView, seat_view


def test_registry_names_every_level_and_hides_the_reference() -> None:
    assert BOT_LEVELS == (
        "random",
        "greedy",
        "expert",
        "montecarlo:fast",
        "montecarlo",
        "montecarlo:strong",
        "reader",
    )
    assert "omniscient" not in BOT_LEVELS
    for name in ALL_BOTS:
        bot = make_bot(name, 1)
        assert bot.name == name
        assert BOT_DESCRIPTIONS[name]
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="level"):
        make_bot("montecarlo:huge")
    with pytest.raises(ValueError, match="no levels"):
        make_bot("greedy:fast")


def _cheap(name: str, seed: int) -> Bot:
    """The bot, with Monte Carlo cut to a few samples so thousands of moves stay quick."""
    if name.startswith("montecarlo"):
        return MonteCarloBot(seed=seed, samples=2)
    return make_bot(name, seed)


@pytest.fixture
def cheap_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert imagining two deals instead of ``DEALS``: every decision still runs the whole
    look-ahead and picks one of its legal moves, at an eighth of the play-outs."""
    import koza.bots.expert as ex

    monkeypatch.setattr(ex, "DEALS", 2)


TABLES = [
    (2, RuleSet(target=40)),
    (3, RuleSet(target=40)),
    (4, RuleSet(target=40)),
    (4, RuleSet(target=40, teams="pairs")),
    (3, RuleSet(target=40, hand_size="seven", redeal="bad_hand", open_mode="carry")),
    (2, RuleSet(target=40, double_play="off", fish_scoring="lowest_exempt")),
    (4, RuleSet(target=40, next_leader="highest_double", blank_double_when="alone")),
]


@pytest.mark.usefixtures("cheap_expert")
@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_no_bot_ever_returns_an_illegal_move(
    players: int, rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    import koza.bots.omniscient as omni

    # the exact search is cheapest when it takes every other seat for greedy (still exact)
    monkeypatch.setattr(omni, "policy_of", lambda spec: "greedy")
    names = [*BOT_LEVELS[:4], "omniscient"]
    rng = random.Random(players * 31 + len(rules.changed()))
    moves = 0
    for g in range(40):
        seats = [names[(g + i) % len(names)] for i in range(players)]
        rng.shuffle(seats)
        bots = [_cheap(s, g * 10 + i) for i, s in enumerate(seats)]
        game = Game.new([f"p{i}" for i in range(players)], rules, seed=g)
        while not game.is_over:
            st = game.state
            if st.phase == "round_over":
                game.next_round()
                continue
            seat = st.turn
            cmd = decide(bots[seat], st, seat)
            assert cmd in st.legal_moves(), (seats[seat], cmd)
            game.play(cmd, seat)
            moves += 1
    assert moves > 1000


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "montecarlo:fast", "omniscient"])
def test_bots_are_reproducible_given_a_seed(name: str) -> None:
    def play(seed: int) -> list[Command]:
        game = Game.new(["a", "b", "c"], seed=11)
        bots = [make_bot(name, seed + i) for i in range(3)]
        out = []
        while game.state.phase == "playing":
            st = game.state
            cmd = decide(bots[st.turn], st, st.turn)
            out.append(cmd)
            game.play(cmd)
        return out

    assert play(5) == play(5)


def test_random_picks_the_same_from_its_legal_moves_as_from_its_view() -> None:
    """``decide`` spares the random bot its view; its picks stay those the view gave."""
    game = Game.new(["a", "b", "c", "d"], seed=3)
    by_view, by_legal = make_bot("random", 9), make_bot("random", 9)
    moves = 0
    while game.state.phase != "game_over" and moves < 400:
        st = game.state
        if st.phase == "round_over":
            game.next_round()
            continue
        view = seat_view(st, st.turn)
        cmd = decide(by_legal, st, st.turn)
        assert cmd == by_view.choose(view) and cmd in view.legal
        game.play(cmd)
        moves += 1
    assert moves == 400 or game.state.phase == "game_over"


def test_a_bot_asked_for_a_seat_not_to_move_still_gets_that_seats_view() -> None:
    game = Game.new(["a", "b"], seed=1)
    seen: list[SeatView] = []

    class Recorder:
        name = "recorder"
        needs_only_legal = True

        def choose(self, view: SeatView) -> Command:
            seen.append(view)
            return Play(0, "left")

        def choose_legal(self, legal: LegalMoves) -> Command:
            raise AssertionError("only the seat to move may be handed its legal moves")

    other = 1 - game.turn
    decide(Recorder(), game.state, other)
    assert seen == [seat_view(game.state, other)] and not seen[0].legal


def test_omniscient_needs_the_state_and_says_so() -> None:
    game = Game.new(["a", "b"], seed=1)
    bot = OmniscientBot(1)
    with pytest.raises(TypeError, match="full state"):
        bot.choose(seat_view(game.state, game.turn))
    assert isinstance(decide(bot, game.state, game.turn), Play)


def test_greedy_sheds_the_heaviest_tile_and_counts_the_blank_double() -> None:
    view = made_up_view(["6-5", "5-1", "3-0"], 5, 3)
    assert make_bot("greedy", 1).choose(view) == Play(parse_tile("6-5"), "left")
    view = made_up_view(["6-0", "0-0", "4-1"], 0, 4)
    assert make_bot("greedy", 1).choose(view) == Play(parse_tile("0-0"), "left")


def test_expert_drops_the_blank_double_while_a_zero_end_is_open() -> None:
    view = made_up_view(["6-0", "0-0", "4-1", "5-5"], 0, 4)
    assert make_bot("expert", 1).choose(view) == Play(parse_tile("0-0"), "left")


def _first_move_of_seat_0(block: float, seed: int) -> engine.Move:
    """The first move seat 0 makes in a rollout from a fixed position (ends 5 and 6)."""

    def hand(names: list[str]) -> int:
        return sum(1 << parse_tile(t) for t in names)

    r = engine.Round(
        [hand(["5-4", "6-3", "2-2"]), hand(["3-0", "1-1"]), hand(["2-1", "1-0"])], (), 0
    )
    r.left, r.right = 5, 6
    sc = Scoring.of(RuleSet(), 3)
    rng = random.Random(seed)
    first = seat_policy_move(r, sc, rng, 0.1, 0, 0.0, block)  # seat 0 moves first
    stepped = r.copy()
    engine.apply(stepped, first)
    rollout_seat(stepped, sc, rng, 0.1, 0, 0.0, block)
    whole = r.copy()  # the rollout makes that same first move: it ends the same way
    rollout_seat(whole, sc, random.Random(seed), 0.1, 0, 0.0, block)
    assert whole.over and whole == stepped
    return first


def test_rollout_seat_avoids_ends_the_next_seat_can_follow() -> None:
    # 5-4 and 6-3 weigh the same; after 6-3 the next seat could follow the 3 with 3-0
    five_four = (engine.PLAY, parse_tile("5-4"), engine.LEFT)
    firsts = [_first_move_of_seat_0(3.0, seed) for seed in range(20)]
    assert firsts == [five_four] * 20
    plain = {_first_move_of_seat_0(0.0, seed) for seed in range(20)}
    assert plain == {five_four, (engine.PLAY, parse_tile("6-3"), engine.RIGHT)}


def test_pips_table_matches_the_plain_count() -> None:
    rng = random.Random(1)
    for _ in range(500):
        m = rng.getrandbits(28)
        assert pips_of(m) == sum(PIPS[t] for t in tiles_of(m))


def test_utility_knows_the_opening_threshold_and_the_goat() -> None:
    sc = Scoring.of(RuleSet(), 3)
    closed = Match(0, (0, 0, 0), (False, False, False), (0, 0, 0))
    hand_12 = 1 << parse_tile("6-6")  # 12 points: under 13, discarded on a closed sheet
    hand_13 = (1 << parse_tile("6-6")) | (1 << parse_tile("1-0"))
    assert utility(sc, closed, [hand_12, 0, 1 << 5], 1) == 0.0
    assert utility(sc, closed, [hand_13, 0, 1 << 5], 1) == -13.0
    near = Match(0, (95, 10, 10), (True, True, True), (0, 0, 0))
    assert utility(sc, near, [hand_12, 0, 1 << 5], 1) == -12.0 - 100.0
    rival = Match(0, (10, 95, 10), (True, True, True), (0, 0, 0))
    assert utility(sc, rival, [0, hand_12, 1 << 5], 0) == 100.0
    assert utility(sc, Match(0, (0,) * 3, (True,) * 3, (0,) * 3), [1, 0, 2], 1) == -25.0


def _short_games(names: list[str], per_table: int, seed: int) -> int:
    """One-round games (target 1, no threshold) on every table, seats drawn from ``names``;
    every move a bot makes is checked against the legal moves.  Returns the games played."""
    rng = random.Random(seed)
    games = 0
    for players, rules in TABLES:
        short = rules.model_copy(update={"target": 1, "open_threshold": 0})
        for g in range(per_table):
            seats = [rng.choice(names) for _ in range(players)]
            bots = [_cheap(s, g * 10 + i) for i, s in enumerate(seats)]
            game = Game.new([f"p{i}" for i in range(players)], short, seed=10_000 + g)
            while not game.is_over:
                st = game.state
                if st.phase == "round_over":
                    game.next_round()
                    continue
                cmd = decide(bots[st.turn], st, st.turn)
                assert cmd in st.legal_moves(), (seats[st.turn], cmd)
                game.play(cmd)
            games += 1
    return games


@pytest.mark.usefixtures("cheap_expert")
def test_thousands_of_short_games_without_an_illegal_move() -> None:
    """Over 3,000 one-round games, every table, every bot a player can meet."""
    assert _short_games(list(BOT_LEVELS[:4]), 440, 77) >= 3000


@pytest.mark.usefixtures("cheap_expert")
def test_the_exact_reference_never_makes_an_illegal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The omniscient reference at every table too (an exact search: fewer games, each dearer)."""
    import koza.bots.omniscient as omni

    # the exact search is cheapest when it takes every other seat for greedy (still exact)
    monkeypatch.setattr(omni, "policy_of", lambda spec: "greedy")
    assert _short_games([*BOT_LEVELS[:4], "omniscient"], 40, 78) >= 280


def test_expert_counts_the_tiles_the_next_seat_could_follow_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ends 5 and 6, 5-4 leaves 4|6 (7 unseen tiles fit) and 6-3 leaves 5|3 (11 fit):
    the counting term adds its weight times the chance the next seat (5 tiles, out of 22
    unseen) holds none, and nothing else changes."""
    import koza.bots.expert as ex

    view = made_up_view(["5-4", "6-3", "4-4", "4-2", "4-1", "4-0"], 5, 6)
    a = (engine.PLAY, parse_tile("5-4"), engine.LEFT)
    b = (engine.PLAY, parse_tile("6-3"), engine.RIGHT)

    def gap(weight: float) -> float:
        monkeypatch.setattr(ex, "BLOCK_NEXT", weight)
        ctx = ex._Context(view, ex.infer(view))
        return ctx.score(a) - ctx.score(b)

    p_a = math.comb(22 - 7, 5) / math.comb(22, 5)
    p_b = math.comb(22 - 11, 5) / math.comb(22, 5)
    assert gap(6.0) - gap(0.0) == pytest.approx(6.0 * (p_a - p_b))
    assert p_a > p_b
