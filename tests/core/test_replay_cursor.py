"""The replay cursor against states rebuilt directly from the events."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from support.deals import random_game

from koza.core.events import MOVE_EVENTS, Event, RoundDealt
from koza.core.replay_cursor import ReplayCursor
from koza.core.rules import RuleSet
from koza.core.state import GameState, apply_event, replay


@cache
def game_events(seed: int, players: int = 3, redeal: bool = False) -> tuple[Event, ...]:
    """A whole random game to the goat."""
    rules = RuleSet(redeal="bad_hand") if redeal else RuleSet()
    return random_game(seed, players, rules).events


def direct(events: tuple[Event, ...], index: int) -> GameState:
    return replay(events[: index + 1])


def same(a: GameState, b: GameState) -> bool:
    """States equal in every field (the lean round compared by its key)."""
    ra, rb = a.round, b.round
    rounds_equal = (ra is None and rb is None) or (
        ra is not None and rb is not None and ra.key() == rb.key() and ra.hands == rb.hands
    )
    return (
        rounds_equal
        and (a.seq, a.phase, a.round_no, a.chain, a.history, a.sheets)
        == (
            b.seq,
            b.phase,
            b.round_no,
            b.chain,
            b.history,
            b.sheets,
        )
        and (a.records, a.goats, a.ranking) == (b.records, b.goats, b.ranking)
    )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 5),
    players=st.sampled_from([2, 3, 4]),
    jumps=st.lists(st.floats(0, 1), min_size=1, max_size=8),
    every=st.sampled_from([1, 5, 16]),
)
def test_goto_matches_direct_fold(seed: int, players: int, jumps: list[float], every: int) -> None:
    events = game_events(seed, players)
    cur = ReplayCursor(events, snapshot_every=every)
    for frac in jumps:
        i = int(frac * (len(events) - 1))
        assert same(cur.goto(i), direct(events, i))
        assert cur.index == i
        assert cur.state.seq == events[i].seq


def test_forward_to_end_and_back_to_start() -> None:
    events = game_events(1, 4)
    cur = ReplayCursor(events)
    full = replay(events)
    states = [cur.state]
    while not cur.position().at_end:
        states.append(cur.forward())
    assert len(states) == len(events)
    assert same(cur.state, full)
    assert same(cur.forward(), full)  # stays at the end
    for i in range(len(events) - 1, -1, -1):
        assert cur.index == i
        assert same(cur.state, states[i])
        cur.back()
    assert cur.index == 0 and cur.state.phase == "new"


def test_turns_are_a_seats_run_of_moves() -> None:
    events = game_events(2, 2)
    cur = ReplayCursor(events)
    stops = [0]
    while not cur.position().at_end:
        cur.next_turn()
        stops.append(cur.index)
    assert stops == [0, *[i for i in cur.turn_ends if i > 0]]
    for a, b in zip(stops, stops[1:], strict=False):
        between = events[a + 1 : b + 1]
        if isinstance(between[-1], MOVE_EVENTS):
            seats = {e.seat for e in between}  # type: ignore[union-attr]
            assert len(seats) == 1 and all(isinstance(e, MOVE_EVENTS) for e in between)
        else:
            assert len(between) == 1
    # a turn with draws exists and is one step
    assert any(b - a > 1 for a, b in zip(stops, stops[1:], strict=False))
    for expected in reversed(stops[:-1]):
        cur.prev_turn()
        assert cur.index == expected


def test_prev_turn_from_mid_turn_goes_to_previous_turn_end() -> None:
    events = game_events(2, 2)
    cur = ReplayCursor(events)
    ends = cur.turn_ends
    k = next(k for k in range(1, len(ends)) if ends[k] - ends[k - 1] > 1)
    cur.goto(ends[k] - 1)  # inside a multi-event turn
    cur.prev_turn()
    assert cur.index == ends[k - 1]
    cur.goto(ends[k] - 1)
    cur.next_turn()
    assert cur.index == ends[k]


def test_round_jumps() -> None:
    events = game_events(3, 3)
    cur = ReplayCursor(events)
    deals = [i for i, e in enumerate(events) if isinstance(e, RoundDealt)]
    seen = []
    while True:
        cur.next_round()
        if cur.position().at_end:
            break
        seen.append(cur.index)
        assert cur.state.phase == "playing" and not cur.state.chain
        assert cur.position().move == 0
    assert seen == deals
    cur.goto(deals[2] + 5)
    assert cur.prev_round().round_no == 3 and cur.index == deals[2]
    assert cur.prev_round().round_no == 2
    cur.goto(deals[0])
    cur.prev_round()
    assert cur.index == 0
    cur.end()
    cur.next_round()
    assert cur.position().at_end


def test_redealt_rounds_start_at_the_played_deal() -> None:
    voided = game_events(373, 4, redeal=True)  # seed 373 redeals round 1
    assert any(e.type == "deal_voided" for e in voided)
    cur = ReplayCursor(voided)
    for i in cur.round_starts:
        assert isinstance(voided[i], RoundDealt)
        after = voided[i + 1] if i + 1 < len(voided) else None
        assert after is None or after.type != "deal_voided"
    assert same(cur.end(), replay(voided))


def test_position_counts_moves_of_the_round() -> None:
    events = game_events(4, 4)
    cur = ReplayCursor(events)
    start = cur.position()
    assert (start.index, start.round_no, start.move, start.at_start) == (0, 0, 0, True)
    cur.next_round()
    cur.next_round()  # round 2 dealt
    deal = cur.index
    nxt = next(i for i in range(deal + 1, len(events)) if isinstance(events[i], RoundDealt))
    moves = sum(isinstance(e, MOVE_EVENTS) for e in events[deal:nxt])
    cur.forward()
    p = cur.position()
    assert (p.round_no, p.move, p.moves, p.total) == (2, 1, moves, len(events))
    cur.goto(nxt - 1)  # round 2 scored
    assert cur.position().move == moves


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: GameState | None, ev: Event) -> GameState:
        self.calls += 1
        return apply_event(state, ev)


def test_stepping_back_uses_snapshots() -> None:
    events = game_events(0, 4)
    assert len(events) > 100
    count = Counter()
    cur = ReplayCursor(events, snapshot_every=16, apply=count)
    assert count.calls == len(events)  # one fold to check and snapshot
    cur.end()
    count.calls = 0
    while cur.index > 0:
        before = count.calls
        cur.back()
        assert count.calls - before < 16  # never from the first event
    assert count.calls < len(events) * 8
    count.calls = 0
    cur.goto(len(events) // 2)
    cur.forward()
    assert count.calls <= 16 + 1


def test_round_start_is_a_snapshot() -> None:
    events = game_events(0, 4)
    count = Counter()
    cur = ReplayCursor(events, snapshot_every=10_000, apply=count)
    count.calls = 0
    for i in cur.round_starts:
        cur.goto(i)
    cur.goto(cur.last)
    assert count.calls == 0
