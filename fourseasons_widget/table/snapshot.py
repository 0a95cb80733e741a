"""Plain-data pictures of a position and plain words for moves: what the front end draws and
says.  No widget, no traitlets: the controller, the review and the widget all use these.

The face-down stock card is never named here before it is turned: a turn *to be made* (a hint,
a legal move, the move that would have won) is "turn the stock", and only a turn already made
names the card it turned up.

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> turn = next(m for m in g.legal_moves() if m.source == "stock")
>>> advise_move(turn, pile_labels(g.rules))
'turn the stock'
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from .. import automove
from ..model.cards import CODES, RANK_LABELS, SUITS, card_name, parse_card
from ..model.rules import Rules
from ..model.state import Move, State

if TYPE_CHECKING:
    from ..model.game import Game

_CROSS_NAMES = ("the left of the cross", "the centre of the cross", "the right of the cross",
                "the top of the cross", "the bottom of the cross")
_CELL_NAMES = ("the left cell", "the centre cell", "the right cell", "the top cell",
               "the bottom cell")
_GRID_NAMES = ("the left of the grid", "the centre of the grid", "the right of the grid",
               "the top of the grid", "the bottom of the grid")
_FOUNDATION_NAMES = ("the upper-left foundation", "the upper-right foundation",
                     "the lower-left foundation", "the lower-right foundation")


def pile_labels(rules: Rules) -> dict[str, str]:
    """Spoken names of the piles, for aria-labels and announcements."""
    names: dict[str, str] = {"stock": "the stock", "waste": "the waste"}
    for i, text in enumerate(_FOUNDATION_NAMES):
        names[f"foundation:{i}"] = text
    if rules.layout == "rows":
        half = rules.n_piles // 2
        for i in range(rules.n_piles):
            row = "top" if i < half else "bottom"
            names[rules.pile_name(i)] = f"tableau pile {i % half + 1} of the {row} row"
    else:
        table = {"cells": _CELL_NAMES, "grid": _GRID_NAMES}.get(rules.layout, _CROSS_NAMES)
        for i in range(rules.n_piles):
            names[rules.pile_name(i)] = table[i] if i < len(table) else rules.pile_name(i)
    return names


def code(card: int) -> str:
    return CODES[card]


def position_snapshot(rules: Rules, s: State) -> dict[str, Any]:
    """The position as JSON-able data: what is face up, and how much is face down.

    The stock is face down, so only its size is given.

    >>> from fourseasons_widget import Game
    >>> snap = position_snapshot(Game.new(seed=7).rules, Game.new(seed=7).state)
    >>> len(snap["piles"]), snap["stock"], snap["home"]
    (5, 46, 1)
    """
    foundations = []
    for slot in range(4):
        suit = s.corners[slot]
        if suit < 0:
            foundations.append({"suit": None, "count": 0, "cards": []})
        else:
            cards = [code(c) for c in s.foundation_cards(slot)]
            foundations.append({"suit": SUITS[suit], "count": len(cards), "cards": cards})
    return {
        "piles": [[code(c) for c in p] for p in s.piles],
        "foundations": foundations,
        "stock": len(s.stock),
        "waste": [code(c) for c in s.waste],
        "home": s.cards_home,
    }


@functools.lru_cache(maxsize=512)
def finishes(rules: Rules, state: State) -> bool:
    """Whether moves home and turns of the stock alone win from ``state``
    (:func:`automove.finishing_run`), kept per position: a board publishes one position many
    times (its panels, its clock, a hint, the store's news) and the run may walk the whole
    stock (about 0.8 ms at the deal; both are immutable, so what is kept stays true)."""
    return automove.finishing_run(rules, state) is not None


def game_snapshot(game: Game, status: str) -> dict[str, Any]:
    """The board's picture of a game with status ``status``: the position (as
    :func:`position_snapshot`), its rules as the view lays them out and names them, the legal
    moves, what undo, redo and Auto-finish can do, and the deal's seed or PySolFC number."""
    rules, s = game.rules, game.state
    return {
        **position_snapshot(rules, s),
        "variant": rules.variant,
        "title": rules.title,
        "summary": rules.summary,
        "layout": rules.layout,
        "pile_kind": rules.pile_kind,
        "pile_names": rules.pile_names,
        "pile_labels": pile_labels(rules),
        "options": rules.option_values,
        "base": RANK_LABELS[s.base] if s.bases is None else "per suit",
        "base_rank": s.base if s.bases is None else None,
        # the suit each corner takes where the rules fix it (PySolFC), else None
        "corner_suits": (None if rules.corner_suits is None
                         else [SUITS[x] for x in rules.corner_suits]),
        "ply": game.ply,
        "status": status,
        "legal": [move_triple(m) for m in game.legal_moves()],
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "can_auto_finish": status == "playing" and finishes(rules, s),
        "seed": game.seed,
        "pysol": game.pysol,
    }


def line_snapshot(game: Game, moves: list[Move], *, nodes: int | None = None,
                  seconds: float | None = None) -> dict[str, Any]:
    """A line of moves from the game's position, for the replay bar: each move (with its
    words) and the position after it (``frames``, the position now first), whether it wins,
    and what the search that found it cost (``nodes``, ``seconds``), if one did."""
    rules = game.rules
    frames = [position_snapshot(rules, game.state)]
    probe = game.copy()
    for m in moves:
        probe.play(m)
        frames.append(position_snapshot(rules, probe.state))
    labels = pile_labels(rules)
    return {
        "ply": game.ply,
        "verdict": "won" if probe.state.is_won else "line",
        "nodes": nodes,
        "seconds": None if seconds is None else round(seconds, 3),
        "moves": [[m.card, m.source, m.target, describe_move(m, labels)] for m in moves],
        "frames": frames,
    }


def is_turn(move: Move) -> bool:
    """A turn of the stock (its card is face down until it is made)."""
    return move.source == "stock" and move.target == "waste"


def describe_move(move: Move, labels: dict[str, str]) -> str:
    """A move *made*: ``"seven of hearts from the waste to the centre of the cross"``; a turn
    made names the card it turned up."""
    if is_turn(move):
        return f"turned the stock: {card_name(parse_card(move.card))}"
    if move.source == "waste" and move.target == "stock":
        return "redealt: the waste turned over is the stock again"
    return (f"{card_name(parse_card(move.card))} from {labels.get(move.source, move.source)} "
            f"to {labels.get(move.target, move.target)}")


def advise_move(move: Move, labels: dict[str, str]) -> str:
    """A move *to make*, as advice: a turn is "turn the stock" (its card is face down), and so
    is Dick 1883's filling of a vacancy from the pack ("deal the next card to …")."""
    if is_turn(move):
        return "turn the stock"
    if move.source == "stock":  # (into a space: its card is face down until it has moved)
        return f"deal the next stock card to {labels.get(move.target, move.target)}"
    if move.source == "waste" and move.target == "stock":
        return "redeal: turn the waste over as the stock"
    return (f"{card_name(parse_card(move.card))} from {labels.get(move.source, move.source)} "
            f"to {labels.get(move.target, move.target)}")


_PILE_NAME = re.compile(r"\b[a-z]+:\d+\b")


def speak_piles(text: str, labels: dict[str, str]) -> str:
    """``text`` with each internal pile name (``foundation:3``, ``cross:2``) said as the move
    log says it (``the upper-right foundation``); a name the layout lacks is left as it is.

    >>> speak_piles("8C cannot go on foundation:3", {"foundation:3": "the upper-right foundation"})
    '8C cannot go on the upper-right foundation'
    """
    return _PILE_NAME.sub(lambda m: labels.get(m.group(0), m.group(0)), text)


def move_triple(move: Move | None) -> list[Any] | None:
    """``[card, source, target]`` for the front end; a move from the stock names no card
    (``None``): the stock's card is face down until it has moved, whether it is turned onto the
    waste or dealt straight into a space (Czarina, Corners, Dick 1883's vacancies)."""
    if move is None:
        return None
    return [None if move.source == "stock" else move.card, move.source, move.target]


__all__ = ["advise_move", "code", "describe_move", "is_turn", "move_triple", "pile_labels",
           "position_snapshot", "speak_piles"]
