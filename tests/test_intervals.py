"""The intervals notebook 06 teaches: known values, the coverage each promises, McNemar."""

from __future__ import annotations

import math
import random

import pytest

from fourseasons_widget.solver.intervals import (
    binomial_pmf,
    clopper_pearson,
    coverage,
    mcnemar,
    normal_interval,
    simulated_coverage,
    wilson,
)


@pytest.mark.parametrize("k, n, lo, hi", [
    (0, 20, 0.0, 0.16843),        # 1 − 0.025^(1/20)
    (2, 20, 0.012349, 0.316983),  # β quantiles B(0.025; 2, 19), B(0.975; 3, 18)
    (20, 20, 0.83157, 1.0),
    (50, 100, 0.39832, 0.60168),
])
def test_clopper_pearson_known_values(k, n, lo, hi):
    a, b = clopper_pearson(k, n)
    assert a == pytest.approx(lo, abs=2e-5) and b == pytest.approx(hi, abs=2e-5)


def test_clopper_pearson_bounds_are_where_the_tails_are_two_and_a_half_percent():
    k, n = 7, 40
    lo, hi = clopper_pearson(k, n)
    assert sum(binomial_pmf(i, n, lo) for i in range(k, n + 1)) == pytest.approx(0.025, abs=1e-9)
    assert sum(binomial_pmf(i, n, hi) for i in range(k + 1)) == pytest.approx(0.025, abs=1e-9)


def test_clopper_pearson_never_covers_less_than_95_percent_and_the_normal_interval_does():
    ps = [i / 100 for i in range(1, 100)]
    assert min(coverage(clopper_pearson, 20, p) for p in ps) >= 0.95
    assert min(coverage(normal_interval, 20, p) for p in ps) < 0.5
    w = [coverage(wilson, 20, p) for p in ps]
    assert min(w) < 0.95 < sum(w) / len(w) + 0.01


def test_exact_coverage_is_a_probability_and_simulation_agrees_within_its_error():
    assert sum(binomial_pmf(k, 30, 0.3) for k in range(31)) == pytest.approx(1.0)
    exact = coverage(wilson, 20, 0.18)
    c, err = simulated_coverage(wilson, 20, 0.18, 4000, random.Random(3))
    assert abs(c - exact) <= 1.5 * err  # (seeded: a fixed draw, inside its own error bar)
    assert err == pytest.approx(1.96 * math.sqrt(c * (1 - c) / 4000))


def test_mcnemar_counts_only_the_discordant_deals():
    a = [True] * 30 + [True] * 17 + [False] * 5 + [False] * 148
    b = [True] * 30 + [False] * 17 + [True] * 5 + [False] * 148
    m = mcnemar(a, b)
    assert (m.both, m.only_first, m.only_second, m.neither) == (30, 17, 5, 148)
    tail = sum(math.comb(22, i) for i in range(6)) / 2 ** 22
    assert m.p_value == pytest.approx(2 * tail)
    assert mcnemar(a, a).p_value == 1.0
    # adding deals both won (or both lost) changes nothing
    assert mcnemar(a + [True] * 100, b + [True] * 100).p_value == m.p_value
    with pytest.raises(ValueError):
        mcnemar([True], [True, False])
