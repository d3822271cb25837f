"""The rules of the fold: a mutable ``StateBuilder`` that takes one event at a time.

Every event is re-checked against the rules before the builder changes, so a
tampered or out-of-order event raises ``ReplayError`` and leaves the builder as
it was.  The builder changes its round, chain and history in place; a round it
shares with a frozen ``GameState`` is copied before its first change (copy on
write), so a state handed out is never changed.  ``koza.core.state`` turns a
builder into a ``GameState`` (``freeze``) and back (``thaw``): ``apply_event``
is thaw, one event, freeze; a long load folds every event into one lazy builder
and freezes once (the chain and history, which only screens and bots read, are
then built for the last round only).

A reader that needs only the scores (the statistics) hands moves over as numbers
(``apply_move``): the same checks, but the moves are not kept, so such a builder
can never be frozen or settled.

mypyc compiles this module (``koza.compiled``): a builder is made by ``__init__``
only (``created``, ``thaw``), never by ``object.__new__``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from koza.core import engine, events
from koza.core.commands import DRAW, PASS, PLAY_COMMANDS, AnyCommand, doubles_command
from koza.core.engine import DOUBLES_MOVES, DRAW_MOVE, PASS_MOVE, PLAY_MOVES
from koza.core.events import MOVE_EVENTS, Event, MoveEvent, SeatInfo
from koza.core.explain import illegal_reason
from koza.core.next_deal import expected_leader, first_bad_hand
from koza.core.problems import Explained, Problem
from koza.core.records import Action, Placed, RoundRecord
from koza.core.rules import RuleError, RuleSet
from koza.core.scoring import (
    Sheets,
    goats_and_ranking,
    n_sides,
    score_round,
)
from koza.core.tiles import END_OF, HALVES, LEFT, N_TILES, OTHER, RIGHT, tile_name


class ReplayError(Explained, ValueError):
    """An event that cannot follow the state it was applied to."""


_ENDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((a, b) for b in range(-1, 7)) for a in range(-1, 7)
)
# The Placed of tile t laid on an end showing n: on the left, on the right, or opening.
_ON_LEFT = tuple(tuple(Placed(t, OTHER[t][n], n) for n in range(7)) for t in range(N_TILES))
_ON_RIGHT = tuple(tuple(Placed(t, n, OTHER[t][n]) for n in range(7)) for t in range(N_TILES))
_OPENED = tuple(Placed(t, *HALVES[t]) for t in range(N_TILES))
_DOUBLE_PLACED = tuple(Placed(t, HALVES[t][0], HALVES[t][0]) for t in range(N_TILES))
_new_action = tuple.__new__
_SCORED_FIELDS = ("round", "outcome", "out_seat", "hand_points", "recorded", "totals", "opened")


class StateBuilder:
    """A game state being folded: the fields of ``GameState``, changed in place.

    ``chain`` and ``history`` are lists here; ``round_owned`` is False while
    ``round`` is shared with a frozen state (it is copied before it changes).
    """

    __slots__ = (
        "game_id",
        "rules",
        "seats",
        "seed",
        "seq",
        "phase",
        "round_no",
        "round",
        "round_owned",
        "shuffle",
        "chain",
        "history",
        "sheets",
        "records",
        "goats",
        "ranking",
        "lazy",
        "dealt",
        "pending",
        "unkept",
    )

    def __init__(
        self,
        game_id: str,
        rules: RuleSet,
        seats: tuple[SeatInfo, ...],
        seed: int | None,
        sheets: Sheets,
        lazy: bool = False,
    ) -> None:
        """A builder at the start of a game (``created`` makes one from its event).

        ``lazy``: keep each round's moves (``pending``) and the round as dealt (``dealt``),
        and build ``chain`` and ``history`` from them only when they are asked for
        (``settle``): a long load builds them for its last round only.
        """
        self.game_id = game_id
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.seq = 0
        self.phase = "new"
        self.round_no = 0
        self.round: engine.Round | None = None
        self.round_owned = True
        self.shuffle: tuple[int, ...] = ()
        self.chain: list[Placed] = []
        self.history: list[Action] = []
        self.sheets = sheets
        self.records: tuple[RoundRecord, ...] = ()
        self.goats: tuple[int, ...] = ()
        self.ranking: tuple[int, ...] = ()
        self.lazy = lazy
        self.dealt: engine.Round | None = None
        self.pending: list[MoveEvent] = []
        self.unkept = 0  # moves of this round taken by ``apply_move`` (kept nowhere)

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def settle(self) -> None:
        """Build ``chain`` and ``history`` from the pending moves; the builder is eager after."""
        if self.unkept:
            raise RuntimeError("a builder fed by apply_move keeps no moves to settle")
        if self.pending:
            assert self.dealt is not None
            r = self.dealt.copy()
            for ev in self.pending:
                _record(self, ev, r)
            self.pending = []
        self.lazy, self.dealt = False, None

    def apply(self, ev: Event) -> None:
        """Take ``ev``; raises ``ReplayError`` (the builder unchanged) if it cannot follow."""
        if ev.seq != self.seq + 1:
            raise ReplayError.of("replay.seq_gap", seq=ev.seq, due=self.seq + 1)
        if self.phase == "game_over":
            raise ReplayError.of("replay.after_over", type=ev.type)
        if type(ev) not in _MOVES:  # moves, most of a game, are made here without a call
            handler = _HANDLERS.get(type(ev))
            if handler is None:
                raise ReplayError.of("replay.only_first", type=ev.type)
            handler(self, ev)
            return
        if TYPE_CHECKING:
            assert isinstance(ev, MoveEvent)
        drawn = -1
        if type(ev) is events.TilePlayed:
            move = PLAY_MOVES[ev.tile][END_OF[ev.end]]
        elif type(ev) is events.TileDrawn:
            move, drawn = DRAW_MOVE, ev.tile
        elif type(ev) is events.TurnPassed:
            move = PASS_MOVE
        else:
            assert type(ev) is events.DoublesPlayed
            move = DOUBLES_MOVES[ev.left][ev.right]
        r = self._checked_move(ev.seat, move, drawn)
        if self.lazy:
            engine.apply(r, move)
            self.pending.append(ev)
        else:
            _record(self, ev, r)
        self.seq = ev.seq

    def apply_move(self, seq: int, seat: int, move: engine.Move, drawn: int = -1) -> None:
        """``apply`` of a move given as numbers (``drawn``: the tile a draw names), with
        the same checks and refusals, for a reader that needs only the scores: the move
        is kept nowhere, so the builder cannot be frozen afterwards."""
        if seq != self.seq + 1:
            raise ReplayError.of("replay.seq_gap", seq=seq, due=self.seq + 1)
        if self.phase == "game_over":
            raise ReplayError.of("replay.after_over", type="move")
        engine.apply(self._checked_move(seat, move, drawn), move)
        self.unkept += 1
        self.seq = seq

    def _checked_move(self, seat: int, move: engine.Move, drawn: int) -> engine.Round:
        """The round ``move`` by ``seat`` is made in (owned by the builder), once it is
        found legal; else the ``ReplayError`` saying why not."""
        r = self.round
        if (
            r is None
            or self.phase != "playing"
            or r.over
            or seat != r.turn
            or (r.left < 0 and self._fresh() and first_bad_hand(self, r.hands) >= 0)
            or not engine.is_legal(r, move)
        ):
            self._refuse(seat, move)
        if move[0] == engine.DRAW and r.bazaar[r.bz] != drawn:
            raise ReplayError.of(
                "replay.wrong_draw",
                seat=seat,
                tile=tile_name(drawn),
                next=tile_name(r.bazaar[r.bz]),
            )
        if not self.round_owned:
            r = self._own_round(r)
        return r

    def _refuse(self, seat: int, move: engine.Move) -> NoReturn:
        """Raise why ``move`` by ``seat`` cannot be made now (it failed ``apply``'s check)."""
        r = self.round
        if self.phase != "playing" or r is None:
            raise ReplayError.of("replay.no_round", seat=seat)
        if r.over:
            raise ReplayError.of("replay.round_ended", seat=seat, round=self.round_no)
        if seat != r.turn:
            raise ReplayError.of("replay.out_of_turn", seat=seat, turn=r.turn)
        if r.left < 0 and self._fresh() and first_bad_hand(self, r.hands) >= 0:
            raise ReplayError.of("replay.should_void", round=self.round_no)
        raise ReplayError.of("replay.illegal", seat=seat, why=illegal_reason(r, move, seat))

    def _fresh(self) -> bool:
        """No move was made in this round yet."""
        return not self.history and not self.pending and not self.unkept

    def _own_round(self, r: engine.Round) -> engine.Round:
        """``r`` (the current round) copied, as a frozen state shares it."""
        self.round = r = r.copy()
        self.round_owned = True
        return r


def created(
    event: events.GameCreated, seats_checked: bool = False, lazy: bool = False
) -> StateBuilder:
    """The builder right after ``event`` created the game (``ReplayError`` if it cannot).

    ``seats_checked``: the caller has already checked the rules seat this many players.
    """
    if event.seq != 0:
        raise ReplayError.of("replay.first_seq", seq=event.seq)
    if not seats_checked:
        try:
            event.rules.check_players(len(event.seats))
        except RuleError as exc:
            raise ReplayError.like(exc) from None
    sheets = Sheets.start(n_sides(len(event.seats), event.rules), event.rules)
    return StateBuilder(event.game_id, event.rules, event.seats, event.seed, sheets, lazy)


def _record(b: StateBuilder, ev: MoveEvent, r: engine.Round) -> None:
    """Make the (checked) move ``ev`` in ``r`` and write it in ``b``'s chain and history."""
    seat, left, right = ev.seat, r.left, r.right
    ends = _ENDS[left + 1][right + 1]
    action: tuple[int, AnyCommand, tuple[int, int], int]
    if type(ev) is events.TilePlayed:
        t, side = ev.tile, END_OF[ev.end]
        if side == LEFT:
            b.chain.insert(0, _ON_LEFT[t][left])
        elif side == RIGHT:
            b.chain.append(_ON_RIGHT[t][right])
        else:
            b.chain = [_OPENED[t]]
        action, move = (seat, PLAY_COMMANDS[t][side], ends, -1), PLAY_MOVES[t][side]
    elif type(ev) is events.TileDrawn:
        action, move = (seat, DRAW, ends, ev.tile), DRAW_MOVE
    elif type(ev) is events.TurnPassed:
        action, move = (seat, PASS, ends, -1), PASS_MOVE
    else:
        assert type(ev) is events.DoublesPlayed
        b.chain.insert(0, _DOUBLE_PLACED[ev.left])
        b.chain.append(_DOUBLE_PLACED[ev.right])
        action = (seat, doubles_command(ev.left, ev.right), ends, -1)
        move = DOUBLES_MOVES[ev.left][ev.right]
    engine.apply(r, move)
    b.history.append(_new_action(Action, action))


def _deal(b: StateBuilder, ev: events.RoundDealt) -> None:
    redeal = b.phase == "playing" and b.round is None
    if b.phase not in ("new", "round_over") and not redeal:
        raise ReplayError.of("replay.dealt_in_play", round=ev.round, playing=b.round_no)
    if b.phase == "round_over" and goats_and_ranking(b.sheets.totals, b.rules.target):
        raise ReplayError.of("replay.dealt_after_target", round=ev.round)
    want_round = b.round_no if redeal else b.round_no + 1
    if ev.round != want_round:
        raise ReplayError.of("replay.dealt_wrong_round", round=ev.round, due=want_round)
    if sorted(ev.shuffle) != list(range(N_TILES)):
        dup = next((t for t in ev.shuffle if ev.shuffle.count(t) > 1), None)
        what = (
            Problem("replay.tile_twice", {"tile": tile_name(dup)})
            if dup is not None
            else Problem("replay.tiles_missing")
        )
        raise ReplayError.of("replay.bad_shuffle", round=ev.round, what=what)
    n = b.n_players
    hands, bazaar = engine.split_deal(ev.shuffle, n, b.rules.hand_size_for(n))
    leader, opening = expected_leader(b, hands)
    got_opening = -1 if ev.opening is None else ev.opening
    if (ev.leader, got_opening) != (leader, opening):
        want = _leader(leader, opening)
        got = _leader(ev.leader, got_opening)
        raise ReplayError.of("replay.wrong_leader", round=ev.round, got=got, want=want)
    b.round = engine.Round(hands, bazaar, leader, opening, b.rules.double_play == "doubles")
    b.round_owned = True
    if b.lazy:
        b.dealt, b.pending = b.round.copy(), []
    b.seq, b.phase, b.round_no = ev.seq, "playing", ev.round
    b.shuffle = tuple(ev.shuffle)
    b.chain, b.history, b.unkept = [], [], 0


def _leader(seat: int, opening: int) -> Problem:
    """Who leads a round, and with which tile when the rules name one."""
    if opening < 0:
        return Problem("replay.leader", {"seat": seat})
    return Problem("replay.leader_opening", {"seat": seat, "tile": tile_name(opening)})


def _void(b: StateBuilder, ev: events.DealVoided) -> None:
    r = b.round
    if b.rules.redeal != "bad_hand":
        raise ReplayError.of("replay.redeal_off")
    if r is None or b.phase != "playing" or not b._fresh() or ev.round != b.round_no:
        raise ReplayError.of("replay.void_not_fresh", round=ev.round)
    bad = first_bad_hand(b, r.hands)
    if ev.seat != bad:
        why = (
            Problem("replay.first_bad_hand", {"seat": bad})
            if bad >= 0
            else Problem("replay.no_bad_hand")
        )
        raise ReplayError.of("replay.wrong_void", seat=ev.seat, round=ev.round, why=why)
    b.seq, b.round, b.round_owned = ev.seq, None, True
    b.chain, b.history, b.pending, b.unkept = [], [], [], 0


def _scored(b: StateBuilder, ev: events.RoundScored) -> None:
    r = b.round
    if b.phase != "playing" or r is None or not r.over:
        raise ReplayError.of("replay.scored_early", round=ev.round)
    out = r.out_seat
    result = score_round(b.rules, r.hands, out, b.sheets)
    want = RoundRecord(
        b.round_no,
        "fish" if out < 0 else "out",
        None if out < 0 else out,
        result.hand_points,
        result.recorded,
        result.sheets.totals,
        result.newly_opened,
        r.leader,
        _last_mover(b),
    )
    got = (ev.round, ev.outcome, ev.out_seat, ev.hand_points, ev.recorded, ev.totals, ev.opened)
    if got != want[:7]:
        i = next(i for i in range(7) if got[i] != want[i])
        raise ReplayError.of(
            "replay.wrong_score",
            round=ev.round,
            field=_SCORED_FIELDS[i],
            got=repr(got[i]),
            want=repr(want[i]),
        )
    b.seq, b.phase, b.sheets = ev.seq, "round_over", result.sheets
    b.records = (*b.records, want)


def _last_mover(b: StateBuilder) -> int:
    """The seat that made the round's last move (-1 if the round holds none)."""
    moves = b.pending or b.history
    return moves[-1].seat if moves else -1


def _game_over(b: StateBuilder, ev: events.GameOver) -> None:
    result = goats_and_ranking(b.sheets.totals, b.rules.target)
    if b.phase != "round_over" or result is None:
        raise ReplayError.of("replay.over_early")
    goats, ranking = tuple(result[0]), tuple(result[1])
    if ev.totals != b.sheets.totals:
        raise ReplayError.of("replay.wrong_totals", got=ev.totals, want=b.sheets.totals)
    if (ev.goats, ev.ranking) != (goats, ranking):
        raise ReplayError.of(
            "replay.wrong_goats",
            goats=ev.goats,
            ranking=ev.ranking,
            want_goats=goats,
            want_ranking=ranking,
        )
    b.seq, b.phase, b.goats, b.ranking = ev.seq, "game_over", goats, ranking


_MOVES = frozenset(MOVE_EVENTS)
_HANDLERS: dict[type, Callable[[StateBuilder, Any], None]] = {
    events.RoundDealt: _deal,
    events.DealVoided: _void,
    events.RoundScored: _scored,
    events.GameOver: _game_over,
}
