"""What ``TableScreen``'s parts (its mixins) may use of the screen, declared once for mypy.

At run time ``TableParts`` is an empty class; the screen supplies every name below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.timer import Timer, TimerCallback

    from koza.core.commands import Command
    from koza.tui.table.runner import BotRunner, Session
    from koza.tui.table.scene import Scene
    from koza.tui.widgets.tile_faces import TileStyle


class TableParts:
    """The base of the table's parts: the screen's names they share."""

    if TYPE_CHECKING:
        app: App[Any]
        session: Session
        runner: BotRunner
        tile_style: TileStyle
        message: str
        error: bool
        watching: bool
        hidden: bool
        _dialog: bool

        def scene(self) -> Scene: ...
        def my_turn(self) -> bool: ...
        def play(self, cmd: Command) -> bool: ...
        def refresh_table(self) -> None: ...
        def set_timer(
            self,
            delay: float,
            callback: TimerCallback | None = None,
            *,
            name: str | None = None,
            pause: bool = False,
        ) -> Timer: ...
