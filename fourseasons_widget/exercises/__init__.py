"""Checkers for the notebooks' "Your turn" exercises.

Each checker takes the student's answer and returns a :class:`Feedback`: right, or not yet,
with a reason that helps without giving the answer away.  In a notebook the feedback shows
itself (``_repr_html_`` and ``__repr__``), so a cell that ends with a checker call prints the
verdict; ``bool(feedback)`` is ``True`` only for a right answer, so tests can assert on it.

The checkers are grouped by notebook topic in submodules; the names a notebook needs are
re-exported here.

>>> from fourseasons_widget.exercises import Feedback
>>> Feedback.right("That is the rule.")
✔ Right. That is the rule.
>>> bool(Feedback.not_yet("Look at the base rank again."))
False
"""

from __future__ import annotations

from ._feedback import Feedback
from .history import (
    check_base_ranks,
    check_dick_home,
    check_dick_vacancy,
    check_name,
    check_sources,
)
from .own_search import check_search
from .play import check_legal_moves, check_puzzle_moves, check_won, legal_moves_puzzle
from .rules import REASONS, check_home_in, check_refusal
from .search import check_expansion_order, check_guarantees, check_heuristic
from .variants import check_keep_space, check_mystery, show_mystery
from .winnability import (
    check_claimed_wins,
    check_covers,
    check_prover_interval,
    check_sample_size,
    check_solver_interval,
    check_table_reach,
    claimed_wins,
)

__all__ = [
    "Feedback",
    # 01-play
    "check_legal_moves", "check_puzzle_moves", "legal_moves_puzzle", "check_won",
    # 02-rules
    "REASONS", "check_refusal", "check_home_in",
    # 03-history
    "check_base_ranks", "check_dick_home", "check_dick_vacancy", "check_name",
    "check_sources",
    # 04-variants
    "show_mystery", "check_mystery", "check_keep_space",
    # 05-search
    "check_heuristic", "check_expansion_order", "check_guarantees", "check_search",
    # 06-winnability
    "check_solver_interval", "check_prover_interval", "check_sample_size", "check_covers",
    "check_table_reach", "claimed_wins", "check_claimed_wins",
]
