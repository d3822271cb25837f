"""The bot interface: a view in, a command out; and the registry of bots by name.

A bot is any object with a ``name`` and ``choose(view: SeatView) -> Command``;
it sees only its seat's view.  The one exception is the ``omniscient``
reference, which declares ``sees_everything = True`` and is given the full
state through ``choose_seeing_everything(state)``; ``decide`` routes both.
A bot that needs nothing but its legal moves (``random``) declares
``needs_only_legal = True`` and ``choose_legal(legal)``: ``decide`` then hands it
those moves without building the whole view (it still learns nothing more).
"""

from __future__ import annotations

import random
from typing import Protocol, cast, runtime_checkable

from koza.core.commands import Command, LegalMoves
from koza.core.problems import ProblemError
from koza.core.state import GameState
from koza.core.view import SeatView, seat_view


class Bot(Protocol):
    """A player that picks a legal command from what its seat may see."""

    name: str

    def choose(self, view: SeatView) -> Command: ...


@runtime_checkable
class SeesEverything(Protocol):
    """A reference bot that is handed the full secret state (measurement only)."""

    name: str
    sees_everything: bool

    def choose_seeing_everything(self, state: GameState) -> Command: ...


class NeedsOnlyLegal(Protocol):
    """A bot that decides from its legal moves alone (a part of its view)."""

    name: str
    needs_only_legal: bool

    def choose_legal(self, legal: LegalMoves) -> Command: ...


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"
    needs_only_legal = True

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: LegalMoves) -> Command:
        """The same pick as ``choose`` of a view with these legal moves."""
        return self._rng.choice(legal)


BOT_LEVELS: tuple[str, ...] = (
    "random",
    "greedy",
    "expert",
    "montecarlo:fast",
    "montecarlo",
    "montecarlo:strong",
    "reader",
)
"""The bots offered as opponents in the app, weakest first (omniscient is not one)."""

BOT_DESCRIPTIONS: dict[str, str] = {
    "random": "Beginner: plays any legal move at random.",
    "greedy": "Casual: always sheds its heaviest tile that fits.",
    "expert": "Club player: tries each move on 16 possible deals; rules of thumb settle the rest.",
    "montecarlo:fast": "Strong, quick: imagines 60 possible deals before each move.",
    "montecarlo": "Strong: imagines 300 possible deals and plays for the match score.",
    "reader": "Strong: montecarlo that reads each opponent by its own style.",
    "montecarlo:strong": "Very strong, slower: imagines 1000 possible deals per move.",
    "omniscient": "Reference only: sees every hand and the bazaar (cheats by design).",
}
"""One line per bot name, for menus and help."""

ALL_BOTS: tuple[str, ...] = (*BOT_LEVELS, "omniscient")


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot by its command-line name (see ``ALL_BOTS``); ``ValueError`` if unknown.

    Each bot's module is imported when that bot is first made (``koza sim``'s random
    bots need none of the others).
    """
    name, _, level = spec.strip().partition(":")
    if name == "montecarlo":
        from koza.bots.montecarlo import MonteCarloBot

        return MonteCarloBot(level or "default", seed)
    if level:
        raise ValueError(f"bot {name!r} has no levels (got {spec!r})")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        from koza.bots.greedy import GreedyBot

        return GreedyBot(seed)
    if name == "expert":
        from koza.bots.expert import ExpertBot

        return ExpertBot(seed)
    if name == "reader":
        from koza.bots.reader import ReaderBot

        return ReaderBot(seed)
    if name == "omniscient":
        from koza.bots.omniscient import OmniscientBot

        return OmniscientBot(seed)
    raise ProblemError.of("bot.unknown", spec=repr(spec), known=", ".join(ALL_BOTS))


def decide(bot: Bot, state: GameState, seat: int) -> Command:
    """Ask ``bot`` for ``seat``'s move: its view, or the full state for a reference bot.

    A bot that needs only its legal moves gets them alone when ``seat`` is to move
    (they are then its view's ``legal``), which spares building the view.
    """
    if getattr(bot, "needs_only_legal", False) and state.turn == seat:
        return cast(NeedsOnlyLegal, bot).choose_legal(state.legal_moves())
    if getattr(bot, "sees_everything", False) and isinstance(bot, SeesEverything):
        return bot.choose_seeing_everything(state)
    return bot.choose(seat_view(state, seat))
