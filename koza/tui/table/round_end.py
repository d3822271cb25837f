"""The end of a round and of a game at the table: the dialogs, then what follows.

After a round the round-over dialog shows every hand; closing it deals the next
round, or shows the game-over dialog, whose rematch key starts a new game with
the same seats and rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koza.i18n.problems import say_error
from koza.storage.savefile import SaveError
from koza.tui.table.parts import TableParts
from koza.tui.widgets.dialogs import RoundOverScreen

if TYPE_CHECKING:
    from textual.message import Message


AUTO_NEXT_ROUND = 2.0  # seconds the round-over dialog stays up while watching


class RoundEnd(TableParts):
    """Round-over and game-over flow for ``TableScreen`` (which supplies the rest)."""

    if TYPE_CHECKING:
        humans: tuple[int, ...]
        selected: int
        Finished: type[Message]

        @property
        def several_humans(self) -> bool: ...
        @property
        def you(self) -> int: ...
        def hint_notes(self) -> list[str]: ...
        def action_leave(self) -> None: ...
        def _continue(self) -> None: ...
        def _save_failed(self, msg: str) -> None: ...

    def _show_round_over(self) -> None:
        if self._dialog:
            return
        self._dialog = True
        state = self.session.game.state

        def closed(_: None) -> None:
            self._dialog = False
            if not self.app.is_running:  # the watch timer closed it while the app shuts down
                return
            st = self.session.game.state
            if st.phase == "game_over":
                from koza.tui.table.score_plot import GameOverPlotScreen  # plotting: imported late

                self._dialog = True
                rematch = callable(getattr(self.app, "rematch", None))
                notes = self.hint_notes()
                dialog = GameOverPlotScreen(st, self.humans, rematch=rematch, notes=notes)
                self.app.push_screen(dialog, lambda choice: self._finish(choice == "rematch"))
                return
            try:
                self.session.next_round()
            except SaveError as exc:
                self._save_failed(say_error(exc))
                return
            self.selected, self.message = 0, ""
            if self.several_humans:
                self.hidden = True
            self._continue()

        dialog = RoundOverScreen(state, self.tile_style, you=self.you)
        self.app.push_screen(dialog, closed)
        self.refresh_table()
        if self.watching and state.phase == "round_over":
            # watching: the next round starts by itself unless the bots are paused
            def auto_close() -> None:
                if self.app.screen is dialog and not self.runner.paused:
                    dialog.dismiss(None)

            self.set_timer(max(AUTO_NEXT_ROUND, self.runner.delay * 6), auto_close)

    def _finish(self, rematch: bool = False) -> None:
        """Leave the finished game; a rematch sits the same seats down with the same rules."""
        self._dialog = False
        state = self.session.game.state
        app = self.app
        app.post_message(self.Finished())
        self.action_leave()
        from koza.tui.match_flow import after_game, plays_match_game

        if plays_match_game(app, self.session):  # the match sheet, then its next game
            app.call_later(after_game, app, state)
        elif rematch:
            app.call_later(app.rematch, state.seats, state.rules)  # type: ignore[attr-defined]
