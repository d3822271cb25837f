"""Texts about the person at this keyboard, said to them in the second person (issue 23).

A message whose subject is the player at this keyboard is never the third-person
text with "You" as its name ("You plays"): it has a key of its own here, and
``YOU_OF`` maps each third-person key to it.  Which seat is "you" is decided by
who sits there (the lone local human), never by a name.
"""

from __future__ import annotations

PERSON_EN: dict[str, str] = {
    "you.played": "You played {tile}",
    "you.played_at": "You played {tile} {end}",
    "you.played_doubles": "You played {left} and {right}",
    "you.drew": "You drew {n} tiles from the bazaar",
    "you.drew_tiles": "You drew {tiles}",
    "you.passed": "You passed",
    "you.went_out": "You went out",
    "you.turn_of": "Your move",
    "you.hint_off": "Hints are off for you: turn them on in the new game form.",
    "you.empty_chain": "The chain is empty: you lead, with any tile.",
    "you.empty_chain_with": "The chain is empty: you lead, with {tile}.",
    "you.empty_chain_highest": "The chain is empty: you lead, with the highest tile.",
    "you.empty_chain_first_lead": "The chain is empty: you lead, with {which}.",
    "you.ev_dealt": "Round {n} dealt; you lead",
    "you.ev_voided": "Round {n} redealt: your hand was bad",
    "you.not_recorded": (
        "You: {n} points not recorded: a closed sheet opens only at {threshold} points or more."
    ),
    "you.carried": "You: {n} points kept aside until your sheet opens at {threshold} or more.",
}

PERSON_EN |= {
    "table.spectator_hand": "You are watching: every hand is face down.",
    "net.spectator": "spectator",
}

PERSON_ONE: dict[str, str] = {
    "you.drew": "You drew {n} tile from the bazaar",
    "you.not_recorded": (
        "You: {n} point not recorded: a closed sheet opens only at {threshold} points or more."
    ),
    "you.carried": "You: {n} point kept aside until your sheet opens at {threshold} or more.",
}

YOU_OF: dict[str, str] = {
    "table.played": "you.played",
    "table.played_at": "you.played_at",
    "table.played_doubles": "you.played_doubles",
    "table.drew": "you.drew",
    "table.drew_tiles": "you.drew_tiles",
    "table.passed": "you.passed",
    "table.went_out": "you.went_out",
    "table.turn_of": "you.turn_of",
    "hint.off": "you.hint_off",
    "table.empty_chain": "you.empty_chain",
    "table.empty_chain_with": "you.empty_chain_with",
    "table.empty_chain_highest": "you.empty_chain_highest",
    "table.empty_chain_first_lead": "you.empty_chain_first_lead",
    "replay.ev_dealt": "you.ev_dealt",
    "replay.ev_voided": "you.ev_voided",
    "dialog.not_recorded": "you.not_recorded",
    "dialog.carried": "you.carried",
}
"""The second-person key of each third-person message whose subject may be "you"."""
