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
from fourseasons_widget.solver import (
    abstraction,
    experiments,
    players,
    positions,
    proofs,
    relaxed,
)
from fourseasons_widget.solver.exact import search, shorten_fully, solve
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
    from fourseasons_widget.table.review import Review

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


# -- issue 27, class 5: every option of every prover and search entry point goes through the gate

def test_prove_by_model_workers_is_a_number_of_cores_or_none():
    """Issue 27: ``prove_by_model(workers=None)`` and ``workers=2**40`` raised ``TypeError``
    from OR-Tools; ``0``, ``-1`` and ``True`` were accepted silently."""
    import os

    from fourseasons_widget.solver import relaxed

    pytest.importorskip("ortools")  # (in the test extra: this runs)
    for bad in (0, -1, True, 2**40, 1.5, "2", os.cpu_count() + 1):
        with pytest.raises(BudgetError) as e:
            relaxed.prove_by_model(G, max_seconds=0.5, workers=bad)
        assert "workers" in str(e.value) and len(str(e.value)) < 200
    for good in (None, 1, os.cpu_count()):
        assert relaxed.prove_by_model(G, max_seconds=0.5, workers=good).verdict in (
            "lost", "unknown")


def _late():
    """A position a few moves from the end of a won game: every search from it is tiny, so an
    option the gate lets through (a budget of 2**40 positions) still ends at once."""
    r = solve(G, max_nodes=20_000, max_seconds=30)
    assert r.won
    g = G.copy()
    for m in r.moves[:-6]:
        g.play(m)
    return g


LATE = _late()
R, S = LATE.rules, LATE.state


def _endless():
    i = 0
    while True:
        yield i
        i += 1


OPTIONS = {  # name: a call with one option set to the value given (the rest cheap and right)
    "solve order": lambda v: solve(LATE, max_nodes=50, order=v),
    "solve shorten_line": lambda v: solve(LATE, max_nodes=50, shorten_line=v),
    "solve cancel": lambda v: solve(LATE, max_nodes=50, cancel=v),
    "solve engine": lambda v: solve(LATE, max_nodes=50, engine=v),
    "solve rules": lambda v: solve(S, v, max_nodes=50),
    "solve position": lambda v: solve(v, R, max_nodes=50),
    "search order": lambda v: search(R, S, max_nodes=50, order=v),
    "search use_tt": lambda v: search(R, S, max_nodes=50, use_tt=v),
    "search safe_home": lambda v: search(R, S, max_nodes=50, safe_home=v),
    "search probe": lambda v: search(R, S, max_nodes=50, probe=v),
    "search cancel": lambda v: search(R, S, max_nodes=50, cancel=v),
    "search engine": lambda v: search(R, S, max_nodes=50, engine=v),
    "search root": lambda v: search(R, v, max_nodes=50),
    "prove deep_safe": lambda v: proofs.prove(LATE, max_nodes=50, deep_safe=v),
    "prove dominance": lambda v: proofs.prove(LATE, max_nodes=50, dominance=v),
    "prove order": lambda v: proofs.prove(LATE, max_nodes=50, order=v),
    "prove layered": lambda v: proofs.prove(LATE, max_nodes=50, layered=v),
    "prove engine": lambda v: proofs.prove(LATE, max_nodes=50, engine=v),
    "prove position": lambda v: proofs.prove(v, R, max_nodes=50),
    "layer_profile stock_cards": lambda v: proofs.layer_profile(R, S, v, max_nodes=50),
    "layer_profile deep_safe": lambda v: proofs.layer_profile(R, S, 1, max_nodes=50,
                                                              deep_safe=v),
    "layer_profile max_nodes": lambda v: proofs.layer_profile(R, S, 1, max_nodes=v),
    "layer_anatomy stock_cards": lambda v: proofs.layer_anatomy(R, S, v, max_nodes=50),
    "plain_verdict max_states": lambda v: proofs.plain_verdict(R, S, v),
    "plain_verdict state": lambda v: proofs.plain_verdict(R, v, 50),
    "prove_by_ranks engine": lambda v: abstraction.prove_by_ranks(LATE, max_positions=50,
                                                                  engine=v),
    "layer_sizes stock_cards": lambda v: abstraction.layer_sizes(R, S, v, 50),
    "layer_sizes max_positions": lambda v: abstraction.layer_sizes(R, S, 1, v),
    "prove_by_bag tops": lambda v: relaxed.prove_by_bag(LATE, max_positions=50, tops=v),
    "prove_lost model": lambda v: relaxed.prove_lost(LATE, max_seconds=0.2, model=v),
    "prove_by_model workers": lambda v: relaxed.prove_by_model(LATE, max_seconds=0.2,
                                                               workers=v),
    "prove_by_model tops": lambda v: relaxed.prove_by_model(LATE, max_seconds=0.2, tops=v),
    "play_random seed": lambda v: players.play_random(LATE, seed=v),
    "play_random rules": lambda v: players.play_random(S, v),
    "play_fair samples": lambda v: players.play_fair(LATE, samples=v, max_nodes=20),
    "play_fair max_nodes": lambda v: players.play_fair(LATE, samples=1, max_nodes=v),
    "play_fair seed": lambda v: players.play_fair(LATE, samples=1, max_nodes=20, seed=v),
    "heuristic_line max_nodes": lambda v: players.heuristic_line(R, S, max_nodes=v),
    "heuristic_line deadline": lambda v: players.heuristic_line(R, S, deadline=v),
    "heuristic_line cancel": lambda v: players.heuristic_line(R, S, cancel=v),
    "late_positions variant": lambda v: positions.late_positions(v, 1, max_seeds=2),
    "late_positions n": lambda v: positions.late_positions("corners", v, max_seeds=2),
    "late_positions max_stock": lambda v: positions.late_positions("corners", 1, max_stock=v,
                                                                   max_seeds=2),
    "run_experiment variant": lambda v: experiments.run_experiment(
        v, [1], player="heuristic", executor="serial", progress=False),
    "run_experiment player": lambda v: experiments.run_experiment(
        "corners", [1], player=v, executor="serial", progress=False, max_nodes=50),
    "run_experiment executor": lambda v: experiments.run_experiment(
        "corners", [1], player="heuristic", executor=v, progress=False, jobs=1),
    "run_experiment progress": lambda v: experiments.run_experiment(
        "corners", [1], player="heuristic", executor="serial", progress=v),
    "run_experiment jobs": lambda v: experiments.run_experiment(
        "corners", [1], player="heuristic", executor="serial", progress=False, jobs=v),
    "run_experiment seeds": lambda v: experiments.run_experiment(
        "corners", v, player="heuristic", executor="serial", progress=False),
    "run_experiment done": lambda v: experiments.run_experiment(
        "corners", [1], player="heuristic", executor="serial", progress=False, done=v),
    "run_experiment on_row": lambda v: experiments.run_experiment(
        "corners", [1], player="heuristic", executor="serial", progress=False, on_row=v),
    "budget_curve variant": lambda v: experiments.budget_curve(
        v, [1], [10], executor="serial", progress=False),
    "budget_curve seeds": lambda v: experiments.budget_curve(
        "corners", v, [10], executor="serial", progress=False),
    "budget_curve budgets": lambda v: experiments.budget_curve(
        "corners", [1], v, executor="serial", progress=False),
    "shorten_fully passes": lambda v: shorten_fully(R, S, [], v),
}

hostile_option = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(-2**70, 2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["auto", "cross", "waste", "portfolio", "HCWST", "TSWCH", "python",
                     "compiled", "serial", "standard", "corners", "solver", "fair",
                     "x" * 5000, 10**400, 2**62 + 1, b"", "\udcff"]),
    st.lists(st.integers(-2, 5), max_size=3), st.dictionaries(st.integers(0, 3), st.none(),
                                                             max_size=2),
    st.sampled_from([_endless, object, lambda: Game.new(seed=1)]).map(lambda f: f()),
)


@pytest.mark.parametrize("name", sorted(OPTIONS))
@settings(max_examples=25, deadline=None)
@given(value=hostile_option)
def test_property_every_option_is_checked_by_the_gate(name, value):
    """Any value of any option of a search, prover, player or experiment entry point: a
    result, or a ``ValueError`` with a short message — never a ``TypeError``,
    ``AttributeError``, ``StopIteration`` or ``MemoryError`` from deep inside (issue 27: an
    endless ``order`` exhausted the memory; ``order=None`` was a ``TypeError``; ``cancel=1``
    an ``AttributeError``; ``play_fair(samples=0)`` a ``StopIteration``)."""
    from fourseasons_widget.solver import relaxed

    if name.startswith("prove_by_model") and not relaxed.model_available():
        pytest.fail("OR-Tools is in the test extra")
    try:
        OPTIONS[name](value)
    except ValueError as e:
        assert len(str(e)) < 300, str(e)[:300]
