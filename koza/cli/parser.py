"""argparse in the chosen language: the parser every ``koza`` command line is built from.

argparse words its own texts ("usage:", "options:", "show this help message and
exit", "the following arguments are required", "invalid choice" ...) through
``gettext.gettext`` under the process-wide default domain, which would need a
compiled ``.mo`` file on disk and would change gettext for every other library
in the process.  Instead this parser passes its own titles, prefix and help
texts (the parameters argparse has for them), and ``error`` maps argparse's few
error templates back to catalogue keys (``ARGPARSE_ERRORS``): one place, no
global state, and a message this table does not know stays in argparse's English.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from koza.i18n.strings import t


class UsageError(Exception):
    """Bad command-line input (reported in one line, exit code 2)."""


ARGPARSE_ERRORS: dict[str, str] = {
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "expected one argument": "cli.argparse.one_value",
    "expected at most one argument": "cli.argparse.at_most_one",
    "expected at least one argument": "cli.argparse.at_least_one",
    "not allowed with argument %s": "cli.argparse.not_with",
    "one of the arguments %s is required": "cli.argparse.one_of",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "ignored explicit argument %r": "cli.argparse.ignored",
}
"""argparse's error templates (its gettext message ids) and the key koza says each with."""


@cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each template of ``ARGPARSE_ERRORS`` as a regex whose groups are its values."""
    found = []
    for template, key in ARGPARSE_ERRORS.items():
        regex, at = "", 0
        for m in re.finditer(r"%(?:\((\w+)\))?[sr]", template):
            regex += re.escape(template[at : m.start()]) + f"(?P<{m.group(1) or 'arg'}>.+?)"
            at = m.end()
        found.append((re.compile(regex + re.escape(template[at:]), re.S), key))
    return found


def say_argparse(message: str) -> str:
    """argparse's English ``message`` in the language in use (as it is when unknown)."""
    for pattern, key in _patterns():
        m = pattern.fullmatch(message)
        if m is not None:
            values = m.groupdict()
            if "message" in values:  # "argument --x: <its own message>"
                values["message"] = say_argparse(values["message"])
            return t(key, **values)
    return message


class Formatter(argparse.HelpFormatter):
    """Help in the language in use; a text with line breaks keeps them (lists, tables)."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(
            usage, actions, groups, t("cli.usage") + " " if prefix is None else prefix
        )

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        import textwrap  # only when help is shown

        return textwrap.fill(
            " ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent
        )

    def _split_lines(self, text: str, width: int) -> list[str]:
        """An option's help in lines, never broken at a hyphen (``rotating-partners`` is typed
        whole)."""
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class StrictParser(argparse.ArgumentParser):
    """A parser in the language in use whose errors raise ``UsageError`` (one line).

    Its subcommands' parsers are ``StrictParser`` too (argparse makes them of the
    parent's class), so every help page and error of ``koza`` is translated.
    """

    def __init__(self, *args: Any, add_help: bool = True, **kw: Any) -> None:
        kw["formatter_class"] = Formatter
        kw["add_help"] = False
        parents = kw.pop("parents", [])
        super().__init__(*args, **kw)
        self._positionals.title = t("cli.positionals")
        self._optionals.title = t("cli.options")
        if add_help:
            self.add_argument(
                "-h", "--help", action="help", default=argparse.SUPPRESS, help=t("cli.help")
            )
        for parent in parents:  # as argparse does, once the groups bear their titles
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def format_help(self) -> str:
        """The help page; an epilog given as a function is made now, when it is shown."""
        epilog: str | Callable[[], str] | None = self.epilog
        if callable(epilog):  # e.g. every rule option: words no run but ``--help`` needs
            self.epilog = epilog()
        return super().format_help()

    def error(self, message: str) -> Any:  # argparse would print usage and exit
        raise UsageError(f"{self.prog}: {say_argparse(message)}")
