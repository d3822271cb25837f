"""The English texts of the statistics screen and the score plots (merged into ``EN``)."""

from __future__ import annotations

STATS_EN: dict[str, str] = {
    "menu.stats": "Statistics",
    "cmd.stats": "Statistics",
    "cmd.stats_help": "Figures per player from every saved game, and their last games in a plot",
    "stats.title": "Statistics of every saved game",
    "stats.loading": "Reading the saved games…",
    "stats.summary": "Games read: {games} · with a review: {reviewed}",
    "stats.empty": "No saved games here yet: finish a game and its figures appear.",
    "stats.cannot_read": "The save folder cannot be read: {error}",
    "stats.bot": "bot {level}",
    "stats.col_player": "Player",
    "stats.col_finished": "Done",
    "stats.col_unfinished": "Not\ndone",
    "stats.col_goats": "Goats",
    "stats.col_goat_rate": "Goat %",
    "stats.col_points": "Hand\npts/rd",
    "stats.col_recorded": "Sheet\npts/rd",
    "stats.col_went_out": "Went\nout",
    "stats.col_fish": "Fish",
    "stats.col_loss": "Loss/\nmove",
    "stats.legend": (
        "Goat % = goats ÷ games done · Hand pts = pips left in hand ÷ rounds · "
        "Sheet pts = points recorded ÷ rounds · Loss = review loss ÷ moves reviewed"
    ),
    "stats.torn": "Cut off at the end (a crash while saving), counted as not done: {n} ({names})",
    "stats.stale": (
        "Reviews made before the game went on, not counted: {n} ({names}); "
        "r in the replay reviews it again"
    ),
    "stats.unreadable": "Saves that could not be read: {n} ({names}); u shows why",
    "stats.unreadable_title": "Saves left out of the statistics",
    "stats.key_unreadable": "unreadable saves",
    "stats.key_reload": "read again",
    "plot.totals_title": "Each side's total round by round",
    "plot.target": "goat at {target}",
    "plot.round": "round",
    "plot.game": "game",
    "plot.final_total": "total at the end",
    "plot.results_title": "{name}: total at the end of the last finished games ({n})",
    "plot.key_scores": "Scores plot",
    "plot.button_scores": "Scores plot",
    "plot.button_scores_key": "Scores plot (s)",
}
"""Each key's English (none of them counts, so there is no "one" form)."""
