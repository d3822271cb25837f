"""The English texts of issue 29: the house rules' table hint and matches (the match sheet,
``koza sim --match``, the new-game form's match choice), merged into ``EN``."""

from __future__ import annotations

MATCH_EN: dict[str, str] = {
    "table.empty_chain_first_lead": "The chain is empty: {name} to lead, with {which}.",
    "match.plan_rotating": "rotating partners",
    "match.plan_goats": "until someone is the goat {n} times",
    "match.plan_games": "{n} games",
    "match.over": "over",
    "match.going_on": "going on",
    "match.played": "{n} games played",
    "match.sheet_title": "Match sheet: {plan}, {played}, {state}",
    "match.col_player": "player",
    "match.col_pair": "pair",
    "match.col_won": "won",
    "match.col_goats": "goats",
    "match.col_not_goat": "not goat",
    "match.col_points": "points",
    "cli.match_help": (
        "play matches instead of single games: a number of games (3), goats:N (until someone "
        "is the goat N times) or rotating-partners (4 players in pairs, three games); "
        "--games then counts matches (default 1)"
    ),
    "sim.match_head": "sim: {matches}, {plan}, {players}, seed {seed}, rules {rules}",
    "sim.matches": "{n} matches",
    "sim.match_file": "match {n}: {file}",
    "verify.match_ok": "match ok, {plan}, {played}",
    "new.match": "Match",
    "new.match_one": "one game",
    "new.match_games": "N games",
    "new.match_goats": "until someone is the goat N times",
    "new.match_rotating": "rotating partners (4 in pairs)",
    "new.help_match": (
        "One game, or a match: N games, until someone is the goat N times, or rotating "
        "partners (three games, each player partnered with each other once)."
    ),
    "new.match_bad": "Match: {value} is not a number from 1 to {most}.",
    "match.sheet": "Match sheet",
    "match.next_game": "Next game",
    "match.key_next": "next game",
}
"""Each key's English."""

MATCH_ONE: dict[str, str] = {
    "match.plan_goats": "until someone is the goat {n} time",
    "match.plan_games": "{n} game",
    "match.played": "{n} game played",
    "sim.matches": "{n} match",
}
"""The English "one" form of the messages here that count ``{n}``."""
