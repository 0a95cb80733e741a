"""The checker for notebook 05's "write the search yourself": breadth-first, A* (and, as an
extension, depth-first and iterative deepening) written by the student.

A student's search is a function ``search(problem, on_step)`` over the
:class:`~fourseasons_widget.search.problem.Problem` protocol that builds on
:func:`~fourseasons_widget.search.algorithms.expand`, calls ``on_step(node, children,
frontier)`` after each expansion and returns the goal :class:`Node` (or ``None``).
:func:`check_search` runs it on small positions beside a hidden reference written the same way
(and checked against the library's algorithms by the tests), and compares what the student
sees: the solution and its length, the expansions (order and count) and the frontier after
each one.  It says *what* differs, and where, never *how* the reference does it.

>>> check_search(..., "breadth-first")
✘ Not yet. Write your function first: def my_search(problem, on_step): ... returning the goal Node or None.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any

from ..search.algorithms import Node, expand
from ._feedback import Feedback

#: the positions the checker runs a search on: ``small_position(seed, cards_left)`` (played
#: along a known win of deal ``seed`` until that many cards are left; the second and third
#: still have cards in the stock, where the algorithms differ most)
CHECK_POSITIONS = ((0, 3), (2, 6), (3, 6))
#: the algorithms the checker knows, and the names a student may use for them
KINDS = {"breadth-first": ("breadth-first", "bfs", "breadth first"),
         "A*": ("a*", "astar", "a star"),
         "depth-first": ("depth-first", "dfs", "depth first"),
         "iterative deepening": ("iterative deepening", "ids", "iddfs")}
#: the most expansions the checker lets a search make on one position
CHECK_LIMIT = 1000


# -- the hidden references (the same shape as the student's functions) --------------------------


def _ref_breadth_first(problem, on_step):
    node = Node(problem.initial)
    frontier = deque([node])
    reached = {problem.key(node.state)}
    while frontier:
        node = frontier.popleft()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in reached:
                reached.add(k)
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def _ref_astar(problem, on_step):
    root = Node(problem.initial)
    count = itertools.count()
    frontier = [(problem.h(root.state), next(count), root)]
    reached = {problem.key(root.state): root}
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if problem.is_goal(node.state):
            return node
        if reached[problem.key(node.state)] is not node:
            continue
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in reached or child.path_cost < reached[k].path_cost:
                reached[k] = child
                heapq.heappush(frontier, (child.path_cost + problem.h(child.state),
                                          next(count), child))
        on_step(node, children, frontier)
    return None


def _ref_depth_first(problem, on_step):
    node = Node(problem.initial)
    frontier = [node]
    reached = {problem.key(node.state)}
    while frontier:
        node = frontier.pop()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in reached:
                reached.add(k)
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def _ref_greedy(problem, on_step):  # (for the diagnosis only: "yours is greedy")
    root = Node(problem.initial)
    count = itertools.count()
    frontier = [(problem.h(root.state), next(count), root)]
    reached = {problem.key(root.state)}
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in reached:
                reached.add(k)
                heapq.heappush(frontier, (problem.h(child.state), next(count), child))
        on_step(node, children, frontier)
    return None


REFERENCES: dict[str, Callable[..., Any]] = {
    "breadth-first": _ref_breadth_first, "A*": _ref_astar, "depth-first": _ref_depth_first}
#: what a wrong search may turn out to be
_OTHERS = {**REFERENCES, "greedy best-first": _ref_greedy}
_EVALUATION = {"breadth-first": "breadth-first", "A*": "A*", "depth-first": "depth-first",
               "iterative deepening": "breadth-first"}


def _kind(name: Any) -> str | None:
    if not isinstance(name, str):
        return None
    low = name.strip().lower()
    for kind, aliases in KINDS.items():
        if low == kind.lower() or low in aliases:
            return kind
    return None


@cache
def _problem(seed: int, cards_left: int):
    from ..search.endgames import position_at, small_position
    from ..search.problem import GameProblem

    return GameProblem(position_at(small_position(seed=seed, cards_left=cards_left)))


class _Run:
    """One recorded run: what the student (or the reference) did on one position."""

    def __init__(self, problem, search, kind: str) -> None:
        from ..search.trace import record

        self.error: str | None = None
        self.trace = None
        try:
            self.trace = record(problem, search, max_steps=CHECK_LIMIT,
                                evaluation=_EVALUATION[kind])
        except TypeError as e:
            text = str(e)
            if "'<' not supported" in text and "Node" in text:
                self.error = ("comparing two Nodes failed (TypeError: '<' not supported): "
                              "when two heap entries have the same f, Python compares the next "
                              "item; put a counter between f and the node, (f, count, node)")
            else:
                self.error = f"TypeError: {text[:160]}"
        except Exception as e:  # the student's code: any error is reported, never raised
            self.error = f"{type(e).__name__}: {str(e)[:160]}"
        if self.trace is None:
            return
        t = self.trace
        key = problem.key
        self.keys = [key(t.states[t.nodes[s["node"]]["pos"]]) for s in t.steps]
        self.depths = [t.nodes[s["node"]]["depth"] for s in t.steps]
        self.g = [t.nodes[s["node"]]["g"] for s in t.steps]
        self.h = [t.nodes[s["node"]]["h"] for s in t.steps]
        self.frontiers = [frozenset(key(t.states[t.nodes[j]["pos"]]) for j in s["queue"])
                          for s in t.steps]

    @property
    def length(self) -> int | None:
        return len(self.trace.path) if self.trace is not None and self.trace.solved else None


def _where(seed: int, cards_left: int) -> str:
    return f"small_position(seed={seed}, cards_left={cards_left})"


def _sorted_by(values: list[float]) -> bool:
    return all(a <= b for a, b in itertools.pairwise(values))


def _order_diagnosis(kind: str, you: _Run, ref: _Run, i: int, problem: Any = None) -> str:
    """Why the expansion orders part at index ``i`` (0-based), in words about the nodes."""
    if problem is not None:
        for other, fn in _OTHERS.items():
            if other == kind:
                continue
            them = _Run(problem, fn, other)
            if them.trace is not None and them.keys == you.keys:
                return (f"your search expands exactly the nodes {other} search expands, in its "
                        f"order — not {kind}'s")
    seen: dict[Any, int] = {}
    for j, k in enumerate(you.keys):
        if k in seen:
            return (f"your search expands the same state twice (expansions {seen[k] + 1} and "
                    f"{j + 1}): a state already reached must not be searched again — keep a "
                    "table of the states reached and skip a child whose state is in it"
                    + (" (or an entry superseded by a cheaper path)" if kind == "A*" else ""))
        seen[k] = j
    n = min(len(you.keys), 40)
    f_you = [g + h for g, h in zip(you.g[:n], you.h[:n])]
    if kind == "breadth-first" and not _sorted_by(you.depths[:n]):
        return ("your search expands a deeper node before a shallower one (depth "
                f"{max(you.depths[:n])} before depth {min(you.depths[you.depths.index(max(you.depths[:n])):n])}): "
                "breadth-first takes the oldest node first — a FIFO queue (popleft), not a stack")
    if kind == "A*":
        if not _sorted_by(f_you):
            if _sorted_by(you.h[:n]):
                return "your expansions are ordered by h alone: that is greedy best-first, not A*"
            if _sorted_by(you.g[:n]):
                return ("your expansions are ordered by g alone: that is uniform-cost search; "
                        "A* orders by f = g + h")
            return ("your expansions are not in order of f = g + h (with this h, A*'s f never "
                    "decreases from one expansion to the next)")
        if ref.trace is not None and i < len(ref.keys) and f_you[min(i, n - 1)] == (
                ref.g[i] + ref.h[i]):
            return (f"your order agrees on f but breaks a tie differently at expansion {i + 1}: "
                    "among nodes of equal f, take the one generated first (a counter in each "
                    "heap entry does it)")
    if kind == "depth-first" and you.depths[: i + 1] and you.depths[i] < ref.depths[i]:
        return (f"at expansion {i + 1} your search takes a node at depth {you.depths[i]}, the "
                f"reference one at depth {ref.depths[i]}: depth-first takes the newest node "
                "first (a stack: pop from the end)")
    if i < len(ref.depths) and i < len(you.depths):
        return (f"expansion {i + 1} differs: yours is a node at depth {you.depths[i]} (g "
                f"{you.g[i]:g}, h {you.h[i]:g}), the reference's at depth {ref.depths[i]} (g "
                f"{ref.g[i]:g}, h {ref.h[i]:g})")
    return f"the expansions differ from expansion {i + 1} on"


def check_search(search: Any, algorithm: str = "breadth-first") -> Feedback:
    """Run ``search(problem, on_step)`` (your function) on the small positions of
    :data:`CHECK_POSITIONS` and compare it with the reference ``algorithm`` ("breadth-first",
    "A*", "depth-first" or "iterative deepening"): the solution and its length, the
    expansions (order and count) and the frontier after each expansion."""
    kind = _kind(algorithm)
    if kind is None:
        return Feedback.not_yet(f"Unknown algorithm {str(algorithm)[:30]!r}: use one of "
                                f"{', '.join(KINDS)}.")
    if search is ... or search is None or not callable(search):
        return Feedback.not_yet("Write your function first: def my_search(problem, on_step): "
                                "... returning the goal Node or None.")
    if kind == "iterative deepening":
        return _check_ids(search)
    totals = [0, 0]
    for seed, cards_left in CHECK_POSITIONS:
        where = _where(seed, cards_left)
        problem = _problem(seed, cards_left)
        ref = _Run(problem, REFERENCES[kind], kind)
        you = _Run(problem, search, kind)
        if you.error:
            return Feedback.not_yet(f"On {where} your search failed: {you.error}.")
        t = you.trace
        if not t.steps and not t.solved:
            return Feedback.not_yet(
                "Your function returned without calling on_step: write its body, and call "
                "on_step(node, children, frontier) after each expansion.")
        totals[0] += len(you.keys)
        totals[1] += len(ref.keys)
        # the solution
        if ref.trace.solved and t.stopped == "limit":
            return Feedback.not_yet(
                f"On {where} your search was stopped after {CHECK_LIMIT:,} expansions without "
                f"a goal; the reference needs {len(ref.keys):,}. "
                + (_order_diagnosis(kind, you, ref, 0) + "." if len(set(you.keys)) < len(
                    you.keys) else "Does your loop take nodes from the frontier?"))
        if ref.trace.solved and not t.solved:
            return Feedback.not_yet(f"On {where} your search found no goal, but there is one "
                                    f"{ref.length} moves away.")
        if kind != "depth-first" and t.solved and you.length != ref.length:
            return Feedback.not_yet(
                f"On {where} your search found a line of {you.length} moves; the shortest has "
                f"{ref.length}. " + _cap(_order_diagnosis(kind, you, ref, _first_difference(you, ref),
                                         problem)) + ".")
        # the expansions
        if you.keys != ref.keys:
            i = _first_difference(you, ref)
            if i == len(you.keys) and t.solved:
                return Feedback.not_yet(
                    f"On {where} your search stopped after {len(you.keys)} expansions, the "
                    f"reference after {len(ref.keys)}: you test for the goal when a node is "
                    "generated; test it when a node is taken from the frontier (as A* must, to "
                    "be optimal) so that the counts compare.")
            if i == len(ref.keys):
                return Feedback.not_yet(
                    f"On {where} your search went on expanding after the reference found the "
                    f"goal ({len(you.keys)} expansions against {len(ref.keys)}): test for the "
                    "goal when a node is taken from the frontier, and return it.")
            return Feedback.not_yet(f"On {where}, " + _order_diagnosis(kind, you, ref, i, problem)
                                    + ".")
        # the frontier after each expansion
        for k, (a, b) in enumerate(zip(you.frontiers, ref.frontiers), start=1):
            if a != b:
                extra, lack = len(a - b), len(b - a)
                what = []
                if extra:
                    what.append(f"{extra} state(s) the reference's frontier does not hold: a "
                                "child whose state was already reached was added again — keep "
                                "a table of the states reached (a graph search), and skip such "
                                "a child" + (" unless its path is cheaper" if kind == "A*"
                                             else ""))
                if lack:
                    what.append(f"{lack} state(s) missing from yours (a child not added?)")
                return Feedback.not_yet(
                    f"On {where} your expansions agree, but after expansion {k} your frontier "
                    f"holds {len(a)} distinct states and the reference's {len(b)}: "
                    + "; ".join(what) + ".")
    return Feedback.right(
        f"Your {kind} search agrees with the reference on {len(CHECK_POSITIONS)} positions: "
        f"the same lines, the same {totals[0]:,} expansions in the same order, the same "
        "frontier after each one.")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _first_difference(you: _Run, ref: _Run) -> int:
    for i, (a, b) in enumerate(zip(you.keys, ref.keys)):
        if a != b:
            return i
    return min(len(you.keys), len(ref.keys))


def _check_ids(search: Any) -> Feedback:
    """Iterative deepening is a tree search (it re-expands states on purpose): compare the
    solution (found, legal, shortest) and the expansion count with the library's."""
    from ..search.algorithms import breadth_first_search, iterative_deepening_search

    calls = [0]

    def on_step(*_args: Any, **_kw: Any) -> None:
        calls[0] += 1
        if calls[0] > 50 * CHECK_LIMIT:
            raise _TooMany

    for seed, cards_left in CHECK_POSITIONS[:2]:
        where = _where(seed, cards_left)
        problem = _problem(seed, cards_left)
        shortest = len(breadth_first_search(problem).path)
        try:
            found = search(problem, on_step)
        except _TooMany:
            return Feedback.not_yet(f"On {where} your search made over {50 * CHECK_LIMIT:,} "
                                    "expansions: does each pass stop at its depth limit?")
        except Exception as e:
            return Feedback.not_yet(f"On {where} your search failed: {type(e).__name__}: "
                                    f"{str(e)[:160]}.")
        if found is None:
            if calls[0] == 0:
                return Feedback.not_yet("Your function returned None without calling on_step: "
                                        "write its body.")
            return Feedback.not_yet(f"On {where} your search found no goal; one is {shortest} "
                                    "moves away.")
        if not isinstance(found, Node) or not problem.is_goal(found.state):
            return Feedback.not_yet(f"On {where} your search returned {type(found).__name__}, "
                                    "not a goal Node.")
        line = found.path()
        s = problem.initial
        for a in line:
            if a not in problem.actions(s):
                return Feedback.not_yet(f"On {where} the line your goal node records is not "
                                        "legal: build children with expand(problem, node).")
            s = problem.result(s, a)
        if not problem.is_goal(s):
            return Feedback.not_yet(f"On {where} your goal node's moves do not reach the goal.")
        if len(line) != shortest:
            return Feedback.not_yet(f"On {where} your line has {len(line)} moves; the shortest "
                                    f"has {shortest}: do the limits grow 1, 2, 3, …?")
    ref = iterative_deepening_search(_problem(*CHECK_POSITIONS[1])).expanded
    return Feedback.right(f"Shortest lines found on the first two positions; the library's "
                          f"iterative deepening makes {ref:,} expansions on the second "
                          f"(compare your on_step count: {calls[0]:,} calls on both).")


class _TooMany(Exception):
    pass
