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
from .search import check_expansion_order, check_guarantees, check_heuristic

__all__ = ["Feedback"]
__all__ += ["check_heuristic", "check_expansion_order", "check_guarantees"]
