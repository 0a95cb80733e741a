"""Small positions for teaching: real deals, played along a known win until few cards are left.

>>> g = small_position(seed=0, cards_left=5)
>>> 52 - g.state.cards_home <= 5
True
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from ..model.game import Game
from ..validate import budget, is_int, quote

LINES = Path(__file__).with_name("lesson_lines.json")


def small_position(seed: int = 0, cards_left: int = 6, variant: str = "standard", *,
                   max_seconds: float = 5.0, tries: int = 50) -> Game:
    """A :class:`Game` at a position with at most ``cards_left`` cards outside the
    foundations, reached by playing a known winning line of ``Game.new(seed)`` (the next seeds
    are tried where none is known; past the stored deals, any seed gives one of them, in turn:
    ``game.seed`` says which).  Every algorithm of :mod:`.algorithms` finishes on such
    positions for small ``cards_left``.

    The lines are the solver's, found once and stored with the package
    (``lesson_lines.json``, written by ``python -m fourseasons_widget.solver.lessons``): the
    teaching search never runs the research solver, and a lesson's positions are the same on
    every machine.  ``max_seconds`` is the solver's budget the stored lines were found with
    (checked, kept for the callers of earlier releases).

    The game's history holds the moves that led there (``game.history``); ``game.seed`` is the
    deal's seed.
    """
    if not is_int(cards_left) or not 0 <= cards_left <= 52:
        raise ValueError("cards_left runs from 0 to 52")
    budget(max_seconds, "max_seconds")
    tries = budget(tries, "tries", integer=True)
    if not is_int(seed) or seed < 0:
        raise ValueError("seed is a whole number, 0 or more")
    known = _lines().get(variant)
    if known is None:
        raise ValueError(f"no lesson lines for variant {quote(variant)}")
    stored = sorted(int(k) for k, line in known.items() if line)
    if not stored:
        raise ValueError(f"no winning line of {variant} is stored: choose another variant "
                         f"({', '.join(v for v, lines in _lines().items() if any(lines.values()))})")
    found = [k for k in range(seed, seed + tries) if known.get(str(k))]
    # past the stored deals: the stored deals again, round and round (game.seed says which)
    k = found[0] if found else stored[seed % len(stored)]
    game = Game.new(seed=k, variant=variant)
    for m in known[str(k)]:
        if 52 - game.state.cards_home <= cards_left:
            break
        game.play(m)
    return game


@functools.cache
def _lines() -> dict[str, dict[str, list[str] | None]]:
    return json.loads(LINES.read_text(encoding="utf-8"))["lines"]


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
