"""Game state as a pure fold of events.

``apply_event(state, event)`` returns a new ``GameState`` and never changes the
old one.  Every event is re-checked against the rules on the way in, so a
tampered or out-of-order event raises ``ReplayError`` with a clear reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

from koza.core import engine
from koza.core.engine import DOUBLES_MOVES, DRAW_MOVE, LEFT, OPEN, PASS_MOVE, PLAY_MOVES, RIGHT
from koza.core.events import (
    DealVoided,
    DoublesPlayed,
    Event,
    GameCreated,
    GameOver,
    RoundDealt,
    RoundScored,
    SeatInfo,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.rules import RuleError, RuleSet
from koza.core.scoring import (
    RoundScore,
    Sheets,
    goats_and_ranking,
    n_sides,
    next_leader_after_fish,
    score_round,
)
from koza.core.tiles import HALVES, N_TILES, OTHER, tile_name

Phase = Literal["new", "playing", "round_over", "game_over"]


class ReplayError(ValueError):
    """An event that cannot follow the state it was applied to."""


class Placed(NamedTuple):
    """A tile on the table as shown from left to right: ``left|right`` numbers."""

    tile: int
    left: int
    right: int


class Action(NamedTuple):
    """One public action of a round.  ``tiles`` holds what was played or drawn.

    ``ends`` are the open ends before the action ((-1, -1) on an empty chain).
    """

    seat: int
    kind: Literal["play", "doubles", "draw", "pass"]
    tiles: tuple[int, ...]
    side: str
    ends: tuple[int, int]


class RoundRecord(NamedTuple):
    """The score sheet line of one finished round."""

    round: int
    outcome: str
    out_seat: int | None
    hand_points: tuple[int, ...]
    recorded: tuple[int, ...]
    totals: tuple[int, ...]
    opened: tuple[bool, ...]


@dataclass(frozen=True)
class GameState:
    """Everything known about a game after some events (the full, secret state)."""

    game_id: str
    rules: RuleSet
    seats: tuple[SeatInfo, ...]
    seed: int | None
    seq: int = 0
    phase: Phase = "new"
    round_no: int = 0
    round: engine.Round | None = None  # never mutated once inside a state
    shuffle: tuple[int, ...] = ()
    chain: tuple[Placed, ...] = ()
    history: tuple[Action, ...] = ()
    sheets: Sheets = field(default_factory=lambda: Sheets((), (), ()))
    records: tuple[RoundRecord, ...] = ()
    goats: tuple[int, ...] = ()
    ranking: tuple[int, ...] = ()

    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def n_sides(self) -> int:
        return n_sides(self.n_players, self.rules)

    @property
    def turn(self) -> int:
        """Seat to move (-1 when nobody is to move)."""
        r = self.round
        return r.turn if self.phase == "playing" and r is not None else -1

    def legal_moves(self) -> list[engine.Move]:
        """Lean moves for the seat to move."""
        if self.phase != "playing" or self.round is None:
            return []
        return engine.legal_moves(self.round)

    def hand(self, seat: int) -> int:
        """A seat's hand as a mask (0 outside a round)."""
        return self.round.hands[seat] if self.round is not None else 0


def _fail(msg: str) -> ReplayError:
    return ReplayError(msg)


def initial_state(event: GameCreated) -> GameState:
    """The state right after a game is created."""
    if event.seq != 0:
        raise _fail(f"the first event must have seq 0, not {event.seq}")
    try:
        event.rules.check_players(len(event.seats))
    except RuleError as exc:
        raise _fail(str(exc)) from None
    sides = n_sides(len(event.seats), event.rules)
    return GameState(
        game_id=event.game_id,
        rules=event.rules,
        seats=event.seats,
        seed=event.seed,
        seq=0,
        sheets=Sheets.start(sides, event.rules),
    )


def expected_leader(state: GameState, hands: list[int]) -> tuple[int, int]:
    """``(leader, opening tile or -1)`` for the next round under the rules."""
    first = not state.records
    if first or state.rules.next_leader == "highest_double":
        return engine.highest_opening(hands)
    last = state.records[-1]
    if last.out_seat is not None:
        return last.out_seat, -1
    prev_leader = state.round.leader if state.round is not None else 0
    return next_leader_after_fish(last.hand_points, prev_leader), -1


def _deal(state: GameState, ev: RoundDealt) -> GameState:
    if state.phase not in ("new", "round_over") and not (
        state.phase == "playing" and state.round is None
    ):
        raise _fail(f"a round was dealt while the game was {state.phase.replace('_', ' ')}")
    want_round = state.round_no if state.round is None and state.round_no else state.round_no + 1
    if ev.round != want_round:
        raise _fail(f"round {ev.round} was dealt where round {want_round} was due")
    if sorted(ev.shuffle) != list(range(N_TILES)):
        dup = next((t for t in ev.shuffle if ev.shuffle.count(t) > 1), None)
        what = f"{tile_name(dup)} appears twice" if dup is not None else "tiles are missing"
        raise _fail(f"the shuffle of round {ev.round} is not a full set: {what}")
    n = state.n_players
    hands, bazaar = engine.split_deal(ev.shuffle, n, state.rules.hand_size_for(n))
    leader, opening = expected_leader(state, hands)
    got_opening = -1 if ev.opening is None else ev.opening
    if (ev.leader, got_opening) != (leader, opening):
        raise _fail(
            f"round {ev.round} names seat {ev.leader} as leader, but the rules give seat {leader}"
            + (f" opening with {tile_name(opening)}" if opening >= 0 else "")
        )
    r = engine.Round(hands, bazaar, leader, opening, state.rules.double_play == "doubles")
    return replace(
        state,
        phase="playing",
        round_no=ev.round,
        round=r,
        shuffle=tuple(ev.shuffle),
        chain=(),
        history=(),
    )


def _void(state: GameState, ev: DealVoided) -> GameState:
    r = state.round
    if state.rules.redeal != "bad_hand" or r is None or state.phase != "playing" or r.left >= 0:
        raise _fail("a deal was voided, but redeals are off or play has started")
    if ev.round != state.round_no or not engine.bad_hand(r.hands[ev.seat]):
        raise _fail(f"seat {ev.seat}'s hand in round {ev.round} does not allow a redeal")
    return replace(state, round=None, chain=(), history=())


def _move(state: GameState, ev: TilePlayed | DoublesPlayed | TileDrawn | TurnPassed) -> GameState:
    r = state.round
    if state.phase != "playing" or r is None:
        raise _fail(f"seat {ev.seat} moved while no round was in play")
    if ev.seat != r.turn:
        raise _fail(f"seat {ev.seat} moved out of turn (seat {r.turn} was to move)")
    ends = (r.left, r.right)
    chain = state.chain
    if isinstance(ev, TilePlayed):
        side = {"left": LEFT, "right": RIGHT, "open": OPEN}[ev.end]
        move = PLAY_MOVES[ev.tile][side]
        t = ev.tile
        if side == OPEN:
            hi, lo = HALVES[t]
            chain = (Placed(t, hi, lo),)
        elif side == LEFT and r.left >= 0:
            chain = (Placed(t, OTHER[t][r.left], r.left), *chain)
        elif r.right >= 0:
            chain = (*chain, Placed(t, r.right, OTHER[t][r.right]))
        action = Action(ev.seat, "play", (t,), ev.end, ends)
    elif isinstance(ev, DoublesPlayed):
        move = DOUBLES_MOVES[ev.left][ev.right]
        lhi, rhi = HALVES[ev.left][0], HALVES[ev.right][0]
        chain = (Placed(ev.left, lhi, lhi), *chain, Placed(ev.right, rhi, rhi))
        action = Action(ev.seat, "doubles", (ev.left, ev.right), "both", ends)
    elif isinstance(ev, TileDrawn):
        move = DRAW_MOVE
        if r.bz >= len(r.bazaar) or r.bazaar[r.bz] != ev.tile:
            raise _fail(
                f"seat {ev.seat} drew {tile_name(ev.tile)}, which is not next in the bazaar"
            )
        action = Action(ev.seat, "draw", (ev.tile,), "", ends)
    else:
        move = PASS_MOVE
        action = Action(ev.seat, "pass", (), "", ends)
    legal = engine.legal_moves(r)
    if move not in legal:
        raise _fail(f"seat {ev.seat}: {describe_illegal(r, move)}")
    nr = r.copy()
    engine.apply(nr, move)
    phase: Phase = "playing"
    return replace(state, round=nr, chain=chain, history=(*state.history, action), phase=phase)


def describe_illegal(r: engine.Round, move: engine.Move) -> str:
    """Why ``move`` is illegal in ``r`` (one short sentence)."""
    kind, a, b = move
    hand = r.hands[r.turn]
    ends = f"({r.left}, {r.right})"
    if r.over:
        return "the round is over"
    if kind == engine.PLAY:
        if not hand >> a & 1:
            return f"{tile_name(a)} is not in the hand"
        if r.left < 0:
            if r.opening >= 0 and a != r.opening:
                return f"the round must open with {tile_name(r.opening)}"
            return f"{tile_name(a)} cannot open the round"
        if b == OPEN:
            return "the chain is already open; play on the left or right end"
        if r.drawn >= 0 and a != r.drawn:
            return f"the drawn tile {tile_name(r.drawn)} must be played"
        end_num = r.left if b == LEFT else r.right
        if not engine.fits(r, a):
            return f"{tile_name(a)} does not fit either end {ends}"
        return f"{tile_name(a)} does not fit the {engine.SIDE_NAMES[b]} end ({end_num})"
    if kind == engine.DOUBLES:
        if not r.doubles_ok:
            return "two doubles in one turn are off in these rules"
        return (
            f"{tile_name(a)} and {tile_name(b)} are not the doubles of the two ends {ends} in hand"
        )
    if kind == engine.DRAW:
        if r.left < 0:
            return "the round has not opened yet; draw only when nothing fits"
        if r.drawn >= 0:
            return f"the drawn tile {tile_name(r.drawn)} fits and must be played"
        if r.bz >= len(r.bazaar):
            return "the bazaar is empty"
        return f"a tile in the hand fits {ends}: play it instead of drawing"
    if r.bz < len(r.bazaar) and not (r.left >= 0 and engine.fits_any(r)):
        return "the bazaar is not empty: draw instead of passing"
    return f"a tile in the hand fits {ends}: play it instead of passing"


def _scored(state: GameState, ev: RoundScored) -> GameState:
    r = state.round
    if state.phase != "playing" or r is None or not r.over:
        raise _fail(f"round {ev.round} was scored before it ended")
    out = r.out_seat
    result: RoundScore = score_round(state.rules, r.hands, out, state.sheets)
    want = (
        state.round_no,
        "fish" if out < 0 else "out",
        None if out < 0 else out,
        result.hand_points,
        result.recorded,
        result.sheets.totals,
        result.newly_opened,
    )
    got = (ev.round, ev.outcome, ev.out_seat, ev.hand_points, ev.recorded, ev.totals, ev.opened)
    if got != want:
        raise _fail(f"round {ev.round} was scored {got[3:6]}, but the rules give {want[3:6]}")
    record = RoundRecord(*want)
    return replace(
        state, phase="round_over", sheets=result.sheets, records=(*state.records, record)
    )


def _game_over(state: GameState, ev: GameOver) -> GameState:
    result = goats_and_ranking(state.sheets.totals, state.rules.target)
    if state.phase != "round_over" or result is None:
        raise _fail("the game was declared over before any score reached the target")
    goats, ranking = result
    if (ev.goats, ev.ranking, ev.totals) != (tuple(goats), tuple(ranking), state.sheets.totals):
        raise _fail(f"the game over event names goats {ev.goats}, but the rules give {goats}")
    return replace(state, phase="game_over", goats=ev.goats, ranking=ev.ranking)


def apply_event(state: GameState | None, ev: Event) -> GameState:
    """The state after ``ev``; raises ``ReplayError`` if ``ev`` cannot follow ``state``."""
    if state is None:
        if not isinstance(ev, GameCreated):
            raise _fail(f"a game must start with game_created, not {ev.type}")
        return initial_state(ev)
    if ev.seq != state.seq + 1:
        raise _fail(f"event seq {ev.seq} where {state.seq + 1} was due")
    if state.phase == "game_over":
        raise _fail(f"{ev.type} after the game was over")
    if isinstance(ev, RoundDealt):
        new = _deal(state, ev)
    elif isinstance(ev, DealVoided):
        new = _void(state, ev)
    elif isinstance(ev, TilePlayed | DoublesPlayed | TileDrawn | TurnPassed):
        new = _move(state, ev)
    elif isinstance(ev, RoundScored):
        new = _scored(state, ev)
    elif isinstance(ev, GameOver):
        new = _game_over(state, ev)
    else:
        raise _fail(f"{ev.type} can only be the first event")
    return replace(new, seq=ev.seq)


def replay(events: Iterable[Event]) -> GameState:
    """Fold ``events`` into a state (re-checking every one)."""
    state: GameState | None = None
    for ev in events:
        state = apply_event(state, ev)
    if state is None:
        raise ReplayError("no events")
    return state
