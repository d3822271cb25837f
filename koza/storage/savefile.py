"""Save files: one JSON Lines file per game, written while it is played.

Line 1 is the header ``{"format": "koza-save", "schema": 1, "koza": "<version>"}``,
then one event per line (``event.model_dump_json()``).  ``load`` validates every
line, then folds them (``koza.core.fold.StateBuilder``, the checks of ``apply_event``,
with the garbage collector paused); ``koza.storage.writer`` appends to a
save while its game is played.  A last line without its newline (cut off by a
crash) is dropped with a warning; anything else wrong is a one-line
``SaveError`` naming the file and line, with any quoted input cut short.
Loading never writes, and nothing but a ``SaveError`` escapes it.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from koza import __version__
from koza.core.collector import paused_gc
from koza.core.events import EVENT_ADAPTER, Event
from koza.core.fold import StateBuilder
from koza.core.problems import PROBLEMS, Explained, Problem, refused_value
from koza.core.state import GameState, ReplayError, begin, freeze
from koza.core.text import shorten as shorten  # stats and sessions read it here

if TYPE_CHECKING:
    import logging

FORMAT = "koza-save"
SCHEMA = 1
SUFFIX = ".koza.jsonl"
"""The most characters of a refusal's reason (after ``file:line:``)."""

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
UPCASTERS: dict[int, Upcaster] = {}
"""``UPCASTERS[n]`` rewrites one raw event dict of schema ``n`` into schema ``n + 1``."""


@cache
def _log() -> logging.Logger:
    """This module's logger, made at its first warning (most runs never import logging)."""
    import logging

    log = logging.getLogger(__name__)
    log.addHandler(logging.NullHandler())  # no stray stderr output under the TUI
    return log


class SaveError(Explained):
    """A save that cannot be read, written or locked; ``str(e)`` is one line.

    ``where`` (the file, or ``file:line``) and ``problem`` say it again as data,
    for the app and the command line to word in the player's language.
    """


@dataclass
class LoadedSave:
    """A save file read and replayed: its events, the state they fold to, its health."""

    path: Path
    schema: int
    events: list[Event]
    state: GameState
    good_bytes: int  # length of the whole-line prefix that was kept
    torn: bool = False  # a cut-off last line was dropped
    newline_missing: bool = False  # the last event is whole but lacks its newline
    warnings: list[str] = field(default_factory=list)
    blank_end: bool = False  # one blank last line was dropped


def header_line(schema: int | None = None) -> bytes:
    """The first line of a new save file."""
    head = {"format": FORMAT, "schema": SCHEMA if schema is None else schema, "koza": __version__}
    return json.dumps(head).encode() + b"\n"


def refusal(name: str, lineno: int, reason: Problem | str) -> SaveError:
    """The ``SaveError`` for line ``lineno`` of ``name``."""
    if isinstance(reason, str):
        return SaveError(f"{name}:{lineno}: {shorten(reason)}")
    return SaveError.explained(reason, f"{name}:{lineno}", shorten(reason.english()))


def problem(key: str, /, **values: object) -> Problem:
    """``Problem(key, values)``, shorter to write."""
    return Problem(key, values)


# --- reading -----------------------------------------------------------------


def parse_json(raw: bytes) -> object:
    """``raw`` parsed, or ``ValueError`` (deep nesting and huge numbers included)."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _is_json(raw: bytes) -> bool:
    try:
        parse_json(raw)
    except ValueError:
        return False
    return True


def _check_header(name: str, raw: bytes) -> int:
    try:
        head = parse_json(raw)
    except ValueError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise refusal(name, 1, problem("save.no_header"))
    schema = head.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise refusal(name, 1, problem("save.bad_schema", schema=repr(schema)))
    if schema > SCHEMA:
        newer = problem("save.newer_schema", schema=schema, version=__version__, known=SCHEMA)
        raise refusal(name, 1, newer)
    missing = [v for v in range(schema, SCHEMA) if v not in UPCASTERS]
    if missing:
        raise refusal(name, 1, problem("save.cannot_upgrade", schema=missing[0]))
    return schema


def describe_invalid(exc: ValidationError, raw: bytes) -> Problem:
    """One short reason why a line is not a valid event."""
    err = exc.errors(include_url=False)[0]
    kind = err["type"]
    if kind == "json_invalid":
        if not raw.strip():
            return problem("save.blank_line")
        if "recursion limit" in str(err.get("msg", "")):
            return problem("save.nested")
        return problem("save.not_json")
    if kind == "union_tag_invalid":
        return problem("save.unknown_type", type=shorten(repr(err.get("ctx", {}).get("tag")), 40))
    if kind == "union_tag_not_found":
        return problem("save.no_type")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return problem("save.not_object")
    loc = err["loc"]
    where = ".".join(str(x) for x in loc[1:]) or "?"
    error = refused_value(err, str(err["msg"]).removeprefix("Value error, "))
    return problem("save.bad_field", event=loc[0] if loc else "event", field=where, error=error)


def _upcast(name: str, lineno: int, raw: bytes, schema: int) -> Event:
    try:
        data = parse_json(raw)
    except ValueError:
        raise refusal(name, lineno, problem("save.not_json")) from None
    if not isinstance(data, dict):
        raise refusal(name, lineno, problem("save.not_object"))
    for version in range(schema, SCHEMA):
        data = UPCASTERS[version](data)
    try:
        return EVENT_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise refusal(name, lineno, describe_invalid(exc, raw)) from None


def _crash_remnant(line: bytes) -> bool:
    """A whole line of NUL bytes: what a crash can leave where a line was being written."""
    return bool(line) and not line.strip(b"\0")


def parse(path: Path, data: bytes) -> LoadedSave:
    """Validate and replay the bytes of a save file (``path`` only names it).

    Only the last line can be a crash remnant: one without its newline (unless it is
    a whole event), or a line of NUL bytes.  One blank last line (the newline an
    editor adds) is dropped the same way, without a warning.  Any other whole line
    that is not an event is a refusal, wherever it is.
    """
    name = str(path)
    try:
        return _parse(name, path, data)
    except SaveError:
        raise
    except Exception as exc:  # a loader bug must still be a one-line refusal
        why = problem("save.unreadable", error=f"{type(exc).__name__}: {exc}")
        raise SaveError.explained(why, name, shorten(why.english())) from None


def _parse(name: str, path: Path, data: bytes) -> LoadedSave:
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    good, torn, newline_missing, warnings = len(data), False, False, []
    blank_end = not tail and len(lines) > 2 and not lines[-1].strip()  # an editor's newline
    if blank_end:
        good = len(data) - len(lines.pop()) - 1
    if tail and _is_json(tail):  # a whole event that only lacks its newline
        lines.append(tail)
        newline_missing = True
    elif tail or (len(lines) > 1 and _crash_remnant(lines[-1])):
        if not tail:
            tail = lines.pop() + b"\n"
        good, torn = len(data) - len(tail), True
        warnings.append(f"{name}:{len(lines) + 1}: {PROBLEMS['save.cut_off']}")
    if not lines:
        raise refusal(name, 1, problem("save.header_cut" if torn else "save.empty"))
    schema = _check_header(name, lines[0])
    if len(lines) == 1:
        raise refusal(name, 2, problem("save.no_game"))
    with paused_gc():  # a long load only allocates: collecting on the way is wasted work
        events, state = _fold_lines(name, lines, schema)
    for w in warnings:
        _log().warning(w)
    return LoadedSave(path, schema, events, state, good, torn, newline_missing, warnings, blank_end)


def _fold_lines(name: str, lines: list[bytes], schema: int) -> tuple[list[Event], GameState]:
    """Validate and fold every event line (``lines[0]`` is the header).

    All lines are validated before the fold starts (one tight loop each is faster
    than taking turns), and the first refusal in file order is raised, as if each
    line were validated and folded before the next was read.
    """
    events, invalid = _validated(name, lines, schema)
    builder: StateBuilder | None = None
    lineno = 2
    try:
        if events:
            builder = begin(events[0])
            apply = builder.apply
            for lineno, ev in enumerate(islice(events, 1, None), 3):  # noqa: B007 - read below
                apply(ev)
    except ReplayError as exc:
        raise refusal(name, lineno, exc.problem or str(exc)) from None
    except Exception as exc:  # a fold bug must still be a one-line refusal
        why = f"{type(exc).__name__}: {exc}"
        raise refusal(name, lineno, problem("save.cannot_replay", error=why)) from None
    if invalid is not None:
        raise invalid
    assert builder is not None  # there is at least one line
    return events, freeze(builder)


def _validated(name: str, lines: list[bytes], schema: int) -> tuple[list[Event], Exception | None]:
    """The events of the lines after the header, up to the first that is none.

    Returns them and what that line raises (a ``SaveError``), or None when every
    line is an event.
    """
    if schema == SCHEMA:
        validate = EVENT_ADAPTER.validator.validate_json  # the validator itself: no wrapper
        try:
            return [validate(raw) for raw in islice(lines, 1, None)], None
        except Exception:  # which line it was is found below, one line at a time
            pass
    events: list[Event] = []
    for lineno, raw in enumerate(islice(lines, 1, None), 2):
        try:
            events.append(_event_of(name, lineno, raw, schema))
        except Exception as exc:
            return events, exc
    return events, None


def _event_of(name: str, lineno: int, raw: bytes, schema: int) -> Event:
    """The event on line ``lineno`` (a ``SaveError`` if it is none)."""
    if schema != SCHEMA:
        return _upcast(name, lineno, raw, schema)
    try:
        return EVENT_ADAPTER.validator.validate_json(raw)
    except ValidationError as exc:
        raise refusal(name, lineno, describe_invalid(exc, raw)) from None


# --- files -------------------------------------------------------------------

_KINDS = (
    (stat.S_ISDIR, "file.folder"),
    (stat.S_ISFIFO, "file.fifo"),
    (stat.S_ISSOCK, "file.socket"),
    (stat.S_ISCHR, "file.device"),
    (stat.S_ISBLK, "file.device"),
)
_ERRNO_KEYS = {
    errno.EACCES: "file.denied",
    errno.ENOSPC: "file.no_space",
    errno.EROFS: "file.read_only",
    errno.ENOTDIR: "file.not_folder",
    errno.ENAMETOOLONG: "file.name_too_long",
    errno.EIO: "file.io",
    errno.EDQUOT: "file.quota",
}
"""The failures a player meets most, worded by koza rather than by the C library."""


def not_a_file(path: Path, mode: int) -> SaveError | None:
    """The refusal for something that is not a regular file, else None."""
    if stat.S_ISREG(mode):
        return None
    why = next((key for test, key in _KINDS if test(mode)), "file.not_regular")
    return SaveError.at(path, why)


def os_error(path: Path, exc: OSError) -> SaveError:
    """A one-line ``SaveError`` for a failed file operation on ``path``."""
    return SaveError.explained(os_problem(exc), str(path))


def os_failure(path: Path, key: str, exc: OSError) -> SaveError:
    """``path: <key's text> (<the OS's words>)``, e.g. could not save (no space left ...)."""
    english = PROBLEMS[key].format(error=exc.strerror)
    return SaveError.explained(problem(key, error=os_problem(exc)), str(path), english)


def os_problem(exc: OSError) -> Problem:
    """What a failed file operation says: koza's words for the usual ones, else the OS's."""
    if isinstance(exc, FileNotFoundError):
        return problem("file.missing")
    if isinstance(exc, IsADirectoryError):
        return problem("file.folder")
    if exc.errno == errno.ELOOP:
        return problem("file.link_loop")
    said = (exc.strerror or str(exc)).lower()
    key = _ERRNO_KEYS.get(exc.errno or 0)
    if key is not None and PROBLEMS[key] == said:  # the OS words it as koza does
        return problem(key)
    return problem("file.os", error=said)


def check_path(path: Path) -> SaveError | None:
    """Why ``path`` cannot be a save file (missing, a folder, a FIFO, a link loop), or None."""
    try:
        st = path.stat()
    except OSError as exc:
        return os_error(path, exc)
    return not_a_file(path, st.st_mode)


def open_regular(path: Path, flags: int) -> int:
    """``os.open`` that never blocks on a FIFO and refuses all but a regular file."""
    try:
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise os_error(path, exc) from None
    try:
        problem = not_a_file(path, os.fstat(fd).st_mode)
        if problem is not None:
            raise problem
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_fd(fd: int) -> bytes:
    """Every byte of an open file, from its start."""
    with open(fd, "rb", closefd=False) as f:
        f.seek(0)
        return f.read()


def read_save(path: Path) -> bytes:
    """Every byte of the save at ``path``, a regular file (raises ``SaveError``)."""
    fd = open_regular(path, os.O_RDONLY)
    try:
        return read_fd(fd)
    except OSError as exc:
        raise os_error(path, exc) from None
    except MemoryError:
        raise SaveError.at(path, "file.too_big") from None
    finally:
        os.close(fd)


def load(path: Path | str) -> LoadedSave:
    """Read and replay a save without locking or changing it (raises ``SaveError``)."""
    path = Path(path)
    return parse(path, read_save(path))
