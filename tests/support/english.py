"""The English-word detector the language tests share (no tests in here).

A text said in Russian or Georgian may still hold Latin words that are not
English prose: what a player types (option names, bot and rule code names,
commands), file names, and the names of formats and tools.  ``english`` leaves
those out and returns the rest.
"""

from __future__ import annotations

import re

from koza.bots import ALL_BOTS
from koza.core.rules import options

TYPED = {
    # what a player types or reads as code: metavars, commands, formats, tools
    "koza",
    "KOZA_HOME",
    "KOZA_LANG",
    "KOZA_BOT_DELAY",
    "COMMAND",
    "DIR",
    "LANG",
    "FILE",
    "BOT",
    "KEY",
    "VALUE",
    "LEVEL",
    "ADDRESS",
    "CODE",
    "HOST",
    "PORT",
    "HOST:PORT",
    "NAME",
    "TEXT",
    "play",
    "learn",
    "resume",
    "watch",
    "replay",
    "verify",
    "sim",
    "tournament",
    "server",
    "host",
    "join",
    "review",
    "stats",
    "draw",
    "pass",
    "next",
    "start",
    "say",
    "quit",
    "JSON",
    "json",
    "TLS",
    "PEM",
    "Dask",
    "tcp",
    "pip",
    "install",
    "cluster",
    "ws",
    "wss",
    "http",
    "Ctrl",
    "FIFO",
    "en",
    "ru",
    "ka",
    "koza-save",
    "game_created",
    "jsonl",
    "Bot",
    "teams",
    "pairs",
    "PLAN",
    "goats:N",
    "rotating-partners",
    "rotating",  # of rotating-partners: the option pattern takes its -partners
}
"""Latin words that are code or names in any language."""

CODE_NAMES = set(
    re.findall(
        r"[A-Za-z][A-Za-z_:-]*[A-Za-z]|[A-Za-z]{2,}",
        " ".join([*ALL_BOTS, *(f"{o.name} {o.default} {' '.join(o.choices)}" for o in options())]),
    )
)
"""Bot levels and rule options with their values, as typed after ``--seats`` and ``--rule``."""


def english(text: str, allowed: set[str] = frozenset()) -> set[str]:  # type: ignore[assignment]
    """The Latin words of ``text`` that are neither typed code, names nor ``allowed``."""
    option = r"--?[\w-]+(?:[ =][A-Z][A-Z_]+\b)?"  # an option and its placeholder: --port PORT
    text = re.sub(r"'[^']*'", " ", text)  # what the player typed, quoted back
    text = re.sub(rf"{option}|\w+://\S+|(?<!\S)/\S*|\S+\.\w+", " ", text)  # and paths
    words = set(re.findall(r"[A-Za-z][A-Za-z_:-]*[A-Za-z]", text))
    return words - TYPED - CODE_NAMES - set(allowed)
