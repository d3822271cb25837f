"""Texts that clear a newcomer's stumbles (issue 23): how to quit, how to close a list."""

from __future__ import annotations

NEWCOMER_EN: dict[str, str] = {
    "menu.quit_hint": "To quit koza, press q.",
    "key.close_list": "Close the list",
    "saves.bots_only": "bots only · {state}",
    "key.name_space": "space",
}
