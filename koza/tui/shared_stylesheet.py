"""A stylesheet that parses each piece of CSS once per process, for every app in it.

Textual keeps its parsed CSS in a cache of each app's own stylesheet, so every new app
(a second game window, each test, each bench run) parses the same ``.tcss`` files and
widget defaults again.  The rules a parse gives depend only on the CSS, where it came
from, its scope and the theme's variables, and Textual never changes them once parsed
(one app already reuses them on every re-parse), so apps in one process can share them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.css.stylesheet import Stylesheet

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.model import RuleSet
    from textual.css.types import CSSLocation

__all__ = ["SharedParseStylesheet", "share_parsed_css"]

KEPT = 4096  # parses kept: a few hundred per theme; past this the store starts afresh


class SharedParseStylesheet(Stylesheet):
    """``Stylesheet`` whose parsed rules are kept for every app in the process."""

    _parsed: ClassVar[dict[tuple[object, ...], list[RuleSet]]] = {}
    _theme: tuple[tuple[str, str], ...] | None = None

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._theme = None

    def _parse_rules(
        self, css: str, read_from: CSSLocation, *args: Any, **kwargs: Any
    ) -> list[RuleSet]:
        # Textual's own arguments, whatever a later version adds, are part of the key.
        if self._theme is None:
            self._theme = tuple(sorted(self._variables.items()))
        key = (css, read_from, args, tuple(sorted(kwargs.items())), self._theme)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = super()._parse_rules(css, read_from, *args, **kwargs)
            if len(self._parsed) >= KEPT:
                self._parsed.clear()
            self._parsed[key] = parsed
        return parsed


def share_parsed_css(app: App[Any]) -> None:
    """Give ``app`` (in its ``__init__``, before it reads any CSS) the shared stylesheet."""
    app.stylesheet = SharedParseStylesheet(variables=app.get_css_variables())
