"""Statistics from the save folder: per player (per level for bots), over every saved game.

``collect(folder)`` (``saves``) reads each save with the checked reader and any review kept
beside it, and sums what each seat did (``figures``); unreadable saves are
counted and named, never a reason to fail.  ``koza stats`` prints it.
"""

from koza.stats.figures import PlayerFigures, SeatGame
from koza.stats.saves import FolderStats, collect

__all__ = ["FolderStats", "PlayerFigures", "SeatGame", "collect"]
