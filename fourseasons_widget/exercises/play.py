"""Checkers for notebook 01 (play): name the legal moves, win a deal on the board.

>>> from fourseasons_widget import Game
>>> check_legal_moves(Game.new(seed=7), None)
✘ Not yet. Fill in `answer` with a list of moves, e.g. ["turn", "7H c2"].
"""

from __future__ import annotations

from typing import Any

from ..model.game import Game
from ..model.rules import IllegalMoveError
from ..model.state import Move
from ._common import game_of, missing
from ._feedback import Feedback


def _move_key(m: Move) -> tuple[str, str, str]:
    # a card sent home counts once, whichever empty corner it would start
    target = "foundation" if m.target.startswith("foundation") else m.target
    return (m.card, m.source, target)


def check_legal_moves(board: Any, answer: Any) -> Feedback:
    """Every legal move of the board's current position, in the notebook's notation.

    A card that could start any of several empty corners counts as one move (``"3D>f"``).
    The feedback counts what is missing and names the student's own moves that are not legal
    (with the rule that refuses them), never a missing one.
    """
    game = game_of(board)
    if game is None:
        return Feedback.not_yet("Pass the board (or its game) as the first argument.")
    if missing(answer):
        return Feedback.not_yet('Fill in `answer` with a list of moves, e.g. ["turn", "7H c2"].')
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return Feedback.not_yet('`answer` should be a list of moves, e.g. ["turn", "7H c2"].')
    legal = {_move_key(m) for m in game.legal_moves()}
    named: set[tuple[str, str, str]] = set()
    wrong: list[str] = []
    for text in answer:
        try:
            m = game.parse_move(str(text))
        except IllegalMoveError as e:
            wrong.append(f"{str(text)[:20]!r} ({e})")
            continue
        k = _move_key(m)
        if k in legal:
            named.add(k)
        else:
            wrong.append(f"{str(text)[:20]!r} ({game.explain(m) or 'not legal here'})")
    left = len(legal - named)
    if not wrong and not left:
        return Feedback.right(f"All {len(legal)} legal moves, and nothing else.")
    parts = []
    if wrong:
        parts.append("Not legal here: " + "; ".join(wrong[:3]) + ".")
    if left:
        parts.append(f"{left} legal move{'s are' if left > 1 else ' is'} still missing "
                     "(look at every available card: the cross tops, the waste, the stock).")
    return Feedback.not_yet(" ".join(parts))


def check_won(board: Any, seed: int = 7, variant: str = "standard") -> Feedback:
    """The board's game is deal ``seed`` of ``variant``, and it is won by the moves it holds
    (replayed from a fresh deal, so a won position typed in by hand does not count)."""
    game = game_of(board)
    if game is None:
        return Feedback.not_yet("Pass the board you played on (e.g. `board`).")
    if game.variant != variant:
        return Feedback.not_yet(f"This board plays {game.rules.title}; the exercise is "
                                f"deal {seed} of {variant}: board.new_game(seed={seed}, "
                                f"variant={variant!r}).")
    if game.seed != seed:
        return Feedback.not_yet(f"This board plays another deal; start deal {seed} with "
                                f"board.new_game(seed={seed}).")
    fresh = Game.new(seed=seed, variant=variant)
    try:
        for m in game.history:
            fresh.play(m)
    except IllegalMoveError:
        return Feedback.not_yet("The moves on this board do not replay from the deal.")
    state = fresh.state
    if state.is_won:
        return Feedback.right(f"Deal {seed} won in {len(game.history)} moves: the cross has "
                              "vanished.")
    # (the board's own game: a loss its table proved is recorded there, the model's alone
    # are the replayed game's)
    if fresh.status == "lost" or (game.state == state and game.status == "lost"):
        return Feedback.not_yet(f"{state.cards_home} of 52 cards home, and this position is "
                                "proved lost: undo some moves (U) or restart, and keep a space "
                                "free for longer.")
    return Feedback.not_yet(f"{state.cards_home} of 52 cards home so far. Keep playing on the "
                            "board (H gives a hint), then run this cell again.")


# -- a position given only as a picture: name its legal moves -------------------------------------

#: the position of notebook 01's first exercise: deal 16 after the beginner's first 6 moves.
#: It is shown as a text picture only (no board, no Game in the notebook), so the answer has to
#: come from the rules, not from ``legal_moves()``.
PUZZLE = (16, 6)


def _puzzle_game() -> Game:
    from ..solver.players import heuristic_line

    seed, moves = PUZZLE
    game = Game.new(seed=seed)
    line, _, _ = heuristic_line(game.rules, game.state)
    for m in line[:moves]:
        game.play(game.rules.engine.to_move(game.state, m))
    return Game(game.state, game.rules)


class _Picture(str):
    """Text that shows itself as it is (a notebook prints it without quotes)."""

    def __repr__(self) -> str:
        return str(self)


def legal_moves_puzzle() -> str:
    """The exercise's position as a player sees it (the stock face down), with the pile
    names of the notation."""
    game = _puzzle_game()
    return _Picture(str(game) + "\ncross piles: c0 left, c1 centre, c2 right, c3 top, c4 bottom"
                    "\n(a foundation move may be written 'AD>f'; turning the stock 'turn')")


def check_puzzle_moves(answer: Any) -> Feedback:
    """Every legal move of the position :func:`legal_moves_puzzle` shows, in the notation."""
    return check_legal_moves(_puzzle_game(), answer)
