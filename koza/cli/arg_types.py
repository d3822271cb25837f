"""Argument types the command lines share (each a one-line error on bad input)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from koza.i18n.strings import t


def seconds(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to ``most``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("cli.not_seconds", text=repr(text))) from None
        if not 0 <= value <= most:
            raise argparse.ArgumentTypeError(t("cli.seconds_range", most=f"{most:g}", text=text))
        return value

    return parse
