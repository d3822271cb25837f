"""Game state as a pure fold of events.

``apply_event(state, event)`` returns a new ``GameState`` and never changes the
old one.  Every event is re-checked against the rules on the way in, so a
tampered or out-of-order event raises ``ReplayError`` with a clear reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from koza.core import engine
from koza.core.commands import (
    DRAW,
    NO_MOVES,
    PASS,
    PLAY_COMMANDS,
    LegalMoves,
    doubles_command,
)
from koza.core.engine import DOUBLES_MOVES, DRAW_MOVE, PASS_MOVE, PLAY_MOVES
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
from koza.core.explain import describe_illegal as describe_illegal
from koza.core.records import Action, Placed, RoundRecord
from koza.core.rules import RuleError, RuleSet
from koza.core.scoring import (
    Sheets,
    goats_and_ranking,
    n_sides,
    next_leader_after_fish,
    score_round,
)
from koza.core.tiles import END_OF, HALVES, LEFT, N_TILES, OTHER, RIGHT, tile_name

Phase = Literal["new", "playing", "round_over", "game_over"]


class ReplayError(ValueError):
    """An event that cannot follow the state it was applied to."""


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
        return r.turn if self.phase == "playing" and r is not None and not r.over else -1

    def legal_moves(self) -> LegalMoves:
        """The commands the seat to move may give (none outside a round)."""
        if self.phase != "playing" or self.round is None:
            return NO_MOVES
        return LegalMoves.of(engine.legal_moves(self.round))

    def hand(self, seat: int) -> int:
        """A seat's hand as a mask (0 outside a round)."""
        return self.round.hands[seat] if self.round is not None else 0


def _evolve(state: GameState, **changes: Any) -> GameState:
    """``dataclasses.replace`` without its per-call cost (no validation to skip here)."""
    new = object.__new__(GameState)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    return new


def initial_state(event: GameCreated, seats_checked: bool = False) -> GameState:
    """The state right after a game is created.

    ``seats_checked``: the caller has already checked the rules seat this many
    players (``Game.new`` does, to raise ``RuleError`` rather than ``ReplayError``).
    """
    if event.seq != 0:
        raise ReplayError(f"the first event must have seq 0, not {event.seq}")
    if not seats_checked:
        try:
            event.rules.check_players(len(event.seats))
        except RuleError as exc:
            raise ReplayError(str(exc)) from None
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
    """``(leader, opening tile or -1)`` for the next round under the rules.

    Round 1, and every round under ``next_leader=highest_double``: the holder of
    the highest double (else the highest tile) leads and must open with it.
    Otherwise the player who went out leads with any tile; after a fish the
    fewest counted round points (0-0 bonus included) lead, ties going to the
    first tied seat in turn order after the previous round's leader.
    """
    if not state.records or state.rules.next_leader == "highest_double":
        return engine.highest_opening(hands)
    last = state.records[-1]
    if last.out_seat is not None:
        return last.out_seat, -1
    return next_leader_after_fish(last.hand_points, last.leader), -1


def first_bad_hand(state: GameState, hands: list[int]) -> int:
    """The first seat whose hand must be thrown in under ``redeal=bad_hand``, else -1."""
    if state.rules.redeal != "bad_hand":
        return -1
    return next((s for s, h in enumerate(hands) if engine.bad_hand(h)), -1)


def _deal(state: GameState, ev: RoundDealt) -> GameState:
    redeal = state.phase == "playing" and state.round is None
    if state.phase not in ("new", "round_over") and not redeal:
        raise ReplayError(f"round {ev.round} was dealt while round {state.round_no} was in play")
    if state.phase == "round_over" and goats_and_ranking(state.sheets.totals, state.rules.target):
        raise ReplayError(f"round {ev.round} was dealt after a score reached the target")
    want_round = state.round_no if redeal else state.round_no + 1
    if ev.round != want_round:
        raise ReplayError(f"round {ev.round} was dealt where round {want_round} was due")
    if sorted(ev.shuffle) != list(range(N_TILES)):
        dup = next((t for t in ev.shuffle if ev.shuffle.count(t) > 1), None)
        what = f"{tile_name(dup)} appears twice" if dup is not None else "tiles are missing"
        raise ReplayError(f"the shuffle of round {ev.round} is not a full set: {what}")
    n = state.n_players
    hands, bazaar = engine.split_deal(ev.shuffle, n, state.rules.hand_size_for(n))
    leader, opening = expected_leader(state, hands)
    got_opening = -1 if ev.opening is None else ev.opening
    if (ev.leader, got_opening) != (leader, opening):
        what = f"seat {leader}" + (f" opening with {tile_name(opening)}" if opening >= 0 else "")
        got = f"seat {ev.leader}" + (
            f" opening with {tile_name(got_opening)}" if got_opening >= 0 else ""
        )
        raise ReplayError(f"round {ev.round} names {got} to lead, but the rules give {what}")
    r = engine.Round(hands, bazaar, leader, opening, state.rules.double_play == "doubles")
    return _evolve(
        state,
        seq=ev.seq,
        phase="playing",
        round_no=ev.round,
        round=r,
        shuffle=tuple(ev.shuffle),
        chain=(),
        history=(),
    )


def _void(state: GameState, ev: DealVoided) -> GameState:
    r = state.round
    if state.rules.redeal != "bad_hand":
        raise ReplayError("a deal was voided, but redeals are off in these rules")
    if r is None or state.phase != "playing" or state.history or ev.round != state.round_no:
        raise ReplayError(f"round {ev.round} was voided, but it is not a fresh deal")
    bad = first_bad_hand(state, r.hands)
    if ev.seat != bad:
        why = f"seat {bad}'s hand is the first bad one" if bad >= 0 else "no hand is bad"
        raise ReplayError(f"seat {ev.seat}'s deal in round {ev.round} was voided, but {why}")
    return _evolve(state, seq=ev.seq, round=None, chain=(), history=())


_ENDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((a, b) for b in range(-1, 7)) for a in range(-1, 7)
)
# The Placed of tile t laid on an end showing n: on the left, on the right, or opening.
_ON_LEFT = tuple(tuple(Placed(t, OTHER[t][n], n) for n in range(7)) for t in range(N_TILES))
_ON_RIGHT = tuple(tuple(Placed(t, n, OTHER[t][n]) for n in range(7)) for t in range(N_TILES))
_OPENED = tuple(Placed(t, *HALVES[t]) for t in range(N_TILES))
_DOUBLE_PLACED = tuple(Placed(t, HALVES[t][0], HALVES[t][0]) for t in range(N_TILES))
_new_action = tuple.__new__


def _check_move(state: GameState, seat: int, move: engine.Move) -> engine.Round:
    """The round the move is made in, once the move is known to be legal there."""
    r = state.round
    if state.phase != "playing" or r is None:
        raise ReplayError(f"seat {seat} moved while no round was in play")
    if r.over:
        raise ReplayError(f"seat {seat} moved after round {state.round_no} had ended")
    if seat != r.turn:
        raise ReplayError(f"seat {seat} moved out of turn (seat {r.turn} was to move)")
    if r.left < 0 and not state.history and first_bad_hand(state, r.hands) >= 0:
        raise ReplayError(f"round {state.round_no} was played, but its deal had to be voided")
    if not engine.is_legal(r, move):
        raise ReplayError(f"seat {seat}: {describe_illegal(r, move, seat)}")
    return r


def _played(state: GameState, ev: TilePlayed) -> GameState:
    t, seat = ev.tile, ev.seat
    side = END_OF[ev.end]
    move = PLAY_MOVES[t][side]
    r = _check_move(state, seat, move)
    left, right = r.left, r.right
    if side == LEFT:
        chain = (_ON_LEFT[t][left], *state.chain)
    elif side == RIGHT:
        chain = (*state.chain, _ON_RIGHT[t][right])
    else:
        chain = (_OPENED[t],)
    nr = r.copy()
    engine.apply(nr, move)
    action = _new_action(Action, (seat, PLAY_COMMANDS[t][side], _ENDS[left + 1][right + 1], -1))
    return _evolve(state, seq=ev.seq, round=nr, chain=chain, history=(*state.history, action))


def _doubles(state: GameState, ev: DoublesPlayed) -> GameState:
    a, b, seat = ev.left, ev.right, ev.seat
    move = DOUBLES_MOVES[a][b]
    r = _check_move(state, seat, move)
    chain = (_DOUBLE_PLACED[a], *state.chain, _DOUBLE_PLACED[b])
    nr = r.copy()
    engine.apply(nr, move)
    ends = _ENDS[r.left + 1][r.right + 1]
    action = _new_action(Action, (seat, doubles_command(a, b), ends, -1))
    return _evolve(state, seq=ev.seq, round=nr, chain=chain, history=(*state.history, action))


def _drawn(state: GameState, ev: TileDrawn) -> GameState:
    seat = ev.seat
    r = _check_move(state, seat, DRAW_MOVE)
    if r.bazaar[r.bz] != ev.tile:
        raise ReplayError(
            f"seat {seat} drew {tile_name(ev.tile)}, but the next bazaar tile is "
            f"{tile_name(r.bazaar[r.bz])}"
        )
    nr = r.copy()
    engine.apply(nr, DRAW_MOVE)
    ends = _ENDS[r.left + 1][r.right + 1]
    action = _new_action(Action, (seat, DRAW, ends, ev.tile))
    return _evolve(state, seq=ev.seq, round=nr, history=(*state.history, action))


def _passed(state: GameState, ev: TurnPassed) -> GameState:
    seat = ev.seat
    r = _check_move(state, seat, PASS_MOVE)
    nr = r.copy()
    engine.apply(nr, PASS_MOVE)
    action = _new_action(Action, (seat, PASS, _ENDS[r.left + 1][r.right + 1], -1))
    return _evolve(state, seq=ev.seq, round=nr, history=(*state.history, action))


_SCORED_FIELDS = ("round", "outcome", "out_seat", "hand_points", "recorded", "totals", "opened")


def _scored(state: GameState, ev: RoundScored) -> GameState:
    r = state.round
    if state.phase != "playing" or r is None or not r.over:
        raise ReplayError(f"round {ev.round} was scored before it ended")
    out = r.out_seat
    result = score_round(state.rules, r.hands, out, state.sheets)
    want = RoundRecord(
        state.round_no,
        "fish" if out < 0 else "out",
        None if out < 0 else out,
        result.hand_points,
        result.recorded,
        result.sheets.totals,
        result.newly_opened,
        r.leader,
    )
    got = (ev.round, ev.outcome, ev.out_seat, ev.hand_points, ev.recorded, ev.totals, ev.opened)
    if got != want[:7]:
        i = next(i for i in range(7) if got[i] != want[i])
        raise ReplayError(
            f"round {ev.round} was scored with {_SCORED_FIELDS[i]}={got[i]!r}, "
            f"but the rules give {want[i]!r}"
        )
    return _evolve(
        state,
        seq=ev.seq,
        phase="round_over",
        sheets=result.sheets,
        records=(*state.records, want),
    )


def _game_over(state: GameState, ev: GameOver) -> GameState:
    result = goats_and_ranking(state.sheets.totals, state.rules.target)
    if state.phase != "round_over" or result is None:
        raise ReplayError("the game was declared over before any score reached the target")
    goats, ranking = tuple(result[0]), tuple(result[1])
    if ev.totals != state.sheets.totals:
        raise ReplayError(f"the game ended with totals {ev.totals}, not {state.sheets.totals}")
    if (ev.goats, ev.ranking) != (goats, ranking):
        raise ReplayError(
            f"the game over names goats {ev.goats} and ranking {ev.ranking}, "
            f"but the rules give goats {goats} and ranking {ranking}"
        )
    return _evolve(state, seq=ev.seq, phase="game_over", goats=goats, ranking=ranking)


_HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    TilePlayed: _played,
    TileDrawn: _drawn,
    TurnPassed: _passed,
    DoublesPlayed: _doubles,
    RoundDealt: _deal,
    DealVoided: _void,
    RoundScored: _scored,
    GameOver: _game_over,
}


def apply_event(state: GameState | None, ev: Event) -> GameState:
    """The state after ``ev``; raises ``ReplayError`` if ``ev`` cannot follow ``state``."""
    if state is None:
        if not isinstance(ev, GameCreated):
            raise ReplayError(f"a game must start with game_created, not {ev.type}")
        return initial_state(ev)
    if ev.seq != state.seq + 1:
        raise ReplayError(f"event seq {ev.seq} where {state.seq + 1} was due")
    if state.phase == "game_over":
        raise ReplayError(f"{ev.type} after the game was over")
    handler = _HANDLERS.get(type(ev))
    if handler is None:
        raise ReplayError(f"{ev.type} can only be the first event")
    return handler(state, ev)


def replay(events: Iterable[Event]) -> GameState:
    """Fold ``events`` into a state (re-checking every one)."""
    state: GameState | None = None
    for ev in events:
        state = apply_event(state, ev)
    if state is None:
        raise ReplayError("no events")
    return state
