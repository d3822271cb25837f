"""A match's file: a small JSON file beside its games' saves that only names them.

``<time>-<match id>.koza-match.json`` holds the format, its schema, the match's id,
plan and seed, and the file names of its games in order; every game stays a plain
save (``*.koza.jsonl``) in the same folder, and the sheet is counted from them.  The
file is written whole to a temporary name and renamed over (a crash leaves the old
one or the new one, never half of either); a new match never takes an existing name.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from koza import __version__
from koza.core.match import MAX_GAMES, MatchError, MatchPlan
from koza.core.problems import refused_value
from koza.storage.savefile import SUFFIX, SaveError, open_regular, os_error, read_fd

MATCH_FORMAT: Literal["koza-match"] = "koza-match"
MATCH_SCHEMA = 1
MATCH_SUFFIX = ".koza-match.json"
MATCH_LIMIT = 64 * 1024  # a match file names at most 99 games: far below this


class MatchFile(BaseModel):
    """What a match's file says (pydantic checks every field on reading)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    format: Literal["koza-match"] = MATCH_FORMAT
    schema_version: int = Field(MATCH_SCHEMA, alias="schema", ge=1)
    match_id: str = Field(min_length=1, max_length=80)
    plan: str = Field(min_length=1, max_length=40)  # MatchPlan.text
    seed: int = Field(ge=0)
    games: tuple[str, ...] = Field(default=(), max_length=MAX_GAMES)

    @property
    def match_plan(self) -> MatchPlan:
        return MatchPlan.parse(self.plan)

    def to_json(self) -> bytes:
        return self.model_dump_json(by_alias=True, indent=1).encode() + b"\n"


def match_name(match_id: str, when: datetime | None = None) -> str:
    """``YYYYmmdd-HHMMSS-<match id>.koza-match.json`` (local time, so names sort by age)."""
    return f"{(when or datetime.now()):%Y%m%d-%H%M%S}-{match_id}{MATCH_SUFFIX}"


def is_match_file(path: Path) -> bool:
    return path.name.endswith(MATCH_SUFFIX)


def game_path(match_path: Path, name: str) -> Path | None:
    """The save a match names, beside the match file (None for a name that is not a bare
    save file name: a match never reaches outside its folder)."""
    if Path(name).name != name or not name.endswith(SUFFIX) or name.startswith("."):
        return None
    return match_path.parent / name


def read_match(path: Path) -> MatchFile:
    """Read and check a match file (raises ``SaveError`` with one line)."""
    fd = open_regular(path, os.O_RDONLY)
    try:
        raw = read_fd(fd)
    except OSError as exc:
        raise os_error(path, exc) from None
    finally:
        os.close(fd)
    if len(raw) > MATCH_LIMIT:
        raise SaveError.at(path, "match.not_match_file")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise SaveError.at(path, "match.not_match_file") from None
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise SaveError.at(path, "match.not_match_file")
    schema = data.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > MATCH_SCHEMA:
        raise SaveError.at(
            path, "match.newer_schema", schema=schema, version=__version__, known=MATCH_SCHEMA
        )
    try:
        found = MatchFile.model_validate(data)
        found.match_plan  # noqa: B018  (a plan koza cannot read is a bad file)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(part) for part in err["loc"]) or "?"
        raise SaveError.at(path, "match.bad_file", field=field, error=refused_value(err)) from None
    except MatchError as exc:  # a plan koza cannot read
        raise SaveError.at(path, "match.bad_file", field="plan", error=exc.problem) from None
    return found


def create_match(folder: Path, match: MatchFile) -> Path:
    """Write a new match file in ``folder`` under a name no file has (``SaveError`` if it
    cannot be written)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 1000):
            suffix = "" if n == 1 else f"-{n}"
            path = folder / match_name(match.match_id + suffix)
            try:
                with path.open("xb") as f:
                    f.write(match.to_json())
                    f.flush()
                    os.fsync(f.fileno())
                return path
            except FileExistsError:
                continue
    except OSError as exc:
        raise os_error(folder, exc) from None
    raise SaveError.at(folder, "file.exists")


def write_match(path: Path, match: MatchFile) -> None:
    """Replace the match file at ``path`` with ``match``: written beside it, then renamed."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temp.open("wb") as f:
            f.write(match.to_json())
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise os_error(path, exc) from None
