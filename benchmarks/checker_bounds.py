"""How long notebook 05's search checker takes on submissions that fight its bounds, and how
long each goes on after the checker first stops it (the figures the tests cannot assert).

    .venv/bin/python benchmarks/checker_bounds.py

For each submission (``tests/student_submissions.py``): the seconds the whole check took, the
seconds from the checker's first stop to the verdict (a search that catches the stop goes on
until it is got out of; a tree search's long run is judged after it), and the verdict.  The
check's bound is ``own_search.CHECK_SECONDS`` (10 s) per position.
"""

from __future__ import annotations

import pathlib
import sys
import time

from fourseasons_widget.exercises.own_search import check_search
from fourseasons_widget.search import bounded

# the submissions are the tests' own (one copy: tests/student_submissions.py)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
from student_submissions import (
    bfs_without_a_table,
    deep_recursion,
    dfs_catching_each_stop,
    dfs_loop_catching_everything,
)


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
                         (deep_recursion, "breadth-first"),
                         (bfs_without_a_table, "breadth-first")):
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
