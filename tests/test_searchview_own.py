"""The search view of a search of one's own, from the student's side: whatever container holds
the frontier, the view draws the search as what it does (a list taken from the front is a
queue); a failing, endless or exiting search is shown with its reason on the view, never
raised and never hanging."""

from __future__ import annotations

import itertools
import json
import sys
import time

import pytest
from student_submissions import (
    TIE_BREAKS,
    astar_patching_the_class,
    astar_red_blob,
    bfs_list_pop0,
    bfs_on_step_before_push,
    dfs_deque,
    dfs_recursive,
    make_astar,
)

from fourseasons_widget.search import trace as trace_module
from fourseasons_widget.search.algorithms import Node, expand
from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.searchview import SearchView


@pytest.mark.parametrize("mine, evaluation", [(bfs_list_pop0, "breadth-first"),
                                              (bfs_on_step_before_push, "breadth-first"),
                                              (dfs_deque, "depth-first"),
                                              (make_astar(TIE_BREAKS["newest"]), "A*")])
def test_the_view_draws_a_search_of_ones_own_as_what_it_does(mine, evaluation):
    v = SearchView(small_position(seed=2, cards_left=6), algorithm=mine)
    t = v.last_trace
    assert v.error == "" and t.error == ""
    assert t.evaluation == evaluation and v.trace["evaluation"] == evaluation
    assert t.solved
    # the queue panel's head is the node the search expands next, at every step
    for k in range(len(t.steps) - 1):
        assert t.steps[k]["queue"][0] == t.steps[k + 1]["node"], k


def test_a_list_based_breadth_first_queue_is_not_reversed():
    t = SearchView(small_position(seed=2, cards_left=6), algorithm=bfs_list_pop0).last_trace
    depths = [[t.nodes[j]["depth"] for j in s["queue"]] for s in t.steps]
    assert all(d == sorted(d) for d in depths)  # shallowest first, as a queue


def test_a_failing_search_is_shown_on_the_view_not_raised():
    def mine(problem, on_step):
        root = Node(problem.initial)
        children = expand(problem, root)
        on_step(root, children, list(children))
        return children[0].no_such_thing

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "AttributeError" in v.error and "line" in v.error and "in mine" in v.error
    assert len(v.last_trace.steps) == 1  # what it did until then is drawn
    assert v.last_trace.stopped == "error"


def test_an_endless_search_is_stopped_and_said_so(monkeypatch):
    monkeypatch.setattr(trace_module, "OWN_SECONDS", 0.3)

    def mine(problem, on_step):
        while True:
            pass

    t0 = time.monotonic()
    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert time.monotonic() - t0 < 5
    assert "did not finish within 0.3 s" in v.error


def test_sys_exit_is_shown_on_the_view():
    def mine(problem, on_step):
        sys.exit(0)

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "sys.exit()" in v.error


def test_the_error_trait_is_python_s_alone():
    v = SearchView(small_position(seed=0, cards_left=3), algorithm="A*")
    assert v.error == ""
    v._handle_msg({"content": {"data": {"method": "update", "state": {"error": "forged"}}}})
    assert v.error == "" and "may not set" in v.note


def test_a_recursive_depth_first_search_with_no_frontier_to_show_is_drawn_as_depth_first():
    v = SearchView(small_position(seed=2, cards_left=6), algorithm=dfs_recursive)
    assert v.error == "" and v.last_trace.solved
    assert v.last_trace.evaluation == "depth-first"


def test_an_astar_of_ones_own_is_drawn_exactly_as_the_librarys():
    game = small_position(seed=2, cards_left=6)
    a = SearchView(game, algorithm=make_astar(TIE_BREAKS["oldest"])).last_trace
    b = SearchView(game, algorithm="A*").last_trace
    assert a.solved and a.path == b.path and a.expanded == b.expanded
    assert [s["node"] for s in a.steps] == [s["node"] for s in b.steps]
    assert [s["queue"] for s in a.steps] == [s["queue"] for s in b.steps]


# -- issue 38: the view refuses what the checker refuses -----------------------------------------


def _json_safe(v: SearchView) -> None:
    json.dumps(v.trace, allow_nan=False)  # what the front end is sent: plain, finite JSON


def test_a_node_made_by_hand_is_refused_not_drawn():
    def mine(problem, on_step):
        root = Node(problem.initial)
        children = expand(problem, root)
        forged = Node(children[0].state, root, "anything", 1, 1)  # not a legal action's child
        on_step(root, [*children, forged], [*children, forged])
        return None

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "not one expand(problem, node) makes" in v.error
    assert v.last_trace.stopped == "error" and v.last_trace.steps == []
    _json_safe(v)


def test_garbage_children_are_refused_with_a_clear_error():
    def mine(problem, on_step):
        root = Node(problem.initial)
        on_step(root, [Node("garbage", root, None, 1, 1)], [])
        return None

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "not one expand(problem, node) makes" in v.error and v.last_trace.steps == []


def test_an_endless_generator_of_children_is_refused():
    def mine(problem, on_step):
        root = Node(problem.initial)
        on_step(root, itertools.cycle(expand(problem, root)), [])
        return None

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "more than 1,000 children" in v.error and v.last_trace.steps == []


def test_a_node_changed_after_it_was_reported_is_refused_and_nan_never_reaches_the_front_end():
    def mine(problem, on_step):
        root = Node(problem.initial)
        children = expand(problem, root)
        on_step(root, children, list(children))
        child = children[0]
        child.path_cost = float("nan")  # "mutated" after it was reported
        on_step(child, expand(problem, child), list(children[1:]))
        return None

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "is not the one reported" in v.error
    assert len(v.last_trace.steps) == 1  # the step before the forgery is drawn
    _json_safe(v)


def test_a_nan_cost_on_a_child_is_refused():
    def mine(problem, on_step):
        root = Node(problem.initial)
        children = expand(problem, root)
        children[0].path_cost = float("nan")
        on_step(root, children, list(children))
        return None

    v = SearchView(small_position(seed=0, cards_left=3), algorithm=mine)
    assert "not one expand(problem, node) makes" in v.error
    _json_safe(v)


def test_red_blobs_priority_queue_wrapper_is_drawn_as_a_heap():
    game = small_position(seed=2, cards_left=6)
    v = SearchView(game, algorithm=astar_red_blob)
    assert v.error == "" and v.last_trace.solved
    assert v.last_trace.evaluation == "A*"
    assert v.last_trace.path == SearchView(game, algorithm="A*").last_trace.path


def test_a_class_patch_in_the_view_does_not_reach_the_library():
    from fourseasons_widget.search.problem import GameProblem

    game = small_position(seed=2, cards_left=6)
    before = SearchView(game, algorithm="A*").last_trace.expanded
    SearchView(game, algorithm=astar_patching_the_class)
    assert SearchView(game, algorithm="A*").last_trace.expanded == before
    assert GameProblem.h.__name__ == "h"
