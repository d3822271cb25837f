"""Where the learner is: the lessons done and the place to go on from, kept in the settings.

One settings key, ``learn``: ``{"done": [lesson ids], "lesson": id, "place": n}``.
Anything odd in it reads as a fresh start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from koza.core.rules import RuleError, RuleSet
from koza.lessons.book import LESSON_IDS

SETTING = "learn"
NEW_GAME_SETTING = "new_game"  # the last new-game setup, whose rules are the house rules


@dataclass
class Progress:
    """The lessons done and where to go on (a lesson's index, a place in it)."""

    done: set[str] = field(default_factory=set)
    lesson: int = 0
    place: int = 0

    def to_json(self) -> dict[str, Any]:
        done = [i for i in LESSON_IDS if i in self.done]
        return {"done": done, "lesson": LESSON_IDS[self.lesson], "place": self.place}

    @classmethod
    def from_json(cls, data: object) -> Progress:
        if not isinstance(data, dict):
            return cls()
        done = {i for i in data.get("done", ()) if i in LESSON_IDS} if _listish(data) else set()
        lesson = data.get("lesson")
        place = data.get("place")
        number = LESSON_IDS.index(lesson) if lesson in LESSON_IDS else 0
        if not isinstance(place, int) or isinstance(place, bool) or place < 0:
            place = 0
        return cls(done, number, place)


def _listish(data: dict[str, Any]) -> bool:
    return isinstance(data.get("done", ()), list | tuple)


def read_progress(app: Any) -> Progress:
    """The learner's progress as the app remembers it."""
    read = getattr(app, "setting", None)
    return Progress.from_json(read(SETTING) if callable(read) else None)


def keep_progress(app: Any, progress: Progress) -> None:
    remember = getattr(app, "remember", None)
    if callable(remember):
        remember(SETTING, progress.to_json())


def house_rules(app: Any) -> RuleSet:
    """The rules of the last new game set up (the house rules), else the book's."""
    read = getattr(app, "setting", None)
    setup = read(NEW_GAME_SETTING) if callable(read) else None
    rules = setup.get("rules") if isinstance(setup, dict) else None
    if not isinstance(rules, dict):
        return RuleSet()
    try:
        return RuleSet.from_options({k: v for k, v in rules.items() if k in RuleSet.model_fields})
    except (RuleError, ValueError, TypeError):
        return RuleSet()
