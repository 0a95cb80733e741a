"""Every budget entry point refuses non-finite and huge values with ``BudgetError`` (issue 19:
a budget of ``10**400`` raised ``OverflowError`` from the clock it was added to)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.analysis import analyse
from fourseasons_widget.search import endgames
from fourseasons_widget.solver import abstraction, experiments, positions, proofs
from fourseasons_widget.solver.exact import search, solve
from fourseasons_widget.validate import BudgetError, budget

HUGE = [10**400, 10**20, 2**62 + 1, 1e300, float("inf"), float("nan"), -1, 0, "5", True]
G = Game.new(seed=3)


def board(**kw):
    return FourSeasons(seed=3, stats=False, **kw)


ENTRY_POINTS = {
    "solve max_seconds": lambda v: solve(G, max_seconds=v),
    "solve max_nodes": lambda v: solve(G, max_nodes=v, max_seconds=1),
    "search max_seconds": lambda v: search(G.rules, G.state, max_seconds=v),
    "Game.analyse max_seconds": lambda v: analyse(G, max_seconds=v),
    "analyse position_seconds": lambda v: analyse(G, position_seconds=v),
    "analyse position_nodes": lambda v: analyse(G, position_nodes=v),
    "FourSeasons hint_seconds": lambda v: board(hint_seconds=v).hint(),
    "FourSeasons solve_seconds": lambda v: board(solve_seconds=v).solve(),
    "FourSeasons.hint max_seconds": lambda v: board().hint(max_seconds=v),
    "FourSeasons.solve max_seconds": lambda v: board().solve(max_seconds=v),
    "FourSeasons.auto_finish max_seconds": lambda v: board().auto_finish(max_seconds=v),
    "prove max_seconds": lambda v: proofs.prove(G, max_seconds=v),
    "prove max_nodes": lambda v: proofs.prove(G, max_nodes=v, max_seconds=1),
    "layer_profile max_nodes": lambda v: proofs.layer_profile(G.rules, G.state, 2, max_nodes=v),
    "layer_anatomy max_nodes": lambda v: proofs.layer_anatomy(G.rules, G.state, 2, max_nodes=v),
    "prove_by_ranks max_seconds": lambda v: abstraction.prove_by_ranks(G, max_seconds=v),
    "prove_by_ranks max_positions": lambda v: abstraction.prove_by_ranks(G, max_positions=v),
    "run_experiment max_seconds": lambda v: experiments.run_experiment(
        "standard", [1], max_seconds=v, executor="serial", progress=False),
    "budget_curve budgets": lambda v: experiments.budget_curve(
        "standard", [1], [v], executor="serial", progress=False),
    "budget_curve max_seconds": lambda v: experiments.budget_curve(
        "standard", [1], [10], max_seconds=v, executor="serial", progress=False),
    "small_position max_seconds": lambda v: endgames.small_position(0, max_seconds=v),
    "late_positions max_seeds": lambda v: positions.late_positions("standard", 1, max_seeds=v),
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("value", [10**400, float("inf"), float("nan")], ids=["10**400", "inf", "nan"])
def test_every_budget_entry_point_refuses_non_finite_and_huge_values(name, value):
    with pytest.raises(BudgetError) as e:
        ENTRY_POINTS[name](value)
    assert len(str(e.value)) < 200


def test_the_review_checks_its_budgets():
    from fourseasons_widget.review import Review

    for kw in ({"max_seconds": 10**400}, {"position_nodes": 10**400}, {"max_seconds": math.nan}):
        with pytest.raises(BudgetError):
            Review(board(), **kw)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(min_value=-2**70, max_value=10**500),
                 st.floats(allow_nan=True, allow_infinity=True),
                 st.sampled_from(HUGE)), st.booleans())
def test_budget_either_refuses_or_gives_a_value_a_clock_can_take(value, integer):
    try:
        v = budget(value, "b", integer=integer)
    except BudgetError as e:
        assert len(str(e)) < 200
        return
    assert v > 0 and math.isfinite(v)
    if integer:
        assert isinstance(v, int) and v <= 2**62
    else:
        assert v <= 1e9
        1e9 + v  # (a deadline can be computed: no OverflowError)
