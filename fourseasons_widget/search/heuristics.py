"""Heuristics for :class:`~.problem.GameProblem`, with their properties.

The cost model: every action is one move of the engine and costs 1.  A move sends at most one
card home (a foundation takes one card at a time; spaces filled automatically in Czarina and
Corners take a card from the stock into a pile, never home).

=========================  ==========================================  =======================
heuristic                  admissible (never overestimates)?           consistent?
=========================  ==========================================  =======================
``cards_not_home``         yes, every variant: each of the 52 − home   yes: a move lowers it
                           cards needs its own move home                by at most 1 = its cost
``not_home_plus_stock``    yes where no space is filled automatically   yes, same variants
                           (standard, sequences, simplicity, Dick):
                           a stock card needs a move to leave the stock
                           and another to go home; **not** in Czarina
                           and Corners, where a fill moves it for free
``blocked``                yes where one card moves at a time (not      yes, same variants
                           sequences / Dick 1883, whose run moves shift
                           several blockers at once): a card lying on a
                           card of its suit that must go home first has
                           to move off before, a move that is not home
``weighted``               no (2 × cards not home + stock): it trades   no
                           optimality for speed, for greedy search
=========================  ==========================================  =======================

>>> from fourseasons_widget import Game
>>> s = Game.new(seed=1).state
>>> cards_not_home(s)
51
"""

from __future__ import annotations

from ..model.state import State


def cards_not_home(s: State) -> int:
    """Cards not yet on a foundation.  Admissible and consistent in every variant."""
    return 52 - s.cards_home


def not_home_plus_stock(s: State) -> int:
    """Cards not home plus cards still in the stock (each needs a turn and a move home).
    Admissible and consistent where no space is filled automatically (not Czarina/Corners)."""
    return 52 - s.cards_home + len(s.stock)


def blocked(s: State) -> int:
    """Cards not home plus the cards lying (anywhere above) on a card of their own suit that
    must go home before them: each must first move off, with a move that sends nothing home.
    Admissible and consistent where one card moves at a time (not sequences / Dick 1883)."""
    base, bases = s.base, s.bases
    extra = 0
    for p in s.piles:
        # for each suit, the lowest foundation order seen so far from the bottom of the pile
        low = [99, 99, 99, 99]
        for c in p:
            suit = c & 3
            order = ((c >> 2) - (base if bases is None else bases[suit])) % 13
            if order > low[suit]:
                extra += 1
            elif order < low[suit]:
                low[suit] = order
    return 52 - s.cards_home + extra


def weighted(s: State) -> int:
    """Not admissible: twice the cards not home, plus the stock.  For greedy search."""
    return 2 * (52 - s.cards_home) + len(s.stock)


HEURISTICS = {
    "cards_not_home": cards_not_home,
    "not_home_plus_stock": not_home_plus_stock,
    "blocked": blocked,
    "weighted": weighted,
}
