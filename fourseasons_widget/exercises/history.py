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


#: Notebook 03, "Your turn 5: which source says so?": facts the notebook states, each with the
#: one source it rests on (notebooks/sources.md, "The facts the course uses"). The printed
#: works are cited as the encyclopedia article cites them.
SOURCE_FACTS = {
    "a": ("The first printed rules: nine cards in a 3 × 3 square, the foundations at the "
          "corners.", "Dick 1883"),
    "b": ("The same game with an 'exploded' layout, the corner cards moved away from a cross "
          "of five, as Czarina Patience.", "Jones 1898"),
    "c": ("Vanishing Cross commended as the best of the game's names.", "Parlett 1979"),
    "d": ("Four Seasons is won about once in ten games.", "Morehead & Mott-Smith"),
    "e": ("Simplicity is won about nine games in ten (a figure no other source repeats).",
          "the rule sheet"),
    "f": ("Mary Whitmore Jones lived from about 1823 to 1915, the first female heir of "
          "Chastleton House.", "the article on Jones"),
}
#: the sources to choose from, as the notebook lists them (pages as the article gives them);
#: Dalton (1948) only records Jones's version again: it is no fact's one source here
SOURCES = {
    "Dick 1883": "Dick (1883), pp. 14–16",
    "Jones 1898": "Mary Whitmore Jones (1898)",
    "Dalton 1948": "Dalton (1948)",
    "Parlett 1979": "David Parlett (1979), pp. 86–87",
    "Morehead & Mott-Smith": "Albert Morehead and Geoffrey Mott-Smith (2001)",
    "the rule sheet": "the unattributed rule sheet 'Four Seasons: Full rules'",
    "the article on Jones": "the encyclopedia article 'Mary Whitmore Jones'",
}


def _source_key(text: str) -> str | None:
    low = "".join(ch for ch in text.lower() if ch.isalnum())
    for key in SOURCES:
        if low == "".join(ch for ch in key.lower() if ch.isalnum()):
            return key
    for key in SOURCES:  # a surname alone ("Parlett"), or the rule sheet / article named
        first = "".join(ch for ch in key.lower().split()[0] if ch.isalnum())
        if key.startswith("the "):
            first = "".join(ch for ch in key.lower().split()[1] if ch.isalnum())
        if low == first or low.startswith(first):
            return key
    return None


def show_source_facts() -> None:
    """Print the facts and the sources of Your turn 5."""
    for letter, (fact, _) in SOURCE_FACTS.items():
        print(f"({letter}) {fact}")
    print()
    print("Sources:", "; ".join(f'"{k}" — {v}' for k, v in SOURCES.items()))


def check_sources(answers: Any) -> Feedback:
    """Your turn 5: ``answers`` maps each fact's letter of :data:`SOURCE_FACTS` to the source
    (a key of :data:`SOURCES`) it comes from.

    >>> check_sources(None)
    ✘ Not yet. Fill in `answers` with a dict, e.g. {"a": "Dick 1883", "b": ...}.
    """
    if missing(answers):
        return Feedback.not_yet('Fill in `answers` with a dict, e.g. {"a": "Dick 1883", '
                                '"b": ...}.')
    if not isinstance(answers, dict):
        return Feedback.not_yet("`answers` should be a dict from a fact's letter to a source.")
    given: dict[str, str | None] = {}
    for letter, source in answers.items():
        key = str(letter).strip().lower().strip("()")
        if key not in SOURCE_FACTS:
            return Feedback.not_yet(f"There is no fact {str(letter)[:10]!r}: the letters are "
                                    f"{', '.join(SOURCE_FACTS)}.")
        given[key] = _source_key(source) if isinstance(source, str) else None
    left = [k for k in SOURCE_FACTS if k not in given]
    if left:
        return Feedback.not_yet(f"Give a source for every fact: {', '.join(left)} still "
                                "missing.")
    unknown = [k for k, v in given.items() if v is None]
    if unknown:
        return Feedback.not_yet(f"Fact {unknown[0]}: name one of the sources listed (e.g. "
                                '"Parlett 1979" or "the rule sheet").')
    wrong = sorted(k for k, v in given.items() if v != SOURCE_FACTS[k][1])
    if wrong:
        hint = ""
        if any(given[k] == "Dalton 1948" for k in wrong):
            hint = " Dalton only records a version someone else published first."
        return Feedback.not_yet(f"{len(SOURCE_FACTS) - len(wrong)} of {len(SOURCE_FACTS)} "
                                f"right; look again at {', '.join(wrong)} in the section "
                                f"Sources and in sources.md.{hint}")
    return Feedback.right("Each fact to its source. Note which rest on a printed work you can "
                          "look up by its pages (Dick, Parlett), which only on the encyclopedia "
                          "article's word for it, and which on an unattributed sheet alone: "
                          "the Simplicity figure is the one the course could not check.")
