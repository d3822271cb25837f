"""The one line of help under the new-game form: what the focused field is for."""

from __future__ import annotations

from collections.abc import Mapping

from textual.widget import Widget
from textual.widgets import Select

from koza.i18n.strings import bot_name, rule_option, t

MATCH_HELP = {"match-kind": "new.help_match", "match-count": "new.help_match"}


def field_help(widget: Widget | None, descriptions: Mapping[str, str]) -> str:
    """One line about the field that holds ``widget`` (the focus, or a list it opened)."""
    while widget is not None and not widget.id and isinstance(widget.parent, Widget):
        widget = widget.parent
    wid = (widget.id or "") if widget is not None else ""
    if wid.startswith("rule-"):
        option = rule_option(wid.removeprefix("rule-"))
        return t(
            "new.help_rule",
            title=option.title,
            help=option.help,
            default=option.say(option.default),
        )
    if wid.startswith("level-") and isinstance(widget, Select):
        return level_help(str(widget.value), descriptions)
    key = {"players": "new.help_players", "seed": "new.help_seed"}.get(wid, MATCH_HELP.get(wid))
    if key is None:
        parts = {"kind": "new.help_kind", "name": "new.help_name", "hints": "hint.form_help"}
        key = parts.get(wid.split("-")[0])
    return t(key or "new.help_start")


def level_help(level: str, descriptions: Mapping[str, str]) -> str:
    """``level: what this bot is like``."""
    about = descriptions.get(level)
    return f"{bot_name(level)}: {about}" if about else bot_name(level)
