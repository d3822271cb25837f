"""The English texts of the game review (``koza review`` and the replay screen's marks)."""

from __future__ import annotations

REVIEW_EN: dict[str, str] = {
    "review.mark.inaccuracy": "inaccuracy",
    "review.mark.mistake": "mistake",
    "review.mark.blunder": "blunder",
    "review.draw": "a draw from the bazaar",
    "review.pass": "a pass",
    "review.play_at": "{tile} on the {end} end",
    "review.play_first": "{tile} to open",
    "review.doubles": "{left} and {right} together",
    "review.end_left": "left",
    "review.end_right": "right",
    "review.move_line": (
        "round {round_no}, move {move} (event {event}) · {name}: played {played}; "
        "better {best}: {cost}"
    ),
    "review.move_fine": (
        "round {round_no}, move {move} (event {event}) · {name}: played {played}, no better move"
    ),
    "review.cost_bare": "cost {loss:.1f}",
    "review.cost": "cost {loss:.1f} ± {interval:.1f} ({points:+.1f} penalty points)",
    "review.cost_goat": (
        "cost {loss:.1f} ± {interval:.1f} ({points:+.1f} penalty points, {goat:+.0%} goat)"
    ),
    "review.judged": (
        "Each move is judged from what its player could see at the time: their own hand, "
        "the table and the moves made, never a hidden tile."
    ),
    "review.player": "{name}: moves with a choice {moves}, average cost per move {average:.2f}",
    "review.mark_counts": "blunders {blunders} · mistakes {mistakes} · inaccuracies {inaccuracies}",
    "review.costliest": "costliest moves:",
    "review.costly_line": "round {round_no}, move {move} (event {event}): cost {loss:.1f}",
    "review.nothing": "no move of the reviewed seats had a choice",
    "review.thresholds": (
        "Cost = what a move gave away against the better one: the penalty points it adds "
        "this round, plus 100 for each whole chance of becoming the goat (less 100 for "
        "each chance of another player becoming it); ± is its 95% interval. A move is "
        "marked only when the whole interval clears the mark: inaccuracy {inaccuracy:g} "
        "or more, mistake {mistake:g} or more, blunder {blunder:g} or more."
    ),
    "review.not_kept": "The review could not be kept beside the save: {reason}",
    "review.interrupted": (
        "Stopped after {done} of {total} moves, kept in {path}; the next review goes on from there."
    ),
    # the replay screen
    "review.key": "Review",
    "review.key_next": "Next mark",
    "review.key_prev": "Previous mark",
    "review.key_costliest": "Costliest move",
    "review.title": "Review",
    "review.running": "Reviewing: {done} of {total} moves",
    "review.panel_help": "m / M: next / previous mark · x: costliest · click a line to go there",
    "review.section_costliest": "Costliest",
    "review.section_marks": "Marks",
    "review.no_marks": "No move was marked.",
    "review.entry": "R{round_no}.{move} {name} {mark} −{loss:.1f}",
    "review.note": "{mark}: {cost}; better {best}",
    "review.note_fine": "{cost}; better {best}",
    "review.note_best": "no better move",
    "review.first": "Press r to review the game first.",
    "review.no_more": "No more marks that way.",
    "review.failed": "The review failed: {reason}",
    "review.average": "{name}: {average:.2f} cost per move",
}
"""Each review text's key and English."""
