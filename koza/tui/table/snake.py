"""Lay the chain out like on a real table: a snake that winds within a width.

The opening tile sits in the middle of row 0; the right arm runs right, turns
down at the edge and comes back; the left arm runs left, turns up.  Every item
is three cells wide with a one-cell gap; doubles stand crosswise (three lines
tall).  Pure layout, no textual: ``layout_chain`` returns a grid of
``(char, style)`` cells and the clickable places.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from koza.core.state import Placed
from koza.core.tiles import IS_DOUBLE

ITEM = 3  # cells per tile or end marker
STEP = ITEM + 1  # with the gap
MIN_WIDTH = 4 * STEP + 2

Cell = tuple[str, str]  # (character, style: "", tile, newest, last, end, end-fit, link)


@dataclass(frozen=True, slots=True)
class Hit:
    """A clickable place: ``target`` is ``("tile", id)`` or ``("end", "left"|"right")``."""

    y: int
    x0: int
    x1: int
    target: tuple[str, int | str]


@dataclass(frozen=True, slots=True)
class _Item:
    kind: str  # "tile" or "end"
    placed: Placed | None = None
    end: str = ""
    number: int = -1


@dataclass
class ChainLayout:
    """The drawn chain: ``lines[y][x]`` cells and the clickable ``hits``."""

    width: int
    lines: list[list[Cell]] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)

    @property
    def height(self) -> int:
        return len(self.lines)

    def hit_at(self, x: int, y: int) -> tuple[str, int | str] | None:
        for h in self.hits:
            if h.y == y and h.x0 <= x < h.x1:
                return h.target
        return None


def _arm(items: list[_Item], row: int, x: int, step_row: int, width: int, go: int):
    """Place one arm's items; yields (row, x, dir, item) and records the turns."""
    placed: list[tuple[int, int, int, _Item]] = []
    turns: list[tuple[int, int, int]] = []  # (edge column, from row, to row)
    for item in items:
        while True:
            if go > 0 and x + ITEM <= width - 1:
                placed.append((row, x, go, item))
                x += STEP
                break
            if go < 0 and x >= 1:
                placed.append((row, x, go, item))
                x -= STEP
                break
            edge = width - 1 if go > 0 else 0
            turns.append((edge, row, row + step_row))
            row += step_row
            go = -go
            x = width - 1 - ITEM if go < 0 else 1
    return placed, turns


def _turn_glyph(edge_right: bool, down: bool) -> str:
    """The corner at an edge joining a row to the next one up or down."""
    if edge_right:
        return "╮" if down else "╯"
    return "╭" if down else "╰"


def layout_chain(
    chain: tuple[Placed, ...],
    center: int,
    ends: tuple[int, int],
    width: int,
    face: Callable[[int], str],
    *,
    newest: frozenset[int] = frozenset(),
    last: frozenset[int] = frozenset(),
    fit: tuple[bool, bool] = (False, False),
    tags: tuple[str, str] = ("L", "R"),
) -> ChainLayout:
    """Lay out ``chain`` (opening tile at index ``center``) within ``width`` cells.

    ``newest`` tiles (the latest play) and ``last`` ones (each seat's latest
    play) get their own styles.
    """
    width = max(width, MIN_WIDTH)
    out = ChainLayout(width)
    if not chain:
        return out
    c0 = (width - ITEM) // 2
    right_items = [_Item("tile", p) for p in chain[center + 1 :]]
    right_items.append(_Item("end", end="right", number=ends[1]))
    left_items = [_Item("tile", p) for p in reversed(chain[:center])]
    left_items.append(_Item("end", end="left", number=ends[0]))
    r_placed, r_turns = _arm(right_items, 0, c0 + STEP, 1, width, 1)
    l_placed, l_turns = _arm(left_items, 0, c0 - STEP, -1, width, -1)
    everything = [(0, c0, 1, _Item("tile", chain[center]), "right")]
    everything += [(*p, "right") for p in r_placed]
    everything += [(*p, "left") for p in l_placed]
    turns = r_turns + l_turns

    rows = sorted({e[0] for e in everything} | {t[2] for t in turns})
    tall = {
        r for r, _x, _g, it, _a in everything if it.placed is not None and IS_DOUBLE[it.placed.tile]
    }
    mid: dict[int, int] = {}
    y = 1 if rows[0] in tall else 0
    for i, r in enumerate(rows):
        if i:
            prev = rows[i - 1]
            y += max(1, (prev in tall) + (r in tall)) + 1
        mid[r] = y
    height = y + (1 if rows[-1] in tall else 0) + 1
    out.lines = [[(" ", "")] * width for _ in range(height)]

    def put(yy: int, xx: int, ch: str, style: str) -> None:
        out.lines[yy][xx] = (ch, style)

    for r, x, go, item, arm in everything:
        ym = mid[r]
        if item.kind == "end":
            fits = fit[0] if item.end == "left" else fit[1]
            style = "end-fit" if fits else "end"
            text = (tags[0] if item.end == "left" else tags[1])[:1] + ":" + face(item.number)
            for k, ch in enumerate(text[:ITEM]):
                put(ym, x + k, ch, style)
            out.hits.append(Hit(ym, x, x + ITEM, ("end", item.end)))
            continue
        p = item.placed
        assert p is not None
        style = "newest" if p.tile in newest else "last" if p.tile in last else "tile"
        if IS_DOUBLE[p.tile]:
            for k in range(ITEM):
                put(ym - 1, x + k, face(p.left) if k == 1 else " ", style)
                put(ym, x + k, "─", style)
                put(ym + 1, x + k, face(p.left) if k == 1 else " ", style)
        else:
            normal = (arm == "right") == (go > 0)
            a, b = (p.left, p.right) if normal else (p.right, p.left)
            put(ym, x, face(a), style)
            put(ym, x + 1, "│", style)
            put(ym, x + 2, face(b), style)
        out.hits.append(Hit(ym, x, x + ITEM, ("tile", p.tile)))

    for edge, ra, rb in turns:
        down = rb > ra
        put(mid[ra], edge, _turn_glyph(edge > 0, down), "link")
        put(mid[rb], edge, _turn_glyph(edge > 0, not down), "link")
        lo, hi = sorted((mid[ra], mid[rb]))
        for yy in range(lo + 1, hi):
            put(yy, edge, "│", "link")
    return out
