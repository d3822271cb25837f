"""Textual's own key labels in koza's words, so no English shows in the footer.

A Select's open list binds Esc as "Dismiss menu"; koza gives it a catalogue text
(redone on a language switch like every other ``t()`` label).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets._select import SelectOverlay

from koza.i18n.strings import t


def adopt_textual_words() -> None:
    """Give Textual's own bindings koza's texts (run once, at import)."""
    SelectOverlay.BINDINGS = [Binding("escape", "dismiss", t("key.close_list"))]
    SelectOverlay._merged_bindings = SelectOverlay._merge_bindings()


adopt_textual_words()
