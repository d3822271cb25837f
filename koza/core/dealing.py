"""Dealing: shuffling the set, splitting it into hands and bazaar, the round-1 leader."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from koza.core.tiles import BIT, DOUBLE_OF, DOUBLES_MASK, HAS, N_TILES, tile_name

_BITLEN: Final[tuple[int, ...]] = tuple((i + 1).bit_length() for i in range(N_TILES))


def split_deal(shuffle: Sequence[int], n: int, hand_size: int) -> tuple[list[int], tuple[int, ...]]:
    """Hands (masks) and bazaar of a shuffled set: seat i takes the i-th block."""
    tiles = list(shuffle)  # one copy: compiled, a list is read without generic calls
    hands = []
    pos = 0
    for _ in range(n):
        m = 0
        for i in range(pos, pos + hand_size):
            m |= BIT[tiles[i]]
        hands.append(m)
        pos += hand_size
    return hands, tuple(tiles[pos:])


def highest_opening(hands: Sequence[int]) -> tuple[int, int]:
    """``(seat, tile)``: the highest double in any hand, else the highest tile."""
    every = 0
    for h in hands:
        every |= h
    if not every:
        raise ValueError("no tiles were dealt")
    pick = every & DOUBLES_MASK or every
    t = pick.bit_length() - 1
    for seat, h in enumerate(hands):
        if h >> t & 1:
            return seat, t
    raise AssertionError("unreachable")


ONE_ONE: Final = DOUBLE_OF[1]  # the tile 1-1
_RAISED_DOUBLES: Final = DOUBLES_MASK & ~BIT[0]  # 1-1 .. 6-6: the doubles that may open low


def first_opening(hands: Sequence[int], first_lead: str = "highest_double") -> tuple[int, int]:
    """``(seat, tile)`` that opens a round led by the rule ``first_lead``.

    ``highest_double``: the highest double, else the highest tile.  ``one_one``: 1-1,
    else as ``highest_double``.  ``lowest_double``: the lowest of 1-1 .. 6-6 (0-0 never
    opens), else the highest plain tile.
    """
    if first_lead == "highest_double":
        return highest_opening(hands)
    every = 0
    for h in hands:
        every |= h
    if first_lead == "one_one":
        if every >> ONE_ONE & 1:
            t = ONE_ONE
        else:
            return highest_opening(hands)
    else:
        low = every & _RAISED_DOUBLES
        if low:
            t = (low & -low).bit_length() - 1
        else:
            plain = every & ~DOUBLES_MASK
            if not plain:
                raise ValueError("no tile may open this deal")
            t = plain.bit_length() - 1
    for seat, h in enumerate(hands):
        if h >> t & 1:
            return seat, t
    raise AssertionError("unreachable")


def bad_hand(hand: int) -> bool:
    """A hand that allows a redeal: 5+ doubles or 6+ tiles of one number."""
    if (hand & DOUBLES_MASK).bit_count() >= 5:
        return True
    return any((hand & HAS[n]).bit_count() >= 6 for n in range(7))


def shuffled_set(rng: random.Random) -> list[int]:
    """A freshly shuffled double-six set.

    The same permutation as ``rng.shuffle(list(range(28)))`` (Fisher-Yates with
    ``getrandbits`` and rejection, as CPython does it), inlined for speed, so a
    seed deals the same tiles as before.
    """
    tiles = list(range(N_TILES))
    bits = rng.getrandbits
    for i in range(N_TILES - 1, 0, -1):
        k = _BITLEN[i]
        j = bits(k)
        while j > i:
            j = bits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def seeded_shuffle(seed: int | None, round_no: int, attempt: int) -> list[int]:
    """The shuffle a game with ``seed`` deals for ``round_no`` (``attempt`` counts redeals)."""
    return shuffled_set(random.Random(f"koza/{seed}/{round_no}/{attempt}"))


def stacked_shuffle(hands: Sequence[Sequence[int]], bazaar: Sequence[int] = ()) -> list[int]:
    """A full shuffle that deals ``hands`` (seat order) and then ``bazaar`` first.

    The tiles not named follow in id order.  For tests, puzzles and duplicate deals;
    raises ``ValueError`` if a tile is named twice.
    """
    named = [t for h in hands for t in h] + list(bazaar)
    seen: set[int] = set()
    for t in named:
        if t in seen:
            raise ValueError(f"{tile_name(t)} is named twice in the stacked deal")
        seen.add(t)
    rest = [t for t in range(N_TILES) if t not in seen]
    return named + rest
