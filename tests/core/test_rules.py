"""The rule set, the deal, the leader, and every illegal command's message (via ``Game``)."""

from __future__ import annotations

import pytest
from support.deals import dealt, mask, new_game, tiles

from koza.core.commands import Draw, Pass, Play, PlayDoubles
from koza.core.events import DealVoided, RoundDealt, TileDrawn
from koza.core.game import IllegalMoveError
from koza.core.rules import RuleError, RuleSet
from koza.core.state import Placed
from koza.core.tiles import parse_tile

T = parse_tile


# --- the rule set -------------------------------------------------------------------


def test_defaults_are_the_rule_books() -> None:
    r = RuleSet()
    assert (r.hand_size, r.double_play, r.blank_double_points, r.blank_double_when) == (
        "by_players",
        "doubles",
        25,
        "always",
    )
    assert (r.open_threshold, r.open_mode, r.fish_scoring, r.next_leader) == (
        13,
        "discard",
        "own_pips",
        "winner_any_tile",
    )
    assert (r.target, r.teams, r.redeal) == (101, "off", "off")
    assert r.changed() == {}


def test_from_pairs_reads_every_option() -> None:
    r = RuleSet.from_pairs(
        [
            "hand_size=seven",
            "double_play=off",
            "blank_double_points=50",
            "blank_double_when=alone",
            "open_threshold=0",
            "open_mode=carry",
            "fish_scoring=lowest_exempt",
            "next_leader=highest_double",
            "target=51",
            "teams=pairs",
            "redeal=bad_hand",
        ]
    )
    assert r.blank_double_points == 50 and r.target == 51 and len(r.changed()) == 11


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["colour=red"], "unknown rule option 'colour'"),
        (["target=0"], "bad value '0' for rule target"),
        (["target=1001"], "bad value '1001' for rule target"),
        (["blank_double_points=51"], "bad value '51' for rule blank_double_points"),
        (["open_threshold=-1"], "bad value '-1' for rule open_threshold"),
        (["teams=trios"], "bad value 'trios' for rule teams"),
        (["target"], "rule 'target' should look like KEY=VALUE"),
    ],
)
def test_bad_options_are_one_line_errors(pairs: list[str], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        RuleSet.from_pairs(pairs)


def test_players_and_pairs_are_checked() -> None:
    with pytest.raises(RuleError, match="2, 3 or 4 players, not 5"):
        RuleSet().check_players(5)
    with pytest.raises(RuleError, match="teams=pairs needs exactly 4 players"):
        RuleSet(teams="pairs").check_players(3)


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hand_size", "size", "bazaar"),
    [
        (2, "by_players", 7, 14),
        (3, "by_players", 5, 13),
        (4, "by_players", 5, 8),
        (2, "seven", 7, 14),
        (3, "seven", 7, 7),
        (4, "seven", 7, 0),
    ],
)
def test_deal_sizes(players: int, hand_size: str, size: int, bazaar: int) -> None:
    game = new_game(players, RuleSet(hand_size=hand_size))  # type: ignore[arg-type]
    game.next_round()
    r = game.state.round
    assert r is not None
    assert [h.bit_count() for h in r.hands] == [size] * players and r.bazaar_left == bazaar


def test_round_one_leader_holds_the_highest_double_and_must_open_with_it() -> None:
    # 6-6 is in the bazaar, so 5-5 (seat 1) is the highest double dealt.
    game = dealt(["6-5 6-4 6-3 4-4 2-1 1-0 0-0", "5-5 5-4 3-3 3-2 2-0 1-1 6-0"], bazaar="6-6")
    assert (game.turn, game.state.round.opening) == (1, T("5-5"))  # type: ignore[union-attr]
    assert game.legal_moves() == (Play(T("5-5"), "open"),)
    with pytest.raises(
        IllegalMoveError, match="^3-3 cannot open the round: it must open with 5-5$"
    ):
        game.play(Play(T("3-3"), "open"))
    with pytest.raises(IllegalMoveError, match="^6-5 is not in your hand$"):
        game.play(Play(T("6-5"), "open"))


def test_round_one_without_doubles_the_highest_plain_tile_leads() -> None:
    game = dealt(
        ["6-3 6-2 6-1 6-0 5-4 5-3 5-2", "6-4 5-1 5-0 4-3 4-2 4-1 4-0"],
        bazaar="6-6 5-5 4-4 3-3 2-2 1-1 0-0 6-5",
    )
    assert game.turn == 1 and game.legal_moves() == (Play(T("6-4"), "open"),)


def test_turn_order_is_seat_order() -> None:
    game = dealt(["6-6 1-0 2-0 3-0 4-0", "6-5 1-1 2-1 3-1 4-1", "6-4 2-2 3-2 4-2 5-2"])
    seats = []
    for t, end in (("6-6", "open"), ("6-5", "left"), ("6-4", "right")):
        seats.append(game.turn)
        game.play(Play(T(t), end))  # type: ignore[arg-type]
    assert seats == [0, 1, 2] and game.turn == 0


# --- illegal commands: what was tried, and why -----------------------------------------------

HANDS = ["6-6 6-1 5-5 5-4 4-4 4-0 2-2", "6-3 3-3 1-1 5-3 4-3 2-1 1-0"]


def test_illegal_play_messages() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    with pytest.raises(IllegalMoveError, match="^the chain is empty: the first tile 6-6 goes"):
        game.play(Play(T("6-6"), "left"))
    game.play(Play(T("6-6"), "open"))
    with pytest.raises(IllegalMoveError, match="^5-3 does not fit either end \\(6, 6\\)$"):
        game.play(Play(T("5-3"), "left"))
    with pytest.raises(IllegalMoveError, match="^6-6 is not in your hand$"):
        game.play(Play(T("6-6"), "left"))
    with pytest.raises(IllegalMoveError, match="^the chain is already open: play 6-3 on"):
        game.play(Play(T("6-3"), "open"))
    with pytest.raises(IllegalMoveError, match="fits \\(6, 6\\): play it instead of drawing$"):
        game.play(Draw())
    with pytest.raises(IllegalMoveError, match="fits \\(6, 6\\): play it instead of passing$"):
        game.play(Pass())
    game.play(Play(T("6-3"), "right"))  # ends (6, 3)
    with pytest.raises(IllegalMoveError, match="^5-5 does not fit either end \\(6, 3\\)$"):
        game.play(Play(T("5-5"), "left"))
    with pytest.raises(
        IllegalMoveError,
        match="^6-1 does not fit the right end \\(3\\): it fits the left end \\(6\\)$",
    ):
        game.play(Play(T("6-1"), "right"))
    with pytest.raises(IllegalMoveError, match="it is not your turn \\(seat 0 is to move\\)"):
        game.play(Play(T("6-1"), "left"), seat=1)


def test_draw_until_a_tile_fits_then_it_must_be_played() -> None:
    game = dealt(HANDS, bazaar="0-0 2-0 6-2 5-0")
    game.play(Play(T("6-6"), "open"))
    game.play(Play(T("6-3"), "left"))  # ends (3, 6)
    game.play(Play(T("6-1"), "right"))  # ends (3, 1)
    game.play(Play(T("3-3"), "left"))  # ends (3, 1)
    # seat 0 holds 5-5 5-4 4-4 4-0 2-2: nothing fits 3 or 1
    with pytest.raises(IllegalMoveError, match="^the bazaar still holds 14 tiles: draw instead"):
        game.play(Pass())
    game.play(Draw())  # 0-0: no fit, kept; seat 0 goes on
    assert game.turn == 0 and game.state.hand(0) & mask("0-0")
    game.play(Draw())  # 2-0: no fit
    game.play(Draw())  # 6-2: no fit either (ends 3, 1)
    game.play(Draw())  # 5-0: no fit
    assert isinstance(game.events[-1], TileDrawn) and game.turn == 0
    assert game.state.round.bazaar_left == 10  # type: ignore[union-attr]


def test_drawn_tile_that_fits_must_be_played() -> None:
    game = dealt(HANDS, bazaar="0-0 3-2")
    game.play(Play(T("6-6"), "open"))
    game.play(Play(T("6-3"), "left"))  # ends (3, 6)
    game.play(Play(T("6-1"), "right"))  # ends (3, 1)
    game.play(Play(T("3-3"), "left"))  # ends (3, 1)
    game.play(Draw())  # 0-0 kept
    game.play(Draw())  # 3-2 fits the left 3
    assert game.legal_moves() == (Play(T("3-2"), "left"),)
    drawn = "the drawn tile 3-2 fits the ends \\(3, 1\\)"  # what was tried, and the open ends
    with pytest.raises(IllegalMoveError, match=f"^0-0 cannot be played now: {drawn} and must be"):
        game.play(Play(T("0-0"), "left"))
    with pytest.raises(IllegalMoveError, match=f"^{drawn}: play it now$"):
        game.play(Draw())
    right = "^3-2 does not fit the right end \\(1\\): it fits the left end \\(3\\)$"
    with pytest.raises(IllegalMoveError, match=right):
        game.play(Play(T("3-2"), "right"))
    game.play(Play(T("3-2"), "left"))
    assert game.turn == 1 and game.state.chain[0] == Placed(T("3-2"), 2, 3)


def test_two_doubles_through_the_game() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    game.play(Play(T("6-6"), "open"))
    game.play(Play(T("6-3"), "left"))
    game.play(Play(T("6-1"), "right"))  # ends (3, 1); seat 1 holds 3-3 and 1-1
    assert PlayDoubles(T("3-3"), T("1-1")) in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="^1-1 and 3-3 are not the doubles of the ends"):
        game.play(PlayDoubles(T("1-1"), T("3-3")))
    with pytest.raises(IllegalMoveError, match="^5-5 is not in your hand$"):
        game.play(PlayDoubles(T("3-3"), T("5-5")))
    game.play(PlayDoubles(T("3-3"), T("1-1")))
    assert [p.tile for p in game.state.chain] == tiles("3-3 6-3 6-6 6-1 1-1")
    assert game.state.chain[0] == Placed(T("3-3"), 3, 3) and game.turn == 0


def test_two_doubles_off() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2", rules=RuleSet(double_play="off"))
    game.play(Play(T("6-6"), "open"))
    game.play(Play(T("6-3"), "left"))
    game.play(Play(T("6-1"), "right"))
    assert all(not isinstance(c, PlayDoubles) for c in game.legal_moves())
    with pytest.raises(IllegalMoveError, match="^two doubles in one turn are off"):
        game.play(PlayDoubles(T("3-3"), T("1-1")))


def test_malformed_commands_are_refused_clearly() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    with pytest.raises(IllegalMoveError, match="^99 is not a tile"):
        game.play(Play(99, "open"))
    with pytest.raises(IllegalMoveError, match="^'middle' is not an end"):
        game.play(Play(T("6-6"), "middle"))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="is not a command"):
        game.play("6-6")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="^the round has not opened yet"):
        game.play(Draw())


def test_no_moves_between_rounds() -> None:
    game = new_game(2)
    with pytest.raises(
        IllegalMoveError, match="no round is in play \\(the game has not started\\)"
    ):
        game.play(Draw())


# --- redeal -------------------------------------------------------------------------------


def test_bad_hand_redeal_voids_the_deal_and_deals_again() -> None:
    rules = RuleSet(redeal="bad_hand")
    game = new_game(3, rules)
    bad = tiles("6-6 5-5 4-4 3-3 2-2")  # five doubles for seat 1
    game.next_round(
        [*tiles("6-5 6-4 6-3 6-2 6-1"), *bad, *tiles("5-4 5-3 5-2 5-1 5-0")]
        + [t for t in range(28) if t not in tiles("6-5 6-4 6-3 6-2 6-1 5-4 5-3 5-2 5-1 5-0") + bad]
    )
    kinds = [type(e) for e in game.events]
    assert kinds[1:4] == [RoundDealt, DealVoided, RoundDealt]
    voided = game.events[2]
    assert isinstance(voided, DealVoided) and (voided.round, voided.seat) == (1, 1)
    assert game.state.round_no == 1 and game.state.phase == "playing"


def test_no_redeal_when_redeal_is_off() -> None:
    game = new_game(3)
    game.next_round(
        tiles("6-5 6-4 6-3 6-2 6-1 6-6 5-5 4-4 3-3 2-2")
        + [t for t in range(28) if t not in tiles("6-5 6-4 6-3 6-2 6-1 6-6 5-5 4-4 3-3 2-2")]
    )
    assert [type(e) for e in game.events[1:]] == [RoundDealt]


# --- the explanations on positions no game above reaches --------------------------------


@pytest.mark.parametrize(
    ("hands", "ends", "bazaar", "move", "message"),
    [
        (
            ["5-5 4-4"],
            (5, 5),
            "",
            (1, T("5-5"), T("4-4")),
            "5-5 and 4-4: both ends show 5, so only one double",
        ),
        (["1-0"], (6, 6), "", (2, -1, -1), "the bazaar is empty: pass instead of drawing"),
        (["1-0"], (6, 6), "2-2", (3, -1, -1), "the bazaar still holds 1 tile: draw instead"),
        (["6-1"], (6, 6), "", (3, -1, -1), "you hold a tile that fits (6, 6): play it instead"),
        (["6-1"], (-1, -1), "", (3, -1, -1), "the round has not opened yet: play the first tile"),
    ],
)
def test_explanations(
    hands: list[str], ends: tuple[int, int], bazaar: str, move: tuple[int, int, int], message: str
) -> None:
    from support.deals import position

    from koza.core.explain import describe_illegal

    r = position(hands, ends=ends, bazaar=bazaar)
    assert describe_illegal(r, move).startswith(message)
    assert describe_illegal(r, move, seat=0).replace("seat 0 holds", "you hold").startswith(message)


def test_explanation_after_the_round_is_over() -> None:
    from support.deals import position

    from koza.core.engine import apply
    from koza.core.explain import describe_illegal

    r = position(["6-1", "2-2"], ends=(6, 5))
    apply(r, (0, T("6-1"), 0))
    assert r.over and describe_illegal(r, (3, -1, -1)) == "the round is over"


def test_cannot_deal_while_a_round_is_in_play() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    with pytest.raises(IllegalMoveError, match="^cannot deal a new round: a round is in play$"):
        game.next_round()
