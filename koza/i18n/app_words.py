"""The English source of every text koza shows (``EN``; ``EN_ONE`` for the "one" form).

Keys are ``area.name``.  A part of the app with many texts of its own keeps them in
a words module of its own (``koza/i18n/*_words.py``) merged in at the end.
After adding or changing keys run ``make po`` and translate the new entries.
"""

from __future__ import annotations

from koza.i18n.cli_words import CLI_EN, CLI_ONE
from koza.i18n.coach_words import COACH_EN
from koza.i18n.expert_words import EXPERT_EN
from koza.i18n.learn_words import LEARN_EN
from koza.i18n.match_words import MATCH_EN, MATCH_ONE
from koza.i18n.net_words import SAYS_EN
from koza.i18n.newcomer_words import NEWCOMER_EN
from koza.i18n.person_words import PERSON_EN, PERSON_ONE
from koza.i18n.reason_words import REASON_EN, REASON_ONE
from koza.i18n.review_words import REVIEW_EN
from koza.i18n.rule_words import RULE_EN
from koza.i18n.stats_words import STATS_EN
from koza.i18n.system_errors import SYSTEM_EN
from koza.i18n.web_words import WEB_EN

EN: dict[str, str] = {
    # --- Kozel's own words (RULES.md "Words") -------------------------------
    "word.bazaar": "bazaar",
    "word.fish": "fish",
    "word.goat": "goat",
    "word.sheet_open": "open",
    "word.sheet_closed": "closed",
    "word.seat": "seat {n}",
    "word.round": "round {n}",
    # --- the app --------------------------------------------------------------
    "app.title": "koza",
    "app.subtitle": "Kozel, the domino game",
    "app.too_small": (
        "The terminal is too small: {width}x{height}.\n"
        "koza needs at least {min_width}x{min_height}.\n"
        "Make the window larger to go on, or press q or ctrl+q to quit\n"
        "(every game is saved as it is played)."
    ),
    "app.no_table": "The table is not available in this version yet.",
    "app.ok": "OK",
    # --- playing over the network (koza/tui/remote*.py) -------------------------
    "menu.join": "Join a game",
    "net.join_title": "Join a game on another machine",
    "net.address": "Server address (host:port)",
    "net.code": "Room code",
    "net.name": "Your name",
    "net.password": "Password (if the room has one)",
    "net.watch_only": "Only watch",
    "net.join": "Join",
    "net.new_room": "New room",
    "net.back": "Back",
    "net.connecting": "Connecting to {url} ...",
    "net.bad_code": "A room code is 4 to 12 letters and digits.",
    "net.need_name": "Type your name to take a seat.",
    "net.cannot_join": "Cannot join: {reason}",
    "net.waiting_title": "Room {code} at {url}",
    "net.waiting": "Waiting for players. Give your friends:  koza join {url} {code}",
    "net.seat_line": "{n}. {name}",
    "net.seat_pair": "{line} · pair {pair}",
    "net.seat_hint": "2-4: sit at that seat while it is open",
    "net.seat_open": "(open)",
    "net.seat_bot": "{name} (bot)",
    "net.seat_away": "{name} (away)",
    "net.start_hint": "s: start now, bots take the open seats · Esc: leave",
    "net.leave_hint": "Esc: leave",
    "net.watching": "Watching room {code}: every hand stays face down.",
    "net.away": "{name} is away: a bot plays in {s} s",
    "net.bot_stands_in": "{name} is away: a bot plays for now",
    "net.reconnecting": "Connection lost: reconnecting ...",
    "net.lost": "Disconnected: {reason}",
    "net.chat_line": "{name}: {text}",
    "net.chat_title": "Say something to the table (Enter sends, Esc cancels)",
    "net.quick_title": "Quick phrase",
    "net.key_chat": "Chat",
    "net.key_quick": "Phrase",
    "net.key_start": "Start now",
    "net.phrase.hello": "Hello!",
    "net.phrase.good_move": "Good move!",
    "net.phrase.fish": "Fish!",
    "net.phrase.oops": "Oops!",
    "net.phrase.thanks": "Thanks!",
    "net.phrase.good_game": "Good game",
    # --- key descriptions (footer, help) --------------------------------------
    "key.help": "Help",
    "key.quit": "Quit",
    "key.back": "Back",
    "key.start": "Start",
    "key.palette": "Commands",
    "key.add_seat": "Add seat",
    "key.remove_seat": "Remove seat",
    "key.defaults": "Defaults",
    # --- start menu -----------------------------------------------------------
    "menu.new_game": "New game",
    "menu.resume": "Resume",
    "menu.resume_latest": "Resume: {names}, round {round_no}",
    "menu.watch": "Watch bots",
    "menu.replay": "Replay",
    "menu.rules": "Rules",
    "menu.quit": "Quit",
    "menu.hint": "Arrow keys and Enter, a letter key, or the mouse. ? or F1: help.",
    # --- new game -------------------------------------------------------------
    "new.title": "New game",
    "new.seats": "Players",
    "new.seat_label": "Seat {n}",
    "new.human": "human",
    "new.bot": "bot",
    "new.name": "name",
    "new.level": "level",
    "new.you": "You",
    "new.bot_name": "Bot {n}",
    "new.rules": "Rules (ctrl+r puts back the defaults)",
    "new.default": "default: {value}",
    "new.seed": "Seed",
    "new.seed_hint": "empty = random",
    "new.seed_bad": "the seed must be a whole number, not {value!r}",
    "new.rule_bad": "{title}: a whole number from {low} to {high}, not {value!r}",
    "new.rule_four": "{title} ({value}) needs exactly 4 players",
    "new.name_empty": "seat {n} needs a name",
    "new.name_bracket": "seat {n}: a name cannot hold '['",
    "new.start": "Start",
    "new.cancel": "Back",
    "new.hint": "Enter: start · Tab: next field",
    "new.failed": "Could not start the game: {error}",
    # --- resume / replay list -------------------------------------------------
    "saves.title": "Saved games",
    "saves.replay_title": "Replay a saved game",
    "saves.empty": "No saved games yet.",
    "saves.col_date": "Date",
    "saves.col_players": "Players",
    "saves.col_scores": "Scores",
    "saves.col_round": "Round",
    "saves.col_state": "State",
    "saves.finished": "✓ finished",
    "saves.unfinished": "playing",
    "saves.unreadable": "unreadable",
    "saves.cannot_open": "This save cannot be opened; it was left as it is.\n{error}",
    "saves.cannot_list": "The save folder cannot be read: {error}",
    "saves.no_unfinished": "There is no unfinished game to resume.",
    "saves.dropped_tail": (
        "The last move in this save was cut off when koza stopped, so it was dropped: "
        "the game goes on from the move before it."
    ),
    "saves.hint": "Enter opens the selected game. Escape goes back.",
    # --- rules / help ---------------------------------------------------------
    "help.title": "Rules and keys",
    "help.keys": "Keys",
    "help.rules": "Rules",
    "help.global_keys": "Everywhere",
    "help.menu_keys": "Start menu",
    "help.table_keys": "At the table",
    "help.close": "Escape or q closes this page.",
    # --- rules described once, help per screen (issue 8 goal 4, issue 10 items 5, 9) ---
    "help.turn_keys": "On your turn",
    "help.watch_keys": "Watching bots",
    "help.dialog_keys": "Dialogs at the table",
    "help.here_keys": "This screen",
    "rules.title": "Rules of Kozel",
    "rules.this_game": "The rules of this game",
    "rules.changed_one": "One option differs from the defaults: it is in bold and comes first.",
    "rules.changed": "{n} options differ from the defaults: they are in bold and come first.",
    "rules.all_defaults": "This game is played with the defaults.",
    "rules.default": "default: {value}",
    "table.key_rules": "Rules of this game",
    "new.help_start": "Start sits you down at the table; Enter in any field starts too.",
    "new.help_players": "How many play: 2, 3 or 4. Each seat is a person or a bot.",
    "new.help_kind": "A person at this keyboard (hot seat), or a bot.",
    "new.help_name": "The name shown at the table.",
    "new.help_seed": "A whole number deals the same tiles again; empty deals at random.",
    "new.help_rule": "{title}: {help} Default: {default}.",
    # --- command palette ------------------------------------------------------
    "cmd.new_game": "New game",
    "cmd.new_game_help": "Choose players and rules, then play",
    "cmd.resume": "Resume",
    "cmd.resume_help": "Open a saved game",
    "cmd.watch": "Watch bots",
    "cmd.watch_help": "Bots play each other on the table",
    "cmd.replay": "Replay",
    "cmd.replay_help": "Step through a saved game",
    "cmd.rules": "Rules",
    "cmd.rules_help": "The rules of Kozel, in koza's own rule book",
    "cmd.theme": "Theme",
    "cmd.theme_help": "Change the colour theme",
    # --- the table (koza/tui/table, dialogs): add keys here -------------------
    "table.turn_of": "{name} to move",
    "table.thinking": "{name} is thinking…",
    "table.bazaar_left": "Bazaar: {n}",
    "table.played": "{name} played {tile}",
    "table.played_doubles": "{name} played {left} and {right}",
    "table.drew": "{name} drew {n} tiles from the bazaar",
    "table.drew_tiles": "{name} drew {tiles}",
    "table.you_drew": "You drew {tiles}.",
    "table.drawn_mark": "+",
    "table.passed": "{name} passed",
    "table.went_out": "{name} went out",
    "table.fish": "Fish! Nobody can play.",
    "table.round_over": "Round {n} over",
    "table.game_over": "Game over",
    "table.goat_is": "The goat: {names}",
    "table.pass_keyboard": "Pass the keyboard to {name}, then press Enter.",
    "table.illegal": "Not allowed: {reason}",
    "table.not_your_turn": "Not yet: {name} is to move.",
    "table.not_saved_title": "Not saved",
    "table.not_saved": (
        "The game could not be saved: {reason}.\n"
        "Everything up to the last saved move is safe: free some space, then resume the game."
    ),
    "table.played_at": "{name} played {tile} {end}",
    "table.end_left": "left",
    "table.end_right": "right",
    "table.end_tag_left": "L",
    "table.end_tag_right": "R",
    "table.did_play": "played {tile}",
    "table.did_doubles": "played {left} + {right}",
    "table.did_draw": "drew {n}",
    "table.did_pass": "passed",
    "table.thinking_short": "thinking…",
    "table.partner": "partner",
    "table.bot_level": "bot: {level}",
    "table.empty_chain": "The chain is empty: {name} to lead, with any tile.",
    "table.empty_chain_with": "The chain is empty: {name} to lead, with {tile}.",
    "table.empty_chain_highest": "The chain is empty: {name} to lead, with the highest tile.",
    "table.hand_empty": "no tiles",
    "table.hand_of": "{name} · seat {seat} · {n} tiles",
    "table.hand_hidden": "{name}'s hand is hidden",
    "table.hidden_hand": "The hand is hidden until the next player takes the keyboard.",
    "table.you_lead": "You lead: play any tile (Enter).",
    "table.you_lead_with": "You lead: open with {tile} (Enter).",
    "table.your_turn_hint": "Your turn: ←→ choose a tile, Enter plays it.",
    "table.play_drawn": "The drawn tile {tile} fits: play it (Enter).",
    "table.must_draw": "Nothing fits: draw from the bazaar (d or click it).",
    "table.must_pass": "Nothing fits and the bazaar is empty: pass (p or click the bazaar).",
    "table.which_end": "{tile} fits both ends. Which end?",
    "table.left_end_n": "← left ({n})",
    "table.right_end_n": "right ({n}) →",
    "table.score_title": "Score · to {target}",
    "table.sheet_open_mark": "●",
    "table.sheet_closed_mark": "○",
    "table.sheet_legend": "● open ○ closed",
    "table.log_title": "Log",
    "table.paused": "· paused",
    "table.delay": "· bots {s:.2f} s",
    "table.key_select": "Select",
    "table.key_play": "Play",
    "table.key_left_end": "Left end",
    "table.key_right_end": "Right end",
    "table.key_ends": "Play on an end",
    "table.key_speed": "Speed",
    "table.key_cancel": "Cancel",
    "table.key_doubles": "Two doubles",
    "table.key_draw": "Draw",
    "table.key_pass": "Pass",
    "table.key_pause": "Pause",
    "table.key_step": "Step",
    "table.key_faster": "Faster",
    "table.key_slower": "Slower",
    "table.key_face": "Faces",
    "table.key_tiles": "Tiles",
    "table.key_leave": "Leave",
    "table.key_auto": "Auto-play forced moves",
    "table.auto_on": "Auto-play on: a forced move (the only one, or the draw) plays itself. a: off",
    "table.auto_off": "Auto-play off: every move is yours to make. a: on",
    "dialog.col_player": "Player",
    "dialog.col_hand": "Hand",
    "dialog.col_points": "Points",
    "dialog.col_recorded": "Recorded",
    "dialog.col_total": "Total",
    "dialog.col_sheet": "Sheet",
    "dialog.sheet_opened": "opened!",
    "dialog.pair_total": "recorded {recorded} · total {total} · sheet {sheet}",
    "dialog.next_round": "Next round (Enter)",
    "dialog.see_result": "See the result (Enter)",
    "dialog.close": "Close (Enter)",
    "dialog.ready": "I am {name}: show my hand",
    "dialog.key_next": "Next",
    "dialog.key_close": "Close",
    "dialog.key_ready": "Ready",
    "dialog.key_rematch": "Rematch",
    "dialog.rematch": "Rematch (r)",
    "dialog.you_won": "You won!",
    "dialog.you_goat": "You lost: you are the goat.",
    "dialog.you_lost": "You lost: {names} won.",
    "dialog.winner": "{names} won.",
    "dialog.not_recorded": (
        "{name}: {n} points not recorded: a closed sheet opens only at {threshold} points or more."
    ),
    "dialog.carried": "{name}: {n} points kept aside until the sheet opens at {threshold} or more.",
    # --- watch and replay (issue 5): add keys here ----------------------------
    "watch.title": "Watching bots",
    "watch.delay": "delay {delay:.2f} s",
    "watch.paused": "paused",
    "watch.running": "playing",
    "watch.finished": "game over",
    "watch.saved_to": "saved to {path}",
    "key.faster": "Faster",
    "key.slower": "Slower",
    "key.skip_round": "End round",
    "key.next_game": "Next game",
    "replay.title": "Replay",
    "replay.position": "round {round_no}, move {move} of {moves}",
    "replay.position_start": "before the first deal",
    "replay.event_of": "event {index} of {total}",
    "replay.view_all": "all hands face up",
    "replay.view_seat": "what {name} knew",
    "replay.auto_on": "auto-play, {delay:.2f} s",
    "replay.auto_off": "auto-play off ({delay:.2f} s)",
    "replay.finished": "finished game",
    "replay.unfinished": "unfinished: c plays on",
    "replay.cannot_continue": "Only an unfinished saved game can be continued.",
    "replay.reveal_title": "Show every hand?",
    "replay.reveal_question": (
        "This game is not over yet. Showing every hand face up lets whoever looks see "
        "the other players' tiles."
    ),
    "replay.reveal_yes": "Show every hand",
    "replay.reveal_no": "Keep them hidden",
    "replay.cannot_continue_over": "This game is over: it can be replayed, not continued.",
    "replay.ev_created": "{names} sat down",
    "replay.ev_dealt": "Round {n} dealt; {name} to lead",
    "replay.ev_voided": "Round {n} redealt: {name}'s hand was bad",
    "replay.ev_scored": "Round {n} scored",
    "replay.ev_over": "Game over",
    "key.ev_prev": "Event back",
    "key.turn_prev": "Turn back",
    "key.round_prev": "Round back",
    "key.to_start": "Start",
    "key.to_end": "End",
    "key.autoplay": "Auto",
    "key.view": "View",
    "key.continue": "Continue",
    "key.event": "Event",
    "key.turn": "Turn",
    "key.round": "Round",
    "key.ends": "Start/end",
    "watch.link": "{k} {what}",
    "watch.setup_title": "Watch bots: pick 2 to 4 players",
    "watch.empty_seat": "(nobody)",
}

EN_ONE: dict[str, str] = {
    "table.hand_of": "{name} · seat {seat} · {n} tile",
    "table.drew": "{name} drew {n} tile from the bazaar",
    "dialog.not_recorded": (
        "{name}: {n} point not recorded: a closed sheet opens only at {threshold} points or more."
    ),
    "dialog.carried": "{name}: {n} point kept aside until the sheet opens at {threshold} or more.",
}
"""The English "one" form of each message that counts ``{n}`` (``EN`` has the other)."""

# --- settings, bots and Textual's own commands (issue 9) ----------------------
EN.update(
    {
        "menu.settings": "Settings",
        "cmd.settings": "Settings",
        "cmd.settings_help": "Language of the app",
        "settings.title": "Settings",
        "settings.language": "Language",
        "settings.hint": "Enter: use this language (it changes at once). Escape: back.",
        "key.settings": "Settings",
        "key.palette_footer": "palette",
        "cmd.search": "Search for commands…",
        "cmd.search_themes": "Search for themes…",
        "bot.random": "random",
        "bot.random_help": "Beginner: plays any legal move at random.",
        "bot.greedy": "greedy",
        "bot.greedy_help": "Casual: always sheds its heaviest tile that fits.",
        "bot.expert": "expert",
        "bot.expert_help": "Club player: sheds doubles, counts tiles, blocks what you lack.",
        "bot.montecarlo_fast": "montecarlo:fast",
        "bot.montecarlo_fast_help": "Strong, quick: imagines 60 possible deals before each move.",
        "bot.montecarlo": "montecarlo",
        "bot.montecarlo_help": "Strong: imagines 300 possible deals and plays for the match score.",
        "bot.reader": "reader",
        "bot.reader_help": "Strong: montecarlo that reads each opponent by its own style.",
        "bot.montecarlo_strong": "montecarlo:strong",
        "bot.montecarlo_strong_help": "Very strong, slower: imagines 1000 possible deals per move.",
        "sys.quit": "Quit",
        "sys.quit_help": "Leave koza at once (the game is saved)",
        "sys.keys": "Keys",
        "sys.keys_help": "Show or hide the panel of keys",
        "sys.maximize": "Maximize",
        "sys.maximize_help": "Make the focused part fill the screen",
        "sys.minimize": "Minimize",
        "sys.minimize_help": "Put the maximized part back",
        "sys.screenshot": "Screenshot",
        "sys.screenshot_help": "Save an SVG picture of the screen",
    }
)
EN.update(RULE_EN)  # each rule option's title, help and values (koza.i18n.rule_words)
EN.update(REASON_EN)  # why a move is not allowed (koza.i18n.reason_words)
EN_ONE.update(REASON_ONE)
EN.update(SAYS_EN)  # what a server or the client says (koza.i18n.net_words)
EN.update(COACH_EN)  # hints and their reasons (koza.i18n.coach_words)
EN.update(STATS_EN)  # the statistics screen and the score plots (koza.i18n.stats_words)
EN.update(REVIEW_EN)  # the game review: koza review and the replay's marks
EN.update(CLI_EN), EN_ONE.update(CLI_ONE)  # the command line and errors (cli_words)
EN.update(PERSON_EN), EN_ONE.update(PERSON_ONE)  # "you" in the second person (person_words)
EN.update(NEWCOMER_EN)  # a newcomer's stumbles (koza.i18n.newcomer_words)
EN.update(SYSTEM_EN)  # failed connections and sockets (koza.i18n.system_errors)
EN.update(EXPERT_EN)  # the expert bot's description (koza.i18n.expert_words)
EN.update(WEB_EN)  # the web client's own texts (koza.i18n.web_words)
EN.update(MATCH_EN), EN_ONE.update(MATCH_ONE)  # house rules and matches (match_words)
EN.update(LEARN_EN)  # the lessons of koza learn (koza.i18n.learn_words)
