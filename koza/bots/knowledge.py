"""What a seat can infer about the hidden hands from its view's public history.

Each hidden tile in an opponent's hand sits in a *slot*: a place it entered the
hand (the deal, or a kept draw).  A slot carries the mask of tiles it cannot
hold: a seat that drew or passed showed that every tile then in its hand lacked
both open ends, and a kept draw lacked them too.  Slots that are in a hand at
the same time are nested (an older slot has seen every event a newer one has),
so a played tile is matched to the oldest slot it fits; that leaves the
loosest slots for the tiles still hidden and never rules out a deal that could
have happened.

The round's forced opening (round 1, or ``next_leader=highest_double``) also
shows which tiles were not dealt: by default no higher double (or, without doubles,
no higher tile); under ``first_lead`` the doubles the rule would have chosen first.

Seats read as *sharp* (``infer(view, sharp=...)``: they always shed their
heaviest fitting move, as ``greedy`` does) show more: every tile in hand at one
of their free plays that fitted and weighed more than the move is ruled out.  A
played tile no slot may then have held means the seat is not sharp after all;
such seats are listed in ``Knowledge.broken``.
"""

from __future__ import annotations

from dataclasses import dataclass

from koza.core.dealing import ONE_ONE
from koza.core.tiles import ALL_TILES_MASK, BIT, DOUBLES_MASK, HAS, IS_DOUBLE, N_TILES, PIPS
from koza.core.view import SeatView

INITIAL = -1
"""Origin of a slot filled at the deal (else the index of the draw action in the history)."""


@dataclass(slots=True)
class Slot:
    """One place a hidden tile entered a hand."""

    origin: int  # INITIAL, or the history index of the draw that filled it
    forbidden: int  # tiles it cannot hold
    played: int = -1  # the tile it held, if that tile was later played (-1: still hidden)
    played_at: int = -1  # the history index of that play
    key: int = -1  # index of this slot in a sample's assignment list (unique per Knowledge)


@dataclass(slots=True)
class Knowledge:
    """Per seat: its slots in entry order (empty list for the viewing seat)."""

    seat: int
    slots: list[list[Slot]]
    unseen: int  # tiles in other hands or the bazaar
    drawn_played: dict[int, int]  # history index of a draw -> the tile, played at once
    n_slots: int = 0  # slots of all seats (their keys are 0 .. n_slots - 1)
    broken: frozenset[int] = frozenset()  # sharp seats whose plays contradict sharpness

    def hidden_slots(self, seat: int) -> list[Slot]:
        """The slots of ``seat`` whose tile is still in its hand."""
        return [s for s in self.slots[seat] if s.played < 0]

    def lacks(self, seat: int) -> list[bool]:
        """Per number: whether ``seat`` surely holds no tile showing it."""
        hidden = self.hidden_slots(seat)
        if not hidden:
            return [True] * 7
        loose = hidden[-1].forbidden & self.unseen
        for s in hidden:
            loose &= s.forbidden
        return [(HAS[n] & self.unseen) & ~loose == 0 for n in range(7)]


def _ends_mask(ends: tuple[int, int]) -> int:
    a, b = ends
    return (HAS[a] if a >= 0 else 0) | (HAS[b] if b >= 0 else 0)


def opening_forbidden(view: SeatView) -> int:
    """Tiles no hand held at the deal, shown by a forced opening (else 0)."""
    if not forced_opening(view) or not view.history or view.history[0].side != "open":
        return 0
    t0 = view.history[0].tiles[0]
    rule = view.rules.first_lead
    higher_tiles = sum(BIT[t] for t in range(t0 + 1, N_TILES))
    if rule == "lowest_double":
        raised = DOUBLES_MASK & ~BIT[0]  # 0-0 never opens: it may be anywhere
        if IS_DOUBLE[t0]:
            return raised & (BIT[t0] - 1)  # the lower doubles from 1-1 up
        return raised | higher_tiles
    if rule == "one_one" and t0 == ONE_ONE:
        return 0  # 1-1 leads whatever else was dealt
    unseen_one_one = BIT[ONE_ONE] if rule == "one_one" else 0
    if IS_DOUBLE[t0]:
        return unseen_one_one | (DOUBLES_MASK & higher_tiles)
    return DOUBLES_MASK | higher_tiles


def forced_opening(view: SeatView) -> bool:
    """Whether the round's first tile was set by the rules, not chosen."""
    return not view.records or view.rules.next_leader == "highest_double"


def heavier_than(view: SeatView, weight: int) -> int:
    """The tiles that shed more than ``weight`` points (0-0 counts its bonus)."""
    blank = view.rules.blank_double_points
    return sum(BIT[t] for t in range(N_TILES) if (blank if t == 0 else PIPS[t]) > weight)


def move_points(view: SeatView, tiles: tuple[int, ...]) -> int:
    """Points a move of ``tiles`` sheds (0-0 counts its bonus)."""
    blank = view.rules.blank_double_points
    return sum(blank if t == 0 else PIPS[t] for t in tiles)


def infer(view: SeatView, sharp: frozenset[int] = frozenset()) -> Knowledge:
    """Walk the public history and build every opponent's slots (``sharp``: the seats
    read as always shedding their heaviest fitting move)."""
    n = view.n_players
    dealt = view.rules.hand_size_for(n)
    init_forbid = opening_forbidden(view)
    slots: list[list[Slot]] = [
        [] if s == view.seat else [Slot(INITIAL, init_forbid) for _ in range(dealt)]
        for s in range(n)
    ]
    keys = 0
    for mine in slots:
        for s in mine:
            s.key, keys = keys, keys + 1
    drawn_played: dict[int, int] = {}
    hist = view.history
    skip_play = -1
    broken: set[int] = set()
    forced = forced_opening(view)
    for i, act in enumerate(hist):
        j = act.seat
        if j == view.seat:
            continue
        mine = slots[j]
        if act.kind in ("draw", "pass"):
            em = _ends_mask(act.ends)
            for s in mine:
                if s.played < 0:
                    s.forbidden |= em
            if act.kind == "draw":
                nxt = hist[i + 1] if i + 1 < len(hist) else None
                if nxt is not None and nxt.seat == j and nxt.kind == "play":
                    drawn_played[i] = nxt.tiles[0]
                    skip_play = i + 1
                else:
                    mine.append(Slot(i, em, key=keys))
                    keys += 1
        elif act.kind in ("play", "doubles"):
            if i == skip_play:
                continue
            if j in sharp and not (i == 0 and forced):
                a, b = act.ends
                fit = ALL_TILES_MASK if a < 0 else HAS[a] | HAS[b]
                ruled_out = fit & heavier_than(view, move_points(view, act.tiles))
                for s in mine:
                    if s.played < 0:
                        s.forbidden |= ruled_out
            for t in act.tiles:
                if not _take(mine, t, i):
                    broken.add(j)
    played = 0
    for p in view.chain:
        played |= BIT[p.tile]
    unseen = ALL_TILES_MASK & ~view.hand_mask & ~played
    return Knowledge(view.seat, slots, unseen, drawn_played, keys, frozenset(broken))


def _take(slots: list[Slot], tile: int, at: int) -> bool:
    """Mark the oldest hidden slot that may have held ``tile`` as played (False: none
    may have, which a true history shows only for a seat wrongly read as sharp)."""
    fallback = None
    for s in slots:
        if s.played >= 0:
            continue
        if not s.forbidden >> tile & 1:
            s.played, s.played_at = tile, at
            return True
        fallback = s
    if fallback is not None:  # stay total
        fallback.played, fallback.played_at = tile, at
    return False
