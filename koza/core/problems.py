"""What went wrong, as data: a key of ``PROBLEMS`` and its values, said in any language.

An error that a player may read (``SaveError``, ``ReplayError``, ``RuleError``,
``CommandError``) is an ``Explained`` exception: ``str(e)`` is its English line as
always (tests and logs read it), and ``e.where`` (a file, or ``file:line``) plus
``e.problem`` say the same as data, which ``koza.i18n.problems.say_error`` puts into
the language in use.  A value may itself be a ``Problem`` or a rule's ``Reason``
(anything with ``english()``), said in the same language.  No I/O, no textual.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

PROBLEMS: dict[str, str] = {
    # a save file on disk
    "file.missing": "no such file",
    "file.folder": "is a folder, not a save file",
    "file.fifo": "is a pipe (FIFO), not a save file",
    "file.socket": "is a socket, not a save file",
    "file.device": "is a device, not a save file",
    "file.not_regular": "is not a regular file",
    "file.link_loop": "is a symbolic link that loops (it never reaches a file)",
    "file.denied": "permission denied",
    "file.no_space": "no space left on device",
    "file.read_only": "read-only file system",
    "file.not_folder": "not a directory",
    "file.name_too_long": "file name too long",
    "file.io": "input/output error",
    "file.quota": "disk quota exceeded",
    "file.os": "{error}",
    "file.too_big": "too big to be a koza save",
    "file.locked": "this game is open in another koza (the save file is locked)",
    "file.cannot_lock": "cannot lock the save file ({error})",
    "file.exists": "a save with this name already exists",
    "file.replaced": "the file was replaced while opening; try again",
    "file.closed": "the save file is closed",
    "file.moved": (
        "the save file was moved or deleted while the game was open; nothing more can be saved"
    ),
    "file.cannot_save": "could not save ({error})",
    "file.session_closed": "the session is closed",
    "file.unknown_bot": ("seat {seat} ({name}) is played by a bot this koza cannot make: {error}"),
    # a save's lines
    "save.no_header": "not a koza save (no koza-save header)",
    "save.header_cut": "not a koza save (its header line is cut off)",
    "save.empty": "not a koza save (the file is empty)",
    "save.bad_schema": "bad save schema {schema}",
    "save.newer_schema": (
        "save schema {schema} is newer than this koza {version} understands "
        "(schema {known}); update koza to open it"
    ),
    "save.cannot_upgrade": "cannot upgrade save schema {schema}",
    "save.no_game": "no game in the file (it ends after the header)",
    "save.blank_line": "a blank line",
    "save.nested": "not valid JSON (nested too deeply)",
    "save.not_json": "not valid JSON",
    "save.unknown_type": "unknown event type {type}",
    "save.no_type": "an event without a type",
    "save.not_object": "not an event (a JSON object was expected)",
    "save.bad_field": "bad {event} event: {field}: {error}",
    "save.unreadable": "cannot be read ({error})",
    "save.cannot_replay": "this event cannot be replayed ({error})",
    "save.cut_off": "the last line was cut off (a crash while saving?) and was dropped",
    "save.deal_not_from_seed": (
        "round {round}'s deal is not the shuffle seed {seed} gives (were tiles swapped?)"
    ),
    # events that cannot follow each other
    "replay.no_events": "no events",
    "replay.first_not_created": "a game must start with game_created, not {type}",
    "replay.first_seq": "the first event must have seq 0, not {seq}",
    "replay.seq_gap": "event seq {seq} where {due} was due",
    "replay.after_over": "{type} after the game was over",
    "replay.only_first": "{type} can only be the first event",
    "replay.wrong_draw": "seat {seat} drew {tile}, but the next bazaar tile is {next}",
    "replay.no_round": "seat {seat} moved while no round was in play",
    "replay.round_ended": "seat {seat} moved after round {round} had ended",
    "replay.out_of_turn": "seat {seat} moved out of turn (seat {turn} was to move)",
    "replay.should_void": "round {round} was played, but its deal had to be voided",
    "replay.illegal": "seat {seat}: {why}",
    "replay.dealt_in_play": "round {round} was dealt while round {playing} was in play",
    "replay.dealt_after_target": "round {round} was dealt after a score reached the target",
    "replay.dealt_wrong_round": "round {round} was dealt where round {due} was due",
    "replay.bad_shuffle": "the shuffle of round {round} is not a full set: {what}",
    "replay.tile_twice": "{tile} appears twice",
    "replay.tiles_missing": "tiles are missing",
    "replay.wrong_leader": "round {round} names {got} to lead, but the rules give {want}",
    "replay.leader": "seat {seat}",
    "replay.leader_opening": "seat {seat} opening with {tile}",
    "replay.redeal_off": "a deal was voided, but redeals are off in these rules",
    "replay.void_not_fresh": "round {round} was voided, but it is not a fresh deal",
    "replay.wrong_void": "seat {seat}'s deal in round {round} was voided, but {why}",
    "replay.first_bad_hand": "seat {seat}'s hand is the first bad one",
    "replay.no_bad_hand": "no hand is bad",
    "replay.scored_early": "round {round} was scored before it ended",
    "replay.wrong_score": "round {round} was scored with {field}={got}, but the rules give {want}",
    "replay.over_early": "the game was declared over before any score reached the target",
    "replay.wrong_totals": "the game ended with totals {got}, not {want}",
    "replay.wrong_goats": (
        "the game over names goats {goats} and ranking {ranking}, "
        "but the rules give goats {want_goats} and ranking {want_ranking}"
    ),
    # a value pydantic refused (its English is pydantic's own message)
    "value.whole_number": "must be a whole number",
    "value.at_most": "must be at most {limit}",
    "value.at_least": "must be at least {limit}",
    "value.below": "must be less than {limit}",
    "value.above": "must be more than {limit}",
    "value.one_of": "must be one of {expected}",
    "value.missing": "is missing",
    "value.not_allowed": "is not allowed here",
    "value.text": "must be a text",
    "value.yes_no": "must be true or false",
    "value.list": "must be a list",
    "value.too_long": "may have at most {limit} items",
    "value.too_short": "must have at least {limit} items",
    "value.not_tile_name": "{value} is not a tile (write it like 6-4)",
    "value.not_tile": "{value} is not a tile",
    "value.unknown_bot": "unknown bot {bot}",
    "value.said": "{error}",
    # rules and commands
    "rule.players": "Kozel is played by 2, 3 or 4 players, not {n}",
    "rule.pairs_four": "teams=pairs needs exactly 4 players",
    "rule.unknown": "unknown rule option {name} (known: {known})",
    "rule.bad_value": "bad value {value} for rule {name}: {error}",
    "rule.not_pair": "rule {pair} should look like KEY=VALUE",
    # what a review asks of a save
    "review.no_game": "the save holds no game",
    "review.no_seat": "this game has seats 0 to {last}, not {seat}",
    "bot.unknown": "unknown bot {spec} (known: {known})",
    "cluster.no_dask": "--scheduler needs Dask's distributed package: {hint}",
    "cluster.unreachable": "cannot reach the Dask scheduler at {address}: {error}",
    "cluster.scheduler": "the Dask scheduler at {address}: {error}",
    "cluster.no_workers": "the Dask scheduler at {address} has no workers",
    "cluster.worker_failed": "a Dask worker failed: {error}",
    "command.invalid": "not a command: {error}",
    "command.invalid_at": "not a command: {field}: {error}",
}
"""Each problem's English, with ``{placeholders}`` for its values."""

PROBLEMS.update(  # a match of several games (issue 29): its plan, its file, its games
    {
        "match.bad_plan": (
            "bad match {text}: give a number of games (1 to {most}), goats:N or rotating-partners"
        ),
        "match.rotating_four": "rotating partners needs exactly 4 players, not {n}",
        "match.not_match_file": "not a koza match file",
        "match.newer_schema": (
            "match schema {schema} is newer than this koza {version} understands "
            "(schema {known}); update koza to open it"
        ),
        "match.bad_file": "not a valid match file: {field} {error}",
        "match.no_games": "the match names no game",
        "match.game_name": "game {n}: {name} is not the name of a save beside the match file",
        "match.game_bad": "game {n}: {error}",
        "match.wrong_seats": "game {n} does not seat the match's players as its plan says",
        "match.wrong_rules": "game {n} is not played by the rules of game 1",
        "match.wrong_seed": "game {n}'s seed is not the one the match gives it",
        "match.unfinished": "game {n} is unfinished, yet game {later} follows it",
        "match.after_over": "game {n} was played after the match was over",
        "match.too_many": "the match names {games} games, more than its plan allows ({most})",
    }
)


class English(Protocol):
    """A value said in words of its own (a ``Problem``, a rule's ``Reason``)."""

    def english(self) -> str: ...


@dataclass(frozen=True)
class Problem:
    """One thing wrong: a key of ``PROBLEMS`` and the values its text needs.

    ``text``, when given, is the English as another library worded it (pydantic's
    message), kept as it was; other languages say the key.
    """

    key: str
    values: Mapping[str, object] = field(default_factory=dict)
    text: str = ""

    def english(self) -> str:
        """The problem in English (values that are problems or reasons in English too)."""
        if self.text:
            return self.text
        return PROBLEMS[self.key].format(**{k: english_of(v) for k, v in self.values.items()})


_PYDANTIC: dict[str, tuple[str, str]] = {
    "int_parsing": ("value.whole_number", ""),
    "int_type": ("value.whole_number", ""),
    "int_from_float": ("value.whole_number", ""),
    "less_than_equal": ("value.at_most", "le"),
    "greater_than_equal": ("value.at_least", "ge"),
    "less_than": ("value.below", "lt"),
    "greater_than": ("value.above", "gt"),
    "literal_error": ("value.one_of", "expected"),
    "missing": ("value.missing", ""),
    "extra_forbidden": ("value.not_allowed", ""),
    "string_type": ("value.text", ""),
    "bool_type": ("value.yes_no", ""),
    "bool_parsing": ("value.yes_no", ""),
    "list_type": ("value.list", ""),
    "too_long": ("value.too_long", "max_length"),
    "too_short": ("value.too_short", "min_length"),
    "not_a_tile_name": ("value.not_tile_name", "value"),  # koza's own (koza.core.events)
    "not_a_tile": ("value.not_tile", "value"),
    "unknown_bot": ("value.unknown_bot", "bot"),
}
"""pydantic's error types a player meets, with the problem key and the context value it needs."""


_NAMED = ("expected", "value", "bot")
"""Context values a problem names as they are (any other is the ``limit``)."""


def refused_value(error: Mapping[str, object], english: str | None = None) -> Problem:
    """One pydantic error (``ValidationError.errors()[i]``) as a problem.

    Its English is ``english``, else pydantic's message as it is.
    """
    text = str(error.get("msg", "")) if english is None else english
    found = _PYDANTIC.get(str(error.get("type")))
    context = error.get("ctx")
    values: dict[str, object] = {}
    if found is not None and found[1]:
        value = context.get(found[1]) if isinstance(context, Mapping) else None
        if value is None:
            found = None
        else:
            name = found[1] if found[1] in _NAMED else "limit"
            values[name] = str(value).replace(" or ", ", ") if name == "expected" else value
    if found is None:
        return Problem("value.said", {"error": text}, text)
    return Problem(found[0], values, text)


def english_of(value: object) -> object:
    """``value`` as an English text needs it (a problem or a reason in words)."""
    english = getattr(value, "english", None)
    return english() if callable(english) else value


E = TypeVar("E", bound="Explained")


class Explained(Exception):
    """An error whose one English line is ``where: problem``, kept as data too."""

    where: str = ""
    problem: Problem | None = None

    @classmethod
    def of(cls: type[E], key: str, /, **values: object) -> E:
        """The error for problem ``key`` (no file named)."""
        return cls.explained(Problem(key, values))

    @classmethod
    def at(cls: type[E], where: object, key: str, /, **values: object) -> E:
        """The error for problem ``key`` at ``where`` (a path, or ``path:line``)."""
        return cls.explained(Problem(key, values), str(where))

    @classmethod
    def explained(cls: type[E], problem: Problem, where: str = "", english: str = "") -> E:
        """The error saying ``problem`` (``english``: its English when already worded)."""
        text = english or problem.english()
        error = cls(f"{where}: {text}" if where else text)
        error.where, error.problem = where, problem
        return error

    @classmethod
    def like(cls: type[E], other: BaseException) -> E:
        """``other`` (say a ``RuleError``) as this kind of error, its text and data kept."""
        error = cls(str(other))
        error.where = getattr(other, "where", "")
        error.problem = getattr(other, "problem", None)
        return error


class ProblemError(Explained, ValueError):
    """A bad value a player gave (e.g. a seat a game lacks), said as a problem."""
