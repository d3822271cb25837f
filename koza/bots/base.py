"""The bot interface: a view in, a command out."""

from __future__ import annotations

import random
from typing import Protocol

from koza.core.commands import Command, from_move
from koza.core.view import SeatView


class Bot(Protocol):
    """A player that picks a legal command from what its seat may see."""

    name: str

    def choose(self, view: SeatView) -> Command: ...


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        return from_move(self._rng.choice(view.legal))


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot by its command-line name (``random``, ...)."""
    if spec == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {spec!r} (known: random)")
