"""The recorded search (search/trace.py) and the SearchView widget that publishes it."""

from __future__ import annotations

import json

import pytest
import traitlets

from fourseasons_widget import Game
from fourseasons_widget.search import algorithms
from fourseasons_widget.search.endgames import lesson_position, position_at, small_position
from fourseasons_widget.search.problem import GameProblem
from fourseasons_widget.search.trace import TRACEABLE, record
from fourseasons_widget.searchview import SearchView

RUNS = {"breadth-first": algorithms.breadth_first_search,
        "depth-first": algorithms.depth_first_search,
        "greedy best-first": algorithms.greedy_best_first_search,
        "A*": algorithms.astar}


@pytest.fixture(scope="module")
def positions():
    # an endgame with an empty stock, and a later-game one with stock left (where the
    # algorithms differ, and depth-first supersedes nodes it reached by longer paths)
    return [position_at(small_position(seed=0, cards_left=4)), lesson_position(0, 12)]


def moves_to(trace, node_id):
    out = []
    n = trace.nodes[node_id]
    while n["parent"] is not None:
        out.append(n["move"])
        n = trace.nodes[n["parent"]]
    return out[::-1]


@pytest.mark.parametrize("name", list(TRACEABLE))
def test_trace_agrees_with_the_search_result(positions, name):
    for game in positions:
        p = GameProblem(game)
        r = RUNS[name](p, max_expanded=300)
        t = record(p, name, max_steps=300)
        assert (t.solved, t.stopped, t.expanded) == (r.solved, r.stopped, r.expanded)
        assert len(t.steps) == r.expanded
        assert len(t.nodes) == r.generated  # every generation is a node, duplicates too
        assert sum(n["duplicate"] for n in t.nodes) == r.duplicates
        assert max([s["frontier"] for s in t.steps] + [1]) == r.max_frontier
        assert t.path == [str(m) for m in r.path]
        if r.solved:
            assert moves_to(t, t.goal) == t.path
            assert t.class_at(t.goal, len(t.steps)) == "goal"
        else:
            assert t.goal is None and r.stopped == "limit"
        # each step expands one node, never twice, in the order the algorithm reported
        expanded = [s["node"] for s in t.steps]
        assert len(set(expanded)) == len(expanded)
        assert all(t.nodes[i]["expanded"] == k + 1 for k, i in enumerate(expanded))


def test_counts_at_each_step(positions):
    p = GameProblem(positions[1])
    t = record(p, "breadth-first", max_steps=200)
    for k in range(len(t.steps) + 1):
        c = t.counts_at(k)
        drawn = sum(c.values())
        assert drawn == 1 + sum(1 for n in t.nodes if 0 < n["born"] <= k)
        assert c["explored"] == k
        if k:  # breadth-first never finds a cheaper path later: its queue is the frontier
            assert c["frontier"] == t.steps[k - 1]["frontier"]


def test_a_node_shows_the_position_its_moves_reach(positions):
    game = positions[1]
    t = record(GameProblem(game), "depth-first", max_steps=100)
    for node in t.nodes[:: max(1, len(t.nodes) // 25)]:
        g = position_at(game)
        for m in moves_to(t, node["id"]):
            g.play(m)
        assert t.states[node["pos"]] == g.state


def test_a_short_budget_stops_the_trace_like_the_algorithm(positions):
    p = GameProblem(positions[1])
    t = record(p, "breadth-first", max_steps=20)
    assert (t.solved, t.stopped, len(t.steps), t.goal) == (False, "limit", 20, None)
    assert all(t.class_at(i, 20) != "goal" for i in range(len(t.nodes)))


def test_superseded_nodes_are_drawn_as_duplicates():
    # on the toy problem (from 1 to 10 by +1 at cost 1 or ×2 at cost 3) depth-first reaches
    # a state first by a costly path, then by a cheaper one that supersedes it
    from test_search_algorithms import Numbers

    t = record(Numbers(10), "depth-first", max_steps=300)
    superseded = [n for n in t.nodes if n["superseded"] is not None]
    assert superseded, "expected depth-first to find a cheaper path to some state"
    n = superseded[0]
    assert t.class_at(n["id"], n["superseded"]) == "duplicate"
    assert t.class_at(n["id"], n["superseded"] - 1) == "frontier"


def test_bad_arguments_are_refused():
    p = GameProblem(small_position(seed=0, cards_left=3))
    with pytest.raises(ValueError, match="cannot trace"):
        record(p, "iterative deepening")
    with pytest.raises(ValueError, match="max_steps"):
        record(p, "A*", max_steps=0)


# -- the widget -----------------------------------------------------------------------------


def test_view_publishes_a_json_trace_with_the_board_layout():
    g = position_at(small_position(seed=0, cards_left=3))
    v = SearchView(g, algorithm="breadth-first")
    data = json.loads(json.dumps(v.trace))  # plain JSON: the static page can rebuild it
    assert data["algorithm"] == "breadth-first" and data["solved"]
    assert len(data["counts"]) == len(data["steps"]) + 1
    assert data["board"]["layout"] == "cross" and data["board"]["pile_names"]
    start = data["positions"][data["nodes"][0]["pos"]]
    assert start["stock"] == len(g.state.stock)  # the stock: a count, no card shown
    assert set(start) == {"piles", "foundations", "stock", "waste", "home"}


def test_view_reruns_on_another_algorithm_and_refuses_an_unknown_one():
    g = position_at(small_position(seed=0, cards_left=4))
    v = SearchView(g, algorithm="breadth-first")
    bfs_nodes = len(v.trace["nodes"])
    v.step = 3
    v.algorithm = "A*"
    assert v.trace["algorithm"] == "A*" and v.step == 0
    assert len(v.trace["nodes"]) < bfs_nodes
    before = v.trace
    with pytest.raises(traitlets.TraitError, match="unknown algorithm"):
        v.algorithm = "random walk"
    assert v.algorithm == "A*" and v.trace is before


def test_view_clamps_step_and_selection_and_leaves_the_game_alone():
    game = Game.new(seed=3)
    start = game.state
    v = SearchView(game, algorithm="depth-first", max_steps=40)
    v.step = 10_000
    assert v.step == len(v.trace["steps"]) == 40
    v.step = -5
    assert v.step == 0
    v.selected = 10**6
    assert v.selected == len(v.trace["nodes"]) - 1
    assert game.state == start and game.ply == 0
    with pytest.raises(TypeError):
        SearchView("AS 2S")
    with pytest.raises(ValueError, match="max_steps"):
        SearchView(game, max_steps=5000)


def test_js_fixture_is_up_to_date():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parents[1] / "js" / "test" / "make_search_fixture.py"
    spec = importlib.util.spec_from_file_location("make_search_fixture", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.PATH.read_text(encoding="utf-8") == mod.text(), (
        "run .venv/bin/python js/test/make_search_fixture.py")


@pytest.mark.parametrize("name", list(TRACEABLE))
def test_each_step_queue_is_the_algorithms_frontier_in_the_order_taken(positions, name):
    game = positions[1]
    p = GameProblem(game)
    seen = []
    RUNS[name](p, max_expanded=120,
               on_step=lambda st: seen.append([n.path() for n in st.queue()][:60]))
    t = record(p, name, max_steps=120)

    def actions_to(i):
        out = []
        while t.nodes[i]["parent"] is not None:
            out.append(t.nodes[i]["move"])
            i = t.nodes[i]["parent"]
        return out[::-1]

    for k, st in enumerate(t.steps):
        moves = [[p.move_text(*pair) for pair in _walk(p, path)] for path in seen[k]]
        assert [actions_to(i) for i in st["queue"]] == moves
        if k + 1 < len(t.steps):  # the head of the queue is the node the next step expands
            assert st["queue"][0] == t.steps[k + 1]["node"]


def _walk(p, path):
    s = p.initial
    for a in path:
        yield s, a
        s = p.result(s, a)


def test_the_front_end_may_set_only_its_own_traits():
    v = SearchView(small_position(seed=0, cards_left=3), algorithm="A*")
    before = (v.max_steps, dict(v.trace), list(v.algorithms))

    def send(state):
        v._handle_msg({"content": {"data": {"method": "update", "state": state}}})

    send({"max_steps": 10**9, "trace": {}, "algorithms": ["\ud800"]})
    assert (v.max_steps, dict(v.trace), list(v.algorithms)) == before
    assert "may not set" in v.note
    send({"max_steps": 2**63})
    assert v.max_steps == before[0]
    send({"algorithm": "nonsense"})
    assert v.algorithm == "A*" and "unknown algorithm" in v.note
    send({"step": "3"})  # a string is not an int
    assert v.step == 0
    send({"step": 10**6, "show_duplicates": True})
    assert v.step == len(v.trace["steps"]) and v.show_duplicates is True
    send({"algorithm": "breadth-first"})
    assert v.trace["algorithm"] == "breadth-first"
    v._handle_msg("garbage")  # never raises
    v._handle_msg({"content": {"data": {"method": "update", "state": [1, 2]}}})


def test_side_by_side_links_the_steps():
    box = SearchView.side_by_side(small_position(seed=0, cards_left=3), "breadth-first", "A*")
    a, b = box.children
    assert (a.algorithm, b.algorithm) == ("breadth-first", "A*")
    assert box._step_link.source == (a, "step") and box._step_link.target == (b, "step")


def test_forged_messages_never_raise_and_never_change_pythons_traits():
    """A fuzz of the search view's comm: random updates (writable names with wrong types,
    Python's traits, odd names and values, lone surrogates), custom messages and malformed
    envelopes.  Invariant after each: nothing raised, trace / algorithms / max_steps as
    Python made them, step and selected inside the trace, the algorithm one on offer."""
    import random

    v = SearchView(small_position(seed=0, cards_left=3), algorithm="A*", max_steps=50)
    rng = random.Random(19)
    names = ["step", "selected", "algorithm", "show_duplicates", "trace", "algorithms",
             "max_steps", "note", "layout", "_esm", "\ud800", "", "x" * 300, 5, None]
    values = [0, 1, -1, 10**6, 2**63, 10**400, 1.5, float("nan"), True, False, "", "A*",
              "breadth-first", "depth-first", "\ud800", "x" * 10_000, None, [], {}, [1, 2],
              {"steps": []}, ["\ud800"]]
    for _ in range(1500):
        kind = rng.random()
        if kind < 0.7:
            state = {rng.choice(names): rng.choice(values) for _ in range(rng.randint(1, 4))}
            msg = {"content": {"data": {"method": "update", "state": state}}}
        elif kind < 0.8:
            msg = {"content": {"data": {"method": "custom", "content": rng.choice(values)}}}
        elif kind < 0.9:
            msg = {"content": {"data": {"method": rng.choice(values)}}}
        else:
            msg = rng.choice(values)
        v._handle_msg(msg)
        algo = v.algorithm
        assert algo in v.algorithms and v.trace["key"] == algo
        assert v.algorithms == list(TRACEABLE) and v.max_steps == 50
        assert 0 <= v.step <= len(v.trace["steps"])
        assert 0 <= v.selected < len(v.trace["nodes"])
        assert isinstance(v.show_duplicates, bool) and len(v.note) <= 200
    json.dumps(v.get_state())  # the state still packs
