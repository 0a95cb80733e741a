"""Small helpers the checkers share."""

from __future__ import annotations

from typing import Any

from ..model.game import Game


def game_of(board: Any) -> Game | None:
    """The :class:`Game` behind a board widget (``board.game``) or a game itself."""
    if isinstance(board, Game):
        return board
    game = getattr(board, "game", None)
    return game if isinstance(game, Game) else None


def missing(answer: Any) -> bool:
    """True for an answer cell not filled in yet (``None``, ``...`` or an empty string)."""
    return answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip())


def rank_index(text: Any) -> int | None:
    """A rank written as ``"A"``, ``"7"``, ``"10"``, ``"T"``, ``"J"`` ... (or an int 1–13) as an
    index 0–12; ``None`` if it is not a rank."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text - 1 if 1 <= text <= 13 else None
    if not isinstance(text, str):
        return None
    t = text.strip().upper()
    t = {"10": "T", "ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K", "1": "A"}.get(t, t)
    return "A23456789TJQK".index(t) if len(t) == 1 and t in "A23456789TJQK" else None
