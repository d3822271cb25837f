"""Argument types the command lines share (each a one-line error on bad input)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def seconds(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to ``most``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not 0 <= value <= most:
            raise argparse.ArgumentTypeError(f"must be between 0 and {most:g} seconds, not {text}")
        return value

    return parse
