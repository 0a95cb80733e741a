"""Intervals for a win rate, their coverage, and a paired comparison of two players: the
statistics notebook 06 teaches, in plain Python (no SciPy: it runs in the browser too).

- :func:`normal_interval`, :func:`wilson` and :func:`clopper_pearson`: three 95% intervals
  for ``k`` wins in ``n`` deals;
- :func:`coverage`: how often an interval method covers the true rate ``p`` — exactly, summed
  over the binomial distribution; :func:`simulated_coverage`: the same by simulation, with the
  Monte-Carlo error of the estimate itself;
- :func:`mcnemar`: two players on the same deals — do they differ?  Only the deals where one
  won and the other did not carry information (McNemar's exact test).

>>> lo, hi = clopper_pearson(0, 20)
>>> round(lo, 3), round(hi, 3)
(0.0, 0.168)
>>> m = mcnemar([True, True, False, False], [True, False, False, False])
>>> (m.only_first, m.only_second, round(m.p_value, 2))
(1, 0, 1.0)
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Z95 = 1.96

__all__ = ["METHODS", "Mcnemar", "clopper_pearson", "coverage", "mcnemar", "normal_interval",
           "simulated_coverage", "wilson"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The textbook (Wald) interval ``p ± z·√(p(1−p)/n)``, clipped to [0, 1]: one point when
    ``k`` is 0 or ``n``."""
    p = k / n
    half = z * math.sqrt(p * (1 - p) / n)
    return max(0.0, p - half), min(1.0, p + half)


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_pmf(k: int, n: int, p: float) -> float:
    return math.exp(_log_pmf(k, n, p))


def _cdf(k: int, n: int, p: float) -> float:
    """P(X ≤ k) for X ~ Binomial(n, p)."""
    return min(1.0, sum(binomial_pmf(i, n, p) for i in range(k + 1)))


def _solve(f: Callable[[float], float], target: float) -> float:
    """The p in [0, 1] where the decreasing function ``f`` equals ``target`` (bisection)."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if f(mid) > target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval: the lower bound is the rate at which ``k`` or
    more wins have probability α/2, the upper bound the rate at which ``k`` or fewer wins have
    probability α/2 (the β quantiles ``B(α/2; k, n−k+1)`` and ``B(1−α/2; k+1, n−k)``).  Its
    coverage is at least 1 − α for every true rate: it is conservative."""
    lo = 0.0 if k == 0 else _solve(lambda p: -(1 - _cdf(k - 1, n, p)), -alpha / 2)
    hi = 1.0 if k == n else _solve(lambda p: _cdf(k, n, p), alpha / 2)
    return lo, hi


#: the three methods, by name
METHODS: dict[str, Callable[[int, int], tuple[float, float]]] = {
    "normal": normal_interval, "Wilson": wilson, "Clopper–Pearson": clopper_pearson}


@functools.lru_cache(maxsize=4096)
def _interval(method: Callable[[int, int], tuple[float, float]], k: int,
              n: int) -> tuple[float, float]:
    return method(k, n)  # (an interval depends on k and n only: computed once for each)


def coverage(method: Callable[[int, int], tuple[float, float]], n: int, p: float) -> float:
    """The exact probability that ``method``'s interval from ``n`` deals covers ``p``: the
    binomial probabilities of the win counts whose interval contains ``p``, summed."""
    total = 0.0
    for k in range(n + 1):
        lo, hi = _interval(method, k, n)
        if lo <= p <= hi:
            total += binomial_pmf(k, n, p)
    return total


def simulated_coverage(method: Callable[[int, int], tuple[float, float]], n: int, p: float,
                       repeats: int, rng: random.Random) -> tuple[float, float]:
    """Coverage estimated by simulation: ``repeats`` samples of ``n`` deals won with
    probability ``p``; returns the share covered and its own 95% Monte-Carlo error
    (``1.96·√(c(1−c)/repeats)``: a simulated coverage is an estimate too)."""
    hits = 0
    for _ in range(repeats):
        k = sum(rng.random() < p for _ in range(n))
        lo, hi = _interval(method, k, n)
        hits += lo <= p <= hi
    c = hits / repeats
    return c, Z95 * math.sqrt(c * (1 - c) / repeats)


@dataclass(frozen=True)
class Mcnemar:
    """Two players on the same deals: ``both`` won, ``neither``, ``only_first``,
    ``only_second``, and the exact two-sided p-value of "they win equally often"."""

    both: int
    only_first: int
    only_second: int
    neither: int
    p_value: float

    @property
    def n(self) -> int:
        return self.both + self.only_first + self.only_second + self.neither

    def __str__(self) -> str:
        return (f"{self.n} deals: both won {self.both}, only the first {self.only_first}, "
                f"only the second {self.only_second}, neither {self.neither}; McNemar's exact "
                f"p = {self.p_value:.3g}")


def mcnemar(first: Sequence[bool], second: Sequence[bool]) -> Mcnemar:
    """McNemar's exact test on paired outcomes (deal *i* played by both players).  Under "no
    difference" each discordant deal is equally likely to favour either player, so the number
    favouring the first is Binomial(discordant, ½)."""
    if len(first) != len(second):
        raise ValueError("the two players must have played the same deals")
    both = sum(a and b for a, b in zip(first, second))
    only_a = sum(a and not b for a, b in zip(first, second))
    only_b = sum(b and not a for a, b in zip(first, second))
    neither = len(first) - both - only_a - only_b
    d = only_a + only_b
    if d == 0:
        p = 1.0
    else:
        tail = sum(math.comb(d, i) for i in range(min(only_a, only_b) + 1)) / 2 ** d
        p = min(1.0, 2 * tail)
    return Mcnemar(both, only_a, only_b, neither, p)
