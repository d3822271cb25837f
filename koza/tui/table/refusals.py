"""A play key that does not apply now still answers: the game says why not.

The table's footer shows only the keys that apply; when one that does not is
pressed anyway, its fallback binding runs ``explain``.  The reason comes from
the game itself: the command is tried and the game's refusal is shown, the
same sentence a click gets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles
from koza.core.tiles import DOUBLE_OF
from koza.i18n.strings import t
from koza.tui.table.parts import TableParts


class Refusals(TableParts):
    """``action_explain`` for ``TableScreen`` (which supplies the rest)."""

    if TYPE_CHECKING:

        def selected_tile(self) -> int: ...

    def can_explain(self) -> bool:
        """Whether a refused play key should answer now (not while watching or handing over)."""
        busy = self.watching or self.hidden or self._dialog
        return not busy and self.scene().phase == "playing"

    def refused_command(self, what: str) -> Command | None:
        """The command a play key stands for (``what``: play, left, right, doubles, draw, pass)."""
        sc = self.scene()
        if what == "draw":
            return Draw()
        if what == "pass":
            return Pass()
        if what == "doubles":
            left, right = max(sc.left, 0), max(sc.right, 0)
            return PlayDoubles(DOUBLE_OF[left], DOUBLE_OF[right])
        tile = self.selected_tile()
        if tile < 0:
            return None
        if not sc.chain:
            return Play(tile, "open")
        if what in ("left", "right"):
            return Play(tile, "left" if what == "left" else "right")
        left_ok, _ = sc.fits(tile)
        return Play(tile, "right" if not left_ok else "left")

    def action_explain(self, what: str) -> None:
        """Say why the key for ``what`` does nothing now."""
        sc = self.scene()
        if not self.my_turn():
            if 0 <= sc.turn < sc.n_players:
                self.message, self.error = t("table.not_your_turn", name=sc.names[sc.turn]), True
                self.refresh_table()
            return
        cmd = self.refused_command(what)
        if cmd is not None:
            self.play(cmd)  # refused by the game: its reason goes to the status line
