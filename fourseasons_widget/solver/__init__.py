"""The research wing: the exact solver, its compiled core, the loss provers, the abstractions
and relaxations, the players and the experiments that measure the game's odds.

It builds on the model (cards, rules, state, game) and never on the widget.  The teaching wing
(:mod:`fourseasons_widget.search`: the ``Problem`` protocol, BFS … A*, the trace a student's
search is drawn from) is separate and imports nothing from here.

>>> from fourseasons_widget.solver import solve
>>> from fourseasons_widget import Game
>>> solve(Game.new(seed=0), max_nodes=20_000).verdict
'won'

Modules: :mod:`.exact` (depth-first search with a transposition table: ``solve``, ``search``),
:mod:`.compiled` and :mod:`._numba_core` (the same searches compiled, optional), :mod:`.proofs`
(layered loss proofs), :mod:`.abstraction` (the rank abstraction), :mod:`.relaxed` (the relaxed
games), :mod:`.players` (heuristic, random and fair players), :mod:`.experiments` and
:mod:`.intervals` (win-rate runs and their confidence intervals).
"""

from .exact import SolveResult, search, solve

__all__ = ["SolveResult", "search", "solve"]
