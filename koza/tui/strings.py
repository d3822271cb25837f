"""Every text a player reads, in one place, so the app can be translated.

Use ``t("key", name=...)``: it looks the key up in the chosen language's table,
falls back to English, and fills ``{placeholders}`` with ``str.format``.
A missing key returns the key itself (visible, never a crash).

The language is ``KOZA_LANG`` (``ru``, ``ka`` ...), else the language part of
``LANG``; a language without a table here is English.  To translate, add a
dict (say ``RU``) with the same keys to ``TABLES``; missing keys stay English.

Keys are ``area.name``.  Other parts of the app add their keys additively in
their own section below (keep English only; one line each).
"""

from __future__ import annotations

import os

EN: dict[str, str] = {
    # --- Kozel's own words (RULES.md "Words") -------------------------------
    "word.tile": "tile",
    "word.double": "double",
    "word.blank_double": "blank double",
    "word.chain": "chain",
    "word.bazaar": "bazaar",
    "word.fish": "fish",
    "word.goat": "goat",
    "word.sheet_open": "open",
    "word.sheet_closed": "closed",
    "word.seat": "seat {n}",
    "word.round": "round {n}",
    "word.target": "to {target}",
    # --- the app --------------------------------------------------------------
    "app.title": "koza",
    "app.subtitle": "Kozel, the domino game",
    "app.too_small": (
        "The terminal is too small: {width}x{height}.\n"
        "koza needs at least {min_width}x{min_height}.\n"
        "Make the window larger to go on."
    ),
    "app.no_color": "colours are off (NO_COLOR)",
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
    "net.back": "Back",
    "net.connecting": "Connecting to {url} ...",
    "net.bad_code": "A room code is 4 to 12 letters and digits.",
    "net.need_name": "Type your name to take a seat.",
    "net.cannot_join": "Cannot join: {reason}",
    "net.waiting_title": "Room {code} at {url}",
    "net.waiting": "Waiting for players. Give your friends:  koza join {url} {code}",
    "net.seat_line": "{n}. {name}",
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
    "key.open": "Open",
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
    "new.rules": "Rules (defaults from RULES.md)",
    "new.default": "default: {value}",
    "new.seed": "Seed",
    "new.seed_hint": "empty = random",
    "new.seed_bad": "the seed must be a whole number, not {value!r}",
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
    "saves.finished": "finished",
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
    "cmd.rules_help": "The rules of Kozel and every key",
    "cmd.theme": "Theme",
    "cmd.theme_help": "Change the colour theme",
    # --- the table (koza/tui/table, dialogs): add keys here -------------------
    "table.your_turn": "Your turn",
    "table.turn_of": "{name} to move",
    "table.thinking": "{name} is thinking…",
    "table.bazaar_left": "Bazaar: {n}",
    "table.played": "{name} played {tile}",
    "table.played_doubles": "{name} played {left} and {right}",
    "table.drew": "{name} drew {n}",
    "table.passed": "{name} passed",
    "table.went_out": "{name} went out",
    "table.fish": "Fish! Nobody can play.",
    "table.round_over": "Round {n} over",
    "table.game_over": "Game over",
    "table.goat_is": "The goat: {names}",
    "table.pass_keyboard": "Pass the keyboard to {name}, then press Enter.",
    "table.illegal": "Not allowed: {reason}",
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
    "table.empty_chain": "The chain is empty: {name} to lead, with any tile.",
    "table.empty_chain_with": "The chain is empty: {name} to lead, with {tile}.",
    "table.empty_chain_highest": "The chain is empty: {name} to lead, with the highest tile.",
    "table.hand_empty": "no tiles",
    "table.hand_of": "{name} · seat {seat} · {n} tiles",
    "table.hand_of_one": "{name} · seat {seat} · 1 tile",
    "table.hand_hidden": "{name}'s hand is hidden",
    "table.hidden_hand": "The hand is hidden until the next player takes the keyboard.",
    "table.your_turn_named": "{name}, your turn: ←→ choose a tile, Enter plays it.",
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
    "table.key_cancel": "Cancel",
    "table.key_doubles": "Two doubles",
    "table.key_draw": "Draw",
    "table.key_pass": "Pass",
    "table.key_pause": "Pause",
    "table.key_step": "Step",
    "table.key_faster": "Faster",
    "table.key_slower": "Slower",
    "table.key_face": "Face up/down",
    "table.key_tiles": "Pips/digits",
    "table.key_leave": "Leave",
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
    # --- watch and replay (issue 5): add keys here ----------------------------
    "watch.title": "Watching bots",
    "watch.delay": "delay {delay:.2f} s",
    "watch.paused": "paused",
    "watch.running": "playing",
    "watch.finished": "game over",
    "watch.status": "{state} · {delay} · round {round_no} · {path}",
    "watch.face_up": "hands face up",
    "watch.face_down": "hands face down",
    "watch.no_bot": "Seat {n} has no bot, so it cannot be watched.",
    "watch.saved_to": "saved to {path}",
    "watch.not_saved": "not saved",
    "key.pause": "Pause",
    "key.step": "Step",
    "key.faster": "Faster",
    "key.slower": "Slower",
    "key.skip_round": "End round",
    "key.next_game": "Next game",
    "key.face": "Face up/down",
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
    "replay.ev_created": "{names} sat down",
    "replay.ev_dealt": "Round {n} dealt; {name} leads",
    "replay.ev_voided": "Round {n} redealt: {name}'s hand was bad",
    "replay.ev_scored": "Round {n} scored",
    "replay.ev_over": "Game over",
    "replay.hand_of": "{name}: {tiles}",
    "replay.hidden": "{n} tiles",
    "replay.chain": "Chain: {tiles}",
    "replay.scores": "Scores: {scores}",
    "key.ev_next": "Next",
    "key.ev_prev": "Event back",
    "key.turn_next": "Turn▶",
    "key.turn_prev": "Turn back",
    "key.round_next": "Round▶",
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

TABLES: dict[str, dict[str, str]] = {"en": EN}
"""Language code -> its table.  English is complete; others may be partial."""


def choose_language(environ: dict[str, str] | None = None) -> str:
    """The language to use: ``KOZA_LANG``, else ``LANG`` (``ru_RU.UTF-8`` -> ``ru``)."""
    env = os.environ if environ is None else environ
    for var in ("KOZA_LANG", "LANG"):
        code = env.get(var, "").split(".")[0].split("_")[0].lower()
        if code in TABLES:
            return code
    return "en"


def build(lang: str) -> dict[str, str]:
    """English with ``lang``'s texts laid over it."""
    return {**EN, **TABLES.get(lang, {})}


LANGUAGE = choose_language()
STRINGS: dict[str, str] = build(LANGUAGE)
"""The texts in use: every key of ``EN``, translated where a translation exists."""


def t(key: str, **kw: object) -> str:
    """The text for ``key`` with ``{placeholders}`` filled in."""
    text = STRINGS.get(key, key)
    if not kw:
        return text
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        return text


def cannot_open(path: object, error: str) -> str:
    """Why a save cannot be opened, naming its file once (a ``SaveError`` names it already)."""
    if str(path) not in error:
        error = f"{path}: {error}"
    return t("saves.cannot_open", error=error)
