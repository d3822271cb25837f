"""Bots: each takes its seat's view and returns a command.

Interface: a bot has ``name: str`` and ``choose(view: SeatView) -> Command``; it
sees only ``view`` (own hand, chain, counts, public history).  ``make_bot(spec,
seed)`` builds one by name; ``BOT_LEVELS`` lists the opponents offered in the app
(weakest first) and ``BOT_DESCRIPTIONS`` has one line for each.  ``omniscient``
(in ``ALL_BOTS``, not in ``BOT_LEVELS``) is a measuring reference that sees the
full state; call bots through ``decide(bot, state, seat)`` to route it.

To add a bot: a class with ``name`` and ``choose``, one branch in ``make_bot``.
Given a seed, a bot must be reproducible.  Monte Carlo's parts: ``knowledge``
(what the history proves about hidden hands), ``sampler`` (consistent deals),
``likelihood`` (weights from observed plays), ``rollout`` (rollouts, match utility).
"""

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
