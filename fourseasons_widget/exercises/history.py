"""Checkers for notebook 03 (history): Dick's deal beside the modern one, and the names.

>>> check_base_ranks(5, dick=None, modern=None)
✘ Not yet. Fill in `dick` and `modern` with ranks, e.g. "7" or "Q".
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..rules import VARIANTS
from ._common import missing, rank_index
from ._feedback import Feedback

#: The game's other names, as the sources give them (notebooks/sources.md, "The facts the
#: course uses": the encyclopedia article and its translations).
OTHER_NAMES = ("Corner Card", "Corners", "Vanishing Cross", "Cross Currents")
#: the name Mary Whitmore Jones published the game under (1898), which is a variant here too
JONES_NAMES = ("czarina", "czarina patience")


def check_base_ranks(seed: int, dick: Any, modern: Any) -> Feedback:
    """The base rank of deal ``seed`` in Dick's 1883 deal and in the modern cross deal."""
    if missing(dick) or missing(modern):
        return Feedback.not_yet('Fill in `dick` and `modern` with ranks, e.g. "7" or "Q".')
    d, m = rank_index(dick), rank_index(modern)
    if d is None or m is None:
        return Feedback.not_yet('Write each rank as A, 2 … 10, J, Q or K.')
    true_d = Game.new(seed=seed, variant="dick1883").state.base
    true_m = Game.new(seed=seed, variant="standard").state.base
    wrong = []
    if d != true_d:
        wrong.append("Dick's (which card of the pack starts his first corner?)")
    if m != true_m:
        wrong.append("the modern one (how many cards go to the cross before the corner card?)")
    if wrong:
        return Feedback.not_yet("Look again at " + " and at ".join(wrong) + ".")
    return Feedback.right("Dick's first card is his base; the modern deal's sixth card is.")


def check_dick_home(seed: int, cards_home: Any) -> Feedback:
    """How many cards are on Dick's foundations when his deal of ``seed`` is done (before the
    player's first move)."""
    if missing(cards_home):
        return Feedback.not_yet("Fill in `cards_home` with a number.")
    if isinstance(cards_home, bool) or not isinstance(cards_home, int):
        return Feedback.not_yet("`cards_home` should be a whole number, e.g. 3.")
    true = Game.new(seed=seed, variant="dick1883").state.cards_home
    if cards_home != true:
        return Feedback.not_yet("Deal the pack again card by card: the base card first, the "
                                "other cards of its rank to empty corners, any card that fits a "
                                "foundation onto it, the rest into the five tableau places "
                                "until they are full.")
    return Feedback.right(f"{true} cards are home when the five tableau places are full.")


def check_name(answer: Any) -> Feedback:
    """Which of the game's other names is also the name of one of this project's variants?"""
    if missing(answer):
        return Feedback.not_yet('Fill in `answer` with a name, e.g. "Cross Currents".')
    if not isinstance(answer, str):
        return Feedback.not_yet("`answer` should be a name, as a string.")
    names = {n.lower(): n for n in OTHER_NAMES}
    if answer.strip().lower() in JONES_NAMES:
        return Feedback.right(
            "Jones published the game as Czarina Patience (1898), and the sources' list of "
            "variations uses Czarina for a variant whose spaces are filled at once from the "
            "stock — one name, two games. There is a second such word among the other names "
            "in 'Many names': can you find it?")
    given = names.get(answer.strip().lower())
    if given is None:
        return Feedback.not_yet("That is not one of the other names the sources give (see "
                                "'Many names').")
    titles = {r.title.lower() for r in VARIANTS.values()} | set(VARIANTS)
    if given.lower() not in titles:
        return Feedback.not_yet(f"{given} is another name of the game, but no variant here is "
                                "called so (see the table at the top of 04-variants).")
    return Feedback.right(f"Some sources call the whole game {given}; the sources' list of "
                          "variations uses the same word for a variant with one-card cells. "
                          "One word, two meanings.")
