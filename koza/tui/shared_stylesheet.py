"""A stylesheet that parses each piece of CSS once per process, for every app in it.

Textual keeps its parsed CSS in a cache of each app's own stylesheet, so every new app
(a second game window, each test, each bench run) parses the same ``.tcss`` files and
widget defaults again.  The rules a parse gives depend only on the CSS, where it came
from, its scope and the theme's variables, and Textual never changes them once parsed
(one app already reuses them on every re-parse), so apps in one process can share them.
Textual's ``reparse`` (run when a screen brings CSS not read before, or the theme changes)
parses every source again in a plain ``Stylesheet``; here it goes through the shared store,
so only the new source is parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.css.stylesheet import Stylesheet

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.model import RuleSet
    from textual.css.types import CSSLocation
    from textual.screen import Screen

__all__ = ["SharedParseStylesheet", "read_css_ahead", "share_parsed_css"]

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

    def reparse(self) -> None:
        """Textual's ``reparse``, with the fresh stylesheet sharing the parses."""
        fresh = SharedParseStylesheet(variables=self._variables)
        for read_from, source in self.source.items():
            fresh.add_source(
                source.content,
                read_from=read_from,
                is_default_css=source.is_defaults,
                tie_breaker=source.tie_breaker,
                scope=source.scope,
            )
        try:
            fresh.parse()
        except Exception:
            self._invalid_css.update(fresh._invalid_css)  # as Textual: never parsed again
            raise
        self._rules = fresh.rules
        self._rules_map = None
        self.source = fresh.source
        self._require_parse = False


def share_parsed_css(app: App[Any]) -> None:
    """Give ``app`` (in its ``__init__``, before it reads any CSS) the shared stylesheet."""
    app.stylesheet = SharedParseStylesheet(variables=app.get_css_variables())


def read_css_ahead(app: App[Any], screen: Screen[Any]) -> None:
    """Add the CSS files of ``screen`` (not yet shown) to ``app``'s stylesheet now.

    Textual reads a screen's files when it is first pushed and then restyles every widget
    of every screen; read before the widgets below it are styled, they are styled once.
    """
    for path in screen.css_path:
        if not app.stylesheet.has_source(str(path), ""):
            app.stylesheet.read(path)
