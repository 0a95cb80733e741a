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
