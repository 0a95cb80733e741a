"""The solver: depth-first search with duplicate detection and safe moves home.

Verdicts are three-valued and honest:

- ``"won"`` — with ``moves``, a line the :class:`~fourseasons_widget.game.Game` accepts (tested
  by replaying it);
- ``"lost"`` — only when every position reachable from the start was searched;
- ``"unknown"`` — the budget (nodes or seconds) ran out first.

Soundness of the two reductions:

1. *Duplicate detection.*  Positions are identified by :meth:`State.key`: the piles as a
   multiset (every pile obeys the same rules, so permuting piles changes nothing), the
   foundations, the stock count (the stock is only ever taken from the front, so within one game
   its length fixes its contents) and the waste.  A depth-first search that never re-enters a
   key still visits every reachable key, so exhausting it proves the loss.
2. *Safe moves home.*  A card ``c`` whose every possible tableau child (the cards that could be
   built on it) is already home is moved home at once, without branching.  Outside a
   foundation ``c`` could only serve as a building target (impossible now) or as a card to
   move around; home, it uncovers the card beneath.  Any winning line from the position
   without the move stays a winning line after it, with the later move of ``c`` home removed.
   Where spaces are refilled by force the argument needs care, so the move is taken
   automatically only when it cannot change a fill: in Czarina and Corners (filled from the
   stock) not when it empties a pile; with Czarina's ``fill='waste'`` option never from the
   waste; in Dick 1883, where a vacancy must be filled by the player from another pile or the
   waste, never (there ``c`` may be needed to fill a vacancy).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules import Rules
from ..state import FOUNDATION, STOCK, WASTE, Move, RawMove, State


@dataclass
class SolveResult:
    """What the solver found: ``verdict`` in {"won", "lost", "unknown"}, the winning ``moves``
    (Move objects, empty unless won), ``nodes`` expanded and ``seconds`` spent."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    raw: list[RawMove] = field(default_factory=list, repr=False)

    @property
    def won(self) -> bool:
        return self.verdict == "won"


class _Safety:
    """Per base rank: for each card, the cards that could be built on it."""

    def __init__(self, rules: Rules, base: int) -> None:
        fits = rules.engine.fits(base)
        self.children = [tuple(x for x in range(52) if fits[x * 52 + c]) for c in range(52)]
        self.base = base
        self.enabled = rules.fill != "vacancy"
        self.keep_last = rules.fill != "free"  # not when the move empties a pile
        self.from_waste = rules.fill != "waste"

    def is_home(self, home: tuple[int, ...], x: int) -> bool:
        return home[x & 3] > ((x >> 2) - self.base) % 13

    def safe(self, s: State, c: int) -> bool:
        home = s.home
        for x in self.children[c]:
            if home[x & 3] <= ((x >> 2) - self.base) % 13:
                return False
        return True


def _auto_home(rules: Rules, safety: _Safety, s: State) -> tuple[State, list[RawMove]]:
    """Apply safe moves home until none is left."""
    done: list[RawMove] = []
    if not safety.enabled:
        return s, done
    apply = rules.engine.apply
    while True:
        for m in rules.engine.moves(s):
            src, dst, _ = m
            if dst < FOUNDATION:
                continue
            if src >= 0:
                if safety.keep_last and len(s.piles[src]) == 1:
                    continue
                c = s.piles[src][-1]
            elif src == WASTE and safety.from_waste:
                c = s.waste[-1]
            else:
                continue
            if safety.safe(s, c):
                s = apply(s, m)
                done.append(m)
                break
        else:
            return s, done


def _order(s: State, moves: list[RawMove]) -> list[RawMove]:
    piles = s.piles

    def rank(m: RawMove) -> int:
        src, dst, _ = m
        if dst >= FOUNDATION:
            return 0
        if src == STOCK:
            return 3
        if dst >= 0 and not piles[dst]:
            return 2
        return 1

    return sorted(moves, key=rank)


def search(rules: Rules, root: State, *, max_nodes: int | None = None,
           max_seconds: float | None = None) -> tuple[str, list[RawMove], int]:
    """Depth-first search from ``root``; returns (verdict, raw line, nodes expanded)."""
    engine = rules.engine
    safety = _Safety(rules, root.base)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    start, auto = _auto_home(rules, safety, root)
    if start.is_won:
        return "won", auto, 0
    seen = {start.key()}
    # frames: [state, ordered moves, next index, length of the line that reaches the state]
    stack: list[list] = [[start, _order(start, engine.moves(start)), 0, len(auto)]]
    line: list[RawMove] = list(auto)
    nodes = 1
    while stack:
        frame = stack[-1]
        s, moves, i, keep = frame
        if i >= len(moves):
            stack.pop()
            continue
        frame[2] = i + 1
        del line[keep:]
        m = moves[i]
        child = engine.apply(s, m)
        child, auto = _auto_home(rules, safety, child)
        k = child.key()
        if k in seen:
            continue
        seen.add(k)
        line.append(m)
        line += auto
        if child.is_won:
            return "won", line, nodes
        nodes += 1
        if (max_nodes is not None and nodes >= max_nodes) or (
            deadline is not None and nodes & 255 == 0 and time.perf_counter() > deadline
        ):
            return "unknown", [], nodes
        stack.append([child, _order(child, engine.moves(child)), 0, len(line)])
    return "lost", [], nodes


def solve(position, rules: Rules | None = None, *, max_seconds: float | None = 10.0,
          max_nodes: int | None = None) -> SolveResult:
    """Solve a :class:`Game` or a :class:`State` (with its ``rules``) under a budget.

    >>> from fourseasons_widget import Game
    >>> r = solve(Game.new(seed=1), max_seconds=5)
    >>> r.verdict in ("won", "lost", "unknown")
    True
    """
    if rules is None:
        state, rules = position.state, position.rules
    else:
        state = position
    t0 = time.perf_counter()
    verdict, raw, nodes = search(rules, state, max_nodes=max_nodes, max_seconds=max_seconds)
    moves = []
    s = state
    for m in raw:
        moves.append(rules.engine.to_move(s, m))
        s = rules.engine.apply(s, m)
    return SolveResult(verdict, moves, nodes, time.perf_counter() - t0, raw)
