"""The intervals of the balance reports (rr.report.stats) on values known from the
literature, and the distributions the plots draw."""

from __future__ import annotations

import math

import pytest

from rr.report.stats import Z95, histogram, paired_difference, spread, wilson


@pytest.mark.parametrize("successes, trials, low, high", [
    # z = 1.96: 0/n has upper bound z²/(n + z²), n/n the mirror; 5/10 by the formula.
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0),
    # Newcombe, "Two-sided confidence intervals for the single proportion" (Statistics in
    # Medicine 17, 1998), Table II, method 3 (Wilson score, no continuity correction).
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_published_values(successes: int, trials: int, low: float,
                                         high: float) -> None:
    """The Wilson score interval gives the published bounds to 4 decimals."""
    got = wilson(successes, trials)
    assert got.value == successes / trials
    assert (round(got.low, 4), round(got.high, 4)) == (low, high)


def test_wilson_edges_are_exact_and_bad_counts_refused() -> None:
    """0/n starts at exactly 0, n/n ends at exactly 1, 0 trials is all of [0, 1], and a
    count above the trials is an error."""
    assert wilson(0, 7).low == 0.0 and wilson(7, 7).high == 1.0
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    assert abs(Z95 - 1.959964) < 1e-6
    with pytest.raises(ValueError, match="11 successes out of 10"):
        wilson(11, 10)


def test_paired_difference_is_the_mean_with_a_normal_interval() -> None:
    """Differences 1, 0, 0, -1: mean 0, sample sd √(2/3), half-width 1.96·sd/2."""
    got = paired_difference([0, 0, 1, 1], [1, 0, 1, 0])
    assert got.value == 0
    assert math.isclose(got.plus_minus, Z95 * math.sqrt(2 / 3) / 2)
    shifted = paired_difference([1, 2, 3], [4, 5, 6])
    assert (shifted.value, shifted.low, shifted.high) == (3, 3, 3)
    up = paired_difference([0] * 10, [1] * 3 + [0] * 7)
    assert math.isclose(up.value, 0.3)
    assert math.isclose(up.plus_minus, Z95 * math.sqrt(0.3 * 0.7 * 10 / 9) / math.sqrt(10))
    with pytest.raises(ValueError, match="not paired"):
        paired_difference([1, 2], [1])


def test_spread_and_histogram() -> None:
    """Quartiles are numpy's linear ones; bins are whole, at most 30, and count every value."""
    s = spread([1, 2, 3, 4, 100])
    assert (s.low, s.q1, s.median, s.q3, s.high, s.mean) == (1, 2, 3, 4, 100, 22)
    h = histogram(list(range(40, 101)))
    assert h.start == 40 and h.width == 3 and len(h.counts) <= 30
    assert sum(h.counts) == 61 and h.counts[0] == 3
