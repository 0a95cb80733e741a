"""Small positions for teaching: real deals, played along a known win until few cards are left.

>>> g = small_position(seed=0, cards_left=5)
>>> 52 - g.state.cards_home <= 5
True
"""

from __future__ import annotations

import functools
import random

from ..game import Game
from ..rules import get_rules
from ..state import FOUNDATION, State
from ..validate import budget, is_int
from .solver import solve


def small_position(seed: int = 0, cards_left: int = 6, variant: str = "standard", *,
                   max_seconds: float = 5.0, tries: int = 50) -> Game:
    """A :class:`Game` at a position with at most ``cards_left`` cards outside the
    foundations, reached by playing the solver's winning line of ``Game.new(seed)`` (the next
    seeds are tried if the solver finds no win for that one within ``max_seconds``).  Every
    algorithm of :mod:`.algorithms` finishes on such positions for small ``cards_left``.

    The game's history holds the moves that led there (``game.history``); ``game.seed`` is the
    deal's seed.
    """
    if not is_int(cards_left) or not 0 <= cards_left <= 52:
        raise ValueError("cards_left runs from 0 to 52")
    max_seconds = budget(max_seconds, "max_seconds")
    tries = budget(tries, "tries", integer=True)
    for k in range(seed, seed + tries):
        line = _winning_line(k, variant, max_seconds)
        if line is None:
            continue
        game = Game.new(seed=k, variant=variant)
        for m in line:
            if 52 - game.state.cards_home <= cards_left:
                break
            game.play(m)
        return game
    raise RuntimeError(f"no win found for seeds {seed}–{seed + tries - 1} of {variant}")


@functools.lru_cache(maxsize=64)
def _winning_line(seed: int, variant: str, max_seconds: float) -> tuple | None:
    """The solver's winning line of deal ``seed`` (``None``: no win found in time); kept, so
    that several positions of one deal (a notebook asks for many) cost one solve."""
    r = solve(Game.new(seed=seed, variant=variant), max_seconds=max_seconds)
    return tuple(r.moves) if r.won else None


def position_at(game: Game) -> Game:
    """A fresh game starting at ``game``'s current position (no history)."""
    return Game(game.state, game.rules, seed=game.seed)


def lesson_position(seed: int = 0, cards_left: int = 14, variant: str = "standard") -> Game:
    """A fresh game (no history) ``cards_left`` cards from the end of the solver's winning
    line of deal ``seed``.  From about 12 cards left the stock is not yet empty, so a solution
    is more than "send every card home": breadth-first finds a shortest line, depth-first a
    long one, greedy best-first a short one, A* a shortest one with far fewer expansions.

    >>> g = lesson_position(0, 12)
    >>> 52 - g.state.cards_home <= 12, g.ply
    (True, 0)
    """
    return position_at(small_position(seed=seed, cards_left=cards_left, variant=variant))


def late_positions(variant: str, n: int, *, max_stock: int = 0,
                   max_seeds: int = 400) -> list[State]:
    """Up to ``n`` positions late in a game (``max_stock`` stock cards left or fewer), reached by
    random play from seeded deals that favours moves home: where losses become cheap to prove.
    """
    n = budget(n, "n", integer=True)
    max_seeds = budget(max_seeds, "max_seeds", integer=True)
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
    from .players import heuristic_line

    rules = get_rules(variant)
    s = Game.new(seed=seed, variant=variant).state
    line, end, _ = heuristic_line(rules, s)
    at: dict[int, State] = {}
    for m in line:
        s = rules.apply(s, m)
        at.setdefault(len(s.stock), s)
    return at, end.is_won
