"""The checkers of notebook 05's exercises accept right answers and refuse wrong ones, saying
why (without the answer)."""

from __future__ import annotations

import pytest

from fourseasons_widget.exercises import check_search
from fourseasons_widget.exercises import search as ex
from fourseasons_widget.search import algorithms
from fourseasons_widget.search.endgames import lesson_position
from fourseasons_widget.search.heuristics import (
    blocked,
    cards_not_home,
    not_home_plus_stock,
    weighted,
)
from fourseasons_widget.search.problem import GameProblem

# -- a heuristic -----------------------------------------------------------------------------


def stock_twice(s):
    # a student's own way of saying it: a stock card needs two moves, any other card one
    in_stock = len(s.stock)
    elsewhere = 52 - s.cards_home - in_stock
    return 2 * in_stock + elsewhere


@pytest.mark.parametrize("h", [not_home_plus_stock, stock_twice])
def test_better_informed_admissible_consistent_heuristics_are_right(h):
    fb = ex.check_heuristic(h)
    assert fb, fb
    assert "admissible and consistent" in fb.why and "says more than cards not home" in fb.why


@pytest.mark.parametrize("h", [cards_not_home, lambda s: 52 - s.cards_home, blocked])
def test_cards_not_home_handed_in_unchanged_is_refused(h):
    # (blocked adds only for a card buried above a lower one of its suit: never on endgames
    # this small, where it is cards not home, and the checker says so)
    fb = ex.check_heuristic(h)
    assert not fb and "exactly what cards not home says" in fb.why


def test_a_negative_heuristic_is_refused():
    fb = ex.check_heuristic(lambda s: -5)
    assert not fb and "never below 0" in fb.why and "-5" in fb.why


def test_a_heuristic_not_zero_at_the_goal_is_refused():
    fb = ex.check_heuristic(lambda s: 52 - s.cards_home + (1 if s.cards_home == 52 else 0))
    assert not fb and "at a goal" in fb.why and "must be 0" in fb.why


def test_h_zero_is_refused_as_uninformed():
    fb = ex.check_heuristic(lambda s: 0)
    assert not fb and "says nothing" in fb.why and "uniform-cost" in fb.why


def test_an_admissible_consistent_h_below_cards_not_home_somewhere_is_refused():
    fb = ex.check_heuristic(lambda s: max(0, 51 - s.cards_home))
    assert not fb and "says less than cards not home" in fb.why


def test_numpy_numbers_are_numbers():
    np = pytest.importorskip("numpy")
    assert ex.check_heuristic(lambda s: np.int64(52 - s.cards_home + len(s.stock)))


def test_an_overestimating_heuristic_is_refused_with_the_position():
    fb = ex.check_heuristic(weighted)  # 2 × cards not home + stock
    assert not fb
    assert "overestimates" in fb.why and "small_position(seed=0, cards_left=6)" in fb.why
    assert "moves away" in fb.why


def test_an_admissible_but_inconsistent_heuristic_is_refused_with_the_move():
    def jumpy(s):  # ≤ cards not home, so admissible; it falls to 0 when one card goes home
        n = 52 - s.cards_home
        return n if n % 2 == 0 else 0

    fb = ex.check_heuristic(jumpy)
    assert not fb
    assert "admissible" in fb.why and "not consistent" in fb.why
    assert "the move" in fb.why and "drops from" in fb.why


def test_the_true_distances_are_those_of_a_search():
    # the exact distances the checker compares with agree with breadth-first search
    from fourseasons_widget.search.endgames import position_at, small_position

    for seed, cards_left in ex.HEURISTIC_POSITIONS:
        start, _, _, dist, _ = ex._state_space(seed, cards_left)
        p = GameProblem(position_at(small_position(seed=seed, cards_left=cards_left)))
        assert dist[start] == algorithms.breadth_first_search(p).cost


@pytest.mark.parametrize("bad, reason", [
    (..., "Fill in `h`"),
    (None, "Fill in `h`"),
    (lambda s: "many", "not a number"),
    (lambda s: s.no_such_field, "AttributeError"),
    (lambda s: float("nan"), "NaN"),
])
def test_placeholders_and_broken_heuristics_are_told_what_is_wrong(bad, reason):
    fb = ex.check_heuristic(bad)
    assert not fb and reason in fb.why


# -- the order of expansions -------------------------------------------------------------------


def measured_order():
    p = GameProblem(lesson_position(*ex.ORDER_POSITION))
    runs = {"breadth-first": algorithms.breadth_first_search,
            "depth-first": algorithms.depth_first_search,
            "greedy best-first": algorithms.greedy_best_first_search, "A*": algorithms.astar}
    counts = {n: r(p).expanded for n, r in runs.items()}
    return sorted(counts, key=counts.get), counts


def test_the_measured_order_is_right_under_any_spelling():
    order, counts = measured_order()
    assert len(set(counts.values())) == 4  # no ties: exactly one right order
    fb = ex.check_expansion_order(order)
    assert fb and f"{counts[order[0]]:,}" in fb.why
    aliases = {"breadth-first": "BFS", "depth-first": "dfs", "greedy best-first": "greedy",
               "A*": "astar"}
    assert ex.check_expansion_order([aliases[n] for n in order])


def test_a_wrong_order_is_refused_with_a_count_of_pairs_not_the_answer():
    order, _ = measured_order()
    fb = ex.check_expansion_order(order[::-1])
    assert not fb and "0 of the 6 pairs" in fb.why
    swapped = [order[1], order[0], *order[2:]]
    fb = ex.check_expansion_order(swapped)
    assert not fb and "5 of the 6 pairs" in fb.why
    for name in ex.ALGORITHM_NAMES:
        assert name not in fb.why  # the verdict names no algorithm's place


@pytest.mark.parametrize("bad, reason", [
    (..., "Fill in `order`"),
    ("A*, bfs", "should be a list"),
    (["A*", "bfs", "dfs"], "exactly once"),
    (["A*", "bfs", "dfs", "dfs"], "exactly once"),
    (["A*", "bfs", "dfs", "hill climbing"], "Unknown name"),
])
def test_malformed_orders_are_told_what_is_wrong(bad, reason):
    fb = ex.check_expansion_order(bad)
    assert not fb and reason in fb.why


# -- complete? optimal? ----------------------------------------------------------------------


def test_guarantees_right_answer():
    fb = ex.check_guarantees(
        {"breadth-first", "depth-first", "iterative deepening", "greedy best-first", "A*"},
        {"breadth-first", "iterative deepening", "A*"})
    assert fb, fb
    assert ex.check_guarantees({"bfs", "dfs", "ids", "greedy", "astar"}, ["BFS", "IDS", "a*"])


def test_guarantees_wrong_answers_count_the_misplaced():
    fb = ex.check_guarantees(set(ex.GUARANTEE_NAMES), {"breadth-first", "A*", "greedy"})
    assert not fb
    assert "1 algorithm(s) misplaced in `complete`" in fb.why
    assert "2 misplaced in `optimal`" in fb.why
    fb = ex.check_guarantees({"breadth-first"}, {"breadth-first", "iterative deepening", "A*"})
    assert not fb and "`optimal`" not in fb.why


def test_guarantees_claims_match_a_run():
    # the checker's truth, measured where it can be: on a lesson position the algorithms it
    # calls optimal find lines as short as breadth-first's, the others not always
    p = GameProblem(lesson_position(0, 12))
    best = algorithms.breadth_first_search(p).cost
    assert algorithms.astar(p).cost == best
    assert algorithms.depth_first_search(p).cost > best
    # iterative deepening (slow: it forgets what it reached) on a smaller endgame
    from fourseasons_widget.search.endgames import position_at, small_position

    q = GameProblem(position_at(small_position(seed=0, cards_left=6)))
    assert (algorithms.iterative_deepening_search(q).cost
            == algorithms.breadth_first_search(q).cost)
    # a depth limit below the shortest line finds nothing: depth-limited is not complete
    short = algorithms.breadth_first_search(q).cost
    assert not algorithms.depth_limited_search(q, int(short) - 1).solved


@pytest.mark.parametrize("complete, optimal, reason", [
    (..., {"A*"}, "Fill in"),
    ({"A*"}, None, "Fill in"),
    ("A*", {"A*"}, "should be a set"),
    ({"A*", "random walk"}, {"A*"}, "Unknown name"),
])
def test_malformed_guarantees_are_told_what_is_wrong(complete, optimal, reason):
    fb = ex.check_guarantees(complete, optimal)
    assert not fb and reason in fb.why


@pytest.mark.slow
def test_the_teachers_solutions_are_accepted():
    """The answers in notebooks/solutions/05-search-solutions.md pass their checkers."""
    import pathlib
    import re

    text = (pathlib.Path(__file__).parents[1] / "notebooks" / "solutions"
            / "05-search-solutions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 6
    space: dict = {}
    for b in blocks:
        exec(b, space)
    assert ex.check_heuristic(space["h"])
    assert ex.check_expansion_order(space["order"])
    assert ex.check_guarantees(space["complete"], space["optimal"])
    assert check_search(space["my_breadth_first"], "breadth-first")
    assert check_search(space["my_astar"], "A*")
    assert check_search(space["my_dfs"], "depth-first")
    assert check_search(space["my_ids"], "iterative deepening")


def test_the_textbook_answer_is_told_about_graph_and_tree_search():
    complete = {"breadth-first", "iterative deepening", "A*"}
    fb = ex.check_guarantees(complete, {"breadth-first", "iterative deepening", "A*"})
    assert not fb and "tree search" in fb.why and "graph search" in fb.why
    assert "2 algorithm(s) misplaced in `complete`" in fb.why
