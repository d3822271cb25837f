"""``python -m koza.rulebook [--check | --write]``: the rule book's list of options.

Without an option it prints the list; ``--check`` exits 1 when the shipped book's
list differs from what the rule set generates; ``--write`` rewrites it in place.
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
    args = parser.parse_args(argv)
    if args.check:
        if rulebook.is_current():
            return 0
        print(f"{rulebook.book_file()}: the options are stale; run --write", file=sys.stderr)
        return 1
    if args.write:
        text = rulebook.with_options(rulebook.source_text())
        Path(str(rulebook.book_file())).write_text(text, encoding="utf-8")
        return 0
    print(rulebook.options_section())
    return 0


if __name__ == "__main__":
    sys.exit(main())
