"""Watch: bots play whole games on the table screen, every hand face up.

``WatchScreen`` is the table screen in watch mode (pause, step, faster, slower
and face up/down come from there) plus what watching needs on top: rounds follow
one another without a dialog, a key plays out the round at full speed, and
another starts the next game.  The game is saved like any other (a ``Session``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, Input, Label, Select, Static

from koza.bots import ALL_BOTS, BOT_LEVELS
from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.i18n.problems import say_error
from koza.i18n.strings import bot_name, t
from koza.play.session import Session
from koza.storage.savefile import SaveError
from koza.tui.table.screen import TableScreen
from koza.tui.widgets.light_select import LightSelect
from koza.tui.widgets.steady import SteadyStatic

DEFAULT_SEATS: tuple[str, ...] = ("expert", "montecarlo:fast", "greedy", "random")
"""The bots of ``koza watch`` without ``--seats`` and of the menu's Watch bots."""
NO_SEAT = "-"
"""The setup's value of an empty third or fourth seat."""
ROUND_END_PAUSE = 4
"""Between rounds the finished table stays up this many bot delays."""
AUTO_NEXT_ROUND_WATCHED = 1.0
"""The least time, in seconds, a finished game of a watched match stays up."""


def watch_seats(specs: Sequence[str] | None = None) -> list[SeatInfo]:
    """Bot seats for the levels in ``specs`` (named by level, numbered if repeated)."""
    specs = list(specs) if specs else [s for s in DEFAULT_SEATS if s in ALL_BOTS]
    if not 2 <= len(specs) <= 4:
        raise ValueError(f"Kozel is played by 2, 3 or 4 players, not {len(specs)}")
    for spec in specs:
        if spec not in ALL_BOTS:
            raise ValueError(f"unknown bot {spec!r} (known: {', '.join(ALL_BOTS)})")
    seats = []
    for i, spec in enumerate(specs):
        level = bot_name(spec)  # in the language in use: "Знаток"
        level = spec.replace(":", " ") if level == spec else level
        name = level[:1].title() + level[1:]
        if specs.count(spec) > 1:
            name = f"{name} {i + 1}"
        seats.append(SeatInfo(name=name, kind="bot", bot=spec))
    return seats


def create_session(
    specs: Sequence[str] | None = None,
    seed: int | None = None,
    save_dir: Path | None = None,
    rules: RuleSet | None = None,
) -> Session:
    """A new saved game of bots (``ValueError``, ``RuleError`` or ``SaveError``)."""
    return Session.create(watch_seats(specs), rules=rules, seed=seed, save_dir=save_dir)


def _link(key: str, action: str, what: str) -> str:
    """A key hint the mouse can click (content markup)."""
    text = escape(t("watch.link", k=key, what=what))
    return f"[@click=screen.{action}]{text}[/]"


class WatchScreen(TableScreen):
    """Bots playing game after game; the screen owns (and closes) its session."""

    CSS_PATH = "watch_screen.tcss"
    BINDINGS = [  # shown (and clickable) in the watch status line, so not in the footer
        Binding("e", "skip_round", t("key.skip_round"), show=False),
        Binding("n", "next_game", t("key.next_game"), show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        delay: float | None = None,
        seed: int | None = None,
        face_up: bool = True,
    ) -> None:
        super().__init__(session, face_up=face_up, watch=True, delay=delay)
        here = Path(__file__).parent.parent
        self.css_path = [here / "table" / "table.tcss", *self.css_path]  # the table's look first
        self.saved = session  # the same session, typed with its save file
        self.seed = seed
        self.skipping = False
        self._resume_paused = False
        self._saved_delay = self.runner.delay
        self._deal_timer: Timer | None = None
        self.games = 1
        self._closing = False

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield SteadyStatic(id="watch-status")

    def on_mount(self) -> None:
        self.title = t("watch.title")
        self.show_status()

    def on_unmount(self) -> None:
        self._closing = True
        self._cancel_deal()
        self.runner.cancel()
        self.saved.close()

    # --- what is shown -------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.session.game.state.phase

    def status_text(self) -> str:
        """One line: running or paused, the delay, the round, and the keys of watching.

        The keys are links, so the mouse can use them too.
        """
        state = self.session.game.state
        parts = []
        if state.phase == "game_over":
            names = ", ".join(state.seats[g].name for g in state.goats)
            parts += [t("watch.finished"), t("table.goat_is", names=names)]
            parts.append(_link("n", "next_game", t("key.next_game")))
            parts.append(t("watch.saved_to", path=self.saved.path.name))
            return " · ".join(parts)
        parts.append(t("watch.paused") if self.runner.paused else t("watch.running"))
        parts.append(t("watch.delay", delay=self.runner.delay))
        if state.phase == "round_over":
            parts.append(t("table.round_over", n=state.round_no))
        else:
            parts.append(t("word.round", n=state.round_no))
        parts.append(_link("e", "skip_round", t("key.skip_round")))
        parts.append(_link("n", "next_game", t("key.next_game")))
        return " · ".join(parts)

    def show_status(self) -> None:
        if self.is_mounted:
            self.query_one("#watch-status", SteadyStatic).show_content(self.status_text())

    def refresh_table(self) -> None:
        if self._closing:
            return
        super().refresh_table()
        self.show_status()

    # --- between rounds: no dialog, the next deal after a pause ---------------

    def _show_round_over(self) -> None:
        self._end_skip()
        self.refresh_table()
        if self.phase == "round_over" and not self.runner.paused:
            self._schedule_deal()
        elif self.phase == "game_over":
            from koza.tui.match_flow import plays_match_game

            if plays_match_game(self.app, self.session):  # a watched match goes on by itself
                wait = max(AUTO_NEXT_ROUND_WATCHED, self.runner.delay * ROUND_END_PAUSE)
                self.set_timer(wait, self._match_game_over)

    def _match_game_over(self) -> None:
        from koza.tui.match_flow import after_game

        app, state = self.app, self.session.game.state
        if app.screen is self:
            self.action_leave()
            app.call_later(after_game, app, state, True)

    def _schedule_deal(self) -> None:
        if self._deal_timer is None:
            wait = self.runner.delay * ROUND_END_PAUSE
            self._deal_timer = self.set_timer(max(wait, 0.001), self._deal)

    def _cancel_deal(self) -> None:
        if self._deal_timer is not None:
            self._deal_timer.stop()
            self._deal_timer = None

    def _deal(self) -> None:
        self._deal_timer = None
        if self.phase == "round_over":
            try:
                self.session.next_round()
            except SaveError as exc:
                self._save_failed(say_error(exc))
                return
            self._continue()

    # --- keys ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip_round":
            return self.phase == "playing"
        if action == "next_game":
            return True
        return super().check_action(action, parameters)

    def action_pause(self) -> None:
        super().action_pause()
        if self.runner.paused:
            self._cancel_deal()
        elif self.phase == "round_over":
            self._schedule_deal()
        self.refresh_table()

    def action_step(self) -> None:
        """One move while paused; between rounds, the next deal."""
        if self.phase == "round_over":
            self._cancel_deal()
            self._deal()
        else:
            super().action_step()

    def action_faster(self) -> None:
        super().action_faster()
        self.show_status()

    def action_slower(self) -> None:
        super().action_slower()
        self.show_status()

    def action_toggle_face(self) -> None:
        super().action_toggle_face()
        self.show_status()

    def action_skip_round(self) -> None:
        """Play the rest of the round at full speed, then go on as before."""
        if self.phase != "playing" or self.skipping:
            return
        self.skipping = True
        self._resume_paused = self.runner.paused
        self._saved_delay = self.runner.delay
        self.runner.cancel()
        self.runner.delay = 0.0
        self.runner.paused = False
        self.runner.kick()
        self.refresh_table()

    def _end_skip(self) -> None:
        if self.skipping:
            self.skipping = False
            self.runner.delay = self._saved_delay
            self.runner.paused = self._resume_paused

    def action_next_game(self) -> None:
        """Start a new game with the same bots and rules (saved next to this one)."""
        state = self.session.game.state
        self._cancel_deal()
        self.runner.cancel()
        self._end_skip()  # the new game keeps the chosen speed, not the skip's
        seed = None if self.seed is None else self.seed + self.games
        try:
            session = Session.create(
                state.seats, rules=state.rules, seed=seed, save_dir=self.saved.path.parent
            )
        except Exception as exc:  # a full disk, a lost folder: say so, keep watching
            self.notify(say_error(exc), severity="error")
            self._continue()
            return
        screen = WatchScreen(session, delay=self.runner.delay, seed=self.seed)
        screen.games = self.games + 1
        screen.runner.paused = self.runner.paused
        self.app.switch_screen(screen)


class WatchSetupScreen(ModalScreen[tuple[list[str], int | None] | None]):
    """Pick 2 to 4 bots and an optional seed; Enter alone starts the default four."""

    CSS_PATH = "watch_screen.tcss"
    BINDINGS = [Binding("escape", "cancel", t("key.back"))]
    AUTO_FOCUS = "#watch-start"

    def compose(self) -> ComposeResult:
        with Vertical(id="watch-setup"):
            yield Static(t("watch.setup_title"), id="watch-setup-title")
            for seat, default in enumerate(DEFAULT_SEATS):
                options: list[tuple[str, str]] = [(bot_name(lvl), lvl) for lvl in BOT_LEVELS]
                if seat >= 2:
                    options.append((t("watch.empty_seat"), NO_SEAT))
                with Horizontal(classes="watch-seat"):
                    yield Label(t("new.seat_label", n=seat))
                    yield LightSelect(
                        options,
                        value=default if default in BOT_LEVELS else "random",
                        allow_blank=False,
                        id=f"watch-seat-{seat}",
                        compact=True,
                    )
            with Horizontal(classes="watch-seat"):
                yield Label(t("new.seed"))
                yield Input(placeholder=t("new.seed_hint"), id="watch-seed", compact=True)
            with Horizontal(id="watch-setup-buttons"):
                yield Button(t("new.start"), id="watch-start", action="screen.start")
                yield Button(t("new.cancel"), id="watch-cancel", action="screen.cancel")

    def chosen(self) -> list[str]:
        """The levels of the seats that are not empty, in seat order."""
        specs = []
        for seat in range(len(DEFAULT_SEATS)):
            value = self.query_one(f"#watch-seat-{seat}", Select).value
            if isinstance(value, str) and value != NO_SEAT:
                specs.append(value)
        return specs

    def on_input_submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        text = self.query_one("#watch-seed", Input).value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self.notify(t("new.seed_bad", value=text), severity="error")
            return
        self.dismiss((self.chosen(), seed))

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_watch(app: App[Any], specs: Sequence[str] | None = None) -> None:
    """The menu's Watch bots: pick the bots, then watch them in the app's save folder."""

    def start(choice: tuple[list[str], int | None] | None) -> None:
        if choice is None:
            return
        specs, seed = choice
        try:
            session = create_session(specs, seed=seed, save_dir=getattr(app, "save_dir", None))
        except Exception as exc:  # too few seats, an unwritable folder: say so
            app.notify(say_error(exc), severity="error")
            return
        app.push_screen(WatchScreen(session, seed=seed))

    if specs:
        start((list(specs), None))
    else:
        app.push_screen(WatchSetupScreen(), start)
