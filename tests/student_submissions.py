"""Searches written as a student writes them (notebook 05's "write the search yourself"): the
inputs of the tests of the checker (``test_own_search.py``) and of the search view
(``test_searchview_own.py``), kept once so that both judge the very same submissions.  Each
takes ``(problem, on_step)`` and reports every expansion as ``on_step(node, children,
frontier)``; the frontier is whatever container the student chose."""

from __future__ import annotations

import heapq
import itertools
from collections import deque

from fourseasons_widget.search.algorithms import Node, expand

# -- breadth-first: a deque, a list popped at the front, two layers, on_step before the push ----


def bfs_deque(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])
    reached = {problem.key(root.state)}
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


def bfs_list_pop0(problem, on_step):
    root = Node(problem.initial)
    frontier = [root]  # a plain list used as a queue
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.pop(0)
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def bfs_two_lists(problem, on_step):
    layer = [Node(problem.initial)]
    reached = {problem.key(problem.initial)}
    while layer:
        next_layer = []
        for i, node in enumerate(layer):
            if problem.is_goal(node.state):
                return node
            children = expand(problem, node)
            for child in children:
                if problem.key(child.state) not in reached:
                    reached.add(problem.key(child.state))
                    next_layer.append(child)
            on_step(node, children, layer[i + 1:] + next_layer)
        layer = next_layer
    return None


def bfs_on_step_before_push(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.popleft()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        on_step(node, children, frontier)  # before the children are added
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
    return None


def bfs_reached_by_state(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])
    reached = {root.state}  # the state itself, not problem.key(state)
    while frontier:
        node = frontier.popleft()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            if child.state not in reached:
                reached.add(child.state)
                frontier.append(child)
        on_step(node, children, frontier)
    return None


# -- A*: one search, any tie-break (the heap entry holds the node last) ------------------------


def make_astar(entry):
    """An A* whose heap entries are ``entry(f, child, count)`` (the tie-break), the node last."""
    def my_astar(problem, on_step):
        root = Node(problem.initial)
        count = itertools.count()
        frontier = [entry(problem.h(root.state), root, next(count), problem)]
        reached = {problem.key(root.state): root}
        while frontier:
            node = heapq.heappop(frontier)[-1]
            if problem.is_goal(node.state):
                return node
            if reached[problem.key(node.state)] is not node:
                continue
            children = expand(problem, node)
            for child in children:
                k = problem.key(child.state)
                if k not in reached or child.path_cost < reached[k].path_cost:
                    reached[k] = child
                    f = child.path_cost + problem.h(child.state)
                    heapq.heappush(frontier, entry(f, child, next(count), problem))
            on_step(node, children, frontier)
        return None
    return my_astar


TIE_BREAKS = {
    "oldest": lambda f, n, c, p: (f, c, n),
    "newest": lambda f, n, c, p: (f, -c, n),
    "smaller g": lambda f, n, c, p: (f, n.path_cost, c, n),
    "larger g": lambda f, n, c, p: (f, -n.path_cost, c, n),
    "by key": lambda f, n, c, p: (f, p.key(n.state), c, n),
}


# -- depth-first: a list or a deque as the stack, or the call stack; iterative deepening -------


def dfs_iterative(problem, on_step):
    root = Node(problem.initial)
    frontier = [root]
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.pop()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def dfs_recursive(problem, on_step):
    reached = set()

    def visit(node):
        reached.add(problem.key(node.state))
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        on_step(node, children, [])  # the frontier is the call stack: nothing to show
        for child in children:
            if problem.key(child.state) not in reached:
                found = visit(child)
                if found is not None:
                    return found
        return None

    return visit(Node(problem.initial))


def dfs_deque(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])  # a deque, used as a stack
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.pop()
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def my_ids(problem, on_step, max_depth=50):
    def limited(node, limit, on_path):
        if problem.is_goal(node.state):
            return node
        if node.depth == limit:
            return None
        children = expand(problem, node)
        on_step(node, children, [])
        for child in children:
            k = problem.key(child.state)
            if k in on_path:
                continue
            found = limited(child, limit, on_path | {k})
            if found is not None:
                return found
        return None

    root = Node(problem.initial)
    for limit in range(max_depth + 1):
        found = limited(root, limit, {problem.key(root.state)})
        if found is not None:
            return found
    return None


# -- the faults a teacher's reading found (issue 38): written as a class hands them in ----------


def bfs_start_not_reached(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])
    reached = set()  # the start is never put in: it comes back one move on
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


def bfs_aima(problem, on_step):
    """AIMA 4th ed., Figure 3.9: the goal test when a child is generated."""
    node = Node(problem.initial)
    if problem.is_goal(node.state):
        return node
    frontier = deque([node])
    reached = {problem.key(problem.initial)}
    while frontier:
        node = frontier.popleft()
        children = expand(problem, node)
        for child in children:
            if problem.is_goal(child.state):
                return child
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
    return None


def bfs_next_without_a_default(problem, on_step):
    root = Node(problem.initial)
    if problem.is_goal(root.state):
        return root
    frontier = deque([root])
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.popleft()
        children = expand(problem, node)
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
        goal = next(c for c in children if problem.is_goal(c.state))  # no default: raises
        if goal is not None:
            return goal
    return None


def bfs_returns_a_new_goal_node(problem, on_step):
    root = Node(problem.initial)
    frontier = deque([root])
    reached = {problem.key(root.state)}
    while frontier:
        node = frontier.popleft()
        if problem.is_goal(node.state):
            return Node(node.state)  # "the goal" — without its line back to the start
        children = expand(problem, node)
        for child in children:
            if problem.key(child.state) not in reached:
                reached.add(problem.key(child.state))
                frontier.append(child)
        on_step(node, children, frontier)
    return None


class PriorityQueue:
    """Red Blob Games' wrapper of heapq (with a counter for ties: Nodes do not compare)."""

    def __init__(self):
        self.elements = []
        self.count = itertools.count()

    def empty(self):
        return not self.elements

    def put(self, item, priority):
        heapq.heappush(self.elements, (priority, next(self.count), item))

    def get(self):
        return heapq.heappop(self.elements)[-1]


def astar_red_blob(problem, on_step):
    start = Node(problem.initial)
    frontier = PriorityQueue()
    frontier.put(start, problem.h(start.state))
    cost_so_far = {problem.key(start.state): 0}
    while not frontier.empty():
        node = frontier.get()
        if problem.is_goal(node.state):
            return node
        if node.path_cost > cost_so_far[problem.key(node.state)]:
            continue  # an entry a cheaper path superseded
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in cost_so_far or child.path_cost < cost_so_far[k]:
                cost_so_far[k] = child.path_cost
                frontier.put(child, child.path_cost + problem.h(child.state))
        on_step(node, children, frontier)
    return None


def astar_never_lowers_g(problem, on_step):
    root = Node(problem.initial)
    count = itertools.count()
    frontier = [(problem.h(root.state), next(count), root)]
    reached = {problem.key(root.state)}  # a set: a cheaper path later is never taken
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        for child in children:
            k = problem.key(child.state)
            if k not in reached:
                reached.add(k)
                heapq.heappush(frontier, (child.path_cost + problem.h(child.state),
                                          next(count), child))
        on_step(node, children, frontier)
    return None


def astar_goal_when_generated(problem, on_step):
    root = Node(problem.initial)
    if problem.is_goal(root.state):
        return root
    count = itertools.count()
    frontier = [(problem.h(root.state), next(count), root)]
    reached = {problem.key(root.state): root}
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if reached[problem.key(node.state)] is not node:
            continue
        children = expand(problem, node)
        on_step(node, children, frontier)
        for child in children:
            if problem.is_goal(child.state):
                return child  # the first goal generated, not the cheapest
            k = problem.key(child.state)
            if k not in reached or child.path_cost < reached[k].path_cost:
                reached[k] = child
                heapq.heappush(frontier, (child.path_cost + problem.h(child.state),
                                          next(count), child))
    return None


def ucs_heap(problem, on_step):
    root = Node(problem.initial)
    count = itertools.count()
    frontier = [(0, next(count), root)]
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
                heapq.heappush(frontier, (child.path_cost, next(count), child))
        on_step(node, children, frontier)
    return None


def astar_patching_the_class(problem, on_step):
    """Tries "h = 0" the way a student reads a blog post: on the class, not the instance."""
    type(problem).h = lambda self, s: 0
    return None


# -- breadth-first with one slip a class makes (one line each, marked) -------------------------

#: the slips :func:`bfs_with_a_slip` knows, and the line each changes
SLIPS = {
    "reads the front": "node = queue[0]  (popleft() forgotten)",
    "cuts the parents": "node.parent = None after the expansion, 'to save memory'",
    "returns the parent": "return node.parent",
    "goes on when empty": "while True: ... if not queue: continue  (meant: break)",
}


def bfs_with_a_slip(slip):
    """A breadth-first search right but for one of :data:`SLIPS` ("goes on when empty" also
    never tests for the goal, so that it empties its queue)."""
    def my_bfs(problem, on_step):
        queue = deque([Node(problem.initial)])
        reached = {problem.key(problem.initial)}
        while slip == "goes on when empty" or queue:
            if not queue:
                continue
            node = queue[0] if slip == "reads the front" else queue.popleft()
            if problem.is_goal(node.state) and slip != "goes on when empty":
                return node.parent if slip == "returns the parent" else node
            children = expand(problem, node)
            keys = [problem.key(child.state) for child in children]
            for k, child in zip(keys, children):
                if k not in reached:
                    reached.add(k)
                    queue.append(child)
            on_step(node, children, queue)
            if slip == "cuts the parents":
                node.parent = None
        return None
    return my_bfs


# -- submissions that fight the checker's bounds (also timed by benchmarks/checker_bounds.py) --


def bfs_without_a_table(problem, on_step):
    """A tree search: no reached table, its queue grows without end."""
    queue = deque([Node(problem.initial)])
    while queue and not problem.is_goal(queue[0].state):
        node = queue.popleft()
        children = expand(problem, node)
        queue += children
        on_step(node, children, queue)
    return queue[0] if queue else None


def dfs_catching_each_stop(problem, on_step, caught=None):
    """Recursive, no reached table; any exception below a child is a dead end (``caught``, a
    list, records the exceptions' names)."""
    def visit(node):
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        on_step(node, children, [])
        for child in reversed(children):
            try:
                found = visit(child)
            except BaseException as e:  # "a dead end": try the next child
                if caught is not None:
                    caught.append(type(e).__name__)
                continue
            if found is not None:
                return found
        return None
    return visit(Node(problem.initial))


def dfs_loop_catching_everything(problem, on_step):
    """A stack, no reached table, the whole loop body in try/except BaseException."""
    frontier = [Node(problem.initial)]
    while True:
        try:
            if not frontier:
                return None
            node = frontier.pop()
            if problem.is_goal(node.state):
                return node
            children = expand(problem, node)
            frontier.extend(children)
            on_step(node, children, frontier)
        except BaseException:
            pass


def deep_recursion(problem, on_step):
    """Recursion to the limit, expanding there, again and again."""
    def deeper(n):
        try:
            return deeper(n + 1)
        except RecursionError:  # at the recursion limit: expand, and go deeper again
            node = Node(problem.initial)
            children = expand(problem, node)
            on_step(node, children, children)
            return deeper(n + 1)
    return deeper(0)
