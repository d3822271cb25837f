"""The hint panel in the table's side column: a button to ask, then every move's value.

It shows what ``koza.coach.hint_values`` found for the seat's own view: each legal
move with the penalty points the seat is expected to record this round, and the
chance of becoming the goat where some move changes it, best first and marked
(best by montecarlo's value, which weighs both), and the best move's reason.  A
move the shared deals cannot tell from the best is marked ``=``: it is as good.  A
click anywhere on it asks for a hint.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.events import Click
from textual.message import Message

from koza.core.commands import Command, Draw, Play, PlayDoubles
from koza.core.tiles import tile_name
from koza.i18n.strings import t
from koza.tui.widgets.steady import SteadyStatic, titled

if TYPE_CHECKING:
    from koza.coach.evaluate import MoveValue  # the coach and its bots load at the first hint

BEST_MARK = "»"  # the turn marker ▶ is taken by the seats
EQUAL_MARK = "="  # a move the deals cannot tell from the best
GOAT_SHOWN = 0.005
"""The goat chance gets a column once some move's chance reaches half a percent."""


def shows_goat(values: Sequence[MoveValue]) -> bool:
    """Whether any move's chance of becoming the goat is worth a column."""
    return any(mv.goat >= GOAT_SHOWN for mv in values)


def figures(mv: MoveValue, goat: bool) -> str:
    """A move's figures: expected penalty points this round, and its goat chance."""
    points = f"{mv.points:.1f}"
    return f"{points} {mv.goat:4.0%}" if goat else points


def move_words(move: Command, same_ends: bool = False) -> str:
    """A move as the panel names it: ``6-4 left``, ``5-5 + 3-3``, ``draw``.

    ``same_ends``: both open ends show one number, so a tile's end is not named."""
    if isinstance(move, Play):
        tile = tile_name(move.tile)
        if move.end == "open" or same_ends:
            return tile
        return f"{tile} {t('table.end_left' if move.end == 'left' else 'table.end_right')}"
    if isinstance(move, PlayDoubles):
        return f"{tile_name(move.left)} + {tile_name(move.right)}"
    return t("hint.draw" if isinstance(move, Draw) else "hint.pass")


def hint_lines(
    values: Sequence[MoveValue], width: int, room: int = 0, same_ends: bool = False
) -> tuple[Text, int]:
    """Best move first (marked) with its reason under it, then the others by value.

    With ``room`` rows (0: no limit) the lowest moves are left out; also says how many.
    With ``same_ends`` a tile is shown once, at the better of its two (equal) ends.
    """
    ranked = sorted(values, key=lambda mv: -mv.value)  # stable: equals keep the legal order
    goat = shows_goat(values)
    if same_ends:
        names = [move_words(mv.move, True) for mv in ranked]
        ranked = [mv for i, mv in enumerate(ranked) if names[i] not in names[:i]]
    rows: list[tuple[str, str, bool]] = []  # (text, style, a move's row)
    for i, mv in enumerate(ranked):
        label, value = move_words(mv.move, same_ends), figures(mv, goat)
        gap = max(1, width - 2 - len(label) - len(value))
        mark = BEST_MARK if i == 0 else EQUAL_MARK if mv.equal else " "
        rows.append((f"{mark} {label}{' ' * gap}{value}", "bold" if i == 0 else "", True))
        if i == 0 and mv.reason is not None:
            wrapped = textwrap.wrap(mv.reason.words(), max(width, 8))
            rows += [(line, "italic", False) for line in wrapped]
    if room:
        rows = rows[:room]
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (line, style, _) in enumerate(rows):
        text.append(("\n" if i else "") + line, style)
    return text, len(ranked) - sum(move for _, _, move in rows)


class HintPanel(SteadyStatic):
    """Asks for a hint when clicked; shows the hint once it is known."""

    DEFAULT_CSS = """
    HintPanel {
        height: auto;
        max-height: 50%;
        border: round $accent 60%;
        border-title-color: $accent;
        padding: 0 1;
    }
    HintPanel:hover {
        background: $boost;
    }
    """

    class Clicked(Message):
        """The panel was clicked: the player asks for a hint."""

    def show_ask(self) -> None:
        self._titled()
        self.show_content(Text(t("hint.ask"), style="dim"))

    def show_thinking(self) -> None:
        self._titled()
        self.show_content(Text(t("hint.thinking"), style="dim italic"))

    def show_hint(
        self, values: Sequence[MoveValue], room: int = 0, same_ends: bool = False
    ) -> None:
        """Show ``values`` in ``room`` rows (0: as many as there are)."""
        text, left_out = hint_lines(values, self.content_size.width or 24, room, same_ends)
        note = t("hint.value_note_goat" if shows_goat(values) else "hint.value_note")
        self._titled(t("hint.more", n=left_out) if left_out else note)
        self.show_content(text)

    def _titled(self, subtitle: str = "") -> None:
        titled(self, f"{t('hint.title')} (h)", subtitle)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())
