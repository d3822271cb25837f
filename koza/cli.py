"""The ``koza`` command line.

Each subcommand has an ``add_<name>_parser(subparsers, common)`` function that
adds its parser and sets ``func`` (``args -> exit code``); ``SUBCOMMANDS``
lists them, so a new subcommand is one function and one list entry.  The app
subcommands import ``koza.tui.launch`` only when run, so ``verify`` and ``sim``
never import textual.  Bad input is one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import random
import secrets
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from koza import __version__
from koza.cli_types import seconds
from koza.coach.review_cli import add_review_parser
from koza.driver import DEFAULT_DELAY
from koza.storage.folder import save_dir

Subparsers = Any  # argparse's _SubParsersAction
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input (reported in one line, exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would print usage and exit
        raise UsageError(f"{self.prog}: {message}")


def fail(message: str, code: int = 1) -> int:
    """Print ``koza: message`` on stderr and return ``code``."""
    print(f"koza: {message}", file=sys.stderr)
    return code


def _player_count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError(f"Kozel is played by 2, 3 or 4 players, not {n}")
    return n


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {n}")
    return n


def _language(text: str) -> str:
    from koza.i18n import LANGUAGES

    if text.lower() not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise argparse.ArgumentTypeError(f"unknown language {text!r} (koza speaks {known})")
    return text.lower()


def use_language(lang: str | None) -> None:
    """``--lang``: the language for this run, as if ``KOZA_LANG`` were set."""
    if lang:
        os.environ["KOZA_LANG"] = lang
        strings = sys.modules.get("koza.tui.strings")
        if strings is not None:  # already imported (tests): switch it too
            strings.use_language(lang)


def bot_specs(text: str) -> list[str]:
    """``"Random, greedy"`` -> ``["random", "greedy"]``: bot names ignore case and spaces."""
    return [s.strip().lower() for s in text.split(",") if s.strip()]


def _bot_list(text: str) -> list[str]:
    from koza.bots import make_bot

    specs = bot_specs(text)
    for spec in specs:  # an unknown name first: "nosuchbot" is not a count problem
        try:
            make_bot(spec, 0)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    if not 2 <= len(specs) <= 4:
        raise argparse.ArgumentTypeError(f"Kozel is played by 2, 3 or 4 players, not {len(specs)}")
    return specs


def bot_levels_help() -> str:
    """The bot names a ``--seats`` option takes, for its help."""
    from koza.bots import ALL_BOTS

    return ", ".join(ALL_BOTS)


def rule_options_help() -> str:
    """Every rule option with its values and default, for ``--rule``'s help (from the rule set)."""
    from koza.core.rules import options

    lines = ["rule options (--rule KEY=VALUE, repeat it for more):"]
    for o in options():
        lines.append(f"  {o.name}: {o.title.lower()} (default {o.default})")
        lines += textwrap.wrap(
            o.values_in_words(), 76, initial_indent=" " * 6, subsequent_indent=" " * 6
        )
    return "\n".join(lines)


SAVE_DIR_HELP = "the folder of saved games (default: $KOZA_HOME, else the user data folder)"
BOT_DELAY_HELP = f"""environment:
  KOZA_BOT_DELAY=S  seconds between bot moves at the table (default {DEFAULT_DELAY})
  KOZA_HOME=DIR     the folder of saved games"""


def save_folder(args: argparse.Namespace) -> Path:
    """The save folder for this run (``--save-dir``, ``KOZA_HOME`` or the default)."""
    return save_dir(getattr(args, "save_dir", None))


# --- the app (koza.tui.launch) -------------------------------------------------


def _launch(command: str, func: str, *call_args: object) -> int:
    try:
        launch = importlib.import_module("koza.tui.launch")
    except ModuleNotFoundError as exc:
        if exc.name in ("koza.tui", "koza.tui.launch"):
            return fail(f"{command}: the app is not available yet")
        return fail(f"{command}: cannot start the app: {exc}")
    run: Callable[..., int] | None = getattr(launch, func, None)
    if run is None:
        return fail(f"{command}: the app is not available yet")
    return int(run(*call_args))


def _existing(path: Path, command: str) -> str | None:
    """Why ``path`` cannot be opened as a save (missing, a folder, a FIFO, a link loop)."""
    from koza.storage.savefile import check_path

    problem = check_path(path)
    return None if problem is None else f"{command}: {problem}"


def run_play(args: argparse.Namespace) -> int:
    return _launch("play", "play", save_folder(args))


def run_resume(args: argparse.Namespace) -> int:
    file: Path | None = args.file
    if file is not None and (problem := _existing(file, "resume")):
        return fail(problem)
    return _launch("resume", "resume", save_folder(args), file)


def run_watch(args: argparse.Namespace) -> int:
    return _launch("watch", "watch", save_folder(args), args.seats, args.delay, args.seed)


def run_replay(args: argparse.Namespace) -> int:
    if problem := _existing(args.file, "replay"):
        return fail(problem)
    return _launch("replay", "replay", args.file)


def _subparser(
    sub: Subparsers, common: argparse.ArgumentParser, name: str, summary: str, about: str, **kw: Any
) -> argparse.ArgumentParser:
    """A subcommand's parser: ``summary`` for ``koza --help``, ``about`` atop its own help."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        parents=[common],
        help=summary,
        description=about,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        **kw,
    )
    return parser


def add_play_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "play",
        "start the app (the default)",
        "Start koza at its menu: a new game, resume, watch bots, replay, the rules.",
        epilog=BOT_DELAY_HELP,
    )
    p.set_defaults(func=run_play)


def add_resume_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "resume",
        "go on with a saved game",
        "Sit down at a saved game's table where it stopped (the file is only added to).",
        epilog=BOT_DELAY_HELP,
    )
    p.add_argument("file", nargs="?", type=Path, help="the save (default: the latest unfinished)")
    p.set_defaults(func=run_resume)


def add_watch_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "watch",
        "watch bots play",
        "Bots play game after game with their hands face up; each game is saved.",
        epilog=BOT_DELAY_HELP,
    )
    p.add_argument(
        "--seats",
        type=_bot_list,
        metavar="BOT,BOT[,...]",
        help=f"2 to 4 bots, one per seat, e.g. random,greedy,expert; bots: {bot_levels_help()}",
    )
    p.add_argument("--delay", type=seconds(60), metavar="S", help="seconds between moves (0 to 60)")
    p.add_argument("--seed", type=int, metavar="N", help="seed of the deals and the bots")
    p.set_defaults(func=run_watch)


def add_replay_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "replay",
        "step through a saved game",
        "Step through a saved game move by move, read only (an unfinished one can go on).",
    )
    p.add_argument("file", type=Path, help="the save file to replay")
    p.set_defaults(func=run_replay)


# --- verify ------------------------------------------------------------------


def _side_names(state: Any, side: int) -> str:
    names = [s.name for s in state.seats]
    if state.n_sides != len(names):
        return "+".join(names[side::2])
    return names[side]


def verify_line(path: Path) -> tuple[bool, str]:
    """``(ok, one line)`` for one save file."""
    from koza.storage.savefile import SaveError, load
    from koza.verify import check_deals

    try:
        loaded = load(path)
    except SaveError as exc:
        return False, str(exc)
    deals = check_deals(loaded.events)
    if not deals.ok:
        return False, f"{path}:{deals.bad_line}: {deals.problem()}"
    st = loaded.state
    scores = " ".join(str(t) for t in st.sheets.totals)
    rounds = len(st.records)
    line = f"{path}: ok, {rounds} round{'s' * (rounds != 1)}, scores {scores}"
    if st.phase == "game_over":
        goats = ", ".join(_side_names(st, g) for g in st.goats)
        line += f", game over (goat: {goats})"
    else:
        line += f", in progress (round {st.round_no})"
    line += f", {deals.summary()}"
    if loaded.torn:
        line += "; a cut-off last line was dropped"
    return True, line


def run_verify(args: argparse.Namespace) -> int:
    all_ok = True
    for path in args.files:
        ok, line = verify_line(path)
        print(line, file=sys.stdout if ok else sys.stderr)
        all_ok &= ok
    return 0 if all_ok else 1


def add_verify_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "verify",
        "check that save files load and replay",
        "Check save files: one line each; the exit code is 0 only if every file is valid.",
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="save files to check")
    p.set_defaults(func=run_verify)


# --- sim ---------------------------------------------------------------------


def sim_game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a ``koza sim --seed seed`` run."""
    return random.Random(f"koza-sim/{seed}/{index}").getrandbits(48)


def run_sim(args: argparse.Namespace) -> int:
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleError, RuleSet
    from koza.driver import finish_game
    from koza.session import Session
    from koza.storage.savefile import SaveError

    try:
        rules = RuleSet.from_pairs(args.rule or [])
        rules.check_players(args.players)
    except RuleError as exc:
        return fail(f"sim: {exc}", EXIT_USAGE)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    folder = save_folder(args)
    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="random") for i in range(args.players)]
    rounds = fish = events = 0
    goats: Counter[int] = Counter()
    start = time.perf_counter()
    try:
        for i in range(args.games):
            gs = sim_game_seed(seed, i)
            with Session.create(seats, rules, gs, folder, game_id=f"sim-{gs:012x}") as s:
                finish_game(s)
                st = s.state
                rounds += len(st.records)
                fish += sum(r.outcome == "fish" for r in st.records)
                events += len(s.game.events)
                goats.update(st.goats)
    except (SaveError, OSError) as exc:
        return fail(f"sim: {exc}")
    except KeyboardInterrupt:
        return fail("sim: interrupted", 130)
    secs = time.perf_counter() - start
    changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items()) or "defaults"
    side = "pair" if rules.teams == "pairs" else "seat"
    goat_line = ", ".join(f"{side} {g}: {goats[g]}" for g in sorted(goats))
    games = f"{args.games} game{'s' * (args.games != 1)}"
    print(f"sim: {games}, {args.players} random players, seed {seed}, rules {changed}")
    print(f"rounds: {rounds} ({rounds / args.games:.1f} a game), fish: {fish}, events: {events}")
    print(f"goats: {goat_line}")
    print(f"saved in {folder} ({secs:.1f} s)")
    return 0


def add_sim_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = _subparser(
        sub,
        common,
        "sim",
        "play and save games between random bots",
        "Play whole games between random bots, save each, and print a summary.",
        epilog=rule_options_help(),
    )
    p.add_argument("--players", type=_player_count, required=True, metavar="N", help="2, 3 or 4")
    p.add_argument("--games", type=_positive, required=True, metavar="G", help="games to play")
    p.add_argument("--seed", type=int, metavar="S", help="same seed, same games")
    p.add_argument(
        "--rule", action="append", metavar="KEY=VALUE", help="a rule option (repeat; see below)"
    )
    p.set_defaults(func=run_sim)


def add_tournament_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.tournament.cli import add_tournament_parser as add

    add(sub, common)


def add_server_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.net import cli as net  # websockets loads only when a network command runs

    net.add_server_parser(sub, common)


def add_host_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.net import cli as net

    net.add_host_parser(sub, common)


def add_join_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.net import cli as net

    net.add_join_parser(sub, common)


# --- the parser --------------------------------------------------------------

SUBCOMMANDS: list[Callable[[Subparsers, argparse.ArgumentParser], None]] = [
    add_play_parser,
    add_resume_parser,
    add_watch_parser,
    add_replay_parser,
    add_verify_parser,
    add_sim_parser,
    add_tournament_parser,
    add_server_parser,
    add_host_parser,
    add_join_parser,
    add_review_parser,
]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="koza",
        description="Kozel, the domino game.",
        epilog=BOT_DELAY_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"koza {__version__}")
    parser.add_argument("--save-dir", type=Path, metavar="DIR", help=SAVE_DIR_HELP)
    lang_help = "the app's language: en, ru or ka (default: KOZA_LANG, the setting, the locale)"
    parser.add_argument("--lang", type=_language, metavar="LANG", help=lang_help)
    # Subcommands take --save-dir too; SUPPRESS keeps a global one from being reset.
    common = _Parser(add_help=False)
    common.add_argument(
        "--save-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=SAVE_DIR_HELP
    )
    common.add_argument(
        "--lang", type=_language, metavar="LANG", default=argparse.SUPPRESS, help=lang_help
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub, common)
    from koza.stats.cli import add_stats_parser

    add_stats_parser(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        return fail(str(exc).removeprefix("koza: ").removeprefix("koza "), EXIT_USAGE)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else 0
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", run_play)
    use_language(getattr(args, "lang", None))
    try:
        return func(args)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except BrokenPipeError:  # e.g. ``koza verify *.jsonl | head``: stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
