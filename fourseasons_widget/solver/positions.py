"""Positions for research: late positions reached by random play, and the positions along the
beginner's heuristic player's game (where the loss provers are measured).
"""

from __future__ import annotations

import random

from ..model.game import Game
from ..model.rules import get_rules
from ..model.state import FOUNDATION, State
from ..validate import count_budget, is_int
from .players import heuristic_line


def late_positions(variant: str, n: int, *, max_stock: int = 0,
                   max_seeds: int = 400) -> list[State]:
    """Up to ``n`` positions late in a game (``max_stock`` stock cards left or fewer), reached by
    random play from seeded deals that favours moves home: where losses become cheap to prove.
    """
    n = count_budget(n, "n")
    max_seeds = count_budget(max_seeds, "max_seeds")
    if not is_int(max_stock) or max_stock < 0:
        raise ValueError("max_stock is a number of cards, 0 or more")
    rules = get_rules(variant)
    out: list[State] = []
    seed = 0
    while len(out) < n and seed < max_seeds:
        rng = random.Random(seed)
        s = Game.new(seed=seed, variant=variant).state
        seed += 1
        for _ in range(400):
            moves = rules.moves(s)
            if not moves or s.is_won:
                break
            home = [m for m in moves if m[1] >= FOUNDATION]
            s = rules.apply(s, rng.choice(home if home and rng.random() < 0.5 else moves))
            if len(s.stock) <= max_stock:
                out.append(s)
                break
    return out


def along_heuristic_line(seed: int, variant: str = "standard") -> tuple[dict[int, State], bool]:
    """The beginner's heuristic player's game of ``Game.new(seed, variant)``: for each number of
    stock cards left, the first position with that many after a move, and whether the game is
    won (where losses are proved far from the end: ``benchmarks/solver.py``)."""
    rules = get_rules(variant)
    s = Game.new(seed=seed, variant=variant).state
    line, end, _ = heuristic_line(rules, s)
    at: dict[int, State] = {}
    for m in line:
        s = rules.apply(s, m)
        at.setdefault(len(s.stock), s)
    return at, end.is_won
