"""A player's figures as a table's cells, in the language in use.

``koza stats`` and the app's statistics page draw the same columns from here.
"""

from __future__ import annotations

from koza.core.text import one_line
from koza.i18n.strings import bot_name, number, t
from koza.stats.figures import PlayerFigures

FIGURES = (
    "finished",
    "unfinished",
    "goats",
    "goat_rate",
    "points",
    "recorded",
    "went_out",
    "fish",
    "loss",
)
"""The columns after the player's name, in the order ``figure_cells`` gives them."""


def player_label(p: PlayerFigures, bot_key: str = "stats.bot") -> str:
    """``Anna``, or the bot level's name said by ``bot_key`` ("bot expert")."""
    name = one_line(p.name)  # drawn on a terminal: no controls, whatever the save holds
    return t(bot_key, level=bot_name(name)) if p.kind == "bot" else name


def figure_cells(p: PlayerFigures, missing: str = "—") -> tuple[str, ...]:
    """One player's figures in ``FIGURES`` order (``missing`` where there is no figure yet)."""

    def fixed(value: float | None, digits: int = 1) -> str:
        return missing if value is None else number(value, digits)

    rate = missing if p.goat_rate is None else f"{100 * p.goat_rate:.0f}%"
    return (
        str(p.finished),
        str(p.unfinished),
        str(p.goats),
        rate,
        fixed(p.points_per_round),
        fixed(p.recorded_per_round),
        str(p.went_out),
        str(p.fish),
        fixed(p.loss_per_move, 2),
    )
