"""The checker for notebook 05's "write the search yourself": breadth-first, A* (and, as
extensions, uniform-cost, greedy best-first, depth-first and iterative deepening) written by
the student.

A student's search is a function ``search(problem, on_step)`` over the
:class:`~fourseasons_widget.search.problem.Problem` protocol that builds on
:func:`~fourseasons_widget.search.algorithms.expand`, calls ``on_step(node, children,
frontier)`` after each expansion and returns the goal :class:`Node` (or ``None``).

:func:`check_search` runs it on small positions and judges it by what defines the algorithm,
not by one reference's trace, so any frontier container and any tie-break passes:

- breadth-first takes, at every expansion, a node of least depth among the frontier it
  reported (first in, first out: a deque, or a list with ``pop(0)``), uniform-cost one of
  least g, greedy best-first one of least h, A* one of least f = g + h; depth-first finishes a
  node's subtree before its siblings (a stack, or recursion);
- a graph search never expands a state twice (A* and uniform-cost: never again by a path no
  cheaper), and keeps every new child in its frontier;
- uniform-cost and A* test for the goal when a node is taken from the frontier and return a
  cheapest line; breadth-first returns a shortest line, and may test when a child is generated
  (AIMA's Figure 3.9: right, with a note on the difference);
- iterative deepening runs depth-first passes to depths 0, 1, 2, …, each expanding every state
  within its limit, and returns a shortest line.

A wrong search is told the first of these it breaks, and what it is instead ("this is
greedy best-first search: it orders the frontier by h alone").  Uniform-cost search and A* are
also run on AIMA's Romania map (:data:`ROMANIA`), where moves cost differently: there a goal
tested when generated, or a state's g never lowered, returns a costlier line, as it cannot on
the game.  Each position is a fresh copy, of a class of its own (nothing a student changes on
it, or on its class, survives into the next check); the student's code runs
under bounds (:mod:`~fourseasons_widget.search.bounded`: expansions, frontier size, wall time
or a step budget) and its errors, ``sys.exit()`` and ``KeyboardInterrupt`` are answered, never
raised; a search that calls the library's own searches (or this module's hidden ones) is
refused.

>>> check_search(..., "breadth-first")
✘ Not yet. Write your function first: def my_search(problem, on_step): ... returning the goal Node or None.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import operator
import types
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any

from ..search.algorithms import Node, expand
from ..search.bounded import (
    Guard,
    Outcome,
    describe_error,
    forged_child,
    frontier_container,
    frontier_node,
    private_class,
    step_children,
)
from ..search.bounded import Misuse as _Misuse
from ._feedback import Feedback

#: the positions the checker runs a search on: ``small_position(seed, cards_left)`` (played
#: along a known win of deal ``seed`` until that many cards are left; the second and third
#: still have cards in the stock, where the algorithms differ most)
CHECK_POSITIONS = ((0, 3), (2, 6), (3, 6))
#: iterative deepening repeats its work: smaller positions (the last with a card in the stock)
IDS_POSITIONS = ((0, 3), (0, 5), (2, 4))
#: AIMA's Romania map, Arad to Bucharest (:mod:`~fourseasons_widget.search.romania`): where
#: moves cost differently, the position that shows the classic mistakes of uniform-cost search
#: and A* (a goal tested when generated; a state's g never lowered), which change nothing on
#: the game's positions, where every move costs 1
ROMANIA = ("Arad", "Bucharest")
#: the algorithms also checked on :data:`ROMANIA`
COSTED = ("uniform-cost", "A*")
#: the algorithms the checker knows, and the names a student may use for them
KINDS = {"breadth-first": ("breadth-first", "bfs", "breadth first"),
         "uniform-cost": ("uniform-cost", "ucs", "uniform cost", "dijkstra"),
         "greedy best-first": ("greedy best-first", "greedy", "greedy best first"),
         "A*": ("a*", "astar", "a star", "a-star"),
         "depth-first": ("depth-first", "dfs", "depth first"),
         "iterative deepening": ("iterative deepening", "ids", "iddfs")}
#: the most expansions the checker lets a search make on one position
CHECK_LIMIT = 10_000
#: ... and an iterative deepening search (which repeats its passes)
IDS_LIMIT = 20_000
#: the most wall time, in seconds, a search may take on one position
CHECK_SECONDS = 10.0
#: a run's first expansions are all compared with the frontier reported before them; past
#: these, one pair in :data:`SAMPLE_EVERY` (long runs: a reached table keyed on the state)
FULL_STEPS = 500
SAMPLE_EVERY = 10
#: past :data:`FULL_STEPS`, frontiers are sampled only until the run has recorded this many
#: entries in all (a tree search's frontier grows to tens of thousands: judging every sample
#: of it took longer than the run itself)
SAMPLE_ENTRIES = 1_000_000
#: how many pairs of expansions tell whether on_step is called before the children are added
LATE_PAIRS = 50
#: the most entries a frontier passed to on_step may hold, and children one expansion may have
MAX_FRONTIER = 50_000

#: the methods of the Problem protocol (a search that assigns one on its problem replaced it)
_PROTOCOL = ("actions", "result", "is_goal", "action_cost", "h", "key")
_ORDERED = ("breadth-first", "uniform-cost", "greedy best-first", "A*")
_OPTIMAL = ("breadth-first", "uniform-cost", "A*", "iterative deepening")


# -- the hidden references (the same shape as the student's functions; the tests hand them in
#    as right answers, and a submission that calls them is refused) -------------------------


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


def _ref_greedy(problem, on_step):
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
    "breadth-first": _ref_breadth_first, "A*": _ref_astar, "depth-first": _ref_depth_first,
    "greedy best-first": _ref_greedy}


def _kind(name: Any) -> str | None:
    if not isinstance(name, str):
        return None
    low = name.strip().lower()
    for kind, aliases in KINDS.items():
        if low == kind.lower() or low in aliases:
            return kind
    return None


def _problem(seed: int | str, cards_left: int | str):
    """A fresh copy of a check position, of a class of its own: what a student's run changes
    on it (``problem.h = ...``, or ``type(problem).h = ...``) dies with it."""
    if (seed, cards_left) == ROMANIA:
        from ..search.romania import RomaniaProblem

        return private_class(RomaniaProblem(seed))
    from ..search.endgames import position_at, small_position
    from ..search.problem import GameProblem

    return private_class(GameProblem(position_at(small_position(seed=seed,
                                                                cards_left=cards_left))))


def _where(position: tuple) -> str:
    if position == ROMANIA:
        return "AIMA's Romania map (Arad to Bucharest)"
    return f"small_position(seed={position[0]}, cards_left={position[1]})"


@cache
def _cheapest(seed: int | str, cards_left: int | str) -> float:
    """The cost of a cheapest line (the library's uniform-cost search)."""
    from ..search import algorithms

    return algorithms.uniform_cost_search(_problem(seed, cards_left)).cost


@cache
def _layers(seed: int, cards_left: int) -> tuple[int, types.MappingProxyType]:
    """The shortest line's length and, for every state (by ``problem.key``) no farther than
    that from the start, its distance: a breadth-first search of the checker's own."""
    p = _problem(seed, cards_left)
    start = p.key(p.initial)
    dist = {start: 0}
    layer = [p.initial]
    depth = 0
    while layer and not any(p.is_goal(s) for s in layer):
        nxt = []
        for s in layer:
            for a in p.actions(s):
                s2 = p.result(s, a)
                k = p.key(s2)
                if k not in dist:
                    dist[k] = depth + 1
                    nxt.append(s2)
        layer, depth = nxt, depth + 1
    return depth, types.MappingProxyType(dist)


@cache
def _library_expansions(kind: str, positions: tuple) -> int:
    from ..search import algorithms

    run = {"breadth-first": algorithms.breadth_first_search,
           "uniform-cost": algorithms.uniform_cost_search,
           "greedy best-first": algorithms.greedy_best_first_search,
           "A*": algorithms.astar, "depth-first": algorithms.depth_first_search,
           "iterative deepening": algorithms.iterative_deepening_search}[kind]
    return sum(run(_problem(*pos)).expanded for pos in positions)


def _forbidden() -> dict[Any, str]:
    """The package's own searches, by code object: calling any of them is not writing one."""
    from ..search import algorithms as a
    from ..solver import exact

    named = {
        a.best_first_search: "the library's best-first search",
        a.breadth_first_search: "the library's breadth-first search",
        a.depth_first_search: "the library's depth-first search",
        a.uniform_cost_search: "the library's uniform-cost search",
        a.greedy_best_first_search: "the library's greedy best-first search",
        a.astar: "the library's A*", a.weighted_astar: "the library's weighted A*",
        a.depth_limited_search: "the library's depth-limited search",
        a.iterative_deepening_search: "the library's iterative deepening search",
        exact.search: "the solver", exact.solve: "the solver",
        _ref_breadth_first: "the checker's hidden breadth-first search",
        _ref_astar: "the checker's hidden A*",
        _ref_depth_first: "the checker's hidden depth-first search",
        _ref_greedy: "the checker's hidden greedy best-first search",
    }
    return {f.__code__: what for f, what in named.items()}


# -- watching a run ------------------------------------------------------------------------------


def _nodes_of(raw: list[Any]) -> tuple[list[Node], list[Any]]:
    """The Nodes of a reported frontier's entries, and each entry's first item (its f, for a
    heap of tuples)."""
    kinds = set(map(type, raw))
    if kinds <= {Node}:  # (the common cases first, at C speed: frontiers get long)
        return raw, []
    if kinds <= {tuple} and all(raw) and all(
            map(Node.__instancecheck__, map(operator.itemgetter(-1), raw))):
        return list(map(operator.itemgetter(-1), raw)), list(map(operator.itemgetter(0), raw))
    return ([frontier_node(e) for e in raw],
            [e[0] if isinstance(e, tuple | list) and e else None for e in raw])


class _Step:
    __slots__ = ("children", "firsts", "frontier", "node")

    def __init__(self, node, children, frontier, firsts):
        self.node, self.children, self.frontier = node, children, frontier
        self.firsts = firsts


class _Watch:
    """The ``on_step`` the checker hands a student's search: it records each expansion (the
    Node objects themselves, so that identity tells the nodes apart) and enforces the bounds."""

    def __init__(self, guard: Guard, limit: int, judge: Any) -> None:
        self.guard, self.limit = guard, limit
        self.judge = judge  # the checker's own copy of the position
        self.steps: list[_Step] = []
        self.misuse: str | None = None
        self.last_source: Any = ()  # the frontier reported last (read again at the end)
        self.entries = 0  # the frontier entries recorded so far

    def __call__(self, node: Any = None, children: Any = (), frontier: Any = (), *_: Any,
                 **__: Any) -> None:
        self.guard.check()
        if len(self.steps) >= self.limit:
            self.guard.halt("expansions")
        try:
            kids = step_children(node, children)
            n = len(self.steps)
            if n < FULL_STEPS:
                why = forged_child(self.judge, node, kids)
                if why is not None:
                    raise _Misuse(f"a child reported at expansion {n + 1} is not one "
                                  f"expand(problem, node) makes ({why}): build the children "
                                  "with expand and report them unchanged")
            source = frontier_container(frontier)
            self.last_source = source
            if n < FULL_STEPS or (n % SAMPLE_EVERY in (0, SAMPLE_EVERY - 1)
                                  and self.entries < SAMPLE_ENTRIES):
                raw = list(itertools.islice(iter(source), MAX_FRONTIER + 1))
                if len(raw) > MAX_FRONTIER:
                    self.guard.halt("frontier")
                nodes, firsts = _nodes_of(raw)
                self.entries += len(raw)
            else:  # (a long run: every tenth pair of expansions is compared, to stay quick)
                if isinstance(source, list | deque) and len(source) > MAX_FRONTIER:
                    self.guard.halt("frontier")
                nodes = firsts = None
        except _Misuse as e:
            self.misuse = str(e)
            self.guard.halt("misuse")
        except TypeError:
            self.misuse = ("on_step's arguments should be (node, children, frontier): the "
                           "Node expanded, the list of its children, and your frontier")
            self.guard.halt("misuse")
        self.steps.append(_Step(node, kids, nodes, firsts))


class _Run:
    """One guarded run of a student's search on one position, and what the checker needs
    to judge it."""

    def __init__(self, search: Any, seed: int, cards_left: int, kind: str) -> None:
        self.position = (seed, cards_left)
        self.where = _where(self.position)
        self.shortest, self.dist = _layers(seed, cards_left)
        self.judge = _problem(seed, cards_left)  # the checker's own copy, never the student's
        theirs = _problem(seed, cards_left)
        # (a patch of the classes the copies come from, GameProblem.h = ..., or of the state's
        #  and the rules' engine's classes, State.is_won = ..., is put back)
        guard = Guard(CHECK_SECONDS, forbidden=_forbidden(),
                      protect=(type(theirs), type(self.judge), Node, type(self.judge.initial),
                               type(getattr(self.judge, "_engine", None))))
        self.watch = _Watch(guard, IDS_LIMIT if kind == "iterative deepening" else CHECK_LIMIT,
                            self.judge)
        self.out: Outcome = guard.run(search, theirs, self.watch)
        # what the search put in place of the problem's own methods (problem.h = ...)
        self.replaced = [m for m in _PROTOCOL if m in vars(theirs)]
        self.cost: float = 0.0  # the cost of the line returned (set by _line_of)
        self.steps = self.watch.steps
        if self.steps and self.steps[-1].frontier is None:  # (the last one is always judged)
            try:
                raw = list(itertools.islice(iter(self.watch.last_source), MAX_FRONTIER))
                self.steps[-1].frontier, self.steps[-1].firsts = _nodes_of(raw)
            except (_Misuse, TypeError, RuntimeError):
                self.steps[-1].frontier, self.steps[-1].firsts = [], []
        self._keys: dict[int, Any] = {}
        self._hs: dict[int, float] = {}
        self._late: bool | None = None

    def key(self, n: Node) -> Any:
        k = self._keys.get(id(n))
        if k is None:
            k = self._keys[id(n)] = self.judge.key(n.state)
        return k

    def h(self, n: Node) -> float:
        v = self._hs.get(id(n))
        if v is None:
            v = self._hs[id(n)] = self.judge.h(n.state)
        return v

    def prio(self, kind: str, n: Node) -> float:
        if kind == "breadth-first":
            return n.depth
        if kind == "uniform-cost":
            return n.path_cost
        if kind == "greedy best-first":
            return self.h(n)
        return n.path_cost + self.h(n)

    def late_push(self) -> bool:
        """on_step is called before the children are added to the frontier (they show up in
        the next expansion's frontier, or are taken next, without being in this one's)."""
        if self._late is None:
            self._late = self._find_late_push()
        return self._late

    def _find_late_push(self) -> bool:
        pairs = ((a, b) for a, b in itertools.pairwise(self.steps)
                 if a.frontier is not None and b.frontier is not None)
        for a, b in itertools.islice(pairs, LATE_PAIRS):  # (the code's habit shows at once)
            now = {id(n) for n in a.frontier}
            later = {id(n) for n in b.frontier} | {id(b.node)}
            if any(id(c) in later and id(c) not in now for c in a.children):
                return True
        return False

    def choices(self):
        """For each expansion after the first: (its index k, the node taken, the live frontier
        it was taken from) — the frontier reported after expansion k − 1 (with the children
        of that expansion, for a search that reports before adding them), minus nodes
        already expanded."""
        late = self.late_push()
        expanded: set[int] = set()
        for k in range(1, len(self.steps)):
            prev = self.steps[k - 1]
            expanded.add(id(prev.node))
            if prev.frontier is None:
                continue
            pool = list(prev.frontier)
            taken = self.steps[k].node
            if late:
                # the children added after on_step: those seen next (a child the search
                # dropped, a duplicate, never was in its frontier)
                have = {id(n) for n in pool}
                now = self.steps[k].frontier
                later = None if now is None else {id(n) for n in now} | {id(taken)}
                pool += [c for c in prev.children if id(c) not in have
                         and (later is None or id(c) in later)]
            live = pool if expanded.isdisjoint(map(id, pool)) else [
                n for n in pool if id(n) not in expanded]
            if not any(n is taken for n in live):
                # a frontier reported in part (a loop over the current layer that reports only
                # the next): what was reported still orders the choice
                live = [*live, taken]
            yield k, taken, live


# -- judging ---------------------------------------------------------------------------------------


_WANT = {
    "breadth-first": "breadth-first takes the oldest node first (a queue: popleft(), or pop(0) "
                     "on a list), so every node of depth d before any of depth d + 1",
    "uniform-cost": "uniform-cost search takes a node of least path cost g first",
    "greedy best-first": "greedy best-first takes a node of least h first",
    "A*": "A* takes a node of least f = g + h first",
    "depth-first": "depth-first takes the newest node first (a stack: pop() from the end), so "
                   "it finishes a node's subtree before the node's siblings",
}
_IS = {
    "greedy best-first": "this is greedy best-first search: it orders the frontier by h alone",
    "uniform-cost": "this is uniform-cost search: it orders the frontier by g alone (every move "
                    "costs 1 here, so it expands what breadth-first expands)",
    "breadth-first": "this is breadth-first search: it takes the shallowest, oldest node first",
    "depth-first": "this is depth-first search: it takes the newest, deepest node first",
    "A*": "this is A*: it orders the frontier by f = g + h",
}


def _num(x: float) -> str:
    return f"{x:g}"


def _measure(kind: str, run: _Run, n: Node) -> str:
    if kind == "breadth-first":
        return f"depth {n.depth}"
    if kind == "uniform-cost":
        return f"g = {_num(n.path_cost)}"
    if kind == "greedy best-first":
        return f"h = {_num(run.h(n))}"
    return f"f = {_num(n.path_cost + run.h(n))} (g {_num(n.path_cost)} + h {_num(run.h(n))})"


def _first_violation(kind: str, runs: list[_Run]):
    for run in runs:
        for k, taken, live in run.choices():
            if not live:
                continue
            low = min(map(functools.partial(run.prio, kind), live))
            if run.prio(kind, taken) > low + 1e-9:
                best = next(n for n in live if run.prio(kind, n) == low)
                return run, k, taken, best
    return None


_PRIO = {"uniform-cost": "g", "greedy best-first": "h", "A*": "f"}


def _takes_greatest(kind: str, runs: list[_Run]) -> bool:
    """Every choice (of the first hundred) takes a node of greatest priority, and some of
    them could have taken a smaller one: a max-heap where a min-heap belongs."""
    some = False
    for run in runs:
        prio = functools.partial(run.prio, kind)
        for _, taken, live in itertools.islice(run.choices(), 100):
            if not live:
                continue
            values = list(map(prio, live))
            if prio(taken) < max(values) - 1e-9:
                return False
            some = some or min(values) < max(values) - 1e-9
    return some


def _depth_first_order(steps: list[_Step]) -> tuple[int, Node] | None:
    """Where a run of expansions stops being depth-first: a node whose parent is not on the
    current path, or a child of a node whose subtree was left (its index and that node)."""
    path: list[Node] = []
    left: set[int] = set()
    for i, st in enumerate(steps):
        n = st.node
        if not path:
            path.append(n)
            continue
        if id(n.parent) in left:
            return i, n
        while path and path[-1] is not n.parent:
            left.add(id(path.pop()))
        if not path:
            return i, n
        path.append(n)
    return None


def _fits(kind: str, runs: list[_Run]) -> bool:
    if kind == "depth-first":
        return all(_depth_first_order(r.steps) is None for r in runs)
    return _first_violation(kind, runs) is None


def _heap_of_g(runs: list[_Run]) -> bool:
    """The frontier is a heap of tuples whose first item is the node's g."""
    pairs = [(f, n.path_cost) for r in runs for st in r.steps[:50]
             for f, n in zip(st.firsts or (), st.frontier or ())]
    return bool(pairs) and all(isinstance(f, int | float) and f == g for f, g in pairs)


def _keyed_on_state(run: _Run) -> bool:
    """Two different states of one ``problem.key`` were both expanded: a reached table keyed
    on the state itself."""
    seen: dict[Any, Any] = {}
    start = run.key(run.steps[0].node) if run.steps else None
    for st in run.steps:
        k = run.key(st.node)
        if k == start:
            continue  # (the start again: see _start_again)
        if k in seen and seen[k] != st.node.state:
            return True
        seen.setdefault(k, st.node.state)
    return False


def _what_it_is(claimed: str, runs: list[_Run]) -> str | None:
    for other in ("greedy best-first", "uniform-cost", "depth-first", "A*", "breadth-first"):
        if other == claimed or not _fits(other, runs):
            continue
        if other == "uniform-cost" and claimed in ("breadth-first", "uniform-cost"):
            continue
        if other == "uniform-cost" and not _heap_of_g(runs):
            other = "breadth-first"
        return _IS[other]
    return None


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?")) else text + "."


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:.") + " …"


def _error_text(e: BaseException) -> str:
    if isinstance(e, TypeError) and "'<' not supported" in str(e) and "Node" in str(e):
        return ("comparing two Nodes failed (TypeError: '<' not supported): when two heap "
                "entries have the same f, Python compares the next item; put a counter between "
                "f and the node, (f, count, node)")
    if isinstance(e, StopIteration):
        return (describe_error(e) + ": next() found nothing left; give it a default, "
                "next(..., None), or loop while the frontier is not empty")
    return describe_error(e)


def _stop_text(run: _Run, kind: str) -> str:
    reason = run.out.stopped
    limit = IDS_LIMIT if kind == "iterative deepening" else CHECK_LIMIT
    within = {"expansions": f"{limit:,} expansions",
              "frontier": f"a frontier of {MAX_FRONTIER:,} entries",
              "steps": "its step budget"}.get(reason, f"{CHECK_SECONDS:g} s")
    text = f"your search did not finish within {within} on {run.where}"
    if not run.steps:
        text += ("; it never called on_step: does its loop take a node from the frontier, "
                 "call on_step after each expansion, and end when the frontier is empty?")
    elif reason == "expansions":
        text += f" (a right {kind} search needs {_library_expansions(kind, (run.position,)):,})"
    elif _on_after_empty(run):
        text += (f"; after its last on_step (expansion {len(run.steps):,}) its frontier was "
                 "empty, yet it went on: end the loop when the frontier is empty "
                 "(while frontier: ...), and return None there")
    return text


def _on_after_empty(run: _Run) -> bool:
    """The frontier was empty after the last expansion (and had been reported before)."""
    last = run.steps[-1]
    return (last.frontier == [] and not (last.children and run.late_push())
            and any(st.frontier for st in run.steps))


def _loop_text(kind: str, run: _Run) -> str | None:
    """Why a search that failed with RecursionError went so deep: the same node, or state,
    expanded again and again (a graph search), or a state expanded again below itself on its
    own path (iterative deepening)."""
    if kind == "iterative deepening":
        for i, st in enumerate(run.steps[:2000], start=1):
            k = run.key(st.node)
            if any(run.key(a) == k for a in _ancestors(st.node)):
                return (f"expansion {i} expands a state already on its own path (at depth "
                        f"{st.node.depth}), and so round the loop again: skip a child whose "
                        "state is on the current path")
        return None
    text = _same_node_again(run) or _repeat(kind, run)
    prefix = f"On {run.where}, "
    return text[len(prefix):] if text and text.startswith(prefix) else text


_SWALLOWED = ("it caught the checker's stop signal — a bare except: or except BaseException: "
              "catches it (and KeyboardInterrupt); catch only the errors you expect")


def _early(run: _Run, kind: str) -> Feedback | None:
    """What must be said before the search's behaviour is judged at all."""
    out = run.out
    if out.library:
        what = out.library[0]
        return Feedback.not_yet(f"This calls {what}; write your own (the checker watches "
                                "what your function calls).")
    if out.swallowed:
        return Feedback.not_yet(f"Not finished on {run.where}: {_SWALLOWED}.")
    if run.watch.misuse:
        return Feedback.not_yet(f"On {run.where}: {run.watch.misuse}.")
    e = out.error
    if isinstance(e, SystemExit):
        return Feedback.not_yet("Your search called sys.exit() (SystemExit) on "
                                f"{run.where}: a search returns the goal Node, or None.")
    if isinstance(e, KeyboardInterrupt):
        return Feedback.not_yet(f"Your search was interrupted (KeyboardInterrupt) on "
                                f"{run.where}: run the check again, or look for a loop that "
                                "does not end.")
    if e is not None:
        why = _loop_text(kind, run) if isinstance(e, RecursionError) else None
        return Feedback.not_yet(f"On {run.where} your search failed: {_error_text(e)}"
                                + (f". It went that deep because {why}" if why else "") + ".")
    if not run.steps and out.stopped is not None:
        return Feedback.not_yet(_sentence(_stop_text(run, kind)))
    if not run.steps and out.stopped is None:
        if out.value is None:
            return Feedback.not_yet(
                "Your function returned None without calling on_step: write its body, and call "
                "on_step(node, children, frontier) after each expansion.")
        return Feedback.not_yet(
            "Your function returned without calling on_step: call on_step(node, children, "
            "frontier) after each expansion, so that the checker can see your search.")
    return None


def _line_of(run: _Run, found: Any) -> tuple[list, str | None]:
    """The returned node's line, replayed on the checker's own copy; or why it is not a
    goal's."""
    if not isinstance(found, Node):
        return [], (f"your search returned a {type(found).__name__}, not a Node: return the goal "
                    "Node (or None)")
    p = run.judge
    top = next(iter(deque(itertools.islice(_ancestors(found), 100_000), maxlen=1)), found)
    if top is not found and getattr(top, "depth", 0) != 0:
        return [], ("the line your goal node records does not reach back to the start: "
                    f"following .parent from the goal stops at a node of depth {top.depth}. "
                    "A node's parent was changed after expand made it (node.parent = None "
                    "frees no memory a search can spare): keep the nodes as expand makes them")
    try:
        line = found.path()
        s = p.initial
        cost = 0.0
        for a in line:
            if a not in p.actions(s):
                return line, ("the line your goal node records is not legal: build children "
                              "with expand(problem, node)")
            s2 = p.result(s, a)
            cost += p.action_cost(s, a, s2)
            s = s2
    except Exception:
        return [], "the node you returned does not record a line: build it with expand"
    run.cost = cost
    if not p.is_goal(s):
        try:
            a_goal = bool(p.is_goal(found.state))
        except Exception:
            a_goal = False
        if a_goal and found.parent is None:
            return line, ("your search returned a goal state in a Node of its own, "
                          "Node(state), which records no line back to the start: return the "
                          "goal node your search reached (a child expand(problem, node) "
                          "made, which keeps its parent and action)")
        if a_goal:
            return line, ("your search returned a goal, but the line its node records does "
                          "not lead from the start to it: build every child with "
                          "expand(problem, node), which records its parent and action")
        goal_child = any(st.node is found and any(_is_goal(p, c) for c in st.children)
                         for st in run.steps)
        if goal_child:
            return line, ("your search returned the goal's parent, not the goal: return the "
                          "node whose state passes problem.is_goal")
        return line, "your search returned a node that is not a goal"
    return line, None


def _is_goal(problem: Any, node: Any) -> bool:
    try:
        return bool(problem.is_goal(node.state))
    except Exception:
        return False


def _taken_as_next(kind: str, run: _Run, found: Node) -> bool:
    """The goal returned was taken from the frontier (the last node expanded, or a node of
    the frontier reported last that the search would take next)."""
    last = run.steps[-1]
    if last.node is found:
        return True
    pool = list(last.frontier)
    if run.late_push():
        pool += list(last.children)
    expanded = {id(s.node) for s in run.steps}
    live = [n for n in pool if id(n) not in expanded]
    if not any(n is found for n in live):
        # not in the frontier reported last: still taken from the frontier if an earlier
        # expansion generated it (a loop over a layer reports only the next one)
        earlier = {id(c) for st in run.steps[:-1] for c in st.children}
        if id(found) not in earlier:
            return False
        live.append(found)
    if kind not in _ORDERED:
        return True
    best = min(run.prio(kind, n) for n in live)
    return run.prio(kind, found) <= best + 1e-9


_AIMA_NOTE = (
    " It tests for the goal when a child is generated, as AIMA's breadth-first search does "
    "(4th ed., Figure 3.9): right for breadth-first, and it saves expanding the goal's own "
    "layer. Notebook 05 tests when a node is taken, the form uniform-cost search and A* need "
    "to return a cheapest line (the first goal generated may lie on a costlier one).")


def _listed(items: list[str]) -> str:
    """"3, 7 and 7" (the last of several joined by "and")."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _costlier_text(run: _Run, found: Node, best: float) -> str:
    """A costlier line than the cheapest, and where the search kept a costlier path to a state
    after a cheaper one had been generated (an A* or uniform-cost search that never lowers a
    state's g)."""
    text = (f"On {run.where} your search returned a line of cost {_num(run.cost)}; the "
            f"cheapest costs {_num(best)}")
    line = [found, *_ancestors(found)]
    cheaper: dict[Any, tuple[float, int, Node]] = {}
    for k, st in enumerate(run.steps, start=1):
        for c in st.children:
            kc = run.key(c)
            if kc not in cheaper or c.path_cost < cheaper[kc][0]:
                cheaper[kc] = (c.path_cost, k, st.node)
    for n in line:
        seen = cheaper.get(run.key(n))
        if seen is not None and seen[0] < n.path_cost - 1e-9:
            g, k, parent = seen
            return (f"{text}: your search kept {_named(n.state)} at g {_num(n.path_cost)} "
                    f"after expansion {k} (of {_named(parent.state)}) reached it by a cheaper "
                    f"path, g {_num(g)}. When a child reaches a state by a cheaper path than "
                    "the one your reached table holds, replace the entry (reached[k] = child) "
                    "and push the child; skip the costlier entry when it is taken.")
    return text + ": does it take a node of least f (A*) or g (uniform-cost) at each expansion?"


def _named(state: Any) -> str:
    return state if isinstance(state, str) else "a state"


def _generation_text(kind: str) -> str:
    if kind == "breadth-first":
        return ("Your search tests for the goal when a child is generated. That is the "
                "breadth-first search of AIMA's 4th edition (Figure 3.9; aima-python's "
                "breadth_first_graph_search), and it finds a shortest line too; but notebook "
                "05 asks for the test when a node is taken from the frontier, the form "
                "breadth-first shares with uniform-cost search and A*, which must test there "
                "to be optimal. Move the goal test to just after a node is taken.")
    return ("Your search tests for the goal when a child is generated: " + kind + " must test "
            "when a node is taken from the frontier — the first goal generated need not be on "
            "a cheapest line. Move the goal test to just after a node is taken.")


def _same_node_again(run: _Run) -> str | None:
    """One Node object expanded twice: read from the frontier (``frontier[0]``) but never
    taken out of it."""
    seen: dict[int, int] = {}
    for i, st in enumerate(run.steps, start=1):
        j = seen.setdefault(id(st.node), i)
        if j != i:
            return (f"On {run.where}, expansions {j} and {i} expand the very same node: a node "
                    "must leave the frontier when it is taken (popleft(), pop() or "
                    "heappop()), not only be read from it (frontier[0])")
    return None


def _start_again(kind: str, run: _Run) -> str | None:
    """A reached table made without the start: the start comes back one move on (often with
    its cross piles in another order, the same state for ``problem.key``) and is expanded a
    second time, or put back into the frontier after it was expanded.  Where other states are
    expanded twice as well, or the start three times, the table is missing altogether (the
    start, once generated again, would be in it): :func:`_repeat` says so, or this does."""
    if len(run.steps) < 2 or _keyed_on_state(run):
        return None
    start = run.key(run.steps[0].node)
    keys = [run.key(st.node) for st in run.steps]
    times = [i for i, k in enumerate(keys, start=1) if k == start]
    others = [k for k in keys if k != start]
    if len(set(others)) != len(others):
        return None
    if len(times) >= 3:
        shown = ", ".join(map(str, times[:3]))
        return (f"On {run.where}, expansions {shown}{', …' if len(times) > 3 else ''} all "
                "expand the start (the same state for problem.key): your search keeps no "
                "reached table. A graph search keeps one, keyed on problem.key(state), the "
                "start in it from the first, and skips a child whose state is in it")
    missing = ("the start is missing from your reached table. Put it in when you make the "
               "table: reached = {problem.key(problem.initial)}")
    if len(times) == 2 and run.steps[times[1] - 1].node.depth > 0:
        st = run.steps[times[1] - 1]
        how = ("the very same state" if st.node.state == run.steps[0].node.state else
               "the same state for problem.key, its piles in another order")
        return (f"On {run.where}, expansion {times[1]} expands the start again ({how}, "
                f"at depth {st.node.depth}): {missing}")
    if _keeps_variants(run):
        return None  # (a table keyed on the state itself keeps the start's variants apart)
    for i, st in enumerate(run.steps[:FULL_STEPS], start=1):
        back = [c for c in st.children if run.key(c) == start]
        if not back:
            continue
        held = _held(run, i)
        if held is not None and any(id(c) in held for c in back):
            return (f"On {run.where}, expansion {i} puts the start back into your frontier "
                    f"(a child of depth {back[0].depth} is the start again, the same state "
                    f"for problem.key): {missing}")
    return None


def _held(run: _Run, i: int) -> set[int] | None:
    """The ids of the nodes in the frontier after expansion ``i`` (counted from 1), with the
    children added after on_step for a search that reports before adding them."""
    st = run.steps[i - 1]
    if st.frontier is None:
        return None
    held = set(map(id, st.frontier))
    if run.late_push() and i < len(run.steps) and run.steps[i].frontier is not None:
        held |= set(map(id, run.steps[i].frontier)) | {id(run.steps[i].node)}
    return held


def _keeps_variants(run: _Run, upto: int = 200) -> bool:
    """A child kept in the frontier though a state of its ``problem.key`` (another than the
    start's), as cheap, was generated by an earlier expansion: a table keyed on the state
    itself."""
    start = run.key(run.steps[0].node)
    seen: dict[Any, tuple[Any, float, int]] = {}
    for i, st in enumerate(run.steps[:upto], start=1):
        again = []
        for c in st.children:
            k = run.key(c)
            s, g, j = seen.setdefault(k, (c.state, c.path_cost, i))
            if j < i and k != start and s != c.state and c.path_cost >= g:
                again.append(c)  # (siblings alike are no sign: a table updated too late)
        if again:
            held = _held(run, i)
            if held is not None and any(id(c) in held for c in again):
                return True
    return False


def _repeat(kind: str, run: _Run) -> str | None:
    best: dict[Any, tuple[float, int]] = {}
    for i, st in enumerate(run.steps, start=1):
        s = st.node.state
        try:
            hash(s)
        except TypeError:
            s = run.key(st.node)
        g = st.node.path_cost
        if s in best:
            g0, i0 = best[s]
            if kind in ("A*", "uniform-cost") and g < g0:
                best[s] = (g, i)
                continue
            if kind in ("A*", "uniform-cost") and g > g0:
                return (f"On {run.where}, expansions {i0} and {i} expand the same state, the "
                        f"second time by a costlier path (g {_num(g0)}, then {_num(g)}): an "
                        "entry superseded by a cheaper path must be skipped when it is taken "
                        "(its node is no longer the reached table's)")
            return (f"On {run.where}, expansions {i0} and {i} expand the same state: a graph "
                    "search keeps a reached table (keyed on problem.key(state)) and skips a "
                    "child whose state is in it" + (" unless its path is cheaper"
                                                    if kind in ("A*", "uniform-cost") else ""))
        best[s] = (g, i)
    return None


def _lacking(run: _Run) -> str | None:
    late = run.late_push()
    reached = {run.key(run.steps[0].node)} if run.steps else set()
    for k in range(len(run.steps) - 1):
        st, nxt = run.steps[k], run.steps[k + 1]
        new = {}
        for c in st.children:
            kc = run.key(c)
            if kc not in reached:
                new.setdefault(kc, c)
        reached.update(new)
        if st.frontier is None:
            continue
        ids = set(map(id, st.frontier)) | {id(nxt.node)}
        if late:
            ids |= set(map(id, st.children))
        kept = {run.key(c) for c in st.children if id(c) in ids}
        missing = [kc for kc in new if kc not in kept and not any(
            run.key(n) == kc for n in st.frontier)]
        if missing:
            return (f"On {run.where}, after expansion {k + 1} your frontier lacks "
                    f"{len(missing)} new state(s) that expansion generated: every child whose "
                    "state was never reached goes into the frontier")
    return None


def check_search(search: Any, algorithm: str = "breadth-first") -> Feedback:
    """Run ``search(problem, on_step)`` (your function) on the small positions of
    :data:`CHECK_POSITIONS` (:data:`IDS_POSITIONS` for iterative deepening) and judge it as
    ``algorithm`` ("breadth-first", "A*", "uniform-cost", "greedy best-first", "depth-first"
    or "iterative deepening"): by the node it takes at each expansion, the states it expands
    again, the frontier it keeps, when it tests for the goal and the line it returns."""
    kind = _kind(algorithm)
    if kind is None:
        return Feedback.not_yet(f"Unknown algorithm {_short(repr(algorithm), 30)}: use one of "
                                f"{', '.join(KINDS)}.")
    if search is ... or search is None or not callable(search):
        return Feedback.not_yet("Write your function first: def my_search(problem, on_step): "
                                "... returning the goal Node or None.")
    positions = IDS_POSITIONS if kind == "iterative deepening" else CHECK_POSITIONS
    if kind in COSTED:
        positions = (*positions, ROMANIA)
    runs = []
    for seed, cards_left in positions:
        run = _Run(search, seed, cards_left, kind)
        early = _early(run, kind)
        if early is not None:
            return early
        runs.append(run)
        if run.out.stopped in ("time", "steps"):
            break  # (the time bound is the check's, not each position's: judge what ran)
    try:
        fb = _judge_ids(runs) if kind == "iterative deepening" else _judge(kind, runs, positions)
        replaced = sorted({m for r in runs for m in r.replaced})
        if not fb and replaced:
            fb = Feedback.not_yet(
                f"{fb.why} Your search replaced the problem's own "
                f"{_listed([f'problem.{m}' for m in replaced])}: the checker judges it by the "
                "position's own methods, so leave the problem as it is given.")
        return fb
    except Exception as e:  # (a fault of the checker's must not look like the student's)
        return Feedback.not_yet("The checker could not judge this run "
                                f"({type(e).__name__}); please tell your teacher.")


def _judge(kind: str, runs: list[_Run], positions: tuple) -> Feedback:
    # 1. the order the nodes are taken in: what defines the algorithm
    if kind != "depth-first":
        if any(len(r.steps) > 1 for r in runs) and not any(
                st.frontier for r in runs for st in r.steps):
            return Feedback.not_yet(
                "The frontier your on_step reported was empty at every expansion: pass your "
                "frontier itself (the deque, list or heap you take nodes from), so that the "
                "checker can see what your search takes from.")
        for run in runs:
            if not run.steps:
                continue
            known = {id(run.steps[0].node)}
            for k, st in enumerate(run.steps):
                if k and id(st.node) not in known:
                    return Feedback.not_yet(
                        f"On {run.where}, expansion {k + 1} takes a node that no earlier "
                        "expansion reported as a child: pass on_step every child "
                        "expand(problem, node) gave, and expand those Node objects.")
                known.update(map(id, st.children))
        v = _first_violation(kind, runs)
        if v is not None:
            run, k, taken, best = v
            it = _what_it_is(kind, runs)
            detail = (f"on {run.where}, expansion {k + 1} takes a node with "
                      f"{_measure(kind, run, taken)} while your frontier holds one with "
                      f"{_measure(kind, run, best)}")
            if it:
                return Feedback.not_yet(f"{it[0].upper()}{it[1:]}; {_WANT[kind]} ({detail}).")
            if kind != "breadth-first" and _takes_greatest(kind, runs):
                return Feedback.not_yet(
                    f"{detail[0].upper()}{detail[1:]}: your search takes a node of greatest "
                    f"{_PRIO[kind]} first, where {kind} takes one of least {_PRIO[kind]}: heapq "
                    f"pops the smallest entry (push {_PRIO[kind]} itself, not its negative), and "
                    "a list sorted by it is taken from its least end.")
            return Feedback.not_yet(f"{detail[0].upper()}{detail[1:]}: {_WANT[kind]}.")
    else:
        for run in runs:
            bad = _depth_first_order(run.steps)
            if bad is not None:
                i, n = bad
                it = _what_it_is(kind, runs)
                detail = (f"on {run.where}, expansion {i + 1} takes a node of depth {n.depth} "
                          "outside the subtree it was searching")
                if it:
                    return Feedback.not_yet(f"{it[0].upper()}{it[1:]}; {_WANT[kind]} "
                                            f"({detail}).")
                return Feedback.not_yet(f"{detail[0].upper()}{detail[1:]}: {_WANT[kind]}.")
    # 2. a graph search: no state expanded twice, every new state kept
    text = next(filter(None, map(_same_node_again, runs)), None)
    if text:
        return Feedback.not_yet(text + ".")
    starts = [_start_again(kind, run) for run in runs]
    repeats = [_repeat(kind, run) for run in runs]
    # a state other than the start expanded twice, on any position, says that the table is
    # missing altogether: that before "the start is missing from it", seen on another
    text = (next((r for s, r in zip(starts, repeats) if r and not s), None)
            or next(filter(None, starts), None) or next(filter(None, repeats), None))
    if text:
        return Feedback.not_yet(text + ".")
    if kind != "depth-first":
        for run in runs:
            text = _lacking(run)
            if text:
                return Feedback.not_yet(text + ".")
    # 3. it ends: within the bounds, and with a goal
    for run in runs:
        if run.out.stopped == "expansions" and _keyed_on_state(run):
            return Feedback.not_yet(
                f"Your {kind} search is right as far as it went, but its reached table is "
                "keyed on the state itself, not on problem.key(state): positions that differ "
                "only in the order of the cross piles are searched as different states, and on "
                f"{run.where} it had not finished after {CHECK_LIMIT:,} expansions (a search "
                f"keyed on problem.key needs {_library_expansions(kind, (run.position,)):,}). "
                "Key the table on problem.key(state).")
        if run.out.stopped is not None:
            return Feedback.not_yet(_sentence(_stop_text(run, kind)))
    lines = []
    km = ""
    aima = False
    for run in runs:
        found = run.out.value
        if found is None:
            return Feedback.not_yet(
                f"On {run.where} your search ended without a goal, but one is {run.shortest} "
                "moves away: does it test problem.is_goal on each node it takes, and add every "
                "new child to the frontier?")
        line, wrong = _line_of(run, found)
        if wrong:
            return Feedback.not_yet(f"On {run.where} {wrong}.")
        # 4. the goal test when a node is taken (uniform-cost, A*); breadth-first may test
        #    when a child is generated (AIMA's form), which still finds a shortest line
        if kind in _OPTIMAL and not _taken_as_next(kind, run, found):
            if kind != "breadth-first":
                return Feedback.not_yet(_generation_text(kind))
            aima = True
        # 5. a shortest line; where moves cost differently, a cheapest one
        if run.position == ROMANIA:
            best = _cheapest(*run.position)
            if run.cost > best + 1e-9:
                return Feedback.not_yet(_costlier_text(run, found, best))
            km = f"{_num(run.cost)} km on the Romania map"
            continue
        if kind in _OPTIMAL and len(line) != run.shortest:
            return Feedback.not_yet(f"On {run.where} your search returned a line of "
                                    f"{len(line)} moves; the shortest has {run.shortest}.")
        lines.append(str(len(line)))
    total = sum(len(r.steps) for r in runs)
    lib = _library_expansions(kind, positions)
    does = {
        "breadth-first": "takes the nodes level by level",
        "uniform-cost": "takes a node of least g at every expansion",
        "greedy best-first": "takes a node of least h at every expansion",
        "A*": "takes a node of least f = g + h at every expansion",
        "depth-first": "finishes each subtree before the next",
    }[kind]
    promise = (", tests for the goal when a node is taken and finds shortest lines"
               if kind in _OPTIMAL else " and finds a line")
    if kind in COSTED:
        promise = (", tests for the goal when a node is taken and finds cheapest lines")
    if aima:
        promise = " and finds shortest lines"
    note = _AIMA_NOTE if aima else ""
    if any(_keyed_on_state(r) for r in runs):
        note += (" Its reached table is keyed on the state itself: positions that differ only "
                "in the order of the cross piles are searched apart, hence the expansions; "
                "problem.key(state) makes them one.")
    return Feedback.right(
        f"Your {kind} search {does}, never expands a state twice{promise} on "
        f"{len(runs)} positions ({_listed(lines)} moves{', and ' + km if km else ''}; "
        f"{total:,} expansions, "
        f"the library's {kind}: {lib:,}).{note}")


def _judge_ids(runs: list[_Run]) -> Feedback:
    for run in runs:
        if run.out.stopped is not None and run.out.stopped != "expansions":
            continue
        passes: list[list[_Step]] = []
        for st in run.steps:
            if st.node.parent is None or not passes:
                passes.append([])
            passes[-1].append(st)
        if len(passes) == 1 and len(run.steps) > 1:
            if _first_violation("breadth-first", [run]) is None and any(
                    st.frontier for st in run.steps):
                return Feedback.not_yet(
                    "This is breadth-first search, not iterative deepening: it keeps a frontier "
                    "and takes the nodes level by level. Iterative deepening runs a depth-first "
                    "search to depth 1, then 2, then 3, …, from the start each time, keeping "
                    "only the current path.")
            if _depth_first_order(run.steps) is None:
                return Feedback.not_yet(
                    "This is one depth-first search, not iterative deepening: run a depth-limited "
                    "depth-first search for limits 1, 2, 3, …, from the start each time, until "
                    "one finds the goal.")
        depths = [max(st.node.depth for st in p) for p in passes]
        for i, p in enumerate(passes, start=1):
            bad = _depth_first_order(p)
            if bad is not None:
                return Feedback.not_yet(
                    f"On {run.where}, pass {i} (from expansion {sum(map(len, passes[:i - 1])) + 1}"
                    ") is not depth-first: each pass finishes a node's subtree before the "
                    "node's siblings (a recursion, or a stack).")
        complete = depths[:-1] if run.out.value is not None else depths
        steps_ok = all(b == a + 1 for a, b in itertools.pairwise(depths)) and depths[0] <= 1
        if not steps_ok and len(depths) > 1:
            cut = _cut_by_earlier_passes(run, passes, depths)
            if cut is not None:
                return Feedback.not_yet(
                    f"On {run.where}, pass {cut + 1} reaches no deeper than pass {cut} (depth "
                    f"{depths[cut - 1]}): it skips children whose states an earlier pass "
                    "reached. A table of states reached kept across the passes cuts each new "
                    "pass off — remember only the states on the current path.")
            shown = ", ".join(map(str, depths[:8])) + (", …" if len(depths) > 8 else "")
            return Feedback.not_yet(
                f"On {run.where} your passes reach depths {shown}: the depth limit must grow by "
                "one each pass, starting at 1 (1, 2, 3, …), or a shorter line can be skipped.")
        for i, (p, d) in enumerate(zip(passes, complete), start=1):
            want = {k for k, v in run.dist.items() if v <= d}
            got = {run.key(st.node) for st in p}
            if want - got:
                return Feedback.not_yet(
                    f"On {run.where}, pass {i} (depth limit {d + 1}) expanded {len(got & want)} "
                    f"of the {len(want)} states within {d} moves of the start: a table of "
                    "states reached kept across a pass cuts off a state first met by a longer "
                    "path — remember only the states on the current path.")
    for run in runs:
        if run.out.stopped is not None:
            text = _stop_text(run, "iterative deepening")
            cycle = any(any(run.key(a) == run.key(st.node) for a in _ancestors(st.node))
                        for st in run.steps[:2000])
            if cycle:
                text += ("; it expands a state already on its own path: skip a child whose "
                         "state is on the current path")
            return Feedback.not_yet(_sentence(text))
        found = run.out.value
        if found is None:
            return Feedback.not_yet(f"On {run.where} your search found no goal; one is "
                                    f"{run.shortest} moves away.")
        line, wrong = _line_of(run, found)
        if wrong:
            return Feedback.not_yet(f"On {run.where} {wrong}.")
        if len(line) != run.shortest:
            return Feedback.not_yet(f"On {run.where} your line has {len(line)} moves; the "
                                    f"shortest has {run.shortest}: do the limits grow 1, 2, 3, …?")
    total = sum(len(r.steps) for r in runs)
    lib = _library_expansions("iterative deepening", IDS_POSITIONS)
    return Feedback.right(
        f"Your iterative deepening runs depth-first passes to depths 0, 1, 2, …, each "
        f"expanding every state within its limit, and finds shortest lines on {len(runs)} "
        f"positions ({total:,} expansions; the library's, which tests for the goal when a "
        f"node is generated: {lib:,}).")


def _cut_by_earlier_passes(run: _Run, passes: list[list[_Step]],
                           depths: list[int]) -> int | None:
    """The first pass that reaches no deeper than the one before though it left a child one
    level deeper unexpanded, a child off its own path whose state an earlier pass reached (a
    right pass expands every such child, unless its limit stopped growing: then there is none).  Its
    number, counted from 1, minus one."""
    earlier: set[Any] = set()
    for i in range(1, len(passes)):
        earlier.update(run.key(n) for st in passes[i - 1] for n in (st.node, *st.children))
        if depths[i] > depths[i - 1]:
            continue
        here = {run.key(st.node) for st in passes[i]}
        for st in passes[i]:
            if st.node.depth != depths[i]:
                continue
            path = {run.key(st.node), *map(run.key, _ancestors(st.node))}
            if any(run.key(c) in earlier and run.key(c) not in here | path
                   for c in st.children):
                return i
    return None


def _ancestors(n: Node):
    p = n.parent
    while p is not None:
        yield p
        p = p.parent



