"""The fold: replay equals live play, tampered events are caught, cut-short saves resume."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

import pytest
from support.deals import new_game, random_game, tiles

from koza.core.events import (
    DealVoided,
    Event,
    GameCreated,
    GameOver,
    RoundDealt,
    RoundScored,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.game import Game
from koza.core.rules import RuleError, RuleSet
from koza.core.scoring import Sheets
from koza.core.state import (
    GameState,
    ReplayError,
    RoundRecord,
    apply_event,
    expected_leader,
    replay,
)
from koza.core.tiles import tile_name


@cache
def events(seed: int = 11, players: int = 4) -> tuple[Event, ...]:
    return random_game(seed, players).events


def with_changed(evs: tuple[Event, ...], index: int, **update: Any) -> list[Event]:
    out = list(evs)
    out[index] = out[index].model_copy(update=update)
    return out


def find(evs: tuple[Event, ...], kind: type, start: int = 0) -> int:
    return next(i for i in range(start, len(evs)) if isinstance(evs[i], kind))


def refused(evs: list[Event], match: str) -> None:
    with pytest.raises(ReplayError, match=match):
        replay(evs)


def test_replay_equals_live_play() -> None:
    for seed in range(5):
        game = random_game(seed, 2 + seed % 3)
        assert replay(game.events) == game.state
        assert Game.from_events(game.events).state == game.state


def test_apply_event_never_changes_the_old_state() -> None:
    evs = events()
    state = replay(evs[:5])
    snapshot = dataclasses.astuple(state)
    hands = list(state.round.hands)  # type: ignore[union-attr]
    apply_event(state, evs[5])
    assert dataclasses.astuple(state) == snapshot and state.round.hands == hands  # type: ignore[union-attr]


# --- tampering -----------------------------------------------------------------------------


def test_wrong_seq() -> None:
    refused(with_changed(events(), 5, seq=6), "^event seq 6 where 5 was due$")


def test_first_event_must_be_game_created() -> None:
    refused(list(events()[1:]), "^a game must start with game_created, not round_dealt$")
    again = events()[0].model_copy(update={"seq": 3})
    refused([*events()[:3], again], "^game_created can only be the first event$")


def test_move_out_of_turn() -> None:
    evs = events()
    i = find(evs, TilePlayed, 3)
    seat = evs[i].seat  # type: ignore[attr-defined]
    refused(with_changed(evs, i, seat=(seat + 1) % 4), "moved out of turn")


def test_illegal_move() -> None:
    evs = events()
    i = find(evs, TilePlayed, 3)
    state = replay(evs[:i])
    ev = evs[i]
    assert isinstance(ev, TilePlayed)
    other = next(t for t in range(28) if not state.hand(ev.seat) >> t & 1)
    refused(
        with_changed(evs, i, tile=other),
        f"^seat {ev.seat}: {tile_name(other)} is not in seat {ev.seat}'s hand$",
    )


def test_wrong_drawn_tile() -> None:
    evs = events()
    i = find(evs, TileDrawn)
    ev = evs[i]
    assert isinstance(ev, TileDrawn)
    wrong = (ev.tile + 1) % 28
    refused(
        with_changed(evs, i, tile=wrong),
        f"drew {tile_name(wrong)}, but the next bazaar tile is {tile_name(ev.tile)}$",
    )


def test_duplicate_tile_in_a_shuffle() -> None:
    evs = events()
    shuffle = list(evs[1].shuffle)  # type: ignore[attr-defined]
    shuffle[3] = shuffle[4]
    refused(
        with_changed(evs, 1, shuffle=tuple(shuffle)),
        f"shuffle of round 1 is not a full set: {tile_name(shuffle[4])} appears twice",
    )


def test_wrong_leader() -> None:
    evs = events()
    ev = evs[1]
    assert isinstance(ev, RoundDealt)
    refused(
        with_changed(evs, 1, leader=(ev.leader + 1) % 4),
        f"but the rules give seat {ev.leader} opening with",
    )
    refused(with_changed(evs, 1, opening=None), "round 1 names seat .* to lead, but the rules")


def test_wrong_scores() -> None:
    evs = events()
    i = find(evs, RoundScored)
    ev = evs[i]
    assert isinstance(ev, RoundScored)
    bad = (ev.recorded[0] + 1, *ev.recorded[1:])
    refused(with_changed(evs, i, recorded=bad), re.escape(f"scored with recorded={bad!r}, but"))
    refused(with_changed(evs, i, outcome="fish" if ev.outcome == "out" else "out"), "outcome=")


def test_scored_before_the_round_ended() -> None:
    evs = events()
    i = find(evs, RoundScored)
    refused([*evs[: i - 1], evs[i].model_copy(update={"seq": i - 1})], "scored before it ended")


def test_move_after_the_round_ended() -> None:
    evs = events()
    i = find(evs, RoundScored)
    extra = TurnPassed(seq=i, seat=0)
    refused([*evs[:i], extra], "moved after round 1 had ended$")


def test_wrong_game_over() -> None:
    evs = events()
    end = evs[-1]
    assert isinstance(end, GameOver)
    refused(with_changed(evs, len(evs) - 1, goats=(9,)), "^the game over names goats \\(9,\\)")
    refused(with_changed(evs, len(evs) - 1, totals=(0, 0, 0, 0)), "the game ended with totals")
    i = find(evs, RoundScored)
    early = GameOver(seq=i + 1, goats=(0,), ranking=(1, 2, 3), totals=(0, 0, 0, 0))
    refused([*evs[: i + 1], early], "declared over before any score reached the target")


def test_no_round_after_the_target_is_reached() -> None:
    evs = events()
    game_over_dropped = list(evs[:-1])
    deal = evs[1].model_copy(update={"seq": len(evs) - 1, "round": 99})
    refused([*game_over_dropped, deal], "dealt after a score reached the target")
    refused([*evs, TurnPassed(seq=len(evs), seat=0)], "^turn_passed after the game was over$")


@cache
def bad_deal_events() -> tuple[Event, ...]:
    """Created, round 1 dealt with five doubles for seat 1, voided, dealt again."""
    game = new_game(3, RuleSet(redeal="bad_hand"))
    bad = tiles("6-5 6-4 6-3 6-2 6-1 6-6 5-5 4-4 3-3 2-2")
    game.next_round(bad + [t for t in range(28) if t not in bad])
    assert [type(e) for e in game.events[1:4]] == [RoundDealt, DealVoided, RoundDealt]
    return game.events


def test_a_bad_deal_must_be_voided_and_only_a_bad_one() -> None:
    evs = bad_deal_events()
    dealt = evs[1]
    assert isinstance(dealt, RoundDealt) and dealt.opening is not None
    play = TilePlayed(seq=2, seat=dealt.leader, tile=dealt.opening, end="open")
    refused([*evs[:2], play], "^round 1 was played, but its deal had to be voided$")
    refused(
        with_changed(evs, 2, seat=2),
        "^seat 2's deal in round 1 was voided, but seat 1's hand is the first bad one$",
    )
    good = evs[3].model_copy(update={"seq": 1})
    refused([evs[0], good, DealVoided(seq=2, round=1, seat=0)], "but no hand is bad$")
    refused([evs[0], good, DealVoided(seq=2, round=1, seat=3)], "but no hand is bad$")


def test_voids_need_the_rule() -> None:
    evs = events()
    refused([*evs[:2], DealVoided(seq=2, round=1, seat=0)], "redeals are off in these rules")


# --- cut-short saves are completed ---------------------------------------------------------


def _plain(evs: list[Event] | tuple[Event, ...]) -> list[dict[str, Any]]:
    return [e.model_dump(exclude={"at"}) for e in evs]


@pytest.mark.parametrize("kind", [RoundScored, GameOver])
def test_a_save_cut_before_the_score_is_completed(kind: type) -> None:
    evs = events()
    i = find(evs, kind) if kind is RoundScored else len(evs) - 1
    written: list[Event] = []
    game = Game(replay(evs[:i]), evs[:i], written.append)
    want = (
        evs[i : i + 2]
        if kind is RoundScored and isinstance(evs[i + 1], GameOver)
        else evs[i : i + 1]
    )
    assert _plain(written) == _plain(want)
    assert game.state.phase in ("round_over", "game_over")


@pytest.mark.parametrize("cut", [2, 3])
def test_a_save_cut_in_a_redeal_is_completed(cut: int) -> None:
    evs = bad_deal_events()
    written: list[Event] = []
    resumed = Game(replay(evs[:cut]), evs[:cut], written.append)
    assert _plain(resumed.events) == _plain(evs) and _plain(written) == _plain(evs[cut:])


# --- leaders of later rounds ------------------------------------------------------------------


def _after(record: RoundRecord, rules: RuleSet | None = None) -> GameState:
    created = GameCreated(
        seq=0,
        game_id="t",
        rules=rules or RuleSet(),
        seats=new_game(4).state.seats,
    )
    state = apply_event(None, created)
    return dataclasses.replace(
        state, records=(record,), round_no=1, sheets=Sheets.start(4, created.rules)
    )


def _record(outcome: str, out: int | None, points: tuple[int, ...], leader: int) -> RoundRecord:
    return RoundRecord(1, outcome, out, points, (0,) * 4, (0,) * 4, (False,) * 4, leader)


def test_the_player_who_went_out_leads_with_any_tile() -> None:
    state = _after(_record("out", 2, (5, 3, 0, 9), 0))
    assert expected_leader(state, [1, 2, 4, 8]) == (2, -1)


def test_after_a_fish_fewest_points_lead_ties_after_the_previous_leader() -> None:
    state = _after(_record("fish", None, (3, 3, 9, 9), 1))
    assert expected_leader(state, [1, 2, 4, 8]) == (0, -1)  # after seat 1: 2, 3, then 0
    # the same after a voided redeal (the round in the state is gone)
    voided = dataclasses.replace(state, round=None, phase="playing", round_no=2)
    assert expected_leader(voided, [1, 2, 4, 8]) == (0, -1)


def test_highest_double_leads_every_round_under_next_leader_highest_double() -> None:
    state = _after(_record("out", 2, (5, 3, 0, 9), 0), RuleSet(next_leader="highest_double"))
    hands = [1 << 5, 1 << 9, 1 << 2, 1 << 26]  # 2-2, 3-3, 1-1, 6-5
    assert expected_leader(state, hands) == (1, 9)


# --- the RULES.md worked example through the fold ---------------------------------------------


def test_rule_book_worked_example_through_the_fold() -> None:
    from support.deals import position

    state = new_game(2).state

    def finished(hands: list[str], out: int) -> GameState:
        r = position(hands, ends=(6, 6))
        r.over, r.out_seat = True, out
        return dataclasses.replace(
            state, phase="playing", round=r, round_no=state.round_no + 1, seq=state.seq + 1
        )

    def scored(
        outcome: str, out: int | None, points: tuple, recorded: tuple, totals: tuple, opened: tuple
    ) -> RoundScored:
        return RoundScored(
            seq=state.seq + 1,
            round=state.round_no,
            outcome=outcome,  # type: ignore[arg-type]
            out_seat=out,
            hand_points=points,
            recorded=recorded,
            totals=totals,
            opened=opened,
        )

    # Round 1: A (seat 0) went out; B holds 6-5 0-0 = 11 + 25 = 36, records 36 and opens.
    state = finished(["", "6-5 0-0"], 0)
    state = apply_event(state, scored("out", 0, (0, 36), (0, 36), (0, 36), (False, True)))
    # Round 2: B went out; A holds 2-1 3-0 = 6, closed: nothing recorded.
    state = finished(["2-1 3-0", ""], 1)
    wrong = scored("out", 1, (6, 0), (6, 0), (6, 36), (True, False))
    with pytest.raises(ReplayError, match="recorded=\\(6, 0\\), but the rules give \\(0, 0\\)"):
        apply_event(state, wrong)
    state = apply_event(state, scored("out", 1, (6, 0), (0, 0), (0, 36), (False, False)))
    # Round 3, a fish: A holds 1-0 (closed, 1 < 13), B holds 4-3 (open): B has 43.
    state = finished(["1-0", "4-3"], -1)
    state = apply_event(state, scored("fish", None, (1, 7), (0, 7), (0, 43), (False, False)))
    assert state.sheets.totals == (0, 43) and state.sheets.opened == (False, True)
    assert [r.recorded for r in state.records] == [(0, 36), (0, 0), (0, 7)]


def test_more_out_of_place_events() -> None:
    evs = events()
    created, dealt = evs[0], evs[1]
    assert isinstance(created, GameCreated) and isinstance(dealt, RoundDealt)
    refused([created.model_copy(update={"seq": 1})], "^the first event must have seq 0, not 1$")
    pairs3 = created.model_copy(
        update={"rules": RuleSet(teams="pairs"), "seats": created.seats[:3]}
    )
    refused([pairs3], "^teams=pairs needs exactly 4 players$")
    refused([created, dealt, dealt.model_copy(update={"seq": 2})], "dealt while round 1 was in")
    refused([created, dealt.model_copy(update={"round": 2})], "round 2 was dealt where round 1")
    refused([created, TurnPassed(seq=1, seat=0)], "^seat 0 moved while no round was in play$")
    i = find(evs, RoundScored)
    void = DealVoided(seq=i + 1, round=1, seat=0)
    rules = created.rules.model_copy(update={"redeal": "bad_hand"})
    with pytest.raises(ReplayError, match="round 1 was voided, but it is not a fresh deal"):
        state = dataclasses.replace(replay(evs[: i + 1]), rules=rules)
        apply_event(state, void)


def test_a_new_game_checks_its_seats_once_and_a_replay_still_checks_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = RuleSet.check_players

    def counted(self: RuleSet, n_players: int) -> None:
        calls.append(n_players)
        real(self, n_players)

    monkeypatch.setattr(RuleSet, "check_players", counted)
    game = Game.new(["a", "b", "c"], seed=1)
    assert calls == [3]
    with pytest.raises(RuleError, match="teams=pairs needs exactly 4 players"):
        Game.new(["a", "b", "c"], RuleSet(teams="pairs"), seed=1)
    created = game.events[0]
    assert isinstance(created, GameCreated)
    tampered = created.model_copy(update={"rules": RuleSet(teams="pairs")})
    with pytest.raises(ReplayError, match="teams=pairs needs exactly 4 players"):
        replay([tampered])
