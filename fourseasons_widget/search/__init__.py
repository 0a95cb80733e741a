"""The teaching wing: a small ``Problem`` protocol, the textbook searches (BFS, DFS, iterative
deepening, uniform-cost, greedy best-first, A*), heuristics, the trace a search view is drawn
from, and the lesson positions.  It depends on the model only; the research solver lives in
:mod:`fourseasons_widget.solver`.

>>> from fourseasons_widget.search import algorithms, endgames, problem
>>> p = problem.GameProblem(endgames.small_position(seed=0, cards_left=4))
>>> algorithms.breadth_first_search(p).solved
True
"""


def __getattr__(name: str):
    # ``from fourseasons_widget.search import solve`` (and the solver's modules under this
    # package's name) worked until the two wings were separated; kept for one release.
    from .._moved import moved_attribute

    return moved_attribute(__name__, name)
