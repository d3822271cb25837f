"""Rules and keys (``?`` or F1 from anywhere): every key binding, then RULES.md.

The keys are read from the bindings themselves: the app's, the start menu's, the
screen the help was opened from, and the table's (every class of
``koza.tui.table`` with ``BINDINGS``), so the list cannot go stale.
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


def table_classes() -> list[type]:
    """Classes of the table package that declare key bindings (imports it if present)."""
    try:
        importlib.import_module(f"{TABLE_PACKAGE}.screen")
    except ImportError:
        return []
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(TABLE_PACKAGE) or module is None:
            continue
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, DOMNode) and cls.__dict__.get("BINDINGS"):
                found.append(cls)
    return found


def keys_markdown(app: App[Any], under: Screen[Any] | None) -> str:
    """A Markdown list of every key, by where it works."""
    from koza.tui.screens.menu import MenuScreen

    sections: list[tuple[str, list[BindingType]]] = [
        (t("help.global_keys"), [*own_bindings(type(app)), *_app_bindings(app)]),
        (t("help.menu_keys"), own_bindings(MenuScreen)),
    ]
    table: list[BindingType] = []
    for cls in table_classes():
        table.extend(own_bindings(cls))
    if table:
        sections.append((t("help.table_keys"), table))
    if under is not None and not isinstance(under, MenuScreen):
        here = own_bindings(type(under))
        for widget in under.query("*"):
            here.extend(own_bindings(type(widget)))
        title = under.title or type(under).__name__
        if here and type(under) not in table_classes():
            sections.append((str(title), here))
    out = [f"# {t('help.keys')}"]
    for title, bindings in sections:
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
