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
        "best {best}; lost {loss:.1f}"
    ),
    "review.player": "{name}: moves with a choice {moves}, points lost per move {average:.2f}",
    "review.mark_counts": "blunders {blunders} · mistakes {mistakes} · inaccuracies {inaccuracies}",
    "review.costliest": "costliest moves:",
    "review.costly_line": "round {round_no}, move {move} (event {event}): lost {loss:.1f}",
    "review.nothing": "no move of the reviewed seats had a choice",
    "review.thresholds": (
        "Lost = expected penalty points given away against the best move. Marks by points "
        "lost: inaccuracy {inaccuracy:g} or more, mistake {mistake:g} or more, "
        "blunder {blunder:g} or more."
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
    "review.note": "{mark}: lost {loss:.1f}, best {best}",
    "review.note_fine": "lost {loss:.1f}, best {best}",
    "review.first": "Press r to review the game first.",
    "review.no_more": "No more marks that way.",
    "review.failed": "The review failed: {reason}",
    "review.average": "{name}: {average:.2f} lost per move",
}
"""Each review text's key and English."""
