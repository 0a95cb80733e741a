"""Decks: reproducible shuffles from a seed, and PySolFC's deal numbers.

A *deck* is the 52 cards in the order they are dealt, ``deck[0]`` first; each variant's
engine places them (``Rules.deal_deck``).

PySolFC (game ids: Four Seasons 484, Czarina 483, Corners 417) numbers its deals.  For
``1 <= n < 32000`` it uses the Microsoft FreeCell generator over a deck ordered
``AC AD AH AS 2C …``; otherwise Python's Mersenne Twister seeded with ``n`` over its own order
(clubs, spades, hearts, diamonds; ace to king), with ``j = int(random() * (i + 1))`` swaps from
the end.  The last card of the shuffled list is dealt first: the base card, then the cross (top,
left, centre, right, bottom), then one card turned onto the waste, then the talon in order.

This model deals the cross as left, centre, right, top, bottom, then the base, then the stock, so
:func:`pysol_deck` reorders PySolFC's sequence; PySolFC's already-turned waste card is this
model's first stock card (``game.play("turn")`` reaches PySolFC's opening position).

>>> from fourseasons_widget.cards import format_cards
>>> format_cards(pysol_deck(1)[:7])
'9H JC 5D 2D 7H JD 7C'
"""

from __future__ import annotations

import random

from .cards import FULL_DECK, make_card

# PySolFC suit order C S H D, as this model's suit numbers (S H D C → 0 1 2 3)
_PYSOL_SUITS = (3, 0, 1, 2)


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """A reproducible deck for ``seed`` (this project's own shuffle)."""
    cards = list(FULL_DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def _ms_deal(number: int) -> list[int]:
    """Microsoft FreeCell deal ``number``, as the order PySolFC deals the cards."""
    # AC AD AH AS 2C 2D …: Microsoft's order; suits C D H S are this model's 3 2 1 0
    cards = [make_card(r, s) for r in range(13) for s in (3, 2, 1, 0)]
    seedx = number
    n = len(cards) - 1
    while n > 0:
        seedx = (seedx * 214013 + 2531011) & 0x1FFFFFFFF
        rnd = (seedx >> 16) & 0x7FFF
        j = rnd % (n + 1)
        cards[n], cards[j] = cards[j], cards[n]
        n -= 1
    return cards[::-1]


def _mt_deal(number: int) -> list[int]:
    cards = [make_card(r, s) for s in _PYSOL_SUITS for r in range(13)]
    rng = random.Random(number)
    for i in reversed(range(1, len(cards))):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[::-1]


def pysol_order(number: int) -> list[int]:
    """The 52 cards in the order PySolFC deals them for deal ``number``."""
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ValueError(f"a PySolFC deal number is a positive integer, not {number!r:.30}")
    if number >= 10**20:
        raise ValueError("PySolFC deal numbers have at most 20 digits")
    return _ms_deal(number) if number < 32000 else _mt_deal(number)


def pysol_deck(number: int) -> tuple[int, ...]:
    """This model's deck for PySolFC's Four Seasons / Czarina / Corners deal ``number``."""
    p = pysol_order(number)
    base, top, left, centre, right, bottom = p[:6]
    return (left, centre, right, top, bottom, base, *p[6:])
