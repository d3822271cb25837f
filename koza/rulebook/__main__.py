"""``python -m koza.rulebook [--check | --write]``: the rule book's list of options.

Without an option it prints the English list (``--lang`` another); ``--check`` exits 1
when a shipped book's list differs from what the rule set generates, in any language;
``--write`` rewrites every language's book in place.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from koza import rulebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m koza.rulebook", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="fail if the book's options are stale")
    mode.add_argument("--write", action="store_true", help="rewrite the book's options")
    parser.add_argument("--lang", choices=rulebook.languages(), default="en", help="print in")
    args = parser.parse_args(argv)
    if args.check:
        stale = [lang for lang in rulebook.languages() if not rulebook.is_current(lang)]
        for lang in stale:
            print(
                f"{rulebook.book_file(lang)}: the options are stale; run --write", file=sys.stderr
            )
        return 1 if stale else 0
    if args.write:
        for lang in rulebook.languages():
            text = rulebook.with_options(rulebook.source_text(lang), lang)
            Path(str(rulebook.book_file(lang))).write_text(text, encoding="utf-8")
        return 0
    print(rulebook.options_section(args.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
