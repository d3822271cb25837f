"""The coach's English texts: the reasons a hint gives and the table's hint panel.

Merged into ``app_words.EN`` by one line; ``make po`` puts them in the catalogues.
"""

from __future__ import annotations

COACH_EN: dict[str, str] = {
    "coach.reason.goes_out": "you go out: the round ends with your hand empty",
    "coach.reason.only_move": "the only move allowed",
    "coach.reason.fish_fewest": "a fish while you surely hold the fewest points: {points}",
    "coach.reason.fish": "a fish: nothing fits any more; your hand counts {points}",
    "coach.reason.keeps_last": "you hold every {number} left in play: no one else can follow",
    "coach.reason.next_lacks": "{name} has shown no {numbers}: they must draw or pass",
    "coach.reason.sheds_blank": "sheds 0-0, which counts {points} in your hand",
    "coach.reason.sheds_heaviest": "sheds your heaviest tile, {tile} (it counts {points})",
    "coach.reason.sheds_double": "gets rid of a double, which fits fewer ends",
}
"""Each key and its English."""

HINT_EN: dict[str, str] = {
    "hint.key": "Hint",
    "hint.title": "Hint",
    "hint.ask": "h or a click: a hint",
    "hint.thinking": "Weighing every move…",
    "hint.value_note": "points this round",
    "hint.value_note_goat": "points · goat chance",
    "hint.more": "… {n} more",
    "hint.draw": "draw",
    "hint.pass": "pass",
    "hint.off": "Hints are off for {name}: turn them on in the new game form.",
    "hint.not_your_turn": "A hint is for your own turn.",
    "hint.watching": "Hints are for the players, not while watching.",
    "hint.failed": "No hint this time: {error}",
    "hint.form_off": "No hints",
    "hint.form_on": "Hints",
    "hint.form_help": "Hints: on your turn, h shows each move's value and the best one.",
    "hint.asked": "Hints asked: {counts}",
}
"""The hint panel, its key, its refusals, the new-game choice and the game-over line."""

COACH_EN.update(HINT_EN)
