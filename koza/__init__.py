"""koza: Kozel (Козёл, Goat), the Russian domino game, in your terminal."""

__version__ = "0.1.0"
