"""Means with 95% confidence intervals (normal approximation over independent units),
and a paired bootstrap for ratios of means."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over ``n`` units and its 95% interval (None below two units)."""

    mean: float
    low: float | None
    high: float | None
    n: int

    @property
    def ci95(self) -> list[float] | None:
        return None if self.low is None or self.high is None else [self.low, self.high]

    @property
    def excludes_zero(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


def mean_ci(xs: Sequence[float]) -> Estimate:
    """Sample mean and ``mean +- 1.96 * sd / sqrt(n)`` (sd with n - 1)."""
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, None, None, 0)
    m = math.fsum(xs) / n
    if n < 2:
        return Estimate(m, None, None, n)
    var = math.fsum((x - m) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def paired_ci(xs: Sequence[float], ys: Sequence[float]) -> Estimate:
    """The mean of ``x - y`` over paired units, with its interval."""
    return mean_ci([x - y for x, y in zip(xs, ys, strict=True)])


def bootstrap_ratio(
    num: Sequence[float], den: Sequence[float], seed: int, reps: int = 2000
) -> Estimate:
    """``sum(num) / sum(den)`` with a 95% percentile interval from a paired bootstrap.

    Units are resampled with replacement (``num[i]`` and ``den[i]`` stay together),
    ``reps`` times, from a generator seeded by ``seed``: the same data and seed give
    the same interval.  Resamples whose denominator is 0 are skipped.
    """
    n = len(num)
    if n != len(den):
        raise ValueError("bootstrap_ratio needs paired lists")
    total = math.fsum(den)
    if n == 0 or total == 0:
        return Estimate(math.nan, None, None, n)
    ratio = math.fsum(num) / total
    if n < 2:
        return Estimate(ratio, None, None, n)
    rng = random.Random(f"koza-bootstrap/{seed}")
    units = range(n)
    got: list[float] = []
    for _ in range(reps):
        pick = rng.choices(units, k=n)
        d = math.fsum(den[i] for i in pick)
        if d != 0:
            got.append(math.fsum(num[i] for i in pick) / d)
    if len(got) < 2:
        return Estimate(ratio, None, None, n)
    got.sort()
    low = got[int(0.025 * (len(got) - 1))]
    high = got[math.ceil(0.975 * (len(got) - 1))]
    return Estimate(ratio, low, high, n)
