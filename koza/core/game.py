"""The command side: check a wanted move, turn it into events, keep the state.

``Game`` is to Kozel what python-chess's ``Board`` is to chess: ``legal_moves()``,
``play(command)`` and a clear ``IllegalMoveError``.  Every event goes through
the same fold as a replay (``StateBuilder.apply``, as ``apply_event``), then to the
optional sink (the save file) before the in-memory state moves on, so live play
and replay cannot differ.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from koza.core import engine, events
from koza.core.commands import (
    Command,
    Draw,
    LegalMoves,
    Pass,
    Play,
    PlayDoubles,
    from_move,
    to_move,
)
from koza.core.dealing import seeded_shuffle
from koza.core.engine import (
    DOUBLES,
    DOUBLES_MOVES,
    DRAW,
    DRAW_MOVE,
    PASS_MOVE,
    PLAY,
    PLAY_MOVES,
    Move,
)
from koza.core.events import Event, SeatInfo
from koza.core.explain import Reason, illegal_reason
from koza.core.fold import StateBuilder
from koza.core.made_events import Field, KeptEvents, checked_event
from koza.core.rules import RuleError, RuleSet
from koza.core.scoring import goats_and_ranking, score_round
from koza.core.snapshot import freeze
from koza.core.state import (
    GameState,
    expected_leader,
    first_bad_hand,
    initial_state,
    replay,
    thaw,
)
from koza.core.tiles import DOUBLE_OF, END_NAMES, END_OF, N_TILES

EventSink = Callable[[Event], None]


class IllegalMoveError(ValueError):
    """A command the rules do not allow now; the message says what and why.

    ``reason`` is the same as data (``koza.core.explain.Reason``), to be said in any language.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class Game:
    """A game in progress: its events, its state, and the moves allowed now."""

    def __init__(self, state: GameState, events: Sequence[Event], sink: EventSink | None) -> None:
        """Wrap a state and its events; then emit (to ``sink``) whatever must follow them.

        A save cut short between a step's events (a crash) is completed here: a round
        that ended gets its score (and the game over), a bad deal its void and redeal.
        """
        self._state = state
        self._events: list[Event] = list(events)  # every event, until ``keep_compact``
        self._kept: KeptEvents | None = None  # every event once ``compact``: moves as numbers
        self._frozen: tuple[Event, ...] | None = None  # ``events``, built once per change
        self._sink = sink
        self._builder: StateBuilder | None = None  # holds ``state``, ready for the next event
        self._settle()

    # --- construction -------------------------------------------------------

    @classmethod
    def new(
        cls,
        seats: Sequence[SeatInfo | str],
        rules: RuleSet | None = None,
        seed: int | None = None,
        sink: EventSink | None = None,
        game_id: str | None = None,
    ) -> Game:
        """Create a game and deal its first round."""
        rules = rules or RuleSet()
        infos = tuple(s if isinstance(s, SeatInfo) else SeatInfo(name=s) for s in seats)
        rules.check_players(len(infos))
        created = events.GameCreated(
            seq=0,
            game_id=game_id or uuid.uuid4().hex[:12],
            rules=rules,
            seats=infos,
            seed=seed if seed is not None else secrets.randbits(48),
        )
        state = initial_state(created, seats_checked=True)
        if sink is not None:
            sink(created)
        game = cls(state, [created], sink)
        game.next_round()
        return game

    @classmethod
    def from_events(cls, events: Iterable[Event], sink: EventSink | None = None) -> Game:
        """Rebuild a game from its events (every one re-checked)."""
        events = list(events)
        return cls(replay(events), events, sink)

    # --- reading ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far (the same tuple until the next event)."""
        if self._frozen is None:
            kept = self._kept
            self._frozen = tuple(self._events) if kept is None else kept.between(0, len(kept))
        return self._frozen

    def events_between(self, start: int, stop: int) -> tuple[Event, ...]:
        """``events[start:stop]``, without building the whole tuple (a server sends each
        member the few events since its last view)."""
        if self._frozen is not None:
            return self._frozen[start:stop]
        if self._kept is not None:
            return self._kept.between(start, stop)
        return tuple(self._events[start:stop])

    def keep_compact(self) -> None:
        """Keep the moves as numbers (``KeptEvents``: 12 bytes a move, where its event takes
        430), made events again when they are read: for a server holding thousands of games."""
        if self._kept is None:
            self._kept, self._events = KeptEvents(self._events), []

    @property
    def compact(self) -> bool:
        """True once ``keep_compact`` was called."""
        return self._kept is not None

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def is_over(self) -> bool:
        return self._state.phase == "game_over"

    def legal_moves(self) -> LegalMoves:
        """Every command the seat to move may give now."""
        return self._state.legal_moves()

    # --- writing ------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        """Fold ``event`` (``ReplayError`` if it cannot follow), save it, then take it.

        What ``apply_event`` does, with the builder kept from one event to the next
        (``thaw`` is only needed after a failure: then it may hold a half-taken event).
        """
        builder, self._builder = self._builder or thaw(self._state), None
        builder.apply(event)
        new_state = freeze(builder)
        if self._sink is not None:
            self._sink(event)
        if self._kept is None:
            self._events.append(event)
        else:
            self._kept.append(event)
        self._frozen = None
        self._state = new_state
        self._builder = builder

    def _seq(self) -> int:
        return self._state.seq + 1

    def play(self, command: Command, seat: int | None = None) -> None:
        """Make a move for the seat to move (or check it is ``seat``'s turn).

        Raises ``IllegalMoveError`` saying what was tried and why it is not allowed.
        """
        st = self._state
        move = _SHARED_MOVE.get(id(command))  # a command the engine made: its fields are sound
        if move is None:
            _check_command(command)
            move = to_move(command)
        r = st.round
        if st.phase != "playing" or r is None or r.over:
            raise IllegalMoveError(
                f"{command}: no round is in play ({_PHASE[st.phase]})", Reason("no_round")
            )
        s = r.turn
        if seat is not None and seat != s:
            raise IllegalMoveError(
                f"{command}: it is not your turn (seat {s} is to move)",
                Reason("not_your_turn", {"seat": s}),
            )
        if not engine.is_legal(r, move):
            reason = illegal_reason(r, move)
            raise IllegalMoveError(reason.english(), reason)
        # the command is checked and legal: its event is made without validating it again
        kind, a, b = move
        q = self._seq()
        if kind == PLAY:
            self._emit(checked_event(events.TilePlayed, q, seat=s, tile=a, end=END_NAMES[b]))
        elif kind == DOUBLES:
            self._emit(checked_event(events.DoublesPlayed, q, seat=s, left=a, right=b))
        elif kind == DRAW:
            self._emit(checked_event(events.TileDrawn, q, seat=s, tile=r.bazaar[r.bz]))
        else:
            self._emit(checked_event(events.TurnPassed, q, seat=s))
        self._finish_round_if_over()

    def _finish_round_if_over(self) -> None:
        st = self._state
        r = st.round
        if r is None or not r.over:
            return
        result = score_round(st.rules, r.hands, r.out_seat, st.sheets)
        self._emit(
            events.RoundScored(
                seq=self._seq(),
                round=st.round_no,
                outcome="fish" if r.out_seat < 0 else "out",
                out_seat=None if r.out_seat < 0 else r.out_seat,
                hand_points=result.hand_points,
                recorded=result.recorded,
                totals=result.sheets.totals,
                opened=result.newly_opened,
            )
        )
        self._game_over_if_reached()

    def _game_over_if_reached(self) -> None:
        totals = self._state.sheets.totals
        over = goats_and_ranking(totals, self._state.rules.target)
        if over is not None:
            goats, ranking = over
            self._emit(
                events.GameOver(
                    seq=self._seq(), goats=tuple(goats), ranking=tuple(ranking), totals=totals
                )
            )

    def next_round(self, shuffle: Sequence[int] | None = None) -> None:
        """Deal the next round (redealing bad hands when the rules say so).

        ``shuffle`` deals that exact order of the 28 tiles instead of the seeded one
        (tests, duplicate deals); a redeal after it uses the seeded order.
        """
        st = self._state
        if st.phase not in ("new", "round_over"):
            raise IllegalMoveError(f"cannot deal a new round: {_PHASE[st.phase]}")
        self._deal(st.round_no + 1, 0, shuffle)

    def _deal(self, round_no: int, first: int, shuffle: Sequence[int] | None = None) -> None:
        """Deal ``round_no`` from seeded attempt ``first`` on until no hand must be voided."""
        st = self._state
        n = st.n_players
        for attempt in range(first, 1000):
            seeded = shuffle is None  # the dealer's own order: a whole set, not re-checked
            if shuffle is None:
                shuffle = seeded_shuffle(st.seed, round_no, attempt)
            hands, _ = engine.split_deal(shuffle, n, st.rules.hand_size_for(n))
            leader, opening = expected_leader(self._state, hands)
            dealt = checked_event if seeded else _validated
            self._emit(
                dealt(
                    events.RoundDealt,
                    self._seq(),
                    round=round_no,
                    shuffle=tuple(shuffle),
                    leader=leader,
                    opening=None if opening < 0 else opening,
                )
            )
            if not self._void_if_bad():
                return
            shuffle = None
        raise RuleError("could not deal a hand without a redeal in 1000 tries")

    def _void_if_bad(self) -> bool:
        st = self._state
        bad = first_bad_hand(st, st.round.hands) if st.round is not None else -1
        if bad >= 0:
            self._emit(events.DealVoided(seq=self._seq(), round=st.round_no, seat=bad))
        return bad >= 0

    def _settle(self) -> None:
        """Emit the events that must follow the last one (only after a cut-short save)."""
        st = self._state
        r = st.round
        if st.phase == "round_over":
            self._game_over_if_reached()
        elif st.phase != "playing":
            return
        elif r is None or (r.left < 0 and not st.history and self._void_if_bad()):
            voids = sum(
                type(e) is events.DealVoided and e.round == st.round_no for e in self.events
            )
            self._deal(st.round_no, voids)
        else:
            self._finish_round_if_over()


_E = TypeVar("_E", bound=events.AnyEvent)


def _validated(kind: type[_E], seq: int, **fields: Field) -> _E:
    """``kind(seq=seq, **fields)``, validated (a shuffle a caller handed in)."""
    return kind(seq=seq, **fields)


def _shared_moves() -> dict[int, Move]:
    """The engine's move of each command object the engine hands out, by the object's id.

    Those commands live as long as koza (``koza.core.commands`` makes them once), so
    their ids stay theirs; a command found here needs no check of its fields.
    """
    moves = [m for row in PLAY_MOVES for m in row] + [DRAW_MOVE, PASS_MOVE]
    moves += [DOUBLES_MOVES[a][b] for a in DOUBLE_OF for b in DOUBLE_OF if a != b]
    return {id(from_move(m)): m for m in moves}


_SHARED_MOVE = _shared_moves()

_PHASE = {
    "new": "the game has not started",
    "playing": "a round is in play",
    "round_over": "the round is over; deal the next one",
    "game_over": "the game is over",
}


def _check_command(command: object) -> None:
    """Reject a command whose fields are not tiles or ends before the rules look at it."""
    if isinstance(command, Play):
        tiles: tuple[object, ...] = (command.tile,)
        if command.end not in END_OF:
            raise IllegalMoveError(f"{command.end!r} is not an end (left, right or open)")
    elif isinstance(command, PlayDoubles):
        tiles = (command.left, command.right)
    elif isinstance(command, Draw | Pass):
        return
    else:
        raise IllegalMoveError(f"{command!r} is not a command")
    for t in tiles:
        if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < N_TILES:
            raise IllegalMoveError(f"{t!r} is not a tile (tiles are 0..27; use parse_tile)")
