"""Search problems in the style of *AI: A Modern Approach* (4th ed.), and the game as one.

A problem has an ``initial`` state, ``actions(s)``, ``result(s, a)``, ``is_goal(s)``,
``action_cost(s, a, s2)`` and a heuristic ``h(s)``; a ``key(s)`` says when two states are the
same for duplicate detection.  :class:`GameProblem` adapts any Four Seasons position.

>>> from fourseasons_widget.search.endgames import small_position
>>> p = GameProblem(small_position(seed=0, cards_left=3))
>>> p.is_goal(p.initial)
False

The honest view.  This adapter sees the whole position, including the order of the stock:
it is the *perfect-information* game, the one every solver of patience games solves.  A
player does not see the stock; her problem is partially observable: a state is a *belief*
(every order of the unseen cards that agrees with what she has seen), an action's result is
one of several states, and a plan must be a strategy that reacts to each card turned.  The
perfect-information answer is an upper bound on what a player can achieve: a deal it calls
lost is lost for her too, a deal it calls won may still be lost by the best player.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Protocol, runtime_checkable

from ..model.rules import Rules
from ..model.state import Move, RawMove, State


@runtime_checkable
class Problem(Protocol):
    """What the algorithms of :mod:`.algorithms` need."""

    initial: Any

    def actions(self, state: Any) -> list[Any]: ...

    def result(self, state: Any, action: Any) -> Any: ...

    def is_goal(self, state: Any) -> bool: ...

    def action_cost(self, state: Any, action: Any, result: Any) -> float: ...

    def h(self, state: Any) -> float: ...

    def key(self, state: Any) -> Hashable: ...


class GameProblem:
    """A Four Seasons position as a search problem: states are :class:`State` values,
    actions the engine's raw moves, each costing 1; the goal is all 52 cards home.

    ``heuristic`` is a function of the state (see :mod:`.heuristics`; default: cards not yet
    home, admissible).  ``symmetric=True`` (default) treats positions equal up to the order of
    the piles as one state (:meth:`State.key`), as the solver does.
    """

    def __init__(self, position, rules: Rules | None = None, *,
                 heuristic: Callable[[State], float] | None = None,
                 symmetric: bool = True) -> None:
        if rules is None:
            self.initial: State = position.state
            self.rules: Rules = position.rules
        else:
            self.initial, self.rules = position, rules
        from .heuristics import cards_not_home

        self.heuristic = heuristic or cards_not_home
        self.symmetric = symmetric
        self._engine = self.rules.engine

    def actions(self, state: State) -> list[RawMove]:
        return self._engine.moves(state)

    def result(self, state: State, action: RawMove) -> State:
        return self._engine.apply(state, action)

    def is_goal(self, state: State) -> bool:
        return state.is_won

    def action_cost(self, state: State, action: RawMove, result: State) -> float:
        return 1

    def h(self, state: State) -> float:
        return self.heuristic(state)

    def key(self, state: State) -> Hashable:
        return state.key() if self.symmetric else state

    def move_text(self, state: State, action: RawMove) -> str:
        """The action in the game's notation (``"7H w>c2"``), as played from ``state``."""
        return str(self._engine.to_move(state, action))

    def to_moves(self, path: list[RawMove]) -> list[Move]:
        """The public :class:`Move` objects for a path of actions from ``initial`` (what
        ``Game.play`` accepts)."""
        out = []
        s = self.initial
        for a in path:
            out.append(self._engine.to_move(s, a))
            s = self._engine.apply(s, a)
        return out

    def __repr__(self) -> str:
        return (f"<GameProblem {self.rules.variant}: {52 - self.initial.cards_home} cards "
                f"to go, stock {len(self.initial.stock)}>")
