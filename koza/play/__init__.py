"""A game being played: the one game loop (``driver``) and a game tied to its save (``session``)."""
