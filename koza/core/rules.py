"""The rule set: every option of koza's rule book as a validated, frozen pydantic model.

Each option carries its own description as field metadata: a title, one line of
help, and its values in words (``json_schema_extra["values"]``).  ``describe``
reads them back, so the new-game form, the help screens, ``--help`` and the rule
book's options table are all generated from this one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from koza.core.problems import Explained, refused_value


class RuleError(Explained, ValueError):
    """An unknown option, or a value out of range."""


def _words(**values: str) -> dict[str, Any]:
    """Field metadata: each value (or special number) of an option in words."""
    return {"values": dict(values)}


class RuleSet(BaseModel):
    """A table's rules.  Defaults are the rule book's defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hand_size: Literal["by_players", "seven"] = Field(
        "by_players",
        title="Tiles per hand",
        description="How many tiles each player is dealt at the start of a round.",
        json_schema_extra=_words(by_players="7 for two players, 5 for more", seven="always 7"),
    )
    double_play: Literal["doubles", "off"] = Field(
        "doubles",
        title="Two doubles at once",
        description="Whether the doubles of both open ends may go down together in one turn.",
        json_schema_extra=_words(doubles="allowed", off="not allowed"),
    )
    blank_double_points: int = Field(
        25,
        ge=0,
        le=50,
        title="Points for 0-0",
        description="What the blank double counts when it is left in a hand.",
    )
    blank_double_when: Literal["always", "alone"] = Field(
        "always",
        title="When 0-0 counts",
        description="Whether 0-0 counts its points in any hand or only when it is the last tile.",
        json_schema_extra=_words(always="in any hand", alone="only as the last tile"),
    )
    open_threshold: int = Field(
        13,
        ge=0,
        le=50,
        title="Points to open a sheet",
        description="A closed sheet writes down a round only when it brings this many points.",
        json_schema_extra=_words(**{"0": "no threshold"}),
    )
    open_mode: Literal["discard", "carry"] = Field(
        "discard",
        title="Points below threshold",
        description="What becomes of a closed sheet's points that fall short of the threshold.",
        json_schema_extra=_words(discard="dropped", carry="carried until the sheet opens"),
    )
    fish_scoring: Literal["own_pips", "lowest_exempt", "all_to_loser"] = Field(
        "own_pips",
        title="Scoring a fish",
        description="How points are written down after a blocked round.",
        json_schema_extra=_words(
            own_pips="everyone writes own points",
            lowest_exempt="the fewest points write 0",
            all_to_loser="the most points write everyone's, a tie writes nothing",
        ),
    )
    first_lead: Literal["highest_double", "one_one", "lowest_double"] = Field(
        "highest_double",
        title="Who leads round 1",
        description="Which tile opens the first round; its holder must lead with it.",
        json_schema_extra=_words(
            highest_double="the highest double",
            one_one="1-1, else the highest double",
            lowest_double="the lowest double from 1-1 up",
        ),
    )
    next_leader: Literal["winner_any_tile", "highest_double", "fish_closer"] = Field(
        "winner_any_tile",
        title="Who leads later",
        description="Who puts down the first tile of every round after the first.",
        json_schema_extra=_words(
            winner_any_tile="the winner, any tile",
            highest_double="highest double, as in round 1",
            fish_closer="the winner; after a fish, whoever made it",
        ),
    )
    target: int = Field(
        101,
        ge=1,
        le=1000,
        title="Goat at",
        description="The total that makes a goat and ends the game.",
    )
    teams: Literal["off", "pairs"] = Field(
        "off",
        title="Teams",
        description="Four players may play as two pairs, partners facing each other.",
        json_schema_extra=_words(off="everyone alone", pairs="seats 0+2 against 1+3"),
    )
    redeal: Literal["off", "bad_hand"] = Field(
        "off",
        title="Redeal bad hands",
        description="Whether a hand with 5+ doubles or 6+ tiles of one number is dealt again.",
        json_schema_extra=_words(off="never", bad_hand="deal again"),
    )

    def hand_size_for(self, n_players: int) -> int:
        """Tiles per hand for ``n_players``."""
        if self.hand_size == "seven" or n_players == 2:
            return 7
        return 5

    def check_players(self, n_players: int) -> None:
        """Raise ``RuleError`` if these rules cannot seat ``n_players``."""
        if not 2 <= n_players <= 4:
            raise RuleError.of("rule.players", n=n_players)
        if self.teams == "pairs" and n_players != 4:
            raise RuleError.of("rule.pairs_four")

    def changed(self) -> dict[str, object]:
        """The options that differ from the defaults."""
        default = RuleSet()
        return {k: v for k, v in self.model_dump().items() if getattr(default, k) != v}

    @classmethod
    def from_options(cls, options: Mapping[str, str | int]) -> RuleSet:
        """Build from ``{"target": "51", ...}``; a bad option is a one-line ``RuleError``."""
        unknown = [k for k in options if k not in cls.model_fields]
        if unknown:
            known = ", ".join(cls.model_fields)
            raise RuleError.of("rule.unknown", name=repr(unknown[0]), known=known)
        try:
            return cls.model_validate(dict(options))
        except ValidationError as exc:
            err = exc.errors()[0]
            key = err["loc"][0] if err["loc"] else "?"
            value = repr(options.get(str(key)))
            error = refused_value(err)
            raise RuleError.of("rule.bad_value", value=value, name=key, error=error) from None

    @classmethod
    def from_pairs(cls, pairs: Iterable[str]) -> RuleSet:
        """Build from ``["target=51", "teams=pairs"]`` as given on a command line."""
        options: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise RuleError.of("rule.not_pair", pair=repr(pair))
            options[key.strip()] = value.strip()
        return cls.from_options(options)


@dataclass(frozen=True)
class OptionInfo:
    """One rule option as a player reads it (from the field's metadata)."""

    name: str
    title: str
    help: str
    default: str
    choices: tuple[str, ...]  # the allowed values; empty for a number
    low: int | None  # a number's range
    high: int | None
    words: Mapping[str, str]  # value -> its words

    @property
    def is_number(self) -> bool:
        return not self.choices

    def say(self, value: object) -> str:
        """A value in words (``seven`` -> ``always 7``; a plain number stays itself)."""
        return self.words.get(str(value), str(value))

    def values_in_words(self) -> str:
        """Every value this option takes, in a line."""
        if self.is_number:
            special = "".join(f"; {v} = {w}" for v, w in self.words.items())
            return f"a number {self.low} to {self.high}{special}"
        return " · ".join(f"{c} ({self.say(c)})" for c in self.choices)


def describe(name: str) -> OptionInfo:
    """The description of rule option ``name`` (``KeyError`` if there is none)."""
    field = RuleSet.model_fields[name]
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    words = extra.get("values", {})
    annotation = field.annotation
    choices = (
        tuple(str(v) for v in get_args(annotation)) if get_origin(annotation) is Literal else ()
    )
    low = high = None
    for item in field.metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return OptionInfo(
        name=name,
        title=field.title or name,
        help=field.description or "",
        default=str(field.default),
        choices=choices,
        low=low,
        high=high,
        words={str(k): str(v) for k, v in words.items()} if isinstance(words, dict) else {},
    )


def options() -> list[OptionInfo]:
    """Every rule option, in the rule set's order."""
    return [describe(name) for name in RuleSet.model_fields]


def in_words(rules: RuleSet) -> list[tuple[OptionInfo, str, bool]]:
    """``(option, value in words, differs from the default)`` for each option of ``rules``,
    the options that differ from the defaults first."""
    rows = [
        (o, o.say(getattr(rules, o.name)), str(getattr(rules, o.name)) != o.default)
        for o in options()
    ]
    return sorted(rows, key=lambda row: not row[2])
