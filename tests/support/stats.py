"""Save folders for the statistics tests: games of people and bots, played to the end or not."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path

from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.play.session import Session


def seat(spec: str) -> SeatInfo:
    """``"Anna"`` is a person; ``"bot:greedy:Bob"`` is a greedy bot called Bob
    (``"bot:montecarlo:fast:Mo"``: the level is all but the last part)."""
    if spec.startswith("bot:"):
        level, _, name = spec.removeprefix("bot:").rpartition(":")
        return SeatInfo(name=name, kind="bot", bot=level)
    return SeatInfo(name=spec)


def play_game(
    folder: Path, seats: list[str], seed: int, max_rounds: int | None = None, **rules: object
) -> Path:
    """A saved game: people play random legal moves, bots their own; cut after ``max_rounds``."""
    rng = random.Random(seed)
    ruleset = RuleSet.model_validate({"target": 41, **rules})
    with Session.create([seat(s) for s in seats], ruleset, seed, folder, sync=False) as s:
        while not s.game.is_over:
            if s.state.phase == "round_over":
                if max_rounds is not None and len(s.state.records) >= max_rounds:
                    break
                s.next_round()
            elif s.bot(s.game.turn) is not None:
                s.play_bot()
            else:
                s.play(rng.choice(list(s.game.legal_moves())))
        return s.path


@dataclass
class Folder:
    """A folder of saves and what is in it."""

    path: Path
    saves: list[Path]
    bad: list[Path]


def mixed_folder(folder: Path) -> Folder:
    """Finished games of Anna and Boris against bots, a pairs game, an unfinished game,
    and two files that cannot be read."""
    folder.mkdir(parents=True, exist_ok=True)
    saves = [
        play_game(folder, ["Anna", "bot:greedy:Gosha"], seed=1),
        play_game(folder, ["Anna", "Boris", "bot:random:Rita"], seed=2),
        play_game(folder, ["Boris", "bot:greedy:Gosha", "bot:greedy:Grisha"], seed=3),
        play_game(folder, ["Anna", "bot:random:R1", "Boris", "bot:random:R2"], 4, teams="pairs"),
        play_game(folder, ["Anna", "bot:greedy:Gosha"], seed=5, max_rounds=1),
        play_game(folder, ["Anna", "bot:greedy:Gosha"], seed=6),
    ]
    garbage = folder / "garbage.koza.jsonl"
    garbage.write_text("this is not a save\n")
    cut = folder / "cut.koza.jsonl"
    lines = saves[0].read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:3]) + '{"type": "tile_played", "seq": 99}\n' + lines[3])
    return Folder(folder, saves, [cut, garbage])


def write_review(save: Path, moves: list[dict[str, object]], name: str | None = None) -> Path:
    """A review beside ``save`` as ``koza review`` keeps it (``<save>.review.json``), made
    from the save as it is now (its ``save_sha256``)."""
    path = save.with_name(name or save.name + ".review.json")
    sha = hashlib.sha256(save.read_bytes()).hexdigest()
    path.write_text(json.dumps({"version": 1, "save_sha256": sha, "moves": moves, "done": True}))
    return path
