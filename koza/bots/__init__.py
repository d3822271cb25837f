"""Bots: each takes its seat's view and returns a command."""

from koza.bots.base import (
    ALL_BOTS,
    BOT_DESCRIPTIONS,
    BOT_LEVELS,
    Bot,
    RandomBot,
    SeesEverything,
    decide,
    make_bot,
)

__all__ = [
    "ALL_BOTS",
    "BOT_DESCRIPTIONS",
    "BOT_LEVELS",
    "Bot",
    "RandomBot",
    "SeesEverything",
    "decide",
    "make_bot",
]
