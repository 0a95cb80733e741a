"""The beginner's greedy line: the heuristic player's choice of move, on its own.

The solver runs it first as a cheap probe (:func:`heuristic_line`), the players play it
(:func:`~.players.play_heuristic`) and fall back to it (:func:`~.players.play_fair`).  It sits
below both, depending only on the model, so that the search engines and the players that call
the search need not import each other.
"""

from __future__ import annotations

import time
from typing import Any

from ..model.rules import Rules
from ..model.state import FOUNDATION, STOCK, WASTE, RawMove, State
from ..validate import budget, cancel_token, is_int, real

MAX_MOVES = 2000  # a hard stop; a player that shuffles cards this long is stuck


def heuristic_line(rules: Rules, s: State, *, max_nodes: int | None = None,
                   deadline: float | None = None,
                   cancel: Any = None) -> tuple[list[RawMove], State, int]:
    """The heuristic player's line from ``s`` (see :func:`play_heuristic`): the raw moves,
    the last position, and the positions expanded (each position it played from, its moves
    all looked at: the solver's unit of work).  It stops early after ``max_nodes`` positions
    or at ``deadline`` (``time.perf_counter()``); the solver runs it first, as a cheap probe."""
    if not (is_int(max_nodes) and max_nodes == 0):  # (0: the solver's probe of a 1-node budget)
        max_nodes = budget(max_nodes, "max_nodes", integer=True)
    if deadline is not None:  # (a time.perf_counter() reading)
        deadline = real(deadline, "deadline", -1e18, 1e18)
    cancel = cancel_token(cancel)
    engine = rules.engine
    seen = {s.key()}
    line: list[RawMove] = []
    nodes = 0
    limit = max_nodes if max_nodes is not None else 1 << 62
    while not s.is_won and len(line) < MAX_MOVES and nodes < limit:
        if deadline is not None and time.perf_counter() > deadline:
            break
        if cancel is not None and cancel.is_set():  # (a threading.Event, from the solver)
            break
        nodes += 1
        best = None
        for m in engine.moves(s):
            t = engine.apply(s, m)
            if t.key() in seen:
                continue
            score = _score(rules, s, m, t)
            if score is None:
                score = 0.5  # not worth it while anything better (even turning) remains
            if best is None or score > best[0]:
                best = (score, m, t)
        if best is None:
            break
        _, m, s = best
        seen.add(s.key())
        line.append(m)
    return line, s, nodes


def _next_home(s: State, c: int) -> bool:
    h = s.home[c & 3]
    if h == 0:
        return c >> 2 == s.base
    return s.wants(c & 3) == c


def _can_build(rules: Rules, t: State, c: int) -> bool:
    """Card ``c`` could be built on the top card of some tableau pile."""
    fits = rules.engine.fits(t.base)
    return any(p and fits[c * 52 + p[-1]] for p in t.piles)


def _score(rules: Rules, s: State, m: RawMove, t: State) -> float | None:
    """How much the beginner likes a move (higher is better); ``None``: not worth making."""
    src, dst, count = m
    if dst >= FOUNDATION:
        return 100.0
    if src == STOCK:
        return 1.0 if dst == WASTE else 50.0  # Dick: filling a vacancy from the pack is forced
    if src >= FOUNDATION:
        return None  # a card back from a foundation (PySolFC's Simplicity): only as a last resort
    card = s.waste[-1] if src == WASTE else s.piles[src][-count]
    # what the move uncovers, and whether that card can be played next
    under = None
    if src == WASTE and len(s.waste) > 1:
        under = s.waste[-2]
    elif src >= 0 and len(s.piles[src]) > count:
        under = s.piles[src][-count - 1]
    bonus = 0.0
    if under is not None:
        if _next_home(t, under):
            bonus = 30.0  # a card that can go home (a base-rank card among them)
        elif _can_build(rules, t, under):
            bonus = 10.0  # a card that can be built on the tableau
    target = s.piles[dst]
    if target:
        if src == WASTE:
            score = 20.0  # build from the waste
        elif under is None:
            score = 15.0  # a lone card built on another pile: that makes a space
        elif bonus:
            score = 5.0
        else:
            return None  # a shuffle within the tableau that frees nothing
        if target[-1] & 3 == card & 3:
            score += 5.0  # same suit: they go home together later
        return score + bonus
    # a space: keep it empty until a card helps
    if rules.fill == "vacancy":
        return 40.0 + bonus  # Dick: a vacancy must be filled
    if bonus:
        return 8.0 + bonus
    return 3.0 if src == WASTE else None  # rather than bury the waste top under the next card


def _heuristic_move(rules: Rules, s: State, visited: set) -> tuple[RawMove, State] | None:
    """The beginner's move (as :func:`heuristic_line` chooses it), avoiding ``visited``."""
    engine = rules.engine
    best = None
    for m in engine.moves(s):
        t = engine.apply(s, m)
        if t.key() in visited:
            continue
        score = _score(rules, s, m, t)
        if score is None:
            score = 0.5
        if best is None or score > best[0]:
            best = (score, m, t)
    return None if best is None else (best[1], best[2])
