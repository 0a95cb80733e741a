"""Notebook 05's "write the search yourself": the checker's references agree with the library,
right searches pass, wrong ones are told what differs (without the reference's code), and a
search of one's own drives the search view."""

from __future__ import annotations

import heapq
import itertools
from collections import deque

import pytest

from fourseasons_widget.exercises.own_search import (
    CHECK_POSITIONS,
    REFERENCES,
    _problem,
    check_search,
)
from fourseasons_widget.search import algorithms
from fourseasons_widget.search.algorithms import Node, expand
from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.search.trace import record
from fourseasons_widget.searchview import SearchView

LIBRARY = {"breadth-first": algorithms.breadth_first_search, "A*": algorithms.astar}


@pytest.mark.parametrize("kind", list(LIBRARY))
def test_the_references_expand_what_the_library_expands(kind):
    for seed, cards_left in CHECK_POSITIONS:
        p = _problem(seed, cards_left)
        lib, own = [], []
        LIBRARY[kind](p, on_step=lambda st, p=p, lib=lib: lib.append(p.key(st.node.state)))
        goal = REFERENCES[kind](p, lambda node, ch, fr, p=p, own=own: own.append(
            p.key(node.state)))
        assert own == lib
        assert len(goal.path()) == len(LIBRARY[kind](p).path)


@pytest.mark.parametrize("kind", ["breadth-first", "A*", "depth-first"])
def test_a_right_search_is_right(kind):
    fb = check_search(REFERENCES[kind], kind)
    assert fb, fb.why
    assert "agrees with the reference" in fb.why


def test_the_placeholder_and_an_empty_body_are_refused():
    assert not check_search(..., "A*")

    def mine(problem, on_step): ...

    fb = check_search(mine, "breadth-first")
    assert not fb and "without calling on_step" in fb.why
    assert not check_search(REFERENCES["A*"], "quicksort")


def test_depth_first_submitted_as_breadth_first_is_told_so():
    fb = check_search(REFERENCES["depth-first"], "breadth-first")
    assert not fb
    assert "depth-first" in fb.why and "shortest" in fb.why


def test_breadth_first_submitted_as_astar_is_told_so():
    fb = check_search(REFERENCES["breadth-first"], "A*")
    assert not fb and "breadth-first" in fb.why


def astar_without_duplicate_detection(problem, on_step):
    root = Node(problem.initial)
    count = itertools.count()
    frontier = [(problem.h(root.state), next(count), root)]
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for c in children:
            heapq.heappush(frontier, (c.path_cost + problem.h(c.state), next(count), c))
        on_step(node, children, frontier)
    return None


def test_astar_without_duplicate_detection_is_told_what_differs():
    fb = check_search(astar_without_duplicate_detection, "A*")
    assert not fb
    assert "already reached" in fb.why and "graph search" in fb.why


def test_a_heap_without_a_counter_is_told_about_ties():
    def mine(problem, on_step):
        root = Node(problem.initial)
        frontier = [(problem.h(root.state), root)]
        reached = {problem.key(root.state): root}
        while frontier:
            _, node = heapq.heappop(frontier)
            if problem.is_goal(node.state):
                return node
            children = expand(problem, node)
            for c in children:
                k = problem.key(c.state)
                if k not in reached or c.path_cost < reached[k].path_cost:
                    reached[k] = c
                    heapq.heappush(frontier, (c.path_cost + problem.h(c.state), c))
            on_step(node, children, frontier)

    fb = check_search(mine, "A*")
    assert not fb and "counter" in fb.why


def test_an_early_goal_test_is_explained():
    def mine(problem, on_step):
        node = Node(problem.initial)
        frontier, reached = deque([node]), {problem.key(node.state)}
        while frontier:
            node = frontier.popleft()
            children = expand(problem, node)
            for c in children:
                if problem.is_goal(c.state):
                    on_step(node, children, frontier)
                    return c
                if problem.key(c.state) not in reached:
                    reached.add(problem.key(c.state))
                    frontier.append(c)
            on_step(node, children, frontier)

    fb = check_search(mine, "breadth-first")
    assert not fb and "generated" in fb.why and "taken from the frontier" in fb.why


def test_the_feedback_never_shows_the_reference_code():
    import inspect

    src = inspect.getsource(REFERENCES["A*"])
    for fn, kind in [(astar_without_duplicate_detection, "A*"),
                     (REFERENCES["depth-first"], "breadth-first")]:
        why = check_search(fn, kind).why
        assert "heappush" not in why and src[:60] not in why


def test_a_failing_search_is_reported_not_raised():
    def mine(problem, on_step):
        raise KeyError("oops")

    fb = check_search(mine, "A*")
    assert not fb and "KeyError" in fb.why


def test_iterative_deepening_extension():
    from fourseasons_widget.search.algorithms import depth_limited_search

    def ids(problem, on_step):
        for limit in range(1, 50):
            r = depth_limited_search(problem, limit, on_step=lambda st: on_step())
            if r.solved:
                node = Node(problem.initial)
                for a in r.actions:
                    s2 = problem.result(node.state, a)
                    node = Node(s2, node, a, node.path_cost + 1, node.depth + 1)
                return node
        return None

    assert check_search(ids, "iterative deepening")
    assert not check_search(REFERENCES["depth-first"], "iterative deepening")


def test_a_search_of_ones_own_drives_the_view_with_the_same_trace():
    game = small_position(seed=0, cards_left=3)
    mine = SearchView(game, algorithm=REFERENCES["A*"])
    lib = SearchView(game, algorithm="A*")
    a, b = mine.last_trace, lib.last_trace
    assert mine.algorithm in mine.algorithms
    assert a.solved and a.path == b.path and a.expanded == b.expanded
    assert [s["queue"] for s in a.steps] == [s["queue"] for s in b.steps]
    assert [s["node"] for s in a.steps] == [s["node"] for s in b.steps]
    assert record(_problem(0, 3), REFERENCES["breadth-first"], evaluation="breadth-first").solved


@pytest.mark.parametrize("kind", ["breadth-first", "A*", "depth-first"])
def test_the_queue_of_a_search_of_ones_own_is_taken_in_its_order(kind):
    """The queue panel's head is the node the search expands next, read from its own kind of
    frontier (a deque, a heap, a stack), and the f shown is that search's."""
    for seed, cards_left in CHECK_POSITIONS:
        t = record(_problem(seed, cards_left), REFERENCES[kind])
        assert t.evaluation == kind
        for k in range(len(t.steps) - 1):
            assert t.steps[k]["queue"][0] == t.steps[k + 1]["node"]
