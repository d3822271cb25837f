"""What every ``koza`` subcommand shares: the one-line error, the parser that
raises instead of exiting, a subcommand's parser, argument types, the help texts
and the save folder.  Every text is said in the chosen language (``t()``);
argparse's own words are handled in ``cli_parser``.  Nothing here imports textual."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from koza.cli.parser import StrictParser as StrictParser
from koza.cli.parser import UsageError as UsageError
from koza.i18n.strings import t
from koza.play.driver import DEFAULT_DELAY
from koza.storage.folder import save_dir

Subparsers = Any  # argparse's _SubParsersAction
EXIT_USAGE = 2


def fail(message: str, code: int = 1) -> int:
    """Print ``koza: message`` on stderr and return ``code``."""
    print(f"koza: {message}", file=sys.stderr)
    return code


def player_count(text: str) -> int:
    """An argparse type: 2, 3 or 4 players."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.not_a_number", text=repr(text))) from None
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError(t("error.rule.players", n=n))
    return n


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.not_a_number", text=repr(text))) from None
    if n < 1:
        raise argparse.ArgumentTypeError(t("cli.one_or_more", n=n))
    return n


def language_code(text: str) -> str:
    """An argparse type: a language koza speaks (``en``, ``ru``, ``ka``), lower-cased."""
    from koza.i18n import LANGUAGES

    if text.lower() not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise argparse.ArgumentTypeError(t("cli.unknown_language", text=repr(text), known=known))
    return text.lower()


def use_language(lang: str | None) -> None:
    """``--lang``: the language for this run, as if ``KOZA_LANG`` were set."""
    if lang:
        os.environ["KOZA_LANG"] = lang
        strings = sys.modules.get("koza.i18n.strings")
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
            from koza.i18n.problems import say_error

            raise argparse.ArgumentTypeError(say_error(exc)) from None
    if not 2 <= len(specs) <= 4:
        raise argparse.ArgumentTypeError(t("error.rule.players", n=len(specs)))
    return specs


def bot_levels_help() -> str:
    """The bot names a ``--seats`` option takes, for its help."""
    from koza.bots import ALL_BOTS

    return ", ".join(ALL_BOTS)


def rule_options_help() -> str:
    """Every rule option with its values and default, for ``--rule``'s help (from the rule set)."""
    import textwrap

    from koza.core.rules import options
    from koza.i18n.strings import rule_option, rule_values

    lines = [t("cli.rule_options")]
    for o in options():
        said = rule_option(o.name)  # its words in the language; the codes typed stay
        default = t("cli.default", value=o.default)
        lines.append(f"  {o.name}: {said.title.lower()} ({default})")
        lines += textwrap.wrap(
            said.values_in_words() if said.choices else rule_values(said),
            76,
            initial_indent=" " * 6,
            subsequent_indent=" " * 6,
        )
    return "\n".join(lines)


def save_dir_help() -> str:
    """``--save-dir``'s help."""
    return t("cli.save_dir_help")


def bot_delay_help() -> str:
    """The environment variables, for the end of a help page."""
    return "\n".join(
        [
            t("cli.environment"),
            "  KOZA_BOT_DELAY=S  " + t("cli.env_bot_delay", delay=DEFAULT_DELAY),
            "  KOZA_HOME=DIR     " + t("cli.env_home"),
            "  KOZA_LANG=LANG    " + t("cli.env_lang"),
        ]
    )


def save_folder(args: argparse.Namespace) -> Path:
    """The save folder for this run (``--save-dir``, ``KOZA_HOME`` or the default)."""
    return save_dir(getattr(args, "save_dir", None))


def subparser(
    sub: Subparsers, common: argparse.ArgumentParser, name: str, summary: str, about: str, **kw: Any
) -> argparse.ArgumentParser:
    """A subcommand's parser: ``summary`` for ``koza --help``, ``about`` atop its own help."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, parents=[common], help=summary, description=about, **kw
    )
    return parser
