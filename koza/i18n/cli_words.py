"""The English of the ``koza`` command line: help pages, argparse's own words, each
subcommand's output and errors, and the line-mode table (merged into ``EN``; the
errors' problems come from ``errors_words``).  ``CLI_ONE`` holds the "one" forms."""

from __future__ import annotations

from koza.i18n.errors_words import ERRORS_EN

_PARSER: dict[str, str] = {
    # argparse's own words, passed to it as titles, prefixes and help
    "cli.usage": "usage:",
    "cli.positionals": "positional arguments",
    "cli.options": "options",
    "cli.commands": "commands",
    "cli.help": "show this help message and exit",
    "cli.version": "show koza's version and exit",
    # argparse's errors (koza.cli.parser.ARGPARSE_ERRORS)
    "cli.argparse.argument": "argument {argument_name}: {message}",
    "cli.argparse.required": "the following arguments are required: {arg}",
    "cli.argparse.unrecognized": "unrecognized arguments: {arg}",
    "cli.argparse.choice": "invalid choice: {value} (choose from {choices})",
    "cli.argparse.invalid_value": "invalid {type} value: {value}",
    "cli.argparse.one_value": "expected one argument",
    "cli.argparse.at_most_one": "expected at most one argument",
    "cli.argparse.at_least_one": "expected at least one argument",
    "cli.argparse.not_with": "not allowed with argument {arg}",
    "cli.argparse.one_of": "one of the arguments {arg} is required",
    "cli.argparse.ambiguous": "ambiguous option: {option} could match {matches}",
    "cli.argparse.ignored": "ignored explicit argument {arg}",
    # values the options take
    "cli.not_a_number": "{text} is not a number",
    "cli.one_or_more": "must be 1 or more, not {n}",
    "cli.not_seconds": "{text} is not a number of seconds",
    "cli.seconds_range": "must be between 0 and {most} seconds, not {text}",
    "cli.unknown_language": "unknown language {text} (koza speaks {known})",
    "cli.not_a_seat": "{text} is not a seat number",
    "cli.seat_range": "seats are numbered 0 to 3, not {n}",
    "cli.samples_range": "must be from 1 to 10000, not {n}",
    "cli.interrupted": "interrupted",
    "cli.no_app": "the app is not available yet",
    "cli.app_failed": "cannot start the app: {error}",
}

_HELP: dict[str, str] = {
    "cli.about": "Kozel, the domino game.",
    "cli.lang_help": (
        "the app's language: en, ru or ka (default: KOZA_LANG, the setting, the locale)"
    ),
    "cli.save_dir_help": (
        "the folder of saved games (default: $KOZA_HOME, else the user data folder)"
    ),
    "cli.environment": "environment:",
    "cli.env_bot_delay": "seconds between bot moves at the table (default {delay})",
    "cli.env_home": "the folder of saved games",
    "cli.env_lang": "the language: en, ru or ka",
    "cli.rule_options": "rule options (--rule KEY=VALUE, repeat it for more):",
    "cli.default": "default {value}",
    "cli.rule_help": "a rule option (repeat; see below)",
    "cli.seats_help": "2 to 4 bots, one per seat, e.g. {example}; bots: {bots}",
    "cli.players_help": "2, 3 or 4",
    "cli.play": "start the app (the default)",
    "cli.play_about": "Start koza at its menu: a new game, resume, watch bots, replay, the rules.",
    "cli.resume": "go on with a saved game",
    "cli.resume_about": (
        "Sit down at a saved game's table where it stopped (the file is only added to)."
    ),
    "cli.resume_file": "the save (default: the latest unfinished)",
    "cli.watch": "watch bots play",
    "cli.watch_about": "Bots play game after game with their hands face up; each game is saved.",
    "cli.delay_help": "seconds between moves (0 to 60)",
    "cli.watch_seed_help": "seed of the deals and the bots",
    "cli.replay": "step through a saved game",
    "cli.replay_about": (
        "Step through a saved game move by move, read only (an unfinished one can go on)."
    ),
    "cli.replay_file": "the save file to replay",
    "cli.verify": "check that save files load and replay",
    "cli.verify_about": (
        "Check save files: one line each; the exit code is 0 only if every file is valid."
    ),
    "cli.verify_files": "save files to check",
    "cli.sim": "play and save games between random bots",
    "cli.sim_about": "Play whole games between random bots, save each, and print a summary.",
    "cli.games_help": "games to play",
    "cli.sim_seed_help": "same seed, same games",
    "cli.stats": "figures per player from every saved game",
    "cli.stats_about": (
        "Read every save in the save folder and print, per player (bots per level): games, "
        "goats and goat rate, points per round (the player's own hand points), rounds won by "
        "going out, fish made, and the average review loss per move where a review was kept.  "
        "Saves that cannot be read are named, never fatal."
    ),
    "cli.stats_json_help": "print the figures as JSON",
    "cli.review": "what each move of a saved game cost against the best one",
    "cli.review_about": (
        "For each move of a saved game where a player had a choice, the expected penalty "
        "points lost against the best move at that moment, judged from that player's view "
        "only with a fixed seed (the same review every time); then each player's average "
        "loss per move and costliest moves.  The review is kept beside the save as "
        "FILE.review.json (the save itself is only read); Ctrl-C keeps what was done and the "
        "next run goes on from there."
    ),
    "cli.review_marks": "Marks by points lost: {marks}.",
    "cli.review_mark": "{mark} from {points}",
    "cli.review_file": "the save file to review",
    "cli.review_seat_help": (
        "review seat N (0 is the first; repeat for more); default: the human seats, "
        "or every seat in a game of bots"
    ),
    "cli.review_all_help": "review every seat",
    "cli.review_samples_help": (
        "sampled deals per move (default {n}; fewer is quicker and rougher)"
    ),
    "cli.review_seed_help": "the review's seed (default {n})",
    "cli.review_json_help": "print the review as JSON",
    "cli.tournament": "measure bots against each other on duplicate deals",
    "cli.tournament_about": (
        "Play duplicate deals (each once in every seat order) and report every bot's penalty "
        "per deal with 95% intervals and paired differences, pooled and per seat order."
    ),
    "cli.tour_deals_help": "duplicate deals to play (default 200)",
    "cli.tour_games_help": "duplicate whole games to the target",
    "cli.tour_seed_help": "tournament seed (default 1)",
    "cli.tour_jobs_help": "worker processes (default 1)",
    "cli.tour_scheduler_help": (
        "play the deals on the Dask cluster whose scheduler is at ADDRESS "
        "(e.g. tcp://10.0.0.5:8786) instead of local processes; needs the cluster extra: "
        "pip install 'koza[cluster]'"
    ),
    "cli.tour_json_help": "also write the figures to this JSON file",
    "cli.tour_baseline_help": (
        "replay the same deals with BOT in the first seat and compare that seat"
    ),
    "cli.tour_ceiling_help": (
        "with --baseline: also replay with the {ceiling} reference in the first seat and "
        "report the share of the baseline-to-ceiling gap the first bot closes"
    ),
    "cli.tour_quiet_help": "no progress bar",
}

_OUTPUT: dict[str, str] = {
    # koza verify
    "verify.ok": "ok, {rounds}, scores {scores}",
    "verify.rounds": "{n} rounds",
    "verify.game_over": "game over (goat: {goats})",
    "verify.in_progress": "in progress (round {round})",
    "verify.unchecked": "deals unchecked (no seed recorded)",
    "verify.nothing_dealt": "seed {seed}, nothing dealt yet",
    "verify.deals_match": "deals match seed {seed}",
    "verify.bad_deal": (
        "round {round}'s deal is not the shuffle seed {seed} gives (were tiles swapped?)"
    ),
    "verify.torn": "a cut-off last line was dropped",
    # koza sim
    "sim.head": "{games}, {players}, seed {seed}, rules {rules}",
    "sim.games": "{n} games",
    "sim.players": "{n} random players",
    "sim.defaults": "defaults",
    "sim.rounds": "rounds: {rounds} ({each} a game), fish: {fish}, events: {events}",
    "sim.goats": "goats: {goats}",
    "sim.seat": "seat {n}",
    "sim.pair": "pair {n}",
    "sim.saved": "saved in {folder} ({secs} s)",
    # koza stats
    "stats.cli_head": "{games} in {folder} ({reviewed} reviewed)",
    "stats.cli_games_count": "{n} games",
    "stats.cli_player": "player",
    "stats.cli_finished": "done",
    "stats.cli_unfinished": "not\ndone",
    "stats.cli_goats": "goats",
    "stats.cli_goat_rate": "goat %",
    "stats.cli_points": "hand\npts/rd",
    "stats.cli_recorded": "sheet\npts/rd",
    "stats.cli_went_out": "went out",
    "stats.cli_fish": "fish",
    "stats.cli_loss": "loss/mv",
    "stats.cli_legend": (
        "goat % = goats / games done; hand pts = pips left in hand / rounds played;\n"
        "sheet pts = points the score sheet recorded / rounds played;\n"
        "loss = review loss / moves reviewed"
    ),
    "stats.cli_torn": (
        "{n} saves end in a line cut off (a crash while saving), counted as not done:"
    ),
    "stats.cli_stale": "{n} reviews were made before their game went on and are not counted:",
    "stats.cli_bot": "bot {level}",
    "stats.cli_unreadable": "{n} saves could not be read:",
    "stats.cli_no_folder": "no such folder",
    "stats.cli_not_folder": "is not a folder",
    # koza tournament
    "tour.head": "{players}, {units} x {orders}, seed {seed}, {secs} s",
    "tour.players": "{n} players",
    "tour.of_deals": "{done} of {n} duplicate deals",
    "tour.of_games": "{done} of {n} duplicate games",
    "tour.seat_orders": "{n} seat orders",
    "tour.orders_count": "{n} seat orders",
    "tour.same_deals": "{n} deals",
    "tour.interrupted": "(interrupted: partial results)",
    "tour.bot": "bot",
    "tour.penalty": "penalty/deal",
    "tour.ci": "95% CI",
    "tour.goat_rate": "goat rate",
    "tour.na": "n/a",
    "tour.differences": "paired differences (a - b, penalty per deal; negative: a is better)",
    "tour.pooled": ("pooled over the seat orders, then each order (the bots in seat 0 > 1 > ...)"),
    "tour.orders_range": (
        "over {orders}: {low} to {high}, {sure} exclude zero (each in the --json)"
    ),
    "tour.star": "(* the 95% interval excludes zero)",
    "tour.baseline": "baseline: {bot} in the same seat, same {deals}: {mean} {ci}",
    "tour.same_seat": "{a} - {b} (same seat): {mean} {ci}",
    "tour.ceiling": (
        "ceiling: {bot} in the same seat, same {deals}: {mean} {ci} (gap from {b}: {gap})"
    ),
    "tour.share": (
        "share of the {b} -> ceiling gap that {a} closes: {share} {ci} (paired bootstrap)"
    ),
    "tour.replaying": "replaying with {bot} in the first seat",
    "tour.ceiling_needs_baseline": "--ceiling needs --baseline BOT (the gap is measured from it)",
    "tour.one_or_more": "--deals/--games and --jobs must be 1 or more",
    "tour.eta": "ETA",
}

_NET: dict[str, str] = {
    # koza server / host / join
    "netcli.server": "serve rooms to players on other machines",
    "netcli.host": "start a server and a room, and play in it",
    "netcli.join": "take a seat in a room on a koza server",
    "netcli.host_help": "address to listen on (default 127.0.0.1)",
    "netcli.port_help": "port (default {port}; 0: any)",
    "netcli.password_help": "clients must give this password",
    "netcli.bot_delay_help": "seconds before a bot's move",
    "netcli.cert_help": "TLS certificate (PEM), with --key",
    "netcli.key_help": "TLS private key (PEM)",
    "netcli.web_help": "also serve the client as a web page",
    "netcli.web_terminal_help": (
        "also serve the terminal client as a web page (a process per browser tab)"
    ),
    "netcli.public_url_help": "the web page's address as browsers reach it",
    "netcli.lines_help": "a plain line-by-line table instead of the full screen",
    "netcli.behind_proxy_help": "a proxy on this machine forwards players: count each by X-Real-IP",
    "netcli.no_limit_for_help": "no per-address cap of connections or rooms for this address",
    "netcli.public_help": "list the room in the server's lobby (otherwise only its code lets in)",
    "netcli.host_server_help": "open the room on this running koza server instead of starting one",
    "netcli.host_public_url_help": "the address players join, as the room screen prints it",
    "netcli.address_help": "the server: HOST:PORT or ws://HOST:PORT",
    "netcli.code_help": "the room code",
    "netcli.name_help": "your name at the table",
    "netcli.watch_help": "watch the room instead of playing",
    "netcli.join_password_help": "the server's or room's password",
    "netcli.bot_help": "let a bot play this seat (scripted player)",
    "netcli.cafile_help": "trust this certificate (a server's own, for wss)",
    "netcli.humans_help": "seats kept for people (default 2)",
    "netcli.host_bot_help": "bot level of the other seats",
    "netcli.away_help": "seconds before a bot stands in",
    "netcli.not_port": "{text} is not a port (0..65535)",
    "netcli.bad_certificate": "cannot use the certificate: {error}",
    "netcli.cannot_listen": "cannot listen on {where}: {error}",
    "netcli.cannot_serve_page": "cannot serve the web page on {where}: {error}",
    "netcli.listening": "listening on {url}",
    "netcli.folder": "save folder {folder}, {n} unfinished rooms reopened",
    "netcli.web_page": "web page on {url}",
    "netcli.terminal_page": "terminal web page on {url}",
    "netcli.cert_and_key": "--cert and --key go together",
    "netcli.bad_cafile": "cannot use {path}: {error}",
    "netcli.watching": "watching",
    "netcli.seat": "seat {seat}",
    "netcli.in_room": "in room {code} at {url} ({seat})",
    "netcli.not_code": "{code} is not a room code",
    "netcli.name_needed": "--name NAME is needed to take a seat",
    "netcli.humans_range": "--humans must be between 1 and --players",
    "netcli.room_made": "room {code}; friends join with",
    "netcli.this_machine": "THIS-MACHINE",
    "netcli.name_word": "NAME",
    "netcli.type_start": "type start to fill the open seats with bots and begin",
    # the line-mode table (koza join --lines)
    "lines.plays": "{who} plays {tile} {end}",
    "lines.plays_doubles": "{who} plays {left} left and {right} right",
    "lines.draws": "{who} draws a tile",
    "lines.draws_tile": "{who} draws {tile}",
    "lines.passes": "{who} passes",
    "lines.you_play": "You play {tile} {end}",
    "lines.you_play_doubles": "You play {left} left and {right} right",
    "lines.you_draw": "You draw a tile",
    "lines.you_draw_tile": "You draw {tile}",
    "lines.you_pass": "You pass",
    "lines.you_lead": "round {round} is dealt; you lead",
    "lines.dealt": "round {round} is dealt; {leader} leads",
    "lines.scored": "round {round} over ({outcome}): totals {totals}",
    "lines.outcome_out": "out",
    "lines.outcome_fish": "fish",
    "lines.game_over": "game over: goat {goats}, totals {totals}",
    "lines.end_left": "left",
    "lines.end_right": "right",
    "lines.end_open": "open",
    "lines.draw": "draw",
    "lines.pass": "pass",
    "lines.doubles": "{left} left + {right} right",
    "lines.empty": "(empty)",
    "lines.head": "round {round} · {phase} · totals {totals}",
    "lines.phase_new": "new",
    "lines.phase_playing": "playing",
    "lines.phase_round_over": "round over",
    "lines.phase_game_over": "game over",
    "lines.chain": "chain: {chain}",
    "lines.counts": "bazaar {bazaar} · tiles in hand: {counts}",
    "lines.hand": "your hand: {hand}",
    "lines.your_move": "your move: {moves}",
    "lines.waiting": "waiting for {name}",
    "lines.round_over": "round over: type next to deal the next round",
    "lines.bot_plays": "a bot plays for it",
    "lines.seconds_left": "{secs} s left",
    "lines.away": "seat {seat} is away ({state})",
    "lines.not_played": "not played: {reason}",
    "lines.server_says": "server: {message}",
    "lines.open_seat": "(open)",
    "lines.room": "room {code}: {seats}",
    "lines.usage": "type a move number, draw, pass, next, start, say TEXT, {quick} or quit",
    "lines.usage_seat": "before the start: seat N moves you to open seat N",
    "lines.pairs": "pairs: seats 1 and 3 play against seats 2 and 4",
}

CLI_EN: dict[str, str] = {**_PARSER, **_HELP, **_OUTPUT, **_NET, **ERRORS_EN}
"""Each command-line text's key and English (the "many" form of one that counts)."""

CLI_ONE: dict[str, str] = {
    "verify.rounds": "{n} round",
    "sim.games": "{n} game",
    "sim.players": "{n} random player",
    "stats.cli_games_count": "{n} game",
    "stats.cli_unreadable": "{n} save could not be read:",
    "stats.cli_torn": (
        "{n} save ends in a line cut off (a crash while saving), counted as not done:"
    ),
    "stats.cli_stale": "{n} review was made before its game went on and is not counted:",
    "tour.players": "{n} player",
    "tour.of_deals": "{done} of {n} duplicate deal",
    "tour.of_games": "{done} of {n} duplicate game",
    "tour.seat_orders": "{n} seat order",
    "tour.orders_count": "{n} seat order",
    "tour.same_deals": "{n} deal",
    "netcli.folder": "save folder {folder}, {n} unfinished room reopened",
}
"""The "one" form of each text that counts."""
