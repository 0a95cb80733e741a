"""Cards that go home by themselves: the board's auto-move (like PySolFC's auto-drop).

Only moves the solver has proved can never hurt are made (the rule of
:mod:`fourseasons_widget.solver.exact`, "safe moves home"): a card goes home when every card
that could ever be built on it is already home — outside its foundation it could only serve as
a building target, which no card can use any more.  Where spaces are refilled by force the
solver takes the move only when it cannot change a fill, and so does this module: in Czarina
and Corners not when it empties a pile; with Czarina's ``fill="waste"`` never from the waste;
in Dick 1883 (vacancies filled by the player) never.  Base-rank cards are left to the player.

When what is left is won by moving cards home and turning the stock alone, the game is
finished for the player (:func:`finishing_run`).

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> all(m.target.startswith("foundation") for m in safe_home_moves(g.rules, g.state))
True
"""

from __future__ import annotations

from .model.rules import Rules
from .model.state import FOUNDATION, WASTE, Move, State

MAX_RUN = 200  # a run home is at most 52 moves home and 46 turns


def _safe_raw(rules: Rules, s: State):
    """The first safe raw move home in ``s``, or ``None``."""
    from .solver.exact import _tables

    fill = rules.fill
    if fill == "vacancy":
        return None
    children, wants = _tables(rules, s.base)
    home = s.home
    keep_last = fill != "free"
    for raw in rules.engine.moves(s):
        src, dst, _ = raw
        if dst < FOUNDATION:
            continue
        if src == WASTE:
            if fill == "waste" or not s.waste:
                continue
            card = s.waste[-1]
        elif src >= 0:
            pile = s.piles[src]
            if not pile or (keep_last and len(pile) == 1):
                continue
            card = pile[-1]
        else:
            continue
        h = home[card & 3]
        if h == 0 or wants[card & 3][h] != card:  # a base card, or not the one wanted
            continue
        if all(home[suit] > need for suit, need in children[card]):
            return raw
    return None


def safe_home_moves(rules: Rules, state: State) -> list[Move]:
    """The moves home that are proved safe from ``state``, one after another (each one may make
    the next safe), as :class:`Move` objects to play in order."""
    engine = rules.engine
    line: list[Move] = []
    s = state
    for _ in range(MAX_RUN):
        raw = _safe_raw(rules, s)
        if raw is None:
            break
        line.append(engine.to_move(s, raw))
        s = engine.apply(s, raw)
    return line


def finishing_run(rules: Rules, state: State) -> list[Move] | None:
    """The moves that win from ``state`` by moving cards home and turning the stock only, or
    ``None`` when that is not enough.

    Playing every possible move home before turning is never worse in this sub-game (a card
    home only uncovers more; a turn can always wait), so the greedy run is exact: when it fails
    no run of home moves and turns wins.
    """
    engine = rules.engine
    line: list[Move] = []
    s = state
    for _ in range(MAX_RUN):
        if s.is_won:
            return line
        moves = engine.moves(s)
        home = [m for m in moves if m[1] >= FOUNDATION]
        if home:
            raw = home[0]
        else:
            turns = [m for m in moves if m[1] == WASTE]
            if not turns:
                return None
            raw = turns[0]
        line.append(engine.to_move(s, raw))
        s = engine.apply(s, raw)
    return None


def after_move(rules: Rules, state: State) -> list[Move]:
    """What follows a player's move by itself: the whole rest of the game when it is a proved
    win by moves home and turns, else the safe moves home."""
    run = finishing_run(rules, state)
    if run is not None:
        return run
    return safe_home_moves(rules, state)
