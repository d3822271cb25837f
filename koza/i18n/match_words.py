"""The English texts of issue 29: the house rules' table hint and matches (the match sheet,
``koza sim --match``, the new-game form's match choice), merged into ``EN``."""

from __future__ import annotations

MATCH_EN: dict[str, str] = {
    "table.empty_chain_first_lead": "The chain is empty: {name} to lead, with {which}.",
}
"""Each key's English."""

MATCH_ONE: dict[str, str] = {}
"""The English "one" form of the messages here that count ``{n}``."""
