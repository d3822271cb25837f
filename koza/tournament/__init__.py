"""Duplicate-deal tournaments between bots (``koza tournament``)."""

from koza.tournament.report import figures, to_json, to_text
from koza.tournament.runner import Outcome, Setup, labels_for, play_unit, run

__all__ = ["Outcome", "Setup", "figures", "labels_for", "play_unit", "run", "to_json", "to_text"]
