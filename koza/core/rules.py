"""The rule set: every option of RULES.md as a validated, frozen pydantic model."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class RuleError(ValueError):
    """An unknown option, or a value out of range."""


class RuleSet(BaseModel):
    """A table's rules.  Defaults are the rule book's defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hand_size: Literal["by_players", "seven"] = "by_players"
    double_play: Literal["doubles", "off"] = "doubles"
    blank_double_points: int = Field(25, ge=0, le=50)
    blank_double_when: Literal["always", "alone"] = "always"
    open_threshold: int = Field(13, ge=0, le=50)
    open_mode: Literal["discard", "carry"] = "discard"
    fish_scoring: Literal["own_pips", "lowest_exempt"] = "own_pips"
    next_leader: Literal["winner_any_tile", "highest_double"] = "winner_any_tile"
    target: int = Field(101, ge=1, le=1000)
    teams: Literal["off", "pairs"] = "off"
    redeal: Literal["off", "bad_hand"] = "off"

    def hand_size_for(self, n_players: int) -> int:
        """Tiles per hand for ``n_players``."""
        if self.hand_size == "seven" or n_players == 2:
            return 7
        return 5

    def check_players(self, n_players: int) -> None:
        """Raise ``RuleError`` if these rules cannot seat ``n_players``."""
        if not 2 <= n_players <= 4:
            raise RuleError(f"Kozel is played by 2, 3 or 4 players, not {n_players}")
        if self.teams == "pairs" and n_players != 4:
            raise RuleError("teams=pairs needs exactly 4 players")

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
            raise RuleError(f"unknown rule option {unknown[0]!r} (known: {known})")
        try:
            return cls.model_validate(dict(options))
        except ValidationError as exc:
            err = exc.errors()[0]
            key = err["loc"][0] if err["loc"] else "?"
            raise RuleError(
                f"bad value {options.get(str(key))!r} for rule {key}: {err['msg']}"
            ) from None

    @classmethod
    def from_pairs(cls, pairs: Iterable[str]) -> RuleSet:
        """Build from ``["target=51", "teams=pairs"]`` as given on a command line."""
        options: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise RuleError(f"rule {pair!r} should look like KEY=VALUE")
            options[key.strip()] = value.strip()
        return cls.from_options(options)


OPTION_HELP: dict[str, str] = {
    "hand_size": "tiles per hand: by_players (7 for 2, else 5) or seven",
    "double_play": "two doubles on both ends in one turn: doubles or off",
    "blank_double_points": "value of 0-0 (0..50)",
    "blank_double_when": "0-0 bonus: always, or alone (only when it is the last tile)",
    "open_threshold": "points needed to open a sheet (0..50, 0 = off)",
    "open_mode": "points under the threshold: discard, or carry until the sheet opens",
    "fish_scoring": "after a fish: own_pips, or lowest_exempt (fewest pips records 0)",
    "next_leader": "who leads later rounds: winner_any_tile or highest_double",
    "target": "the score that makes a goat (1..1000)",
    "teams": "off, or pairs (4 players: seats 0+2 against 1+3)",
    "redeal": "off, or bad_hand (redeal a hand with 5+ doubles or 6+ of one number)",
}
