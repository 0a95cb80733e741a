"""How long notebook 05's search checker takes on submissions that fight its bounds, and how
long each goes on after the checker first stops it (the figures the tests cannot assert).

    .venv/bin/python benchmarks/checker_bounds.py

For each submission: the seconds the whole check took, the seconds from the checker's first
stop to the verdict (a search that catches the stop goes on until it is got out of), and the
verdict.  The check's bound is ``own_search.CHECK_SECONDS`` (10 s) per position.
"""

from __future__ import annotations

import time

from fourseasons_widget.exercises.own_search import check_search
from fourseasons_widget.search import bounded
from fourseasons_widget.search.algorithms import Node, expand


def dfs_catching_each_stop(problem, on_step):
    """Recursive, no reached table; any exception below a child is a dead end."""
    def visit(node):
        if problem.is_goal(node.state):
            return node
        children = expand(problem, node)
        on_step(node, children, [])
        for child in reversed(children):
            try:
                found = visit(child)
            except BaseException:
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
        except RecursionError:
            node = Node(problem.initial)
            children = expand(problem, node)
            on_step(node, children, children)
            return deeper(n + 1)
    return deeper(0)


def main() -> None:
    first_stop: list[float] = []
    halt = bounded.Guard.halt

    def timed_halt(self, reason):  # (the benchmark's own wrapper: when the first stop is raised)
        if not first_stop:
            first_stop.append(time.monotonic())
        return halt(self, reason)

    bounded.Guard.halt = timed_halt
    try:
        for fn, kind in ((dfs_catching_each_stop, "depth-first"),
                         (dfs_loop_catching_everything, "depth-first"),
                         (deep_recursion, "breadth-first")):
            first_stop.clear()
            t0 = time.monotonic()
            fb = check_search(fn, kind)
            t1 = time.monotonic()
            after = f"{t1 - first_stop[0]:.2f} s" if first_stop else "-"
            print(f"{fn.__name__:30} check {t1 - t0:5.2f} s  after the first stop {after:>7}  "
                  f"{'right' if fb else 'not yet'}: {fb.why[:110]}")
    finally:
        bounded.Guard.halt = halt


if __name__ == "__main__":
    main()
