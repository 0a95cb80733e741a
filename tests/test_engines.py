"""The solver's engines: one interface, two backends, one place that chooses; no engine crashes
on any rule reading; ``engine="auto"`` is the default and never makes a caller wait for the
JIT; no import cycle inside the solver package."""

from __future__ import annotations

import ast
import dataclasses
import itertools
from pathlib import Path

import pytest

from fourseasons_widget import VARIANTS, Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.rules import Rules, RulesError
from fourseasons_widget.solver import backends, compiled
from fourseasons_widget.solver.exact import search, solve
from fourseasons_widget.solver.greedy import heuristic_line
from fourseasons_widget.solver.proofs import prove

SOLVER = Path(__file__).resolve().parent.parent / "fourseasons_widget" / "solver"
HAS_NUMBA = compiled.installed()


def every_reading() -> list[tuple[str, dict]]:
    """Every variant with every combination of its options (``rules="pysol"`` with its
    ``autodeal`` too): each rule reading the model offers."""
    out = []
    for name, rules in VARIANTS.items():
        opts = dict(rules.options)
        names = sorted(opts)
        for values in itertools.product(*(opts[n] for n in names)):
            chosen = dict(zip(names, values, strict=True))
            extra = [{}]
            if chosen.get("rules") == "pysol":  # (PySolFC's rules fix the other options)
                chosen = {"rules": "pysol"}
                extra = [{"autodeal": "off"}, {"autodeal": "on"}]
            for e in extra:
                o = {**chosen, **e}
                try:
                    get_rules(name, **o)
                except RulesError:
                    continue
                if (name, o) not in out:
                    out.append((name, o))
    return out


READINGS = every_reading()


def test_the_readings_cover_every_variant_and_pysol():
    assert {v for v, _ in READINGS} == set(VARIANTS)
    pysol = [(v, o) for v, o in READINGS if o.get("rules") == "pysol"]
    assert {v for v, _ in pysol} == {"standard", "czarina", "corners", "simplicity"}
    assert len(READINGS) >= 27  # (3 wraps × fills × the model's and PySolFC's readings)


def test_supports_looks_at_every_rule_flag():
    """A new field of ``Rules`` must be looked at before the compiled core claims to play it."""
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert fields == set(compiled.RULE_FIELDS)


def test_supports_refuses_what_the_core_does_not_mirror():
    simp = get_rules("simplicity", rules="pysol")
    assert simp.foundation_back and not compiled.supports(simp)
    assert not compiled.supports(get_rules("standard", rules="pysol", autodeal="on"))
    assert compiled.supports(get_rules("standard", rules="pysol"))
    assert compiled.supports(get_rules("simplicity"))


def test_pysol_simplicity_answers_under_every_engine():
    """It crashed with IndexError under engine="auto" (the core ignored foundation_back)."""
    g = Game.new(seed=0, variant="simplicity", rules="pysol")
    r = solve(g, budget=Budget(positions=20000), engine="auto")
    assert r.verdict in ("won", "unknown") and r.engine == "python"
    with pytest.raises(ValueError, match="does not play"):
        solve(g, budget=Budget(positions=200), engine="compiled")


@pytest.mark.parametrize(("variant", "options"), READINGS,
                         ids=[f"{v}-{'-'.join(o.values())}" for v, o in READINGS])
def test_no_engine_crashes_on_any_reading(variant, options):
    """Every engine answers (or, asked for the compiled core on rules it does not play,
    refuses with a clear ValueError) from the deal and from a position deep in a game."""
    if HAS_NUMBA:
        compiled.warm_up(wait=True)
    rules = get_rules(variant, **options)
    start = Game.new(seed=1, variant=variant, **options).state
    line, _, _ = heuristic_line(rules, start)
    late = start
    for m in line[:len(line) // 2]:  # cards home and built piles: where the crash was
        late = rules.engine.apply(late, m)
    for engine in ("python", "auto", "compiled"):
        for pos in (start, late):
            if engine == "compiled" and not (HAS_NUMBA and compiled.supports(rules)):
                with pytest.raises((ValueError, ImportError)):
                    solve(pos, rules, budget=Budget(positions=500), engine=engine)
                continue
            r = solve(pos, rules, budget=Budget(positions=1500), engine=engine)
            assert r.verdict in ("won", "lost", "unknown")
            if r.won:
                s = pos
                for m in r.raw:
                    s = rules.engine.apply(s, m)
                assert s.is_won
            want = "compiled" if engine != "python" and HAS_NUMBA and \
                compiled.supports(rules) and compiled.fits_position(rules, pos) else "python"
            assert r.engine == want
            p = prove(pos, rules, budget=Budget(positions=800), engine=engine)
            assert p.verdict in ("won", "lost", "unknown")


def test_engine_is_checked():
    g = Game.new(seed=0)
    for bad in ("fast", "", None, 3, "AUTO"):
        with pytest.raises(ValueError, match="engine must be one of"):
            search(g.rules, g.state, budget=Budget(positions=10), engine=bad)


def test_a_pile_that_is_not_a_run_falls_back_to_python():
    g = Game.new(seed=0)
    s = g.state
    piles = list(s.piles)
    # two cards of the same rank on one pile: legal to hold for the model, not a run
    piles[0] = (s.piles[0][0], s.piles[1][0]) if (s.piles[0][0] >> 2) == (s.piles[1][0] >> 2) \
        else (0, 4 * 5)
    bad = s._replace(piles=tuple(piles))
    assert not compiled.fits_position(g.rules, bad)
    assert backends.choose("auto", g.rules, bad).name == "python"


# -- auto: the default, and never a wait ---------------------------------------------------------

def test_auto_is_the_default_everywhere():
    import inspect

    from fourseasons_widget.solver import abstraction, exact, proofs

    for f in (exact.solve, exact.search, proofs.prove, abstraction.prove_by_ranks):
        assert inspect.signature(f).parameters["engine"].default == backends.DEFAULT_ENGINE
    assert backends.DEFAULT_ENGINE == "auto"


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed here")
def test_auto_answers_in_python_while_the_jit_warms_up(monkeypatch):
    """Before the kernel is ready, "auto" runs the Python reference and starts the compile in
    the background; once it is ready, "auto" answers with the compiled core.  The same
    search, so the same verdict and nodes."""
    g = Game.new(seed=3)
    started = []
    monkeypatch.setattr(compiled, "ready", lambda: False)
    monkeypatch.setattr(compiled, "warm_up", lambda wait=False: started.append(wait) or False)
    r = solve(g, budget=Budget(positions=4000))
    assert r.engine == "python" and started == [False]
    monkeypatch.undo()
    assert compiled.warm_up(wait=True)
    assert compiled.warm_up_stats()["error"] is None
    r2 = solve(g, budget=Budget(positions=4000))
    assert r2.engine == "compiled"
    assert (r2.verdict, r2.nodes) == (r.verdict, r.nodes)


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed here")
def test_a_search_started_in_python_hands_over_when_the_jit_is_ready(monkeypatch):
    """The core becomes ready while the Python search runs: the rest of the budget goes to
    the compiled core, which answers; the nodes of both are counted."""
    assert compiled.warm_up(wait=True)
    g = Game.new(seed=13)  # (unknown at this budget: the whole budget is spent)
    calls = []

    def ready():
        calls.append(1)
        return len(calls) > 2  # (not ready when chosen, ready once the search has begun)

    monkeypatch.setattr(compiled, "ready", ready)
    monkeypatch.setattr(compiled, "warm_up", lambda wait=False: False)
    r = solve(g, budget=Budget(positions=30_000))
    assert r.engine == "compiled" and r.verdict == "unknown"
    assert r.nodes == 30_000 and len(calls) > 2
    w = Game.new(seed=3)  # a win at this budget: the same line whenever the core got ready
    calls.clear()
    handed = solve(w, budget=Budget(positions=200_000))
    direct = solve(w, budget=Budget(positions=200_000), engine="compiled")
    assert (handed.engine, handed.verdict, handed.nodes, handed.raw) == \
        ("compiled", direct.verdict, direct.nodes, direct.raw)
    monkeypatch.setattr(compiled, "ready", lambda: False)
    r = solve(g, budget=Budget(positions=30_000))  # never ready: Python to the end
    assert r.engine == "python" and r.nodes == 30_000


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed here")
def test_the_warm_up_runs_in_another_thread():
    import threading

    seen = []
    real = compiled._compile

    def spy():
        seen.append(threading.current_thread() is threading.main_thread())
        real()

    compiled._compile = spy
    before = dict(compiled._warm)
    try:
        compiled._warm.update(ready=False, thread=None, error=None)
        compiled.warm_up(wait=True)
    finally:
        compiled._compile = real
        compiled._warm.update(before, thread=None)
    assert seen == [False]


# -- one direction of dependency -------------------------------------------------------------------

def imports_of(path: Path, package: str) -> set[str]:
    """Every module of ``fourseasons_widget`` that ``path`` imports, anywhere in it (inside
    functions and ``if TYPE_CHECKING:`` blocks too: a lazy import hides a cycle, it does not
    remove it).  ``from . import x`` counts as importing the submodule ``x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            out.add(mod)
            for a in node.names:  # (a name may be a submodule)
                out.add(f"{mod}.{a.name}")
    return {m for m in out if m.startswith("fourseasons_widget")}


def solver_graph() -> dict[str, set[str]]:
    pkg = "fourseasons_widget.solver"
    mods = {f"{pkg}.{p.stem}" if p.stem != "__init__" else pkg: p
            for p in SOLVER.glob("*.py")}
    return {m: {d for d in imports_of(p, pkg) if d in mods and d != m and d != pkg}
            for m, p in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_inside_the_solver():
    graph = solver_graph()
    assert "fourseasons_widget.solver.compiled" in graph
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


def test_no_backend_imports_the_code_that_chooses_it():
    graph = solver_graph()
    s = "fourseasons_widget.solver."
    for backend in ("reference", "compiled", "_numba_core", "interface", "greedy"):
        assert not graph[s + backend] & {s + m for m in ("backends", "exact", "proofs",
                                                          "abstraction", "players")}, backend
    assert s + "compiled" in graph[s + "backends"] and s + "reference" in graph[s + "backends"]


def test_the_jit_cache_falls_back_to_a_temporary_directory_where_nothing_is_writable():
    env: dict = {}
    assert compiled.cache_dir_fallback(env, writable=lambda path: True) is None
    assert "NUMBA_CACHE_DIR" not in env
    tried = []
    got = compiled.cache_dir_fallback(env, writable=lambda path: tried.append(path) or False)
    assert got and env["NUMBA_CACHE_DIR"] == got and "fourseasons-numba" in got
    assert tried[0].endswith("__pycache__") and tried[1].endswith("numba")
    env = {"NUMBA_CACHE_DIR": "/somewhere"}  # (the user's choice wins)
    assert compiled.cache_dir_fallback(env, writable=lambda path: False) is None
    assert env["NUMBA_CACHE_DIR"] == "/somewhere"
