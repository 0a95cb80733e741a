"""Checkers for notebook 04 (variants): recognise a variant from what it does.

A *mystery* is a deck and a few steps written without pile names (so the notation does not
give the variant away): ``("onto", "8H", "9S")`` puts the 8♥ on the pile whose top is the
9♠, ``("home", "3D")`` sends the 3♦ to a foundation, ``("turn",)`` turns the stock.  A step is
*played* when the variant has a legal move that does it.  :func:`observe` writes what happens
after each step; the student sees the log of a hidden variant and names it.  Any variant whose
log is the same is accepted (the tests check that each mystery has only one).

>>> print(observe("standard", *MYSTERIES["A"]))  # doctest: +ELLIPSIS
2♥ home: played · empty piles 1 · stock 46 · home 2
...
"""

from __future__ import annotations

from typing import Any

from ..model.cards import CODES, card_label, parse_card
from ..model.game import Game
from ..model.rules import VARIANTS
from ._common import missing
from ._feedback import Feedback


def _deck(*first: str) -> str:
    named = list(dict.fromkeys(" ".join(first).split()))
    return " ".join(named + [c for c in CODES if c not in named])


#: name -> (deck, steps); the hidden variants are in :data:`_SECRET`.  The decks are not the
#: demonstration decks of notebook 04 (a log is read from the rules, not recognised).
MYSTERIES: dict[str, tuple[str, tuple[tuple[str, ...], ...]]] = {
    "A": (_deck("7D 6S 2H JC 9H", "2S", "QC 4D"),
          (("home", "2H"), ("onto", "6S", "7D"), ("turn",))),
    "B": (_deck("8D 7S 6H 9C 3C", "4H", "KS QD"),
          (("onto", "7S", "8D"), ("onto", "6H", "7S"), ("onto", "8D", "9C"))),
}
_SECRET = {"A": "czarina", "B": "sequences"}


def _find(game: Game, step: tuple[str, ...]):
    """The legal move that does ``step`` in this game's position, or ``None``."""
    s = game.state
    kind = step[0]
    for m in game.legal_moves():
        if kind == "turn" and m.source == "stock":
            return m
        if kind == "home" and m.card == step[1] and m.target.startswith("foundation"):
            return m
        if kind == "onto" and m.card == step[1] and not m.target.startswith(("foundation",
                                                                               "waste")):
            i = game.rules.pile_index(m.target)
            pile = s.piles[i]
            if pile and pile[-1] == parse_card(step[2]):
                return m
    return None


def _describe(step: tuple[str, ...]) -> str:
    if step[0] == "turn":
        return "turn the stock"
    if step[0] == "home":
        return f"{card_label(parse_card(step[1]))} home"
    return f"{card_label(parse_card(step[1]))} onto {card_label(parse_card(step[2]))}"


def observe(variant: str, deck: str, steps: tuple[tuple[str, ...], ...]) -> str:
    """What a player sees when making ``steps`` on ``deck`` in ``variant``, one line a step:
    played or refused, then the empty piles, the stock and the cards home."""
    game = Game.from_deck(deck, variant=variant)
    lines = []
    for step in steps:
        m = _find(game, step)
        if m is not None:
            game.play(m)
        s = game.state
        empty = sum(not p for p in s.piles)
        lines.append(f"{_describe(step)}: {'played' if m is not None else 'refused'} · "
                     f"empty piles {empty} · stock {len(s.stock)} · home {s.cards_home}")
    return "\n".join(lines)


def show_mystery(name: str) -> None:
    """Print the log of mystery ``name`` as its hidden variant plays it."""
    deck, steps = MYSTERIES[name]
    print("first cards dealt:", " ".join(deck.split()[:8]), "…")
    print(observe(_SECRET[name], deck, steps))


def check_mystery(name: str, variant: Any) -> Feedback:
    """Which variant (a key of ``VARIANTS``) produced the log of mystery ``name``?"""
    if missing(variant):
        return Feedback.not_yet('Fill in `variant` with a variant\'s name, e.g. "standard".')
    if variant not in VARIANTS:
        return Feedback.not_yet(f"`variant` should be one of {', '.join(VARIANTS)}.")
    deck, steps = MYSTERIES[name]
    seen = observe(_SECRET[name], deck, steps).splitlines()
    mine = observe(variant, deck, steps).splitlines()
    for k, (a, b) in enumerate(zip(seen, mine), 1):
        if a != b:
            return Feedback.not_yet(f"In {variant} step {k} would go differently. Which rule "
                                    "does that step show?")
    return Feedback.right(f"{VARIANTS[variant].title} does exactly this: {VARIANTS[variant].summary}")


def keeps_spaces(variant: str) -> bool:
    """True when the player may leave a space empty while the stock still has cards (the
    variant's ``fill`` rule: ``free``)."""
    return VARIANTS[variant].fill == "free"


def check_keep_space(answer: Any) -> Feedback:
    """The set of variants in which a space may stay empty while the stock has cards."""
    if missing(answer):
        return Feedback.not_yet('Fill in `answer` with a set of variant names, e.g. {"standard"}.')
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return Feedback.not_yet('`answer` should be a set of names, e.g. {"standard"}.')
    given = set(answer)
    unknown = given - set(VARIANTS)
    if unknown:
        return Feedback.not_yet(f"Not variant names: {', '.join(map(repr, sorted(unknown)))}; "
                                f"choose from {', '.join(VARIANTS)}.")
    truth = {v for v in VARIANTS if keeps_spaces(v)}
    extra, left = len(given - truth), len(truth - given)
    if extra or left:
        parts = []
        if extra:
            parts.append(f"{extra} of yours fill{'s' if extra == 1 else ''} a space at once")
        if left:
            parts.append(f"{left} more let{'s' if left == 1 else ''} the player wait")
        return Feedback.not_yet("; ".join(parts) + ". Read each variant's 'spaces filled' "
                                "column in the table at the top.")
    return Feedback.right("In these the player decides when, and with which card, a space is "
                          "filled; in the others the rules fill it at once.")
