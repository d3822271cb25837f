"""The ``koza`` command line (subcommands are added as features land)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from koza import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="koza", description="Kozel, the domino game.")
    parser.add_argument("--version", action="version", version=f"koza {__version__}")
    parser.add_subparsers(dest="command")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print("koza: the app is not built yet", file=sys.stderr)
        return 1
    return 0
