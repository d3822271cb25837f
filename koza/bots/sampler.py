"""Sampling hidden deals consistent with a seat's view.

Deals are constructed directly, never drawn blindly and rejected: the hidden
slots (see ``knowledge``) are grouped by seat and forbidden mask, and each
group takes its tiles at random from what it may hold, the tightest group
first.  In the rare case that leaves a later group short, the attempt is
redone; after a few failures an exact matching (augmenting paths) is used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from koza.bots.knowledge import INITIAL, Knowledge, Slot
from koza.core import engine
from koza.core.tiles import tiles_of
from koza.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Group:
    """Slots of one seat with the same allowed tiles."""

    seat: int
    slots: tuple[Slot, ...]
    allowed: int


@dataclass(slots=True)
class Sample:
    """One consistent guess: every seat's hand and the bazaar order."""

    hands: list[int]
    bazaar: tuple[int, ...]
    assignment: dict[int, int]  # id(slot) -> tile, for checking a sample against a history


def groups_of(know: Knowledge) -> list[Group]:
    """Hidden slots grouped by (seat, allowed tiles)."""
    out: list[Group] = []
    for seat, slots in enumerate(know.slots):
        by_mask: dict[int, list[Slot]] = {}
        for s in slots:
            if s.played < 0:
                by_mask.setdefault(know.unseen & ~s.forbidden, []).append(s)
        out.extend(Group(seat, tuple(v), k) for k, v in by_mask.items())
    return out


class Sampler:
    """Draws consistent deals for one decision of one seat."""

    def __init__(self, view: SeatView, know: Knowledge) -> None:
        self.view = view
        self.know = know
        self.groups = groups_of(know)
        self.n = view.n_players

    def sample(self, rng: random.Random) -> Sample:
        """One deal consistent with everything the seat has seen."""
        for _ in range(12):
            got = self._try(rng)
            if got is not None:
                return got
        return self._matching(rng)

    def _try(self, rng: random.Random) -> Sample | None:
        used = 0
        hands = [0] * self.n
        hands[self.view.seat] = self.view.hand_mask
        assignment: dict[int, int] = {}
        todo = list(self.groups)
        while todo:
            best_i, best_slack = 0, 99
            for i, g in enumerate(todo):
                slack = (g.allowed & ~used).bit_count() - len(g.slots)
                if slack < best_slack:
                    best_i, best_slack = i, slack
            if best_slack < 0:
                return None
            g = todo.pop(best_i)
            chosen = rng.sample(tiles_of(g.allowed & ~used), len(g.slots))
            for s, t in zip(g.slots, chosen, strict=True):
                assignment[id(s)] = t
                used |= 1 << t
                hands[g.seat] |= 1 << t
        return self._finish(hands, used, assignment, rng)

    def _finish(
        self, hands: list[int], used: int, assignment: dict[int, int], rng: random.Random
    ) -> Sample:
        rest = tiles_of(self.know.unseen & ~used)
        rng.shuffle(rest)
        return Sample(hands, tuple(rest), assignment)

    def _matching(self, rng: random.Random) -> Sample:
        """An exact assignment by augmenting paths, tried in random order."""
        slots = [(g.seat, s, g.allowed) for g in self.groups for s in g.slots]
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
        hands = [0] * self.n
        hands[self.view.seat] = self.view.hand_mask
        assignment: dict[int, int] = {}
        used = 0
        for t, i in owner.items():
            seat, s, _ = slots[i]
            assignment[id(s)] = t
            hands[seat] |= 1 << t
            used |= 1 << t
        return self._finish(hands, used, assignment, rng)

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
            t = s.played if s.played >= 0 else smp.assignment[id(s)]
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
