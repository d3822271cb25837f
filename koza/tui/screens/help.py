"""Rules and keys (``?`` or F1 from anywhere): every key binding, then RULES.md.

The keys are read from the bindings themselves: the app's, the start menu's, the
screen the help was opened from, and the table's (every class of
``koza.tui.table`` and ``koza.tui.dialogs`` with ``BINDINGS``), so the list cannot go stale.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Iterable
from importlib import resources
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from koza.tui.strings import t

TABLE_PACKAGE = "koza.tui.table"
TABLE_MODULES = (TABLE_PACKAGE, "koza.tui.dialogs")  # the table and its dialogs
REPLAY_MODULE = "koza.tui.replay_screen"


def rules_text() -> str:
    """The rule book shipped inside the package (works offline and installed)."""
    return resources.files("koza.tui").joinpath("RULES.md").read_text(encoding="utf-8")


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


def table_classes() -> list[type]:
    """The table's and its dialogs' classes with key bindings (the table first)."""
    return classes_with_keys(f"{TABLE_PACKAGE}.screen", TABLE_MODULES)


def keys_markdown(app: App[Any], under: Screen[Any] | None) -> str:
    """A Markdown list of every key, by where it works."""
    from koza.tui.screens.menu import MenuScreen

    sections: list[tuple[str, list[type] | list[BindingType]]] = [
        (t("help.global_keys"), [*own_bindings(type(app)), *_app_bindings(app)]),
        (t("help.menu_keys"), own_bindings(MenuScreen)),
        (t("help.table_keys"), table_classes()),
        (t("menu.replay"), classes_with_keys(REPLAY_MODULE, (REPLAY_MODULE,))),
    ]
    known = {cls for _, group in sections for cls in group if isinstance(cls, type)}
    if under is not None and not isinstance(under, MenuScreen) and type(under) not in known:
        here: list[type] = [type(under), *(type(w) for w in under.query("*"))]
        sections.append((str(under.title or type(under).__name__), here))
    out = [f"# {t('help.keys')}"]
    for title, group in sections:
        bindings: list[BindingType] = []
        for item in group:
            bindings.extend(own_bindings(item) if isinstance(item, type) else [item])
        rows = key_rows(app, bindings)
        if not rows:
            continue
        out += ["", f"## {title}", ""]
        out += [f"- `{keys}` {what}" for keys, what in rows]
    return "\n".join(out)


def _app_bindings(app: App[Any]) -> list[BindingType]:
    """Textual's own keys that koza keeps: the command palette and quit."""
    return [
        Binding(app.COMMAND_PALETTE_BINDING, "command_palette", t("key.palette")),
        Binding("ctrl+q", "quit", t("key.quit")),
    ]


class HelpScreen(Screen[None]):
    """The keys first, then the rules; scroll with the arrow keys."""

    BINDINGS = [Binding("escape,q", "close", t("key.back"))]

    def __init__(self, under: Screen[Any] | None = None) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        yield Static(f"{t('help.title')} — {t('help.close')}", id="help-title")
        with VerticalScroll(id="help-scroll"):
            yield Markdown(keys_markdown(self.app, self.under), id="help-keys")
            yield Markdown(rules_text(), id="help-rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
