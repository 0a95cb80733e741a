"""Checkers for notebook 06 (winnability): intervals from counts, sample sizes, coverage.

They read the shipped results (``fourseasons_widget/data/``), so they follow the data when it
is regenerated.

>>> check_sample_size(None)
✘ Not yet. Fill in `n_deals` with a whole number of deals.
"""

from __future__ import annotations

import math
from typing import Any

from ..solver.experiments import load_deals, load_winrates, wilson
from ._common import missing
from ._feedback import Feedback

Z95 = 1.96


def _row(variant: str, player: str) -> dict[str, str]:
    return next(r for r in load_winrates() if r["variant"] == variant and r["player"] == player)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def check_solver_interval(variant: str, low: Any, high: Any, tol: float = 0.002) -> Feedback:
    """The solver's honest 95% interval for ``variant`` (as fractions, e.g. 0.37), from the
    shipped counts: Wilson's lower bound of won/n, Wilson's upper bound of (won + unknown)/n."""
    if missing(low) or missing(high):
        return Feedback.not_yet("Fill in `low` and `high` (fractions such as 0.25, not percents).")
    if not (_is_number(low) and _is_number(high)):
        return Feedback.not_yet("`low` and `high` should be numbers.")
    if low > 1 or high > 1:
        return Feedback.not_yet("Write the bounds as fractions between 0 and 1, not percents.")
    r = _row(variant, "solver")
    n, won, unknown = int(r["n"]), int(r["won"]), int(r["unknown"])
    true_low = wilson(won, n)[0]
    true_high = wilson(won + unknown, n)[1]
    wrong = []
    if abs(low - true_low) > tol:
        wrong.append("the lower bound: which deals are certainly won?")
    if abs(high - true_high) > tol:
        wrong.append("the upper bound: which deals might still be won?")
    if wrong:
        return Feedback.not_yet("Look again at " + " And ".join(wrong))
    return Feedback.right(f"{100 * true_low:.1f}% – {100 * true_high:.1f}%: the {unknown} "
                          "undecided deals make the interval wide, not the sample size.")


def half_width(p: float, n: int, z: float = Z95) -> float:
    """The half-width of the normal-approximation interval for a rate ``p`` on ``n`` deals."""
    return z * math.sqrt(p * (1 - p) / n)


def deals_needed(p: float, margin: float, z: float = Z95) -> int:
    """The smallest ``n`` with :func:`half_width` at most ``margin``: ``z² p (1−p) / margin²``."""
    return math.ceil(z * z * p * (1 - p) / (margin * margin) - 1e-9)


def check_sample_size(n_deals: Any, variant: str = "standard", player: str = "heuristic",
                      margin: float = 0.02, tol: float = 0.05) -> Feedback:
    """How many deals for a 95% interval of ±``margin`` around the shipped rate ``p`` of
    ``player`` on ``variant``?  Accepted within ``tol`` (relative) of the normal formula
    ``z² p (1−p) / margin²``; Wilson's answer lies inside that."""
    r = _row(variant, player)
    p = int(r["won"]) / int(r["n"])
    if missing(n_deals):
        return Feedback.not_yet("Fill in `n_deals` with a whole number of deals.")
    if not _is_number(n_deals) or n_deals < 1:
        return Feedback.not_yet("`n_deals` should be a positive number of deals.")
    n = round(n_deals)
    need = deals_needed(p, margin)
    w = 100 * half_width(p, n)
    if n < need * (1 - tol):
        return Feedback.not_yet(f"With {n} deals the interval is about ±{w:.1f} points: not "
                                "narrow enough yet.")
    if n > need * (1 + tol):
        return Feedback.not_yet(f"With {n} deals the interval is about ±{w:.1f} points: "
                                "narrower than asked, so fewer deals would do.")
    return Feedback.right(f"About {need} deals: ±{100 * half_width(p, need):.2f} points. "
                          "Half the width costs four times the deals.")


def sample(variant: str, player: str, seeds: range | list[int]) -> list[dict[str, str]]:
    """The shipped per-deal rows of ``player`` on ``variant`` for these seeds."""
    want = set(seeds)
    return [r for r in load_deals()
            if r["variant"] == variant and r["player"] == player and int(r["seed"]) in want]


def check_covers(variant: str, player: str, seeds: range | list[int], interval: Any,
                 covers: Any, tol: float = 0.002) -> Feedback:
    """The 95% Wilson interval of a small sample (``seeds`` of the shipped per-deal data) and
    whether it covers the rate of all the shipped deals."""
    if missing(interval) or missing(covers):
        return Feedback.not_yet("Fill in `interval` (low, high) and `covers` (True or False).")
    try:
        lo, hi = (float(x) for x in interval)
    except (TypeError, ValueError):
        return Feedback.not_yet("`interval` should be a pair of fractions: (low, high).")
    if not isinstance(covers, bool):
        return Feedback.not_yet("`covers` should be True or False.")
    rows = sample(variant, player, seeds)
    won = sum(r["outcome"] == "won" for r in rows)
    true_lo, true_hi = wilson(won, len(rows))
    if abs(lo - true_lo) > tol or abs(hi - true_hi) > tol:
        return Feedback.not_yet("The interval is not yet right: count the won deals of the "
                                "sample and use wilson(won, n).")
    big = _row(variant, player)
    rate = int(big["won"]) / int(big["n"])
    if covers != (true_lo <= rate <= true_hi):
        return Feedback.not_yet("The interval is right; now compare it with the rate on all "
                                f"{big['n']} deals.")
    return Feedback.right(f"Interval {100 * true_lo:.1f}% – {100 * true_hi:.1f}%, large-sample "
                          f"rate {100 * rate:.1f}%.")


def check_prover_interval(variant: str, low: Any, high: Any, tol: float = 0.0005) -> Feedback:
    """The honest 95% interval of the perfect-play win rate of ``variant`` from the shipped
    classification's counts (won, proved lost, unknown): Wilson's lower bound of won/n and
    Wilson's upper bound of (won + unknown)/n.  The tolerance is tight enough to tell Wilson's
    bounds from the normal interval's (the feedback says which one was used)."""
    from ..solver.experiments import load_classification

    if missing(low) or missing(high):
        return Feedback.not_yet("Fill in `low` and `high` (fractions such as 0.25, not percents).")
    if not (_is_number(low) and _is_number(high)):
        return Feedback.not_yet("`low` and `high` should be numbers.")
    if low > 1 or high > 1 or low < 0:
        return Feedback.not_yet("Write the bounds as fractions between 0 and 1, not percents.")
    r = next(r for r in load_classification() if r["variant"] == variant)
    n, won, unknown = int(r["n"]), int(r["won"]), int(r["unknown"])
    true_low, true_high = wilson(won, n)[0], wilson(won + unknown, n)[1]
    wrong = []
    if abs(low - true_low) > tol:
        wrong.append("the lower bound: which deals are certainly won?")
    if abs(high - true_high) > tol:
        wrong.append(_upper_hint(high, n, won, unknown, tol))
    if wrong:
        text = "Look again at " + "; and at ".join(wrong)
        return Feedback.not_yet(text if text.endswith("?") else text + ".")
    return Feedback.right(
        f"{100 * true_low:.1f}% – {100 * true_high:.2f}%: the {int(r['lost'])} proofs of loss "
        f"bring the top down from 100%; only the {unknown} unknown deals keep it above the "
        "Wilson bound of the wins alone.")


def _upper_hint(high: float, n: int, won: int, unknown: int, tol: float) -> str:
    """What a wrong upper bound most likely is."""
    from ..solver.intervals import clopper_pearson, normal_interval

    if abs(high - wilson(unknown, n)[1]) <= tol or abs(high - wilson(won, n)[1]) <= tol:
        return ("the upper bound: which deals might still be won? (the won ones and the "
                "unknown ones together)")
    for label, method in (("the normal interval's", normal_interval),
                          ("Clopper–Pearson's", clopper_pearson)):
        if abs(high - method(won + unknown, n)[1]) <= tol:
            return f"the upper bound: that is {label} bound; the exercise asks for Wilson's"
    return "the upper bound: which deals might still be won?"
