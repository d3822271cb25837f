"""Help (``?`` or F1 from anywhere): the keys of the screen you are on, then the rules.

The keys are read from the bindings themselves, so the list cannot go stale.  The
screen the help was opened from comes first; at the table, keys that work in one
mode only (your turn, watching bots) are listed under that mode.  Opened with no
screen (``under=None``) the page lists every screen's keys.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Iterable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Markdown, Static

from koza.i18n.strings import t
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.page_scroll import PageScroll
from koza.tui.widgets.rules_screen import rules_text

TABLE_PACKAGE = "koza.tui.table"
TABLE_MODULES = (TABLE_PACKAGE, "koza.tui.widgets.dialogs")  # the table and its dialogs
TURN_ACTIONS = {"select"}  # with the table's PLAY_ACTIONS: keys for your turn only

Section = tuple[str, list[BindingType]]

__all__ = ["HelpScreen", "keys_markdown", "rules_text"]


def own_bindings(cls: type) -> list[BindingType]:
    """``BINDINGS`` declared by ``cls`` and its koza base classes."""
    found: list[BindingType] = []
    for klass in reversed(cls.__mro__):
        if klass.__module__.startswith("koza."):
            found.extend(klass.__dict__.get("BINDINGS", []))
    return found


def key_rows(app: App[Any], bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """``(keys, what)`` rows: keys with one description joined, unnamed ones skipped."""
    rows: dict[str, list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description or binding.system:
            continue
        keys = rows.setdefault(binding.description, [])
        display = app.get_key_display(binding)
        if not any(display in shown for shown in keys):  # "←→" already says "→"
            keys.append(display)
    return [(" / ".join(keys), what) for what, keys in rows.items()]


def classes_with_keys(first: str, prefixes: tuple[str, ...]) -> list[type]:
    """Classes declaring ``BINDINGS`` in modules under ``prefixes``, ``first`` imported
    (if it exists) and its classes listed first."""
    try:
        importlib.import_module(first)
    except ImportError:
        return []
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefixes) or module is None:
            continue
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, DOMNode) and cls.__dict__.get("BINDINGS"):
                found.append(cls)
    found.sort(key=lambda cls: cls.__module__ != first)
    return found


def _bindings_of(classes: Iterable[type]) -> list[BindingType]:
    return [b for cls in classes for b in own_bindings(cls)]


def _action(binding: BindingType) -> str:
    action = binding.action if isinstance(binding, Binding) else str(binding[1])
    return action.split("(")[0]


def table_sections(screen_type: type, watching: bool | None) -> list[Section]:
    """The table's keys by mode, the mode in use first; ``watching=None`` lists every mode.

    Keys a subclass adds (the watch screen's) belong to its mode."""
    from koza.tui.table.keys import PLAY_ACTIONS, WATCH_ACTIONS
    from koza.tui.table.screen import TableScreen

    own = own_bindings(screen_type)
    added = {_action(b) for b in own} - {_action(b) for b in own_bindings(TableScreen)}
    watch_only = WATCH_ACTIONS | (added if watching else set())
    turn_only = TURN_ACTIONS | PLAY_ACTIONS
    common = [b for b in own if _action(b) not in watch_only | turn_only]
    turn = (t("help.turn_keys"), [b for b in own if _action(b) in turn_only])
    watch = (t("help.watch_keys"), [b for b in own if _action(b) in watch_only])
    if watching is None:
        return [(t("help.table_keys"), common), turn, watch]
    return [watch if watching else turn, (t("help.table_keys"), common)]


def screen_sections(under: Screen[Any]) -> list[Section]:
    """The keys of the screen ``under`` (and of its widgets), by mode at the table."""
    from koza.tui.table.screen import TableScreen

    if isinstance(under, TableScreen):
        return table_sections(type(under), bool(under.watching))
    classes: list[type] = [type(under), *(type(w) for w in under.query("*"))]
    title = str(under.title or "") if under.title != under.app.title else ""
    return [(title or t("help.here_keys"), _bindings_of(dict.fromkeys(classes)))]


def everywhere(app: App[Any]) -> list[BindingType]:
    """The app's keys and Textual's own that koza keeps: the palette and quit."""
    kept = {"command_palette", "quit"}  # listed once below, in the help's own words
    return [
        *(b for b in own_bindings(type(app)) if _action(b) not in kept),
        Binding(app.COMMAND_PALETTE_BINDING, "command_palette", t("key.palette")),
        Binding("ctrl+q", "quit", t("key.quit")),
    ]


def all_sections() -> list[Section]:
    """Every screen's keys (the help opened from nowhere in particular)."""
    from koza.tui.screens.menu import MenuScreen
    from koza.tui.table.screen import TableScreen
    from koza.tui.watch.screen import WatchScreen

    dialogs = [c for c in table_classes() if not issubclass(c, TableScreen)]
    replay = classes_with_keys("koza.tui.replay.screen", ("koza.tui.replay.screen",))
    return [
        (t("help.menu_keys"), own_bindings(MenuScreen)),
        *table_sections(TableScreen, None),
        *table_sections(WatchScreen, True)[:1],  # the watch screen's own keys join its mode
        (t("help.dialog_keys"), _bindings_of(dialogs)),
        (t("menu.replay"), _bindings_of(replay)),
    ]


def table_classes() -> list[type]:
    """The table's and its dialogs' classes with key bindings (the table first)."""
    return classes_with_keys(f"{TABLE_PACKAGE}.screen", TABLE_MODULES)


def keys_markdown(app: App[Any], under: Screen[Any] | None) -> str:
    """A Markdown list of the keys: the screen ``under`` first, then those that work
    everywhere; every screen's when ``under`` is None."""
    from koza.tui.screens.menu import MenuScreen

    if under is None:
        sections = [(t("help.global_keys"), everywhere(app)), *all_sections()]
    else:
        here = [(t("help.menu_keys"), own_bindings(MenuScreen))]
        if not isinstance(under, MenuScreen):
            here = screen_sections(under)
        sections = [*here, (t("help.global_keys"), everywhere(app))]
    out = [f"# {t('help.keys')}"]
    merged: dict[str, list[BindingType]] = {}
    for title, bindings in sections:
        merged.setdefault(title, []).extend(bindings)
    for title, bindings in merged.items():
        rows = key_rows(app, bindings)
        if rows:
            out += ["", f"## {title}", ""]
            out += [f"- `{keys}` {what}" for keys, what in rows]
    return "\n".join(out)


class HelpScreen(StyledOnce, Screen[None]):
    """The keys of the screen below first, then the rules; scroll with the arrow keys."""

    BINDINGS = [Binding("escape,q", "close", t("key.back"))]

    def __init__(self, under: Screen[Any] | None = None) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        yield Static(f"{t('help.title')} — {t('help.close')}", id="help-title")
        with PageScroll(id="help-scroll"):
            yield Markdown(keys_markdown(self.app, self.under), id="help-keys")
            yield Markdown(rules_text(), id="help-rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
