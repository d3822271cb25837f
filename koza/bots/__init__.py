"""Bots: each takes its seat's view and returns a command."""

from koza.bots.base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
