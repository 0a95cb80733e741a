"""Checkers for notebook 02 (rules): which move is refused and why; a small puzzle.

The reasons a student may give are the keys of :data:`REASONS`; the checker asks the model
itself (the :class:`~fourseasons_widget.model.rules.IllegalMoveError` it raises) which move it
refuses and for which rule.

>>> from fourseasons_widget import Game
>>> check_refusal(Game.new(seed=7), ["turn", "TC c1>c4", "AS c2"], None, None)
✘ Not yet. Fill in `refused` with one of the three moves.
"""

from __future__ import annotations

from typing import Any

from ..model.cards import parse_card
from ..model.game import Game
from ..model.rules import IllegalMoveError
from ._common import game_of, missing
from ._feedback import Feedback

#: The rules a refusal may name (the answer is a key of this table).
REASONS = {
    "one-lower": "the cross builds down by exactly one rank (any suit)",
    "not-available": "the card is not available: covered in its pile, buried in the waste, "
                     "or still face down in the stock",
    "base-rank": "a foundation can only be started with a card of the base rank",
    "suit-order": "a foundation builds up in its own suit, one rank at a time",
    "aces-base": "a king may go on an ace only when the base rank is not ace",
    "never-leave": "cards never leave a foundation",
}

# how the model's refusal messages name these rules (checked by the tests on real refusals)
_MESSAGES = (
    ("K goes on A only when", "aces-base"),
    ("builds down by one rank", "one-lower"),
    ("cannot start a foundation", "base-rank"),
    ("builds up by suit", "suit-order"),
    ("that foundation takes only", "suit-order"),
    ("cannot leave a foundation", "never-leave"),
    ("is not available", "not-available"),
    ("is still in the stock", "not-available"),
    ("is in the waste, under", "not-available"),
    ("not the next stock card", "not-available"),
    ("the stock turns onto the waste", "not-available"),
)


def reason_of(message: str) -> str | None:
    """The :data:`REASONS` key of a refusal message from the model (``None``: another rule)."""
    for text, key in _MESSAGES:
        if text in message:
            return key
    return None


def refusals(game: Game, moves: list[str]) -> dict[str, str | None]:
    """For each move: ``None`` if the model plays it here, else its refusal message."""
    out: dict[str, str | None] = {}
    for m in moves:
        try:
            game.copy().play(m)
        except IllegalMoveError as e:
            out[m] = str(e)
        else:
            out[m] = None
    return out


def check_refusal(board: Any, moves: list[str], refused: Any, reason: Any) -> Feedback:
    """``refused``: the one of ``moves`` the rules refuse in the board's position; ``reason``:
    the key of :data:`REASONS` that names the rule.  Nothing is played on the board."""
    game = game_of(board)
    if game is None:
        return Feedback.not_yet("Pass the board as the first argument.")
    said = refusals(game, list(moves))
    bad = [m for m, msg in said.items() if msg is not None]
    if len(bad) != 1:  # the exercise itself is wrong, not the student
        raise ValueError(f"exactly one of {moves} should be refused here, not {bad}")
    if missing(refused):
        return Feedback.not_yet("Fill in `refused` with one of the three moves.")
    if refused not in said:
        return Feedback.not_yet(f"`refused` should be one of {', '.join(map(repr, moves))}, "
                                "copied exactly.")
    if said[refused] is None:
        return Feedback.not_yet(f"{refused!r} is legal in this position. For each of the "
                                "other two, name the card it moves, where that card lies "
                                "(is it available?) and what the target pile takes next; "
                                "then predict again.")
    if missing(reason):
        return Feedback.not_yet("That is the move the rules refuse. Now fill in `reason` with "
                                "one of the keys of REASONS.")
    if reason not in REASONS:
        return Feedback.not_yet(f"`reason` should be one of {', '.join(map(repr, REASONS))}.")
    if reason != reason_of(said[refused]):
        return Feedback.not_yet(f"That is the move the rules refuse, but not because "
                                f"{REASONS[reason]}. Which rule does it break?")
    return Feedback.right(f"The model says: {said[refused]}.")


def check_home_in(board: Any, deck: str, card: str, max_moves: int) -> Feedback:
    """A puzzle: on a board dealt from ``deck``, bring ``card`` home in at most ``max_moves``
    moves (turning the stock counts as a move)."""
    game = game_of(board)
    if game is None:
        return Feedback.not_yet("Pass the board you played on.")
    fresh = Game.from_deck(deck, variant=game.variant)
    if game.variant != "standard" or game.start != fresh.start:
        return Feedback.not_yet("This board is not the puzzle's deal: run the cell that makes "
                                "it again.")
    for m in game.history:
        fresh.play(m)
    n = len(game.history)
    c = parse_card(card)
    s = fresh.state
    is_home = any(c in s.foundation_cards(slot) for slot in range(4))
    if not is_home:
        return Feedback.not_yet(f"After {n} moves the {card} is not home yet. What blocks "
                                "it, and where could the blocking card go?")
    if n > max_moves:
        return Feedback.not_yet(f"The {card} is home, in {n} moves: it can be done in "
                                f"{max_moves}. Undo and look for a shorter way.")
    return Feedback.right(f"The {card} is home in {n} moves.")
