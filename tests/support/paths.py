"""Where the tests find the project and their saved-game fixtures, wherever a test module lives."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
DATA = TESTS / "data"
GOLDEN = DATA / "golden_replay.koza.jsonl"
