"""Cards that go home by themselves: the board's auto-move (like PySolFC's auto-drop).

Only moves the solver has proved can never hurt are made (the rule of
:mod:`fourseasons_widget.solver.exact`, "safe moves home"): a card goes home when every card
that could ever be built on it is already home — outside its foundation it could only serve as
a building target, which no card can use any more.  Where spaces are refilled by force the
solver takes the move only when it cannot change a fill, and so does this module: in Czarina
and Corners not when it empties a pile; with Czarina's ``fill="waste"`` never from the waste;
in Dick 1883 (vacancies filled by the player) never.  A base-rank card goes home under the same
rule: when every card that could be built on it is home — where the rules let no card be
built on a base card (the base rank an ace, whose king may not go on it; ``tableau_wrap=
"never"``), at once.  Which empty corner it takes never matters (any corner, or its suit's).

That is the board's default choice of auto-home, ``"safe"``: it never costs a win.  The other
choice, ``"all"`` (PySolFC's auto-drop), sends every card that can go home, whether or not it
was still needed as a building target — the chores done, at a price in wins that
``benchmarks/auto_home.py`` measures (see :data:`RULES`).

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
#: the choices of auto-home: the moves home proved safe, or every move home there is
RULES = ("safe", "all")


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
        # (the next card its foundation takes; an empty one's is its base card, which the
        # same proof sends home: it could only ever be a building target too)
        if wants[card & 3][home[card & 3]] != card:
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


def _any_home_raw(rules: Rules, s: State):
    return next((m for m in rules.engine.moves(s) if m[1] >= FOUNDATION), None)


def home_run(rules: Rules, state: State, rule: str = "safe") -> tuple[list, State]:
    """The raw moves home of ``rule`` (:data:`RULES`) from ``state``, one after another, and
    the position they lead to (the players of ``solver/players.py`` take it as ``auto=``)."""
    pick = _any_home_raw if rule == "all" else _safe_raw
    engine = rules.engine
    line = []
    s = state
    for _ in range(MAX_RUN):
        raw = pick(rules, s)
        if raw is None:
            break
        line.append(raw)
        s = engine.apply(s, raw)
    return line, s


def every_home_move(rules: Rules, state: State) -> list[Move]:
    """Every card that can go home, one after another, until none can (PySolFC's auto-drop):
    whether or not it is safe — a card still needed as a building target goes too."""
    engine = rules.engine
    line: list[Move] = []
    s = state
    for raw in home_run(rules, state, "all")[0]:
        line.append(engine.to_move(s, raw))
        s = engine.apply(s, raw)
    return line


def after_move(rules: Rules, state: State, rule: str = "safe") -> list[Move]:
    """What follows a player's move by itself: the whole rest of the game when it is a proved
    win by moves home and turns, else the moves home of ``rule`` (:data:`RULES`): the safe
    ones, or (``"all"``) every one."""
    if rule not in RULES:
        raise ValueError(f"auto-home takes one of {', '.join(RULES)}, not {rule!r}"[:120])
    run = finishing_run(rules, state)
    if run is not None:
        return run
    return every_home_move(rules, state) if rule == "all" else safe_home_moves(rules, state)
