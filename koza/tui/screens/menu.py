"""The start menu: Learn to play, New game, Resume, Watch bots, Join a game, Replay, Rules, Quit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from koza.i18n.strings import t
from koza.tui.screens._util import koza_app
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer

LOGO = "\n".join(
    (
        "┌───┬───┐ ┌───┬───┐",
        "│ ● │●  │ │● ●│ ● │",
        "│   │ ● │ │ ● │   │  k o z a",
        "│ ● │  ●│ │● ●│ ● │",
        "└───┴───┘ └───┴───┘",
    )
)

# (key, text key, app action)
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("l", "menu.learn", "learn"),
    ("n", "menu.new_game", "new_game"),
    ("r", "menu.resume", "resume"),
    ("w", "menu.watch", "watch"),
    ("j", "menu.join", "join"),
    ("p", "menu.replay", "replay"),
    ("t", "menu.stats", "stats"),
    ("h", "menu.rules", "rules"),
    ("s", "menu.settings", "settings"),
    ("q", "menu.quit", "quit"),
)


def summary_line(save: Any) -> str:
    """``You, Bot 1 · round 3 · 12 : 40`` for a save summary."""
    names = ", ".join(getattr(save, "names", ()) or ())
    totals = " : ".join(str(x) for x in getattr(save, "totals", ()) or ())
    return t("menu.resume_latest", names=names, round_no=getattr(save, "round_no", "?")) + (
        f" · {totals}" if totals else ""
    )


class MenuScreen(StyledOnce, Screen[None]):
    """The first screen: one list, a letter key for each entry."""

    # the list shows each entry's letter; the footer keeps room for quit and help
    BINDINGS = [
        Binding("l", "app.learn", t("menu.learn"), show=False),
        Binding("n", "app.new_game", t("menu.new_game"), show=False),
        Binding("r", "app.resume", t("menu.resume"), show=False),
        Binding("w", "app.watch", t("menu.watch"), show=False),
        Binding("j", "app.join", t("menu.join"), show=False),
        Binding("p", "app.replay", t("menu.replay"), show=False),
        Binding("t", "app.stats", t("menu.stats"), show=False),
        Binding("h", "app.rules", t("menu.rules"), show=False),
        Binding("s", "app.settings", t("menu.settings"), show=False),
        Binding("q", "app.quit", t("menu.quit")),
        Binding("escape", "quit_hint", t("menu.quit"), show=False),  # Esc never quits at once
    ]

    def __init__(self, *, covered: bool = False) -> None:
        """``covered``: a screen goes on top at once (a resumed table), so the menu builds
        its widgets only when it is first uncovered, not on the way to that table."""
        super().__init__()
        self._unbuilt = covered
        self._was_covered = False

    def action_quit_hint(self) -> None:
        """Esc on the first screen says how to quit instead of quitting (a stray Esc is common)."""
        self.notify(t("menu.quit_hint"))

    def compose(self) -> ComposeResult:
        if self._unbuilt:
            return
        with Vertical(id="menu-box"):
            yield Static(LOGO, id="menu-logo")
            yield Static(t("app.subtitle"), id="menu-subtitle")
            yield OptionList(
                *(
                    Option(Text.assemble((f" {key} ", "bold reverse"), "  ", t(text)), id=action)
                    for key, text, action in ENTRIES
                ),
                id="menu",
            )
            yield Static("", id="menu-last")
            yield Static(t("menu.hint"), id="menu-hint")
        yield Footer()

    def on_mount(self) -> None:
        if not self._unbuilt:
            self.query_one("#menu", OptionList).focus()

    def on_screen_suspend(self) -> None:
        self._was_covered = True

    async def on_screen_resume(self) -> None:
        if self._unbuilt and self._was_covered:  # uncovered for the first time
            self._unbuilt = False
            await self.recompose()
            self.on_mount()
            self.refresh_bindings()  # the footer, new, shows the menu's keys
        koza_app(self).release_sessions()
        self.call_after_refresh(self._latest_if_shown)

    def _latest_if_shown(self) -> None:
        # Not when a table went straight on top (koza resume): keep start-up lean.
        if self.is_current:
            self._find_latest()

    @work(thread=True, exclusive=True, group="menu-latest")
    def _find_latest(self) -> None:
        app = koza_app(self)
        try:
            saves = app.services.list_saves(app.save_dir)
        except Exception:  # no save folder yet, or saves not available
            return
        playable = (s for s in saves if not getattr(s, "error", None))
        own = (s for s in playable if not getattr(s, "bots_only", False))  # not a watched game
        latest = next((s for s in own if not getattr(s, "finished", True)), None)
        text = summary_line(latest) if latest is not None else ""
        app.call_from_thread(self._show_latest, text)

    def _show_latest(self, text: str) -> None:
        for line in self.query("#menu-last").results(Static):  # none while recomposing
            line.update(text)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            await self.app.run_action(event.option.id)
