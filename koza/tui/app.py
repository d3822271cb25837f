"""The koza app: the start menu at the bottom of a stack of screens.

How the other parts hook in:

- the table: ``koza.tui.table.screen.TableScreen(session)``, pushed by ``open_table``;
- watch and replay: ``open_watch(app)`` (``koza.tui.watch.screen``) and
  ``open_replay(app, path)`` (``koza.tui.replay.screen``), imported when first used
  (the menu and the command palette call them through ``action_watch`` and ``open_replay``);
- ``KozaApp(on_start=...)`` runs a callback once the menu is up (to open a screen
  straight away, as ``launch.resume`` does with a session).

Saves and sessions are reached through ``Services`` (real ones by default, stand-ins
in tests).  Every text comes from ``koza.i18n.strings``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

import koza.tui.textual_words  # noqa: F401  (Textual's own key labels in koza's words)
from koza.core.collector import collect_less_often
from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.i18n.problems import cannot_open, say_error
from koza.i18n.strings import t
from koza.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH
from koza.tui.services import Services, bot_descriptions, bot_levels
from koza.tui.settings import SETTINGS_FILE, read_settings, write_setting
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.terminal_watch import leave_when_the_terminal_closes

if TYPE_CHECKING:
    from textual.command import Provider


def koza_commands() -> type[Provider]:
    """The palette's koza commands, imported only when the palette opens."""
    from koza.tui.palette import KozaCommands

    return KozaCommands


SYSTEM_COMMANDS = {
    "Quit": "sys.quit",
    "Keys": "sys.keys",
    "Maximize": "sys.maximize",
    "Minimize": "sys.minimize",
    "Screenshot": "sys.screenshot",
}
"""Textual's own palette entries (by their English title) -> koza's keys for them."""


class KozaApp(App[int]):
    """Kozel in the terminal."""

    CSS_PATH = "app.tcss"
    TITLE = t("app.title")
    SUB_TITLE = t("app.subtitle")
    COMMANDS = App.COMMANDS | {koza_commands}
    BINDINGS = [
        Binding("f1", "help", t("key.help"), priority=True, show=False),  # "?" shows it
        Binding("question_mark", "help", t("key.help"), key_display="?"),
        # Textual's own two, with koza's words (the footer shows the palette's)
        Binding("ctrl+p", "command_palette", t("key.palette_footer"), show=False, priority=True),
        Binding("ctrl+q", "quit", t("key.quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        save_dir: Path | None = None,
        *,
        services: Services | None = None,
        session: Any = None,
        on_start: Callable[[KozaApp], object] | None = None,
        on_table_drawn: Callable[[], object] | None = None,
        remember_theme: bool | None = None,
    ) -> None:
        super().__init__()
        share_parsed_css(self)
        self.save_dir = save_dir
        self.services = services or Services()
        self._first_session = session
        self._on_start = on_start
        self._on_table_drawn = on_table_drawn
        self._sessions: list[tuple[Any, Screen[Any] | None]] = []
        self.match: Any = None  # the match being played (koza.play.match_session), if any
        # Keep the chosen theme in the save folder; by default not in headless runs
        # (tests, snapshots, benches), so a player's theme never leaks into them.
        self._remember_theme = remember_theme

    # --- start and stop -----------------------------------------------------

    async def on_mount(self) -> None:
        from koza.tui.screens.menu import MenuScreen
        from koza.tui.shared_stylesheet import read_css_ahead

        if self.remembers_settings:  # the theme and the language
            self._load_settings()
            self.theme_changed_signal.subscribe(self, lambda th: self.remember("theme", th.name))

        session = self._first_session
        table = self._table_or_none(session) if session is not None else None
        if table is not None:
            read_css_ahead(self, table)  # before the menu is styled: its push restyles nothing
        await self.push_screen(MenuScreen(covered=table is not None))
        if session is not None:
            await self._push_table(session, table)
        if self._on_start is not None:
            self._on_start(self)
        self._check_size(self.size.width, self.size.height)
        leave_when_the_terminal_closes(self)
        # once the first screen is drawn: what is loaded by then is frozen, and the
        # collector runs less often (a fifth less CPU per move at the table)
        self.call_after_refresh(collect_less_often)

    def on_unmount(self) -> None:
        for session, _screen in self._sessions:
            with suppress(Exception):
                session.close()

    def _table_left(self, _result: object) -> None:
        self.call_later(self.release_sessions)  # after the table is off the stack

    def release_sessions(self) -> None:
        """Close the save of every table that has left the screen stack (frees its lock)."""
        keep: list[tuple[Any, Screen[Any] | None]] = []
        for session, screen in self._sessions:
            if screen is not None and screen in self.screen_stack:
                keep.append((session, screen))
            else:
                with suppress(Exception):
                    session.close()
        self._sessions = keep

    # --- settings -----------------------------------------------------------

    def settings_path(self) -> Path:
        from koza.storage import folder

        return folder.save_dir(self.save_dir) / SETTINGS_FILE

    def _load_settings(self) -> None:
        from koza.i18n import choose_language
        from koza.i18n.strings import LANGUAGE, use_language
        from koza.tui.language import relabel_bindings

        settings = read_settings(self.settings_path())
        if settings.get("theme") in self.available_themes:
            self.theme = settings["theme"]
        saved = settings.get("language")
        lang = choose_language(saved=saved if isinstance(saved, str) else None)
        if lang != LANGUAGE:  # before the first screen: nothing to redraw yet
            use_language(lang)
            relabel_bindings(self)
            self.sub_title = t("app.subtitle")

    @property
    def remembers_settings(self) -> bool:
        """Whether settings are read and kept (by default not in headless runs)."""
        remember = self._remember_theme
        return remember if remember is not None else not self.is_headless

    def setting(self, name: str, default: Any = None) -> Any:
        """A remembered setting (``default`` when none is kept, or in headless runs)."""
        if not self.remembers_settings:
            return default
        return read_settings(self.settings_path()).get(name, default)

    def remember(self, name: str, value: object) -> None:
        """Keep a setting for the next run (theme, language, tile style, bot speed ...)."""
        if self.remembers_settings:
            write_setting(self.settings_path(), name, value)

    async def set_language(self, lang: str) -> None:
        """Speak ``lang`` at once on every open screen, and remember it for next time."""
        from koza.tui.language import switch_language

        self.remember("language", await switch_language(self, lang))

    # --- size ---------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def too_small(self, width: int, height: int) -> bool:
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def _check_size(self, width: int, height: int) -> None:
        from koza.tui.screens.too_small import TooSmallScreen

        if not self.screen_stack:
            return
        top = self.screen
        if self.too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # --- games --------------------------------------------------------------

    async def open_table(self, session: Any) -> None:
        """Show a session's table on top of the menu (its save is closed when it leaves)."""
        await self._push_table(session, self._table_or_none(session))

    def _table_or_none(self, session: Any) -> Screen[Any] | None:
        """The table screen for ``session``; None when the table cannot be imported."""
        try:
            return self.services.table(session)
        except ImportError:
            return None

    async def _push_table(self, session: Any, screen: Screen[Any] | None) -> None:
        if screen is None:
            self._sessions.append((session, None))
            self.notify(t("app.no_table"), severity="warning")
            return
        self._sessions.append((session, screen))
        await self.push_screen(screen, callback=self._table_left)
        if getattr(session, "warnings", ()):  # resuming dropped a cut-off last line
            self.notify(t("saves.dropped_tail"), severity="warning", timeout=20)
        if self._on_table_drawn is not None:
            self.call_after_refresh(self._on_table_drawn)

    async def rematch(self, seats: Sequence[SeatInfo], rules: RuleSet) -> None:
        """A new game with the same seats and rules, at its own table (a new save)."""
        try:
            session = self.services.create(seats, rules, None, self.save_dir)
        except Exception as exc:  # a full disk, a lost folder: say so
            self.show_message(t("new.title"), t("new.failed", error=say_error(exc)))
            return
        await self.open_table(session)

    def load_save(self, path: Path) -> Any:
        """Open a saved game's session; on failure a message (file untouched) and None."""
        self.release_sessions()
        try:
            session = self.services.open(path)
        except Exception as exc:  # SaveError and anything else: never a traceback
            self.show_message(
                t("saves.title"),
                cannot_open(path, exc),
            )
            return None
        from koza.tui.match_flow import find_match

        self.match = find_match(Path(path))  # a game of a match goes on as the match's
        return session

    async def resume_save(self, path: Path) -> bool:
        """Open a saved game at its table (True), or show why it cannot be (False)."""
        session = self.load_save(path)
        if session is None:
            return False
        await self.open_table(session)
        return True

    def show_message(self, title: str, text: str) -> None:
        from koza.tui.screens.message import MessageScreen

        self.push_screen(MessageScreen(title, text))

    def open_replay(self, path: Path) -> None:
        from koza.tui.replay.screen import open_replay

        open_replay(self, path)

    # --- actions (menu, palette, keys) ----------------------------------------

    def action_new_game(self) -> None:
        from koza.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(bot_levels(), bot_descriptions()))

    def action_learn(self) -> None:
        from koza.tui.learn.lesson_list import LessonListScreen

        self.push_screen(LessonListScreen())

    def action_resume(self) -> None:
        from koza.tui.screens.saves import SavesScreen

        self.push_screen(SavesScreen(mode="resume"))

    def action_replay(self) -> None:
        from koza.tui.screens.saves import SavesScreen

        self.push_screen(SavesScreen(mode="replay"))

    def action_watch(self) -> None:
        from koza.tui.watch.screen import open_watch

        open_watch(self)

    def action_settings(self) -> None:
        from koza.tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_stats(self) -> None:
        from koza.tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def action_rules(self) -> None:
        from koza.tui.widgets.rules_screen import RulesScreen

        self.push_screen(RulesScreen())

    def action_join(self) -> None:
        from koza.tui.remote.join import JoinScreen

        self.push_screen(JoinScreen())

    def get_key_display(self, binding: Binding) -> str:
        """Textual's key name, with the space bar named in the language in use."""
        display = super().get_key_display(binding)
        return t("key.name_space") if display == "space" else display

    def action_help(self) -> None:
        from koza.tui.screens.help import HelpScreen
        from koza.tui.screens.too_small import TooSmallScreen

        top = self.screen
        if isinstance(top, HelpScreen):
            self.pop_screen()
        elif not isinstance(top, TooSmallScreen):
            self.push_screen(HelpScreen(top))

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            palette = CommandPalette(id="--command-palette", placeholder=t("cmd.search"))
            self.push_screen(palette)

    def search_themes(self) -> None:
        from textual.command import CommandPalette
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=t("cmd.search_themes"))
        )

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # "Theme" comes from KozaCommands; Textual's others get koza's words.
        for command in super().get_system_commands(screen):
            key = SYSTEM_COMMANDS.get(command.title)
            if key is not None:
                yield command._replace(title=t(key), help=t(f"{key}_help"))
            elif command.title != "Theme":
                yield command
