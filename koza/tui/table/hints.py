"""Hints at the table: on your turn, ``h`` or a click weighs every legal move.

Off by default; the new-game form turns them on per human seat, and the choice
and the hints asked are kept beside the save (``koza.coach.hint_record``).  The
evaluation (``koza.coach.hint_values``: every move on the same deals, more
deals where moves are close) runs in a thread worker, so the table never waits; it reads only the
seat's own view, and it never plays or changes anything.  Each answer is kept by
(seat, view seq): asking again on the same position is instant and counts once.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from koza.coach.hint_record import HintRecord, read_hints, write_hints
from koza.core.commands import Play, PlayDoubles
from koza.core.view import SeatView, seat_view
from koza.i18n.strings import about, t
from koza.tui.table.hint_panel import HintPanel

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from koza.coach.evaluate import MoveValue
    from koza.tui.table.runner import Session
    from koza.tui.table.scene import Scene

HINT_GROUP = "hint"
LOG_ROOM = 3  # rows the log keeps under the panel: its border and one line


class Hints:
    """Hint asking, caching and showing for ``TableScreen`` (which supplies the rest)."""

    if TYPE_CHECKING:
        app: App[Any]
        session: Session
        me: int
        humans: tuple[int, ...]
        watching: bool
        hidden: bool
        selected: int
        message: str
        error: bool

        @property
        def you(self) -> int: ...
        def my_turn(self) -> bool: ...
        def scene(self) -> Scene: ...
        def refresh_table(self) -> None: ...

    hint_record: HintRecord = HintRecord()
    _hint_cache: dict[tuple[int, int], list[MoveValue]]
    _hint_asked: set[tuple[int, int]]

    # --- setting up -------------------------------------------------------------

    def setup_hints(self) -> None:
        """Read which seats take hints; put the panel in the side column if any does."""
        self._hint_cache, self._hint_asked = {}, set()
        path = self._save_path()
        self.hint_record = read_hints(path) if path is not None else HintRecord()
        if not self.watching and any(self.hint_record.on(s) for s in self.humans):
            self._host.query_one("#side").mount(HintPanel(id="hint"), before="#log")

    @property
    def _host(self) -> Screen[Any]:
        """This table as the screen it is (the mixin's own view of itself)."""
        return cast("Screen[Any]", self)

    def _save_path(self) -> Path | None:
        path = getattr(self.session, "path", None)
        return path if isinstance(path, Path) else None

    # --- asking -------------------------------------------------------------------

    def hint_refusal(self) -> str:
        """Why ``h`` gives no hint now ("" when it can)."""
        if self.watching:
            return t("hint.watching")
        names = [s.name for s in self.session.game.state.seats]
        if not self.hint_record.on(self.me) or self.me not in self.humans:
            return about("hint.off", self.me, self.you, names)
        if not self.my_turn():
            return t("hint.not_your_turn")
        return ""

    def can_hint(self) -> bool:
        return not self.hint_refusal()

    def action_hint_refused(self) -> None:
        """``h`` when no hint can be given: say why in the status line."""
        self.action_hint()

    def _hint_key(self) -> tuple[int, int]:
        return self.me, self.session.game.state.seq

    def action_hint(self) -> None:
        """Show the hint for this position: at once if known, else weigh it in a worker."""
        why = self.hint_refusal()
        if why:
            self.message, self.error = why, True
            self.refresh_table()
            return
        self.message, self.error = "", False
        key = self._hint_key()
        if key in self._hint_cache:
            self._mark_best(self._hint_cache[key])
        elif key not in self._hint_asked:
            self._hint_asked.add(key)
            self.hint_record.count(self.me)
            path = self._save_path()
            if path is not None:
                write_hints(path, self.hint_record)
            view = seat_view(self.session.game.state, self.me)
            self._host.run_worker(
                lambda: self._weigh(view, key),
                thread=True,
                group=HINT_GROUP,
                exclusive=False,
                exit_on_error=False,
            )
        self.refresh_table()

    def _weigh(self, view: SeatView, key: tuple[int, int]) -> None:
        """In the worker: the evaluation, handed back to the UI thread."""
        from koza.coach.hint_values import hint_values  # the bots: imported at the first hint

        try:
            values: list[MoveValue] | str = hint_values(view, seed=view.seq)
        except Exception as exc:  # a hint must never take the table down
            values = f"{type(exc).__name__}: {exc}"
        with suppress(RuntimeError):  # the app has closed meanwhile
            self.app.call_from_thread(self._weighed, key, values)

    def _weighed(self, key: tuple[int, int], values: list[MoveValue] | str) -> None:
        if isinstance(values, str):
            self._hint_asked.discard(key)
            self.message, self.error = t("hint.failed", error=values), True
        else:
            self._hint_cache[key] = values
            if key == self._hint_key():
                self._mark_best(values)
        if self._host.is_mounted:
            self.refresh_table()

    def _mark_best(self, values: list[MoveValue]) -> None:
        """Select the best move's tile in the hand (a draw or a pass selects nothing new)."""
        from koza.coach.evaluate import best

        top = best(values)
        if top is None or not self.my_turn():
            return
        move = top.move
        tile = move.tile if isinstance(move, Play) else getattr(move, "left", -1)
        if isinstance(move, Play | PlayDoubles):
            hand = list(self.scene().my_hand)
            if tile in hand:
                self.selected = hand.index(tile)

    # --- showing ------------------------------------------------------------------

    def show_hint(self) -> None:
        """Bring the panel up to date with the position (called on every redraw)."""
        for panel in self._host.query(HintPanel):
            on = self.hint_record.on(self.me) and not self.hidden
            panel.display = on
            if not on:
                continue
            room = self._leave_room_for_the_log(panel)
            key = self._hint_key()
            if key in self._hint_cache and self.my_turn():
                sc = self.scene()
                same = sc.left == sc.right and sc.left >= 0
                panel.show_hint(self._hint_cache[key], room, same)
            elif key in self._hint_asked and self.my_turn():
                panel.show_thinking()
            else:
                panel.show_ask()

    def _leave_room_for_the_log(self, panel: HintPanel) -> int:
        """Cap the panel so the log below it keeps a line; the rows left for the hint.

        0 (no cap) before the layout is known."""
        side = self._host.query_one("#side")
        if not side.size.height:
            return 0
        others = sum(w.outer_size.height for w in side.children if w.id not in ("hint", "log"))
        height = max(3, side.size.height - others - LOG_ROOM)
        panel.styles.max_height = height
        return height - 2  # its border

    def on_hint_panel_clicked(self, event: HintPanel.Clicked) -> None:
        self.action_hint()

    def hint_notes(self) -> list[str]:
        """The game-over line: how many hints each seat that took them asked."""
        seats = [s for s in self.humans if self.hint_record.on(s)]
        if not seats:
            return []
        names = self.session.game.state.seats
        counts = ", ".join(f"{names[s].name} {self.hint_record.asked.get(s, 0)}" for s in seats)
        return [t("hint.asked", counts=counts)]
