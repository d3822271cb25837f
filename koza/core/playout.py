"""Uniform random play to the end of a round: the tight loop bots and benchmarks use.

Kept apart from ``engine`` (which re-exports ``random_playout``) so the loop can
read like the rules while staying inlined.
"""

from __future__ import annotations

import random
from typing import Final

from koza.core.round_state import Round
from koza.core.tiles import (
    BIT,
    COUNT14,
    END_MASK,
    HALVES,
    HAS,
    LEFT,
    N_TILES,
    OTHER,
    PAIR_MASK,
    RIGHT,
    tiles_of,
)

_BLEN: Final[tuple[int, ...]] = tuple((k - 1).bit_length() for k in range(2 * N_TILES + 2))
"""``_BLEN[k]``: random bits needed to pick one of ``k`` moves by rejection."""


def random_playout(r: Round, rng: random.Random) -> None:
    """Play ``r`` to its end in place, each player choosing uniformly among legal moves.

    A tight inlined loop: at every step it picks uniformly among exactly the
    moves ``legal_moves`` lists, by exact rejection sampling on ``getrandbits``
    (no random number is drawn when there is one move).  Moves are counted with
    14-bit tables, and a fish is seen on the union of all hands (a tile is in at
    most one hand, so playing it clears its bit there).
    """
    if r.over:
        return
    bits = rng.getrandbits
    blen = _BLEN
    has, bit, other, end_mask, pair_mask = HAS, BIT, OTHER, END_MASK, PAIR_MASK
    count = COUNT14
    hands, n, bazaar, bz = r.hands, r.n, r.bazaar, r.bz
    every = 0  # the union of all hands
    for h in hands:
        every |= h
    nb = len(bazaar)
    turn, left, right, drawn = r.turn, r.left, r.right, r.drawn
    doubles_ok = r.doubles_ok
    out = -1
    if left < 0:  # the opening tile
        t = r.opening
        if t < 0:
            hand = tiles_of(hands[turn])
            k = len(hand)
            i = bits(blen[k]) if k > 1 else 0
            while i >= k:
                i = bits(blen[k])
            t = hand[i]
        h = hands[turn] ^ bit[t]
        hands[turn] = h
        every ^= bit[t]
        left, right = HALVES[t]
        r.opening = -1
        if not h:
            out = turn
        else:
            turn = turn + 1 if turn + 1 < n else 0
    check = bz == nb
    while out < 0:
        if check and not every & end_mask[left][right]:
            break  # bazaar empty, something changed, and no tile in any hand fits: a fish
        h = hands[turn]
        hl = has[left]
        hr = has[right]
        if drawn >= 0:
            t = drawn
            drawn = -1
            b = bit[t]
            side = RIGHT if not hl & b else (bits(1) if hr & b else LEFT)
        else:
            fl = h & hl
            fr = h & hr
            if not (fl | fr):
                if bz < nb:  # draw; a tile that fits is played on the next pass
                    t = bazaar[bz]
                    bz += 1
                    hands[turn] = h | bit[t]
                    every |= bit[t]
                    if (hl | hr) & bit[t]:
                        drawn = t
                    check = bz == nb
                    continue
                turn = turn + 1 if turn + 1 < n else 0  # pass: nothing changed
                check = False
                continue
            cl = count[fl & 0x3FFF] + count[fl >> 14]
            k = cl + count[fr & 0x3FFF] + count[fr >> 14]
            pair = pair_mask[left][right] if doubles_ok else -1
            if pair >= 0 and h & pair == pair:
                k += 1
            else:
                pair = -1
            if k > 1:
                i = bits(blen[k])
                while i >= k:
                    i = bits(blen[k])
            else:
                i = 0
            if pair >= 0 and i == k - 1:  # two doubles, one on each end: the ends stay
                h ^= pair
                hands[turn] = h
                every ^= pair
                if not h:
                    out = turn
                else:
                    turn = turn + 1 if turn + 1 < n else 0
                check = bz == nb
                continue
            if i < cl:
                m, side = fl, LEFT
            else:
                m, side, i = fr, RIGHT, i - cl
            for _ in range(i):
                m &= m - 1
            t = (m & -m).bit_length() - 1
        h ^= bit[t]
        hands[turn] = h
        every ^= bit[t]
        if side == LEFT:
            left = other[t][left]
        else:
            right = other[t][right]
        if not h:
            out = turn
        else:
            turn = turn + 1 if turn + 1 < n else 0
        check = bz == nb
    r.bz, r.turn, r.left, r.right = bz, turn, left, right
    r.drawn = -1
    r.over = True
    r.out_seat = out
