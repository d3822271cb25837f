"""What every ``koza`` subcommand shares: the one-line error, the parser that
raises instead of exiting, a subcommand's parser, argument types, the help texts
and the save folder.  Nothing here imports textual."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

from koza.driver import DEFAULT_DELAY
from koza.storage.folder import save_dir

Subparsers = Any  # argparse's _SubParsersAction
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input (reported in one line, exit code 2)."""


class StrictParser(argparse.ArgumentParser):
    """A parser whose errors raise ``UsageError`` (one line) instead of exiting."""

    def error(self, message: str) -> Any:  # argparse would print usage and exit
        raise UsageError(f"{self.prog}: {message}")


def fail(message: str, code: int = 1) -> int:
    """Print ``koza: message`` on stderr and return ``code``."""
    print(f"koza: {message}", file=sys.stderr)
    return code


def player_count(text: str) -> int:
    """An argparse type: 2, 3 or 4 players."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError(f"Kozel is played by 2, 3 or 4 players, not {n}")
    return n


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {n}")
    return n


def language_code(text: str) -> str:
    """An argparse type: a language koza speaks (``en``, ``ru``, ``ka``), lower-cased."""
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


def bot_list(text: str) -> list[str]:
    """An argparse type: 2 to 4 known bot names, comma-separated."""
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


def subparser(
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
