"""The English texts of the expert bot (its line in the bot menus and help)."""

from __future__ import annotations

EXPERT_EN: dict[str, str] = {
    "bot.expert_help": (
        "Club player: tries each move on 16 possible deals; rules of thumb settle the rest."
    ),
}
