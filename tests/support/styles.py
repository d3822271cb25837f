"""How a widget looks to the stylesheet, for tests that style less than Textual does."""

from __future__ import annotations

from typing import Any


def looks(widget: Any) -> list[object]:
    """The classes and style rules of ``widget`` and everything in it, its parts' too
    (compare with what ``app.update_styles(widget)``, Textual's restyle, leaves)."""
    return [
        (sorted(node.classes), node.styles.get_rules(), node._component_styles)
        for node in widget.walk_children(with_self=True)
    ]
