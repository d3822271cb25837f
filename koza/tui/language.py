"""Switching the language while koza runs: key labels and every open screen, at once.

Key descriptions are made with ``t()`` when a module is imported (``BINDINGS``),
so a switch redoes every ``Binding`` whose description came from ``t()`` (the
class lists, the merged maps and each live node's copy).  Then each screen on
the stack is drawn again: a table from its game (``refresh_table``), a screen
with its own ``relabel()`` by that, any other by composing it anew and running
its ``on_mount`` again, with the values typed into its form kept.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Select, Switch

from koza.i18n.strings import Msg, again, t, use_language

FORM_WIDGETS = (Input, Select, Checkbox, Switch)


def _redone(binding: Any) -> Any:
    """``binding`` with its texts from ``t()`` redone; itself when it has none."""
    if isinstance(binding, Binding):
        group = binding.group
        if group is not None and isinstance(group.description, Msg):  # a footer group's name
            group = replace(group, description=again(group.description))
        texts = isinstance(binding.description, Msg) or isinstance(binding.tooltip, Msg)
        if texts or group is not binding.group:
            description, tooltip = again(binding.description), again(binding.tooltip)
            return replace(binding, description=description, tooltip=tooltip, group=group)
    elif isinstance(binding, tuple) and len(binding) == 3 and isinstance(binding[2], Msg):
        return (*binding[:2], again(binding[2]))
    return binding


def _redo_map(bindings: BindingsMap | None) -> None:
    if bindings is not None:
        for key, found in bindings.key_to_bindings.items():
            bindings.key_to_bindings[key] = [_redone(b) for b in found]


def _node_classes(base: type[DOMNode] = DOMNode) -> list[type[DOMNode]]:
    found, todo = [], [base]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def relabel_bindings(app: App[Any] | None = None) -> None:
    """Every key description that came from ``t()``, in the language now in use.

    Without ``app`` only the classes (for a switch before an app exists).
    """
    for cls in _node_classes():
        declared = cls.__dict__.get("BINDINGS")
        redone = [_redone(b) for b in declared or ()]
        if any(new is not old for new, old in zip(redone, declared or (), strict=True)):
            if isinstance(declared, list):
                declared[:] = redone  # in place: a list may be shared (TABLE_BINDINGS)
            else:
                cls.BINDINGS = redone
        _redo_map(cls.__dict__.get("_merged_bindings"))
    if app is None:
        return
    _redo_map(app._bindings)
    for screen in app.screen_stack:
        for node in screen.walk_children(with_self=True):
            _redo_map(node._bindings)


async def _maybe_await(result: object) -> None:
    if inspect.isawaitable(result):
        await result


async def relabel_screen(screen: Screen[Any]) -> None:
    """Draw ``screen`` again in the language now in use, keeping what it shows."""
    own = getattr(screen, "relabel", None)
    table = getattr(screen, "refresh_table", None)
    if callable(own):
        await _maybe_await(own())
    elif callable(table):  # the table and watching: drawn from the game as it stands
        table()
    else:
        typed = {w.id: w.value for w in screen.query("*") if isinstance(w, FORM_WIDGETS) and w.id}
        await screen.recompose()
        mount = getattr(screen, "on_mount", None)
        if callable(mount):
            await _maybe_await(mount())
        for widget in screen.query("*"):
            if isinstance(widget, FORM_WIDGETS) and widget.id in typed:
                widget.value = typed[widget.id]
    screen.refresh_bindings()


def speak(lang: str) -> str:
    """Use ``lang`` before any app runs (start-up, tests): texts and key labels."""
    used = use_language(lang)
    relabel_bindings()
    return used


async def switch_language(app: App[Any], lang: str) -> str:
    """Speak ``lang`` from now on and redraw every open screen; the language used."""
    used = use_language(lang)
    relabel_bindings(app)
    app.title = t("app.title")
    app.sub_title = t("app.subtitle")
    for screen in list(app.screen_stack):
        await relabel_screen(screen)
    return used
