"""Settings: the language of the app, each language named in its own words.

Picking one switches every open screen at once (a game in progress goes on) and
the app remembers it in ``koza-settings.json`` in the save folder.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from koza.i18n import LANGUAGE_NAMES, strings
from koza.i18n.strings import t
from koza.tui.screens._util import koza_app
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer


class SettingsScreen(StyledOnce, Screen[None]):
    """One list of languages; Enter uses the highlighted one."""

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    #settings-box { width: 64; height: auto; padding: 1 2; border: round $primary; }
    #settings-title { text-style: bold; margin-bottom: 1; }
    #settings-languages { height: auto; max-height: 8; margin: 1 0; }
    #settings-hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "back", t("key.back"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="settings-box"):
            yield Static(t("settings.title"), id="settings-title")
            yield Static(t("settings.language"), id="settings-language")
            yield OptionList(
                *(
                    Option(f"{'●' if code == strings.LANGUAGE else ' '} {name}", id=code)
                    for code, name in LANGUAGE_NAMES.items()
                ),
                id="settings-languages",
            )
            yield Static(t("settings.hint"), id="settings-hint")
        yield Footer()

    def on_mount(self) -> None:
        languages = self.query_one("#settings-languages", OptionList)
        languages.highlighted = list(LANGUAGE_NAMES).index(strings.LANGUAGE)
        languages.focus()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            await koza_app(self).set_language(event.option.id)

    def action_back(self) -> None:
        self.dismiss()
