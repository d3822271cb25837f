"""The English of every problem an error can carry: ``error.<key>`` for each key of
``koza.core.problems.PROBLEMS`` (merged into ``EN`` through ``cli_words``)."""

from __future__ import annotations

from koza.core.problems import PROBLEMS

ERRORS_EN: dict[str, str] = {f"error.{key}": text for key, text in PROBLEMS.items()}
"""Each problem's key and English, as the catalogue keys them."""
