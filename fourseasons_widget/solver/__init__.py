"""The research wing: the exact solver, its compiled core, the loss provers, the abstractions
and relaxations, the players and the experiments that measure the game's odds.

It builds on the model (cards, rules, state, game) and never on the widget.  The teaching wing
(:mod:`fourseasons_widget.search`: the ``Problem`` protocol, BFS … A*, the trace a student's
search is drawn from) is separate and imports nothing from here.

>>> from fourseasons_widget.solver import Budget, solve
>>> from fourseasons_widget import Game
>>> solve(Game.new(seed=0), budget=Budget(positions=20_000)).verdict
'won'

Modules (their imports form no cycle, lazy imports counted: ``tests/test_engines.py``
checks it):

- :mod:`.exact` (``solve``, ``search``, ``shorten``, ``streamlined``), :mod:`.proofs` (loss proofs),
  :mod:`.abstraction` (the rank abstraction): the searches people call, with ``engine=``;
- :mod:`.backends`: ``choose(engine, rules)``, the one place that picks a backend
  (``"auto"``, the default, ``"compiled"``, ``"python"``);
- the two backends: :mod:`.reference` (the Python reference, everywhere) and :mod:`.compiled`
  with :mod:`._numba_core` (the same searches compiled, optional: numba);
- :mod:`.interface`: what both are written against (move tables, orders and restarts, the
  portfolio written once, the replay of a line through the model);
- :mod:`.greedy` (the beginner's line, the solver's probe), :mod:`.players` (heuristic,
  random and fair players), :mod:`.relaxed` (the relaxed games), :mod:`.positions` (late
  positions), :mod:`.experiments` and :mod:`.intervals` (win-rate runs and their intervals).
"""

from ..budget import Budget
from .exact import SolveResult, search, solve

__all__ = ["Budget", "SolveResult", "search", "solve"]
