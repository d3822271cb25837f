"""koza: Kozel (Козёл, Goat), the Russian domino game, in your terminal."""

__version__ = "0.1.0"

from koza import compiled as _compiled  # noqa: E402

_compiled.choose_sources()  # KOZA_PURE=1, or a stale build: import the .py sources
