"""The watch-mode keys of the table: pause, step, faster, slower, face up or down."""

from __future__ import annotations

from typing import TYPE_CHECKING


class WatchControls:
    """Actions for watching bots; mixed into ``TableScreen`` (which has the runner)."""

    if TYPE_CHECKING:
        from koza.tui.table.runner import BotRunner

        runner: BotRunner
        message: str
        face_up: bool

        def refresh_table(self) -> None: ...
        def remember(self, name: str, value: object) -> None: ...

    def action_pause(self) -> None:
        self.message = ""
        self.runner.pause()
        self.refresh_table()

    def action_step(self) -> None:
        self.runner.step()

    def action_faster(self) -> None:
        self.runner.faster()
        self.remember("bot_delay", self.runner.delay)
        self.refresh_table()

    def action_slower(self) -> None:
        self.runner.slower()
        self.remember("bot_delay", self.runner.delay)
        self.refresh_table()

    def action_toggle_face(self) -> None:
        self.face_up = not self.face_up
        self.refresh_table()
