"""The 28 tiles of a double-six set as small ints, with precomputed tables.

A tile is an int 0..27: ``hi * (hi + 1) // 2 + lo`` for ``hi >= lo``.  So
``0-0`` is 0 and ``6-6`` is 27, and the id order is exactly the rule book's
"highest tile" order (higher big half, then higher small half).  A hand is a
bit mask over those ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

Tile = int
N_TILES: Final = 28

End = Literal["left", "right", "open"]
"""Where a tile goes: on the chain's left or right end, or ``open`` for the first tile."""
LEFT: Final = 0
RIGHT: Final = 1
OPEN: Final = 2
END_NAMES: tuple[End, End, End] = ("left", "right", "open")
"""``END_NAMES[LEFT] == "left"``: the engine's end numbers by name."""
END_OF: dict[str, int] = {name: i for i, name in enumerate(END_NAMES)}
"""``END_OF["left"] == LEFT``."""

HALVES: Final[tuple[tuple[int, int], ...]] = tuple(
    (hi, lo) for hi in range(7) for lo in range(hi + 1)
)
"""``HALVES[t] == (hi, lo)``."""

PIPS: Final[tuple[int, ...]] = tuple(hi + lo for hi, lo in HALVES)
IS_DOUBLE: Final[tuple[bool, ...]] = tuple(hi == lo for hi, lo in HALVES)
BIT: Final[tuple[int, ...]] = tuple(1 << t for t in range(N_TILES))
ALL_TILES_MASK: Final = (1 << N_TILES) - 1

HAS: Final[tuple[int, ...]] = tuple(
    sum(1 << t for t, (hi, lo) in enumerate(HALVES) if n in (hi, lo)) for n in range(7)
)
"""``HAS[n]``: mask of the seven tiles that show the number ``n``."""

DOUBLE_OF: Final[tuple[int, ...]] = tuple(n * (n + 1) // 2 + n for n in range(7))
"""``DOUBLE_OF[n]``: the tile ``n-n``."""

DOUBLES_MASK: Final = sum(1 << d for d in DOUBLE_OF)

OTHER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((lo if n == hi else hi) if n in (hi, lo) else -1 for n in range(7)) for hi, lo in HALVES
)
"""``OTHER[t][n]``: the half of ``t`` left open when its ``n`` half is attached, or -1."""

END_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(HAS[a] | HAS[b] for b in range(7)) for a in range(7)
)
"""``END_MASK[left][right]``: every tile that fits at least one of two open ends."""

PAIR_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((1 << DOUBLE_OF[a]) | (1 << DOUBLE_OF[b]) if a != b else -1 for b in range(7))
    for a in range(7)
)
"""``PAIR_MASK[left][right]``: the two end doubles (two in one turn), -1 if the ends match."""

NAMES: tuple[str, ...] = tuple(f"{hi}-{lo}" for hi, lo in HALVES)
_BY_NAME: dict[str, int] = {}
for _t, (_hi, _lo) in enumerate(HALVES):
    _BY_NAME[f"{_hi}-{_lo}"] = _t
    _BY_NAME[f"{_lo}-{_hi}"] = _t


def tile_id(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` (in either order)."""
    if not (0 <= a <= 6 and 0 <= b <= 6):
        raise ValueError(f"{a}-{b} is not a double-six tile")
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


def tile_name(t: Tile) -> str:
    """``"6-4"`` for the tile 6-4."""
    return NAMES[t]


def parse_tile(text: str) -> Tile:
    """Parse ``"6-4"`` (or ``"4-6"``); raises ``ValueError`` with a clear message."""
    try:
        return _BY_NAME[text.strip()]
    except KeyError:
        raise ValueError(f"{text!r} is not a tile (write it like 6-4)") from None


def tiles_of(mask: int) -> list[Tile]:
    """The tiles in ``mask``, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(tiles: Iterable[Tile]) -> int:
    """The mask holding ``tiles``."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_LOW_BITS: Final = 14
_LOW_MASK: Final = (1 << _LOW_BITS) - 1


def _pip_tables() -> tuple[list[int], list[int]]:
    """Pips of every mask of tiles 0..13, and of tiles 14..27 shifted down.

    Built in a function, not at module level: compiled, the loop runs natively.
    """
    low = [0] * (1 << _LOW_BITS)
    high = [0] * (1 << _LOW_BITS)
    for m in range(1, 1 << _LOW_BITS):
        lowest = m & -m
        t = lowest.bit_length() - 1
        low[m] = low[m ^ lowest] + PIPS[t]
        high[m] = high[m ^ lowest] + PIPS[t + _LOW_BITS]
    return low, high


_PIP_TABLES: Final = _pip_tables()
_PIPS_LOW: Final = _PIP_TABLES[0]  # pips of every mask of tiles 0..13
_PIPS_HIGH: Final = _PIP_TABLES[1]  # pips of every mask of tiles 14..27, shifted down


def _bit_counts() -> tuple[int, ...]:
    """How many tiles each mask of 14 tiles holds (in a function, for the compiled loop)."""
    return tuple([m.bit_count() for m in range(1 << _LOW_BITS)])


COUNT14: Final[tuple[int, ...]] = _bit_counts()
"""``COUNT14[m]``: how many tiles a mask of 14 tiles holds; a hand's count is
``COUNT14[h & 0x3FFF] + COUNT14[h >> 14]`` (compiled, faster than ``int.bit_count``)."""


def pips_of(mask: int) -> int:
    """Plain pip count of a mask (0-0 counts 0 here; scoring adds its bonus).

    Two table lookups, one per half of the set: bots call this in every rollout.
    """
    return _PIPS_LOW[mask & _LOW_MASK] + _PIPS_HIGH[mask >> _LOW_BITS]
