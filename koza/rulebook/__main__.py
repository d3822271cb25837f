"""``python -m koza.rulebook [--check | --write]``: the rule book's options table.

Without an option it prints the table; ``--check`` exits 1 when the shipped book's
table differs from what the rule set generates; ``--write`` rewrites it in place.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from koza.rulebook import book_file, is_current, options_table, source_text, with_table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m koza.rulebook", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="fail if the book's table is stale")
    mode.add_argument("--write", action="store_true", help="rewrite the book's table")
    args = parser.parse_args(argv)
    if args.check:
        if is_current():
            return 0
        print(f"{book_file()}: the options table is stale; run --write", file=sys.stderr)
        return 1
    if args.write:
        Path(str(book_file())).write_text(with_table(source_text()), encoding="utf-8")
        return 0
    print(options_table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
