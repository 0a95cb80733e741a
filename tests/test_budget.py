"""One budget for every search (issue 40, item 3): :class:`~fourseasons_widget.budget.Budget`
(seconds, positions, cancel), taken as ``budget=`` by every entry point; the old keywords
(``max_seconds``, ``max_nodes``, ``max_positions``, ``position_nodes`` …) still work for one
release, each call with one ``DeprecationWarning`` that spells it anew."""

from __future__ import annotations

import dataclasses
import inspect
import math
import threading
import warnings

import pytest

from fourseasons_widget import Budget, BudgetError, FourSeasons, Game
from fourseasons_widget.analysis import analyse, analyse_line
from fourseasons_widget.solver import (
    abstraction,
    experiments,
    fair,
    players,
    proofs,
    relaxed,
    survey,
)
from fourseasons_widget.solver import exact as exact_mod
from fourseasons_widget.solver.exact import search, solve
from fourseasons_widget.solver.players import play_heuristic
from fourseasons_widget.table.controller import Table
from fourseasons_widget.table.review import Review
from fourseasons_widget.tools import cli

G = Game.new(seed=3)


def lost_game() -> Game:
    g = Game.new(seed=11)
    for m in play_heuristic(g).moves:
        g.play(m)
    return g


# -- the object --------------------------------------------------------------------------------

@pytest.mark.parametrize("field,bad,says", [
    ("seconds", 0, "greater than 0"), ("seconds", -1, "greater than 0"),
    ("seconds", math.nan, "finite"), ("seconds", math.inf, "finite"),
    ("seconds", 10**400, "at most 1e+09"), ("seconds", "5", "a positive number"),
    ("seconds", True, "a positive number"), ("positions", 2.5, "whole number"),
    ("positions", 0, "greater than 0"), ("positions", 2**62 + 1, "at most 2**62"),
    ("positions", [1], "a positive number"),
    ("cancel", 1, "is_set"), ("cancel", "stop", "is_set"),
])
def test_a_bad_budget_is_refused_with_an_error_naming_its_field(field, bad, says):
    with pytest.raises(BudgetError, match=f"Budget.{field}") as e:
        Budget(**{field: bad})
    assert says in str(e.value) and len(str(e.value)) < 200


def test_a_budget_is_a_frozen_value_with_its_numbers_checked():
    b = Budget(seconds=2, positions=3e3)
    assert (b.seconds, b.positions, b.cancel) == (2, 3000, None)
    assert isinstance(b.positions, int)
    with pytest.raises(dataclasses.FrozenInstanceError):
        b.seconds = 5  # type: ignore[misc]
    assert b == Budget(seconds=2, positions=3000) and hash(b) == hash(Budget(2, 3000))
    assert b.replace(seconds=None) == Budget(positions=3000)
    with pytest.raises(BudgetError, match=r"Budget\.seconds"):
        b.replace(seconds=-1)
    assert not Budget().limited and b.limited and Budget(cancel=threading.Event()).limited
    stop = threading.Event()
    c = Budget(cancel=stop)
    assert not c.cancelled()
    stop.set()
    assert c.cancelled()
    assert Budget().deadline() is None and Budget(seconds=2).deadline(10.0) == 12.0


# -- every entry point takes it ----------------------------------------------------------------

ENTRY_POINTS = [solve, search, proofs.prove, relaxed.prove_by_bag, relaxed.prove_lost,
                relaxed.prove_by_model, abstraction.prove_by_ranks, analyse, analyse_line,
                experiments.run_experiment, survey.survey, survey.survey_deal, fair.decide,
                fair.play_fair_mc, players.play_fair, FourSeasons.hint, FourSeasons.solve,
                FourSeasons.auto_finish, Table.hint, Table.solve, Table.auto_finish,
                Review.__init__]


@pytest.mark.parametrize("fn", ENTRY_POINTS, ids=lambda f: f.__qualname__)
def test_every_entry_point_takes_budgets_and_names_no_old_keyword(fn):
    params = inspect.signature(fn).parameters
    budgets = [p for p in params.values() if p.annotation in ("Budget", "Budget | None")]
    assert budgets and (budgets[0].name == "budget" or fn in (fair.play_fair_mc,
                                                             players.play_fair))
    old = fn.old_budget_keywords
    assert old and not set(old) & set(params)
    assert {v.rpartition(".")[0] or "budget" for v in old.values()} <= {p.name for p in budgets}


@pytest.mark.parametrize("fn", [solve, proofs.prove, analyse],
                         ids=lambda f: f.__qualname__)
def test_something_that_is_not_a_budget_is_refused(fn):
    for bad in (5, "10", {"seconds": 1}):
        with pytest.raises(BudgetError, match="must be a Budget"):
            fn(G, budget=bad)


def _nodes_used(r) -> int:
    return r.nodes if hasattr(r, "nodes") else r.positions


@pytest.mark.parametrize("call", [
    lambda b: solve(G, budget=b),
    lambda b: proofs.prove(G, budget=b, engine="python"),
    lambda b: relaxed.prove_by_bag(G, budget=b),
    lambda b: abstraction.prove_by_ranks(G, budget=b, engine="python"),
], ids=["solve", "prove", "prove_by_bag", "prove_by_ranks"])
def test_an_entry_point_stops_at_the_positions_of_its_budget(call):
    small = call(Budget(positions=300))
    assert small.verdict == "unknown"
    assert _nodes_used(small) <= 300
    bigger = call(Budget(positions=3000))
    assert _nodes_used(bigger) > 300  # (the count is the budget's, not a fixed one)


def test_search_stops_at_its_positions_and_when_cancelled():
    verdict, line, nodes = search(G.rules, G.state, budget=Budget(positions=500), engine="python")
    assert verdict == "unknown" and line == [] and nodes <= 500
    stop = threading.Event()
    stop.set()  # (the Python search checks it every 256 positions: it ends there)
    verdict, _, nodes = search(G.rules, G.state, budget=Budget(cancel=stop), engine="python")
    assert verdict == "unknown" and nodes <= 1024
    r = solve(G, budget=Budget(cancel=stop), engine="python")
    assert r.verdict == "unknown" and r.nodes <= 1024
    # the compiled core (where "auto" has it) checks between chunks of 200,000 positions: one
    # search that needs more than that (deal 1 is not decided in 300,000) ends after a chunk
    hard = Game.new(seed=1)
    for engine in ("python", "auto"):
        verdict, _, nodes = search(hard.rules, hard.state, budget=Budget(cancel=stop),
                                   order="cross", engine=engine)
        assert verdict == "unknown" and nodes <= 200_256, engine


def test_prove_honours_the_cancel_token():
    stop = threading.Event()
    stop.set()
    for kw in ({}, {"layered": True}, {"dominance": True}):
        r = proofs.prove(G, budget=Budget(cancel=stop), engine="python", **kw)
        assert r.verdict == "unknown" and r.nodes <= 1024, kw
    free = proofs.prove(G, budget=Budget(positions=5000), engine="python")
    assert free.nodes > 1024 or free.verdict != "unknown"


def test_an_entry_point_refuses_a_budget_field_it_cannot_honour():
    stop = threading.Event()
    with pytest.raises(BudgetError, match="prove_by_bag honours budget's seconds and "
                       "positions, not its cancel"):
        relaxed.prove_by_bag(G, budget=Budget(cancel=stop))
    with pytest.raises(BudgetError, match="prove_lost honours budget's seconds, not its "
                       "positions"):
        relaxed.prove_lost(G, budget=Budget(positions=10))
    with pytest.raises(BudgetError, match="per_position's seconds and positions, not its "
                       "cancel"):
        analyse(G, per_position=Budget(positions=10, cancel=stop))


def test_analyse_gives_each_position_its_per_position_budget_and_stops_when_cancelled():
    g = lost_game()
    a = analyse(g, budget=Budget(), per_position=Budget(positions=1_500))
    assert a.rows and any(r.by == "solver" for r in a.rows)
    assert all(r.nodes <= 1_500 for r in a.rows if r.by == "solver")
    assert all(r.nodes <= 1_500 * 8 for r in a.rows)  # (its one retry: eight times as many)
    stop = threading.Event()
    stop.set()
    cut = analyse(g, budget=Budget(cancel=stop), per_position=Budget(positions=1_500))
    searched = ("solver", "retry")  # (a row "by status" costs no search: the model's own)
    assert not cut.complete and not [r for r in cut.rows if r.by in searched]
    asked = []
    both = analyse(g, budget=Budget(cancel=threading.Event()),
                   per_position=Budget(positions=1_500), stop=lambda: asked.append(1) or True)
    assert asked and not both.complete  # (stop= is asked beside the token)
    assert not [r for r in both.rows if r.by in searched]
    with pytest.raises(ValueError, match="at least one budget"):
        analyse(g, budget=Budget(), per_position=Budget())


def test_the_board_searches_for_the_seconds_of_its_budget(monkeypatch):
    """The board's hint (the solver's), solve and auto-finish hand the budget's seconds to the
    solver; without one, the board's own hint_seconds / solve_seconds."""
    seen = []
    real = exact_mod.solve

    def spy(position, rules=None, *, budget, **kw):
        seen.append(budget)
        return real(position, rules, budget=budget.replace(positions=2_000), **kw)

    monkeypatch.setattr(exact_mod, "solve", spy)
    # (deal 6, won with 6,321 positions: no line on record, which only the longer wins have,
    #  so Solve at the deal searches, and finds nothing in the spy's 2,000; tests/test_lines.py)
    w = FourSeasons(seed=6, stats=False, hint_seconds=1.25, solve_seconds=2.5)
    w.solve(budget=Budget(seconds=0.75))
    w.solve()
    w.hint(Budget(seconds=0.5), knows_stock=True)
    w.new_game(seed=4)
    w.hint(knows_stock=True)
    assert [b.seconds for b in seen] == [0.75, 2.5, 0.5, 1.25]
    with pytest.raises(BudgetError, match="honours budget's seconds, not its positions"):
        w.solve(budget=Budget(positions=100))
    with pytest.raises(BudgetError, match="must be a Budget"):
        w.hint(budget="2")


def test_the_command_line_builds_one_budget_from_its_flags(monkeypatch, capsys):
    seen = []
    real = exact_mod.solve

    def spy(position, rules=None, *, budget, **kw):
        seen.append(budget)
        return real(position, rules, budget=budget, **kw)

    monkeypatch.setattr(exact_mod, "solve", spy)
    assert cli.main(["solve", "--seed", "3", "--seconds", "4", "--nodes", "700", "--quiet"]) == 0
    assert seen == [Budget(seconds=4.0, positions=700)]
    assert "nodes in" in capsys.readouterr().out


def test_run_experiment_gives_each_deal_its_budget_and_records_it():
    rows = experiments.run_experiment("standard", [3, 4], budget=Budget(positions=400),
                                      executor="serial", progress=False)
    assert [int(r["max_nodes"]) for r in rows] == [400, 400]
    assert all(r["max_seconds"] in (None, "") for r in rows)
    assert all(int(r["nodes"]) <= 400 for r in rows if r["outcome"] == "unknown")


# -- the old keywords, for one release -----------------------------------------------------------

OLD_AND_NEW = [
    ("solve", lambda: solve(G, max_nodes=500, max_seconds=None),
     lambda: solve(G, budget=Budget(positions=500)), "solve(budget=Budget(positions=500, "
     "seconds=None))"),
    ("solve max_nodes alone keeps the default seconds", lambda: solve(G, max_nodes=500),
     lambda: solve(G, budget=Budget(seconds=10.0, positions=500)), "Budget(positions=500)"),
    ("search", lambda: search(G.rules, G.state, max_nodes=400, engine="python"),
     lambda: search(G.rules, G.state, budget=Budget(positions=400), engine="python"),
     "search(budget=Budget(positions=400))"),
    ("prove", lambda: proofs.prove(G, max_nodes=400, max_seconds=None, engine="python"),
     lambda: proofs.prove(G, budget=Budget(positions=400), engine="python"),
     "prove(budget=Budget(positions=400, seconds=None))"),
    ("prove_by_bag", lambda: relaxed.prove_by_bag(G, max_positions=300),
     lambda: relaxed.prove_by_bag(G, budget=Budget(positions=300)),
     "prove_by_bag(budget=Budget(positions=300))"),
    ("prove_by_ranks", lambda: abstraction.prove_by_ranks(G, max_positions=300, engine="python"),
     lambda: abstraction.prove_by_ranks(G, budget=Budget(positions=300), engine="python"),
     "prove_by_ranks(budget=Budget(positions=300))"),
    ("analyse", lambda: analyse(lost_game(), max_seconds=None, position_nodes=800),
     lambda: analyse(lost_game(), budget=Budget(), per_position=Budget(positions=800)),
     "analyse(budget=Budget(seconds=None), per_position=Budget(positions=800))"),
    ("decide", lambda: fair.decide(fair.observe(G), samples=4, round_size=4, max_nodes=300,
                                   engine="python"),
     lambda: fair.decide(fair.observe(G), samples=4, round_size=4,
                         per_sample=Budget(positions=300), engine="python"),
     "decide(per_sample=Budget(positions=300))"),
    ("play_fair", lambda: players.play_fair(Game.new(seed=5), samples=2, max_nodes=200),
     lambda: players.play_fair(Game.new(seed=5), samples=2, per_sample=Budget(positions=200)),
     "play_fair(per_sample=Budget(positions=200))"),
    ("survey_deal", lambda: survey.survey_deal(3, max_positions=2_000),
     lambda: survey.survey_deal(3, budget=Budget(positions=2_000)),
     "survey_deal(budget=Budget(positions=2000))"),
    ("run_experiment", lambda: experiments.run_experiment(
        "standard", [3], max_nodes=300, max_seconds=None, executor="serial", progress=False),
     lambda: experiments.run_experiment("standard", [3], budget=Budget(positions=300),
                                        executor="serial", progress=False),
     "run_experiment(budget=Budget(positions=300, seconds=None))"),
]


TIMES = ("seconds", "cpu_seconds")


def _same(a, b) -> bool:
    """The same result but for the time it took."""
    if isinstance(a, dict):
        return {k: v for k, v in a.items() if k not in TIMES} == {
            k: v for k, v in b.items() if k not in TIMES}
    if isinstance(a, list):  # (rows of an experiment)
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, tuple):
        return a == b
    if hasattr(a, "turning_point"):
        return [r.ply for r in a.rows] == [r.ply for r in b.rows] and a.line == b.line
    keep = ("verdict", "moves", "nodes", "why", "positions", "line", "move", "ranked", "wins",
            "samples", "outcome", "how")
    assert any(hasattr(a, k) for k in keep)
    return all(getattr(a, k, None) == getattr(b, k, None) for k in keep)


@pytest.mark.parametrize("name,old,new,spelling", OLD_AND_NEW, ids=[o[0] for o in OLD_AND_NEW])
def test_each_old_keyword_warns_once_naming_the_new_spelling_and_still_works(
        name, old, new, spelling):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        got = old()
    ours = [w for w in seen if issubclass(w.category, DeprecationWarning)]
    assert len(ours) == 1, [str(w.message) for w in ours]
    assert spelling in str(ours[0].message) and "next release" in str(ours[0].message)
    assert ours[0].filename == __file__  # (it points at the caller's line)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # (the new spelling warns of nothing)
        want = new()
    assert _same(got, want)


def test_the_board_s_old_seconds_warn_and_still_work(monkeypatch):
    seen = []
    real = exact_mod.solve

    def spy(position, rules=None, *, budget, **kw):
        seen.append(budget.seconds)
        return real(position, rules, budget=budget.replace(positions=2_000), **kw)

    monkeypatch.setattr(exact_mod, "solve", spy)
    w = FourSeasons(seed=6, stats=False, solve_seconds=2.5)  # (no line on record: it searches)
    with pytest.warns(DeprecationWarning, match=r"FourSeasons.solve\(max_seconds=\) is "
                      r"deprecated: use FourSeasons.solve\(budget=Budget\(seconds=0.75\)\)"):
        w.solve(max_seconds=0.75)
    with pytest.warns(DeprecationWarning, match=r"budget=Budget\(seconds=0.5\)"):
        w.solve(0.5)  # (the old first positional argument: a number of seconds)
    with pytest.warns(DeprecationWarning, match="max_seconds"):
        w.solve(max_seconds=None)  # (None: the board's own, as before)
    assert seen == [0.75, 0.5, 2.5]


def test_old_and_new_at_once_are_refused_and_a_bad_old_value_is_named_as_given():
    with pytest.raises(BudgetError, match="give budget= or the old max_nodes=, not both"):
        solve(G, budget=Budget(seconds=1), max_nodes=10)
    with pytest.raises(BudgetError, match=r"^max_seconds must be a finite number"), \
            pytest.warns(DeprecationWarning):
        solve(G, max_seconds=math.nan)
    with pytest.raises(BudgetError, match=r"^position_nodes counts nodes: a whole number"), \
            pytest.warns(DeprecationWarning):
        analyse(G, position_nodes=2.5)


def test_game_analyse_is_a_deprecated_alias_that_takes_the_budget_too():
    g = lost_game()
    with pytest.warns(DeprecationWarning, match=r"fourseasons_widget\.analysis\.analyse"):
        old = g.analyse(budget=Budget(), per_position=Budget(positions=800))
    new = analyse(g, budget=Budget(), per_position=Budget(positions=800))
    assert _same(old, new) and old.turning_point == new.turning_point
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        g.analyse(None, position_nodes=800)  # (the old positional max_seconds)
    assert len(seen) == 2  # Game.analyse itself, and its old keywords
