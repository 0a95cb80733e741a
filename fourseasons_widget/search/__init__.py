"""The search layer: teaching algorithms over a small ``Problem`` protocol, and the solver.

>>> from fourseasons_widget.search import solve
>>> from fourseasons_widget import Game
>>> solve(Game.new(seed=0), max_nodes=20_000).verdict
'won'
"""

from .solver import SolveResult, search, solve

__all__ = ["SolveResult", "search", "solve"]
