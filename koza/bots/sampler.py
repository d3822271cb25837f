"""Sampling hidden deals consistent with a seat's view.

Deals are constructed directly, never drawn blindly and rejected: the hidden
slots (see ``knowledge``) are grouped by seat and allowed tiles, and each group
takes its tiles at random from what it may hold, the tightest group first.  In
the rare case that leaves a later group short, the attempt is redone; after a
few failures an exact matching (augmenting paths) is used.

Everything is done on bit masks with the random stream's C methods
(``getrandbits``, ``random``): a sample's hidden tiles are a list indexed by
slot key, no per-sample dicts or tile lists.  ``draw_hands`` leaves the bazaar
out, so deals that are weighed and thrown away never pay for its shuffle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from koza.bots.knowledge import INITIAL, Knowledge
from koza.core import engine
from koza.core.tiles import tiles_of
from koza.core.view import SeatView

QUICK_TRIES = 12
"""Constructions tried before the exact matching takes over."""
SCAN_BELOW = 8
"""With fewer free tiles than this, a random tile is found by counting bits, not by guessing."""


@dataclass(frozen=True, slots=True)
class Group:
    """Slots (by key) of one seat with the same allowed tiles."""

    seat: int
    keys: tuple[int, ...]
    allowed: int


@dataclass(slots=True)
class Sample:
    """One consistent guess: every seat's hand and the bazaar order."""

    hands: list[int]
    bazaar: tuple[int, ...]
    assignment: list[int]  # slot key -> its tile (-1 for a slot whose tile was played)


def groups_of(know: Knowledge) -> list[Group]:
    """Hidden slots grouped by (seat, allowed tiles)."""
    out: list[Group] = []
    for seat, slots in enumerate(know.slots):
        by_mask: dict[int, list[int]] = {}
        for s in slots:
            if s.played < 0:
                by_mask.setdefault(know.unseen & ~s.forbidden, []).append(s.key)
        out.extend(Group(seat, tuple(v), k) for k, v in by_mask.items())
    return out


def random_tile(mask: int, count: int, rng: random.Random) -> int:
    """A uniformly random set bit of ``mask`` (``count`` of them, at least one)."""
    if count >= SCAN_BELOW:
        while True:  # guess a bit: at least a quarter of the 32 guesses hit
            t = rng.getrandbits(5)
            if mask >> t & 1:
                return t
    k = int(rng.random() * count)
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def shuffled_tiles(mask: int, rng: random.Random) -> list[int]:
    """The tiles of ``mask`` in a uniformly random order (Fisher-Yates)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    rand = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


class Sampler:
    """Draws consistent deals for one decision of one seat."""

    def __init__(self, view: SeatView, know: Knowledge, quick_tries: int = QUICK_TRIES) -> None:
        self.view = view
        self.know = know
        self.groups = groups_of(know)
        self.n = view.n_players
        self.quick_tries = quick_tries
        self.my_hands = [0] * self.n
        self.my_hands[view.seat] = view.hand_mask
        self._plain = [(g.allowed, g.seat, g.keys) for g in self.groups]

    def sample(self, rng: random.Random) -> Sample:
        """One deal consistent with everything the seat has seen."""
        hands, assignment = self.draw_hands(rng)
        return self.complete(hands, assignment, rng)

    def draw_hands(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The hidden hands of a consistent deal and its assignment (no bazaar yet)."""
        for _ in range(self.quick_tries):
            got = self._try(rng)
            if got is not None:
                return got
        return self._matching(rng)

    def complete(self, hands: list[int], assignment: list[int], rng: random.Random) -> Sample:
        """The deal ``hands`` with the rest of the unseen tiles as a random bazaar."""
        rest = self.know.unseen
        for h in hands:
            rest &= ~h
        return Sample(hands, tuple(shuffled_tiles(rest, rng)), assignment)

    def _try(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        getrandbits = rng.getrandbits
        rand = rng.random
        used = 0
        hands = self.my_hands.copy()
        assignment = [-1] * self.know.n_slots
        todo = self._plain.copy()
        while todo:
            best_i = 0
            if len(todo) > 1:
                best_slack = 99
                for i, (allowed, _, keys) in enumerate(todo):
                    slack = (allowed & ~used).bit_count() - len(keys)
                    if slack < best_slack:
                        best_i, best_slack = i, slack
            allowed, seat, keys = todo.pop(best_i)
            free = allowed & ~used
            count = free.bit_count()
            if count < len(keys):
                return None
            took = 0
            for key in keys:
                if count >= SCAN_BELOW:
                    t = getrandbits(5)
                    while not free >> t & 1:
                        t = getrandbits(5)
                else:
                    m = free
                    for _ in range(int(rand() * count)):
                        m &= m - 1
                    t = (m & -m).bit_length() - 1
                free ^= 1 << t
                count -= 1
                took |= 1 << t
                assignment[key] = t
            used |= took
            hands[seat] |= took
        return hands, assignment

    def feasible(self) -> bool:
        """Whether every hidden slot can hold a tile at once (a consistent deal exists)."""
        slots, owner = self._match(random.Random(0))
        return len(owner) == len(slots)

    def _matching(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """An exact assignment by augmenting paths, tried in random order."""
        slots, owner = self._match(rng)
        hands = self.my_hands.copy()
        assignment = [-1] * self.know.n_slots
        for t, i in owner.items():
            seat, key, _ = slots[i]
            assignment[key] = t
            hands[seat] |= 1 << t
        return hands, assignment

    def _match(self, rng: random.Random) -> tuple[list[tuple[int, int, int]], dict[int, int]]:
        """The slots in random order, and a maximum matching of tiles to them."""
        slots = [(g.seat, key, g.allowed) for g in self.groups for key in g.keys]
        rng.shuffle(slots)
        owner: dict[int, int] = {}  # tile -> index in slots

        def augment(i: int, seen: set[int]) -> bool:
            cands = tiles_of(slots[i][2])
            rng.shuffle(cands)
            for t in cands:
                if t in seen:
                    continue
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = i
                    return True
            return False

        for i in range(len(slots)):
            augment(i, set())
        return slots, owner

    def round_of(self, smp: Sample) -> engine.Round:
        """The lean round the sampled deal puts this seat in."""
        v = self.view
        doubles_ok = v.rules.double_play == "doubles"
        r = engine.Round(smp.hands, smp.bazaar, v.leader, v.opening, doubles_ok)
        r.left, r.right = v.left, v.right
        r.turn = v.turn
        r.drawn = v.drawn
        return r


def reconstruct_shuffle(view: SeatView, know: Knowledge, smp: Sample) -> list[int]:
    """A full shuffle (the hands as dealt, then the bazaar in order) that explains the
    view's public history under ``smp``; tests replay it to prove the sample possible."""
    n = view.n_players
    initial = [0] * n
    kept: dict[int, int] = {}
    for seat, slots in enumerate(know.slots):
        for s in slots:
            t = s.played if s.played >= 0 else smp.assignment[s.key]
            if s.origin == INITIAL:
                initial[seat] |= 1 << t
            else:
                kept[s.origin] = t
    draws: list[int] = []
    my_played = my_drawn = 0
    for i, act in enumerate(view.history):
        if act.kind == "draw":
            if act.seat == view.seat:
                t = act.tiles[0]
                my_drawn |= 1 << t
            else:
                t = know.drawn_played[i] if i in know.drawn_played else kept[i]
            draws.append(t)
        elif act.seat == view.seat and act.kind in ("play", "doubles"):
            for t in act.tiles:
                my_played |= 1 << t
    initial[view.seat] = (view.hand_mask | my_played) & ~my_drawn
    out: list[int] = []
    for m in initial:
        out.extend(tiles_of(m))
    return out + draws + list(smp.bazaar)
