"""The ``koza`` command line.

Each subcommand has an ``add_<name>_parser(subparsers, common)`` function that
adds its parser and sets ``func`` (``args -> exit code``); ``SUBCOMMANDS``
lists them, so a new subcommand is one function and one list entry.  The app
subcommands import ``koza.cli.app`` only when run, so ``verify`` and ``sim``
never import textual.  Bad input is one line on stderr and a non-zero exit.
What the subcommands share is in ``cli_base``; ``verify`` and ``sim`` have a
module each (``cli_verify``, ``cli_sim``).  A run builds only the parser of the
subcommand it names (``build_parser(only=...)``), so ``koza sim`` never imports
the network, tournament or statistics code.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from koza import __version__
from koza.cli.arg_types import seconds
from koza.cli.base import (
    EXIT_USAGE,
    StrictParser,
    Subparsers,
    UsageError,
    bot_delay_help,
    bot_list,
    fail,
    language_code,
    save_dir_help,
    save_folder,
    subparser,
    use_language,
)
from koza.cli.base import bot_levels_help as bot_levels_help  # koza.cli.tournament reads these
from koza.cli.base import bot_specs as bot_specs
from koza.cli.base import rule_options_help as rule_options_help
from koza.cli.sim import add_sim_parser
from koza.cli.verify import add_verify_parser
from koza.cli.verify import run_verify as run_verify
from koza.cli.verify import verify_line as verify_line
from koza.i18n import strings
from koza.i18n.problems import say_error
from koza.i18n.strings import t

# --- the app (koza.cli.app) -------------------------------------------------


def _launch(command: str, func: str, *call_args: object) -> int:
    try:
        launch = importlib.import_module("koza.cli.app")
    except ModuleNotFoundError as exc:
        if exc.name in ("koza.tui", "koza.cli.app"):
            return fail(f"{command}: {t('cli.no_app')}")
        return fail(f"{command}: {t('cli.app_failed', error=exc)}")
    run: Callable[..., int] | None = getattr(launch, func, None)
    if run is None:
        return fail(f"{command}: {t('cli.no_app')}")
    return int(run(*call_args))


def _existing(path: Path, command: str) -> str | None:
    """Why ``path`` cannot be opened as a save (missing, a folder, a FIFO, a link loop)."""
    from koza.storage.savefile import check_path

    problem = check_path(path)
    return None if problem is None else f"{command}: {say_error(problem)}"


def run_play(args: argparse.Namespace) -> int:
    return _launch("play", "play", save_folder(args))


def run_resume(args: argparse.Namespace) -> int:
    file: Path | None = args.file
    if file is not None and (problem := _existing(file, "resume")):
        return fail(problem)
    return _launch("resume", "resume", save_folder(args), file)


def run_watch(args: argparse.Namespace) -> int:
    return _launch("watch", "watch", save_folder(args), args.seats, args.delay, args.seed)


def run_learn(args: argparse.Namespace) -> int:
    return _launch("learn", "learn", save_folder(args))


def run_replay(args: argparse.Namespace) -> int:
    if problem := _existing(args.file, "replay"):
        return fail(problem)
    return _launch("replay", "replay", args.file)


def add_play_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "play",
        t("cli.play"),
        t("cli.play_about"),
        epilog=bot_delay_help(),
    )
    p.set_defaults(func=run_play)


def add_learn_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(sub, common, "learn", t("cli.learn"), t("cli.learn_about"))
    p.set_defaults(func=run_learn)


def add_resume_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "resume",
        t("cli.resume"),
        t("cli.resume_about"),
        epilog=bot_delay_help(),
    )
    p.add_argument("file", nargs="?", type=Path, metavar="FILE", help=t("cli.resume_file"))
    p.set_defaults(func=run_resume)


def add_watch_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "watch",
        t("cli.watch"),
        t("cli.watch_about"),
        epilog=bot_delay_help(),
    )
    p.add_argument(
        "--seats",
        type=bot_list,
        metavar="BOT,BOT[,...]",
        help=t("cli.seats_help", example="random,greedy,expert", bots=bot_levels_help()),
    )
    p.add_argument("--delay", type=seconds(60), metavar="S", help=t("cli.delay_help"))
    p.add_argument("--seed", type=int, metavar="N", help=t("cli.watch_seed_help"))
    p.set_defaults(func=run_watch)


def add_replay_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    p = subparser(
        sub,
        common,
        "replay",
        t("cli.replay"),
        t("cli.replay_about"),
    )
    p.add_argument("file", type=Path, metavar="FILE", help=t("cli.replay_file"))
    p.set_defaults(func=run_replay)


def add_tournament_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli.tournament import add_tournament_parser as add

    add(sub, common)


def add_server_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli import net  # websockets loads only when a network command runs

    net.add_server_parser(sub, common)


def add_host_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli import net

    net.add_host_parser(sub, common)


def add_join_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli import net

    net.add_join_parser(sub, common)


def add_review_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli.review import add_review_parser as add

    add(sub, common)


def add_stats_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    from koza.cli.stats import add_stats_parser as add

    add(sub, common)


# --- the parser --------------------------------------------------------------

SUBCOMMANDS: list[Callable[[Subparsers, argparse.ArgumentParser], None]] = [
    add_play_parser,
    add_learn_parser,
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
    add_stats_parser,
]


def subcommand_name(add: Callable[[Subparsers, argparse.ArgumentParser], None]) -> str:
    """The subcommand an ``add_<name>_parser`` function adds."""
    return add.__name__.removeprefix("add_").removesuffix("_parser")


_VALUED = ("--save-dir", "--lang")
"""The options before a subcommand that take a value."""


def named_subcommand(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs, if it clearly names one (else None: ask the full parser)."""
    names = {subcommand_name(add) for add in SUBCOMMANDS}
    words = iter(argv)
    for word in words:
        if word == "--":
            continue
        if word.startswith("-"):
            if "=" not in word and any(opt.startswith(word) for opt in _VALUED):
                next(words, None)  # its value (argparse takes any unique prefix too)
            continue
        return word if word in names else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``koza`` parser; with ``only``, the parser of that subcommand alone."""
    parser = StrictParser(prog="koza", description=t("cli.about"), epilog=bot_delay_help())
    parser.add_argument(
        "--version", action="version", version=f"koza {__version__}", help=t("cli.version")
    )
    parser.add_argument("--save-dir", type=Path, metavar="DIR", help=save_dir_help())
    lang_help = t("cli.lang_help")
    parser.add_argument("--lang", type=language_code, metavar="LANG", help=lang_help)
    # Subcommands take --save-dir too; SUPPRESS keeps a global one from being reset.
    common = StrictParser(add_help=False)
    common.add_argument(
        "--save-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=save_dir_help()
    )
    common.add_argument(
        "--lang", type=language_code, metavar="LANG", default=argparse.SUPPRESS, help=lang_help
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=t("cli.commands"))
    for add in SUBCOMMANDS:
        if only is None or subcommand_name(add) == only:
            add(sub, common)
    return parser


def option_values(argv: Sequence[str], option: str) -> list[str]:
    """The values ``argv`` gives ``option``, in order, read before the parser exists."""
    found = []
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == option and i + 1 < len(argv):
            found.append(argv[i + 1])
        elif word.startswith(option + "="):
            found.append(word.partition("=")[2])
    return found


def language_asked(argv: Sequence[str]) -> str | None:
    """The last language koza speaks that a ``--lang`` in ``argv`` names (for the parser)."""
    from koza.i18n import language_of

    asked = [lang for value in option_values(argv, "--lang") if (lang := language_of(value))]
    return asked[-1] if asked else None


def saved_language(argv: Sequence[str]) -> str | None:
    """The language chosen in the app's settings, in the save folder ``argv`` names."""
    from koza.i18n import language_of
    from koza.storage.folder import save_dir
    from koza.tui.settings import SETTINGS_FILE, read_settings

    folders = option_values(argv, "--save-dir")
    saved = read_settings(save_dir(folders[-1] if folders else None) / SETTINGS_FILE)
    language = saved.get("language")
    return language_of(language) if isinstance(language, str) else None


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    asked = language_asked(argv)  # before the parser: its help is in that language
    if asked is not None:
        use_language(asked)
    elif not os.environ.get("KOZA_LANG") and (saved := saved_language(argv)):
        strings.use_language(saved)  # the app's setting comes before the locale
    only = named_subcommand(argv)
    try:
        try:
            args = build_parser(only).parse_args(argv)
        except UsageError:
            if only is None:
                raise
            args = build_parser().parse_args(argv)  # the full parser says what is wrong
    except UsageError as exc:
        return fail(str(exc).removeprefix("koza: ").removeprefix("koza "), EXIT_USAGE)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else 0
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", run_play)
    use_language(getattr(args, "lang", None))
    try:
        return func(args)
    except KeyboardInterrupt:
        return fail(t("cli.interrupted"), 130)
    except BrokenPipeError:  # e.g. ``koza verify *.jsonl | head``: stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
