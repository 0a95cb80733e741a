"""Small positions for teaching: real deals, played along a known win until few cards are left.

>>> g = small_position(seed=0, cards_left=5)
>>> 52 - g.state.cards_home <= 5
True
"""

from __future__ import annotations

import functools

from ..game import Game
from ..validate import budget, is_int


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
    from ..solver.exact import solve  # (to be replaced by stored lines)

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
