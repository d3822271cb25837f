"""What ``reader`` learns of the people at a table from their saved games on this machine.

A saved game holds the whole deal, so every free play a person made in it can be
seen as they saw it (their hand, the table) and what they chose.  The newest
``GAMES`` finished or unfinished saves in which a person of that name sat (fewer
once they hold ``PLAYS`` free plays) are read, their free plays kept, and the
person's scores fitted to them, pulled towards the prior
(``policies.THETA["person"]``) by a ridge of ``PRIOR_WEIGHT``: a person with one
or two games is read near the prior, one with many as they play.  Nothing leaves
this machine; the files are only read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from koza.bots.policies import THETA, Theta
from koza.bots.policy_fit import Choice, fit, free_play
from koza.core.decisions import decisions
from koza.core.events import Event
from koza.core.state import apply_event
from koza.storage.listing import list_saves
from koza.storage.savefile import SaveError, load

GAMES = 50
"""The newest saved games of a person read for their model."""
PLAYS = 1500
"""Enough free plays: no older game is read once a person has these (50 games of 40
rounds hold about 5,000, and reading them took 1.5 s of a decision's 2 s)."""
PRIOR_WEIGHT = 20.0
"""How strongly the prior holds (the ridge towards it).  Chosen on games of a stand-in
person (a bot seated as a person): held-out plays of a greedy one were explained best
with 5, an expert's as well with 20 as with 5 and better after a single game."""

_CHOICES: dict[tuple[Path, str], tuple[float, list[Choice]]] = {}
"""Free plays already read, by file and name, valid while the file's time stays."""


def person_choices(events: Sequence[Event], name: str) -> list[Choice]:
    """Every free play made in ``events`` by a person seat called ``name``."""
    if not events:
        return []
    seated = apply_event(None, events[0]).seats
    seats = [s for s, info in enumerate(seated) if info.kind != "bot" and info.name == name]
    if not seats:
        return []
    got = (free_play(d.view, d.played) for d in decisions(events, seats))
    return [choice for choice in got if choice is not None]


def _choices_in(path: Path, modified: float, name: str) -> list[Choice]:
    """``person_choices`` of one saved game (remembered until the file changes; a file
    that cannot be read gives none)."""
    hit = _CHOICES.get((path, name))
    if hit is not None and hit[0] == modified:
        return hit[1]
    try:
        got = person_choices(load(path).events, name)
    except SaveError:
        got = []
    _CHOICES[(path, name)] = (modified, got)
    return got


def learned_people(
    folder: Path,
    names: Iterable[str],
    skip: Path | None = None,
    games: int = GAMES,
    prior_weight: float = PRIOR_WEIGHT,
) -> dict[str, Theta]:
    """Each of ``names`` that played as a person in the saves of ``folder`` (``skip``:
    the game being played), with the scores fitted to their newest ``games`` games' plays."""
    wanted = set(names)
    found: dict[str, list[Choice]] = {n: [] for n in wanted}
    read = dict.fromkeys(wanted, 0)
    for summary in list_saves(folder):
        if summary.path == skip:
            continue
        for name in wanted:
            seated = any(
                n == name and k != "bot" for n, k in zip(summary.names, summary.kinds, strict=False)
            )
            if seated and read[name] < games and len(found[name]) < PLAYS:
                read[name] += 1
                when = summary.modified.timestamp()
                found[name] += _choices_in(summary.path, when, name)
    prior = THETA["person"]
    return {
        name: fit(plays, ridge=prior_weight, centre=prior, start=prior)
        for name, plays in found.items()
        if plays
    }


def people_learner(
    folder: Path, names: Iterable[str], skip: Path | None
) -> Callable[[], Mapping[str, Theta]]:
    """``learned_people`` for a bot to call when it first needs it (in its own worker)."""
    kept = tuple(names)
    return lambda: learned_people(folder, kept, skip)
