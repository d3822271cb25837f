"""Replay: the table exactly as it stood after any event of a saved game.

A ``ReplayCursor`` holds the events and the snapshots; this screen only moves it
and draws its state.  Every key has a button in the control bar for the mouse; the
footer lists the keys that move the cursor and leaves the bar's own (``space``, ``v``,
``c``, ``r``) to the bar, whose tooltips name them, so no key is cut at 80 columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button

from koza.core.events import (
    Event,
)
from koza.core.replay_cursor import ReplayCursor
from koza.core.state import GameState
from koza.core.view import seat_view
from koza.i18n.problems import cannot_open
from koza.i18n.strings import t
from koza.play.driver import DEFAULT_DELAY, faster, slower
from koza.storage.savefile import SaveError, load
from koza.tui.event_words import describe
from koza.tui.replay.review import ReviewPanel
from koza.tui.styled_once import StyledOnce
from koza.tui.table.board import Board
from koza.tui.table.scene import Scene, scene_from_state, scene_from_view
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.reveal_dialog import RevealScreen
from koza.tui.widgets.steady import SteadyStatic

Continue = Callable[[Path], None]


class ReplayScreen(StyledOnce, Screen[None]):
    """Step through a game's events; ``c`` continues an unfinished saved game."""

    CSS_PATH = ["../table/table.tcss", "replay_screen.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("right,l", "forward", t("key.event"), key_display="←→"),
        Binding("left,h", "back", t("key.ev_prev"), show=False),
        Binding("right_square_bracket,shift+right", "next_turn", t("key.turn"), key_display="[]"),
        Binding("left_square_bracket,shift+left", "prev_turn", t("key.turn_prev"), show=False),
        Binding("n,pagedown", "next_round", t("key.round"), key_display="p n"),
        Binding("p,pageup", "prev_round", t("key.round_prev"), show=False),
        Binding("home,g", "to_start", t("key.ends"), key_display="⇱⇲"),
        Binding("end,G", "to_end", t("key.to_end"), show=False),
        Binding("space", "autoplay", t("key.autoplay"), show=False),  # on the bar
        Binding("plus,equals_sign", "faster", t("key.faster"), show=False),
        Binding("minus", "slower", t("key.slower"), show=False),
        Binding("v", "view", t("key.view"), show=False),
        Binding("t", "toggle_tiles", t("table.key_tiles"), show=False),
        Binding("s", "scores", t("plot.key_scores"), show=False),
        Binding("c", "continue_game", t("key.continue"), show=False),
        Binding("c", "cannot_continue", show=False),  # when c does not apply: say why
        Binding("r", "review", t("review.key"), show=False),
        Binding("m", "review_jump('next_mark')", t("review.key_next"), show=False),
        Binding("M", "review_jump('prev_mark')", t("review.key_prev"), show=False),
        Binding("x", "review_jump('next_costly')", t("review.key_costliest"), show=False),
        Binding("escape,q", "leave", t("key.back")),
    ]

    def __init__(
        self,
        events: Sequence[Event],
        *,
        path: Path | None = None,
        on_continue: Continue | None = None,
        delay: float = DEFAULT_DELAY,
    ) -> None:
        super().__init__()
        self.cursor = ReplayCursor(events)
        self.path = path
        self.on_continue = on_continue
        self.view_seat: int | None = None  # None: every hand face up
        self.delay = delay
        self._timer: Timer | None = None
        self._final = self.cursor.state_at(self.cursor.last)
        seats = self._final.seats
        self._bots = tuple(s.kind == "bot" for s in seats)
        self._levels = tuple((s.bot or "") if s.kind == "bot" else "" for s in seats)
        humans = [i for i, s in enumerate(seats) if s.kind != "bot"]
        self._bottom = humans[0] if humans else 0  # whose hand is at the bottom, face up
        self._you = humans[0] if len(humans) == 1 else -1  # the lone person: said "you"
        # An unfinished game with people in it may still be played: its hands stay
        # face down (each seat's own view) until the player confirms (``v``).
        self.revealed = self._final.phase == "game_over" or not humans
        if not self.revealed:
            self.view_seat = self._bottom

    # --- layout --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SteadyStatic(id="replay-position")
        with Horizontal(id="replay-main"):
            yield Board(id="replay-board")
            yield ReviewPanel(self.cursor.events, self.path, id="replay-review")  # docked right
        with Horizontal(id="replay-controls"):  # the whole width, under the review too
            for label, action, tip, key in (
                ("⏮", "to_start", "key.to_start", "home"),
                ("◀◀", "prev_round", "key.round_prev", "p"),
                ("◀|", "prev_turn", "key.turn_prev", "["),
                ("◀", "back", "key.ev_prev", "←"),
                ("▶", "forward", "key.event", "→"),
                ("|▶", "next_turn", "key.turn", "]"),
                ("▶▶", "next_round", "key.round", "n"),
                ("⏭", "to_end", "key.to_end", "end"),
                (t("key.autoplay"), "autoplay", "key.autoplay", "space"),
                ("−", "slower", "key.slower", "-"),
                ("+", "faster", "key.faster", "+"),
                (t("key.view"), "view", "key.view", "v"),
                (t("plot.button_scores"), "scores", "plot.key_scores", "s"),
                (t("review.key"), "review", "review.key", "r"),
            ):
                yield Button(
                    label,
                    id=f"replay-{action}",
                    action=f"screen.{action}",
                    compact=True,
                    tooltip=f"{key}  {t(tip)}",
                )
            if self.can_continue:
                yield Button(
                    t("key.continue"),
                    id="replay-continue_game",
                    action="screen.continue_game",
                    compact=True,
                    tooltip=f"c  {t('key.continue')}",
                )
        yield Footer()

    def on_mount(self) -> None:
        self.title = t("replay.title")
        self.sub_title = str(self.path.name) if self.path else ""
        self.query_one(Board).levels = self._levels
        self.redraw()

    # --- what is shown -------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.cursor.state

    @property
    def can_continue(self) -> bool:
        return self.path is not None and self._final.phase != "game_over"

    @property
    def autoplaying(self) -> bool:
        return self._timer is not None

    def position_text(self) -> str:
        p = self.cursor.position()
        state = self.cursor.state
        where = (
            t("replay.position_start")
            if p.round_no == 0
            else t("replay.position", round_no=p.round_no, move=p.move, moves=p.moves)
        )
        names = [s.name for s in state.seats]
        view = (
            t("replay.view_all")
            if self.view_seat is None
            else t("replay.view_seat", name=names[self.view_seat])
        )
        auto = (
            t("replay.auto_on", delay=self.delay)
            if self.autoplaying
            else t("replay.auto_off", delay=self.delay)
        )
        ending = t("replay.finished") if self._final.phase == "game_over" else ""
        if self.can_continue:
            ending = t("replay.unfinished")
        first = [where, t("replay.event_of", index=p.index + 1, total=p.total)]
        first.append(describe(self.cursor.event, names, self._you))
        second = [view, auto, *([ending] if ending else [])]
        return " · ".join(first) + "\n" + " · ".join(second)

    def scene(self) -> Scene:
        """The table at the cursor: face up, or what ``view_seat`` knew then."""
        state = self.cursor.state
        if self.view_seat is not None:
            view = seat_view(state, self.view_seat)
            return scene_from_view(view, bots=self._bots, you=self._you)
        return scene_from_state(state, me=self._bottom, bots=self._bots, you=self._you)

    def redraw(self) -> None:
        self.query_one("#replay-position", SteadyStatic).show_content(self.position_text())
        self.query_one(Board).show(self.scene())
        self.query_one(ReviewPanel).follow(self.cursor.index)

    # --- actions -------------------------------------------------------------

    def _move(self, go: Callable[[], object]) -> None:
        go()
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return self.can_continue
        return True

    def action_forward(self) -> None:
        self._move(self.cursor.forward)

    def action_back(self) -> None:
        self._move(self.cursor.back)

    def action_next_turn(self) -> None:
        self._move(self.cursor.next_turn)

    def action_prev_turn(self) -> None:
        self._move(self.cursor.prev_turn)

    def action_next_round(self) -> None:
        self._move(self.cursor.next_round)

    def action_prev_round(self) -> None:
        self._move(self.cursor.prev_round)

    def action_to_start(self) -> None:
        self._stop()
        self._move(self.cursor.start)

    def action_to_end(self) -> None:
        self._stop()
        self._move(self.cursor.end)

    def action_autoplay(self) -> None:
        if self.autoplaying:
            self._stop()
        else:
            if self.cursor.position().at_end:
                self.cursor.start()
            self._start()
        self.redraw()

    def action_faster(self) -> None:
        self._set_delay(faster(self.delay))

    def action_slower(self) -> None:
        self._set_delay(slower(self.delay))

    def action_view(self) -> None:
        """Cycle: every hand face up, then each seat's own view in turn."""
        n = self.cursor.state.n_players
        seat = -1 if self.view_seat is None else self.view_seat
        if seat + 1 < n:
            self.view_seat = seat + 1
        elif self.revealed:
            self.view_seat = None
        else:
            self.app.push_screen(RevealScreen(), self._reveal_answered)
            return
        self.redraw()

    def _reveal_answered(self, yes: bool | None) -> None:
        self.revealed = bool(yes)
        self.view_seat = None if yes else 0
        self.redraw()

    def action_toggle_tiles(self) -> None:
        board = self.query_one(Board)
        board.tile_style = "pips" if board.tile_style == "digits" else "digits"
        self.redraw()

    def action_scores(self) -> None:
        """Each side's total round by round, up to the cursor."""
        from koza.tui.table.score_plot import TotalsPlotScreen

        self.app.push_screen(TotalsPlotScreen(self.cursor.state))

    def action_continue_game(self) -> None:
        if not self.can_continue or self.path is None:
            self.notify(t("replay.cannot_continue"), severity="warning")
            return
        self._stop()
        if self.on_continue is not None:
            self.on_continue(self.path)

    def action_cannot_continue(self) -> None:
        """``c`` on a game that cannot go on: say why instead of doing nothing."""
        key = "replay.cannot_continue_over" if self.path is not None else "replay.cannot_continue"
        self.notify(t(key), severity="warning")

    def action_review(self) -> None:
        """Make the review (or read the kept one) and show its marks; again: hide them.
        The review names tiles of hands still hidden: the same question as ``v`` first."""
        if self.revealed:
            self.query_one(ReviewPanel).start()
        else:
            self.app.push_screen(RevealScreen(), self._reveal_then_review)

    def _reveal_then_review(self, yes: bool | None) -> None:
        self._reveal_answered(yes)
        if self.revealed:
            self.query_one(ReviewPanel).start()

    def action_review_jump(self, which: str) -> None:
        self.query_one(ReviewPanel).jump(which, self.cursor.index)

    def on_review_panel_jump(self, message: ReviewPanel.Jump) -> None:
        self._stop()
        self._move(lambda: self.cursor.goto(message.index))

    def action_leave(self) -> None:
        self._stop()
        self.dismiss(None)

    # --- auto-play -----------------------------------------------------------

    def _set_delay(self, delay: float) -> None:
        self.delay = delay
        if self.autoplaying:
            self._stop()
            self._start()
        self.redraw()

    def _start(self) -> None:
        self._timer = self.set_interval(max(self.delay, 0.01), self._tick)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        self.cursor.forward()
        if self.cursor.position().at_end:
            self._stop()
        self.redraw()


def open_replay(app: App[Any], path: Path) -> None:
    """Load a save read-only and show its replay; a message if it cannot be read."""
    try:
        loaded = load(path)
    except SaveError as exc:
        text = cannot_open(path, exc)
        show_message = getattr(app, "show_message", None)
        if show_message is not None:
            show_message(t("saves.replay_title"), text)
        else:
            app.notify(text, severity="error")
        return

    def resume(p: Path) -> None:
        app.pop_screen()
        resume_save = getattr(app, "resume_save", None)
        if resume_save is not None:
            app.run_worker(resume_save(p), exclusive=False)

    app.push_screen(ReplayScreen(loaded.events, path=Path(path), on_continue=resume))
