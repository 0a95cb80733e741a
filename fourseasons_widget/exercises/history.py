"""Checkers for notebook 03 (history): Dick's deal beside the modern one, and the names.

>>> check_base_ranks(5, dick=None, modern=None)
✘ Not yet. Fill in `dick` and `modern` with ranks, e.g. "7" or "Q".
"""

from __future__ import annotations

from typing import Any

from ..model.game import Game
from ..model.rules import VARIANTS
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


#: Four rules of the modern game (notebook 03, "Your turn 4"): the student says which one
#: Dick's 1883 game lacks, from what the board does after a pile is emptied.
MODERN_RULES = {
    "a": "A card may go onto a cross pile's top card one rank higher, of any suit.",
    "b": "An empty cross pile may be left empty as long as the player likes.",
    "c": "Only one card moves at a time.",
    "d": "A base-rank card may start any empty corner.",
}
#: the deal and the move of the exercise: the K♣ leaves the left tableau place empty
VACANCY_SEED, VACANCY_MOVE = 13, "KC c0>c2"


def show_modern_rules() -> None:
    """Print the four modern rules the exercise offers."""
    for letter, text in MODERN_RULES.items():
        print(f"({letter}) {text}")


def check_dick_vacancy(board: Any, rule: Any) -> Feedback:
    """Your turn 4: on Dick's deal of seed 13 (``board``, a ``FourSeasons`` or a ``Game``),
    the student plays the K♣ from the left tableau place onto the A♣, tries to turn the pack,
    and names the rule of the modern game (a letter of :data:`MODERN_RULES`) that Dick's game
    lacks: a vacancy is filled at once, so a space cannot be kept empty (b).

    >>> from fourseasons_widget import Game
    >>> check_dick_vacancy(Game.new(seed=13, variant="dick1883"), None)
    ✘ Not yet. Fill in `rule` with a letter, e.g. "a".
    """
    if missing(rule):
        return Feedback.not_yet('Fill in `rule` with a letter, e.g. "a".')
    if not isinstance(rule, str) or rule.strip().lower().strip("()") not in MODERN_RULES:
        return Feedback.not_yet("`rule` should be one of the letters a, b, c or d.")
    letter = rule.strip().lower().strip("()")
    game = getattr(board, "game", board)
    history = getattr(game, "history", None)
    if getattr(game, "variant", None) != "dick1883" or history is None:
        return Feedback.not_yet("Pass the Dick board of this exercise: "
                                f'FourSeasons(seed={VACANCY_SEED}, variant="dick1883").')
    if not any(str(m) == VACANCY_MOVE for m in history):
        return Feedback.not_yet(f"Play the move first: {VACANCY_MOVE} (the K♣ from the left "
                                "place onto the A♣), then try to turn the pack. What happens?")
    if letter == "b":
        return Feedback.right("Dick fills a vacancy at once, from another pile or the "
                              "wastepile (the pack only when the wastepile is empty): nothing "
                              "else may be played first, so a space can never be kept for a "
                              "useful card — the beginner's first tip in the modern game.")
    if letter == "c":
        return Feedback.not_yet("True, Dick's game lacks that one too (sequences move \"at "
                                "pleasure\"), but it is not what refused the turn here. Read "
                                "the refusal again.")
    return Feedback.not_yet(f"Dick's game has rule ({letter}) as well. What did it refuse "
                            "after the K♣ left its place, and why?")
