"""Helpers for building test positions."""

from __future__ import annotations

from fourseasons_widget.model.cards import CODES

ALL_VARIANTS = ("standard", "sequences", "czarina", "corners", "simplicity", "dick1883")


def make_deck(*codes: str) -> str:
    """A full deck that starts with ``codes`` (dealt first), the rest in a fixed order."""
    head = [c.upper() for c in " ".join(codes).split()]
    assert len(set(head)) == len(head), "test deck repeats a card"
    rest = [c for c in CODES if c not in head]
    return " ".join(head + rest)


def codes(cards) -> list[str]:
    return [CODES[c] for c in cards]


def played_by_heuristic(seed: int, plies: int):
    """A deal played a few moves in by the heuristic player (turns included)."""
    from fourseasons_widget.model.game import Game
    from fourseasons_widget.solver.greedy import _heuristic_move

    g = Game.new(seed=seed)
    for _ in range(plies):
        pick = _heuristic_move(g.rules, g.state, {t.key() for t in g.positions})
        if pick is None or g.state.is_won:
            break
        g.play(g.rules.engine.to_move(g.state, pick[0]))
    return g


def with_stock_reshuffled(g, rng):
    """The same game with the face-down cards it has never shown in another order (the same
    moves played from a deal whose unseen stock cards were permuted by ``rng``)."""
    from fourseasons_widget.model.game import Game

    hidden = list(g.state.stock)
    order = hidden[:]
    rng.shuffle(order)
    swap = dict(zip(hidden, order, strict=True))
    h = Game(g.start._replace(stock=tuple(swap.get(c, c) for c in g.start.stock)), g.rules)
    for m in g.history:
        h.play(m)
    assert h.state.stock == tuple(swap[c] for c in g.state.stock)
    return h
