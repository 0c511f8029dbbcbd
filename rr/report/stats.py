"""The intervals of a balance report, at 95%: no random draws, so a report is a pure
function of its games.

* A proportion (a win rate, the share of winning hands holding a card): the **Wilson score
  interval**. Unlike the normal (Wald) interval it stays inside [0, 1] and is not empty at
  0/n or n/n (0 wins in 10 games: 0 to 27.8%).
* A change between two rulesets over the same seeds (a win rate, a mean score, a game
  length): the **normal interval of the mean paired difference**, mean ± 1.96 · s/√n with
  s the sample standard deviation (n - 1) of the per-game differences. For a win rate the
  differences are -1, 0 or +1, and this is the Wald interval for paired proportions (times
  √(n/(n-1))). It assumes the games independent, which they are (one seed each); with few
  discordant games (fewer than ~10 that changed) it is too narrow, and the reports give the
  counts so that an exact (McNemar) test can be made instead. No bootstrap: it would need
  random draws, and the same games must always give the same report.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from attrs import frozen

Z95 = statistics.NormalDist().inv_cdf(0.975)
"""1.959963984540054: the normal quantile of a two-sided 95% interval."""


@frozen
class Interval:
    """An estimate and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def plus_minus(self) -> float:
        """Half the interval's width (for a symmetric interval, the "± x" of "value ± x")."""
        return (self.high - self.low) / 2

    def as_json(self, digits: int = 4) -> dict[str, float]:
        return {"value": round(self.value, digits), "low": round(self.low, digits),
                "high": round(self.high, digits), "plus_minus": round(self.plus_minus, digits)}


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The proportion ``successes / trials`` and its Wilson score interval.

    ``trials == 0`` says nothing: the rate is 0 and the interval all of [0, 1]."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials
                                                 + z * z / (4 * trials * trials))
    # At 0/n (n/n) the bound is 0 (1) exactly; rounding would leave it a hair away.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def paired_difference(before: Sequence[float], after: Sequence[float],
                      z: float = Z95) -> Interval:
    """The mean of ``after[i] - before[i]`` and its normal interval (see the module's text).

    Fewer than two pairs give no spread: the interval is the mean itself."""
    if len(before) != len(after):
        raise ValueError(f"{len(before)} values before, {len(after)} after: not paired")
    differences = [b - a for a, b in zip(before, after)]
    if not differences:
        return Interval(0.0, 0.0, 0.0)
    mean = statistics.fmean(differences)
    if len(differences) < 2:
        return Interval(mean, mean, mean)
    half = z * statistics.stdev(differences) / math.sqrt(len(differences))
    return Interval(mean, mean - half, mean + half)


@frozen
class Spread:
    """A distribution in five numbers and a mean (what a box plot draws)."""

    count: int
    mean: float
    low: float
    """The smallest value (the lower whisker)."""
    q1: float
    median: float
    q3: float
    high: float
    """The largest value (the upper whisker)."""

    def as_json(self) -> dict[str, float]:
        return {"count": self.count, "mean": round(self.mean, 3), "min": self.low,
                "q1": round(self.q1, 3), "median": round(self.median, 3),
                "q3": round(self.q3, 3), "max": self.high}


def spread(values: Sequence[float]) -> Spread:
    """The quartiles are the "inclusive" ones (numpy's default, linear interpolation)."""
    if not values:
        return Spread(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    if len(values) == 1:
        v = float(values[0])
        return Spread(1, v, v, v, v, v, v)
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return Spread(len(values), statistics.fmean(values), min(values), q1, median, q3,
                  max(values))


@frozen
class Histogram:
    """Counts of whole numbers in bins ``[start + i * width, start + (i + 1) * width)``."""

    start: int
    width: int
    counts: tuple[int, ...]

    def as_json(self) -> dict[str, object]:
        return {"start": self.start, "width": self.width, "counts": list(self.counts)}


def histogram(values: Sequence[int], most_bins: int = 30) -> Histogram:
    """Bins of a whole width, as few as make at most ``most_bins``."""
    if not values:
        return Histogram(0, 1, ())
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / most_bins))
    counts = [0] * ((high - low) // width + 1)
    for v in values:
        counts[(v - low) // width] += 1
    return Histogram(low, width, tuple(counts))
