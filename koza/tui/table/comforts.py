"""The table's remembered settings, and auto-play of a forced move.

Settings (kept by the app between runs, see ``koza.tui.settings``): the tile
style, the bots' delay and auto-play.  ``KOZA_TILES`` / ``KOZA_BOT_DELAY`` and
explicit arguments win over them.  Auto-play (off by default, key ``a``) plays
a human's move by itself when it is the only legal one (or the draw when
nothing fits), after a short pause so the player sees it happen.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from koza.i18n.strings import t
from koza.tui.table.parts import TableParts

if TYPE_CHECKING:
    from koza.tui.table.board import Board

FORCED_PAUSE = 0.5  # seconds before a forced move plays itself


class Comforts(TableParts):
    """Settings and auto-play for ``TableScreen`` (which supplies the rest)."""

    auto_forced = False

    if TYPE_CHECKING:

        @property
        def board(self) -> Board: ...

    def setting(self, name: str, default: Any = None) -> Any:
        """A setting the app remembers (``default`` if the app keeps none)."""
        read = getattr(self.app, "setting", None)
        return read(name, default) if callable(read) else default

    def remember(self, name: str, value: object) -> None:
        keep = getattr(self.app, "remember", None)
        if callable(keep):
            keep(name, value)

    def load_settings(self, style_given: bool, delay_given: bool) -> None:
        """Take the remembered tile style, bot delay and auto-play, unless given otherwise."""
        style = self.setting("tiles")
        if not style_given and not os.environ.get("KOZA_TILES") and style in ("digits", "pips"):
            self.tile_style = style
        delay = self.setting("bot_delay")
        no_env = "KOZA_BOT_DELAY" not in os.environ
        if not delay_given and no_env and isinstance(delay, int | float) and delay >= 0:
            self.runner.delay = float(delay)
        self.auto_forced = self.setting("auto_forced", False) is True

    def action_toggle_auto(self) -> None:
        self.auto_forced = not self.auto_forced
        self.remember("auto_forced", self.auto_forced)
        self.message, self.error = (
            t("table.auto_on" if self.auto_forced else "table.auto_off"),
            False,
        )
        self.refresh_table()
        self.play_if_forced()

    def play_if_forced(self) -> None:
        """With auto-play on, play the only legal move after a short pause."""
        if not (self.auto_forced and self.my_turn()):
            return
        legal = self.session.game.legal_moves()
        sc = self.scene()
        same = sc.left == sc.right and len({getattr(m, "tile", m) for m in legal}) == 1
        moves = legal[:1] if same else legal  # one tile, both ends alike: either end will do
        if len(moves) != 1:
            return
        seen = len(self.session.game.events)

        def go() -> None:  # only if nothing happened meanwhile
            if self.my_turn() and len(self.session.game.events) == seen:
                self.play(moves[0])

        self.set_timer(FORCED_PAUSE, go)

    def action_toggle_tiles(self) -> None:
        """Tiles drawn as digits or as pips (remembered)."""
        self.tile_style = "pips" if self.tile_style == "digits" else "digits"
        self.board.tile_style = self.tile_style
        self.remember("tiles", self.tile_style)
        self.refresh_table()

    def action_house_rules(self) -> None:
        """The rules of the game in play."""
        from koza.tui.widgets.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.state.rules))
