"""Decks: reproducible shuffles from a seed, and PySolFC's deal numbers.

A *deck* is the 52 cards in the order they are dealt, ``deck[0]`` first; each variant's
engine places them (``Rules.deal_deck``).

PySolFC (game ids: Four Seasons 484, Czarina 483, Corners 417, Simplicity 437) numbers its
deals.  For ``1 <= n < 32000`` it uses the Microsoft FreeCell generator over a deck ordered
``AC AD AH AS 2C …``; otherwise Python's Mersenne Twister seeded with ``n`` over its own order
(clubs, spades, hearts, diamonds; ace to king), with ``j = int(random() * (i + 1))`` swaps from
the end.  A number written ``"ms<n>"`` (``1 <= n < 2**33``) always takes the Microsoft
generator, as PySolFC's "ms" game numbers do (from ``2**31`` on with PySolFC's extension of
it).  The last card of the shuffled list is dealt first: the base card, then the tableau (for
the cross: top, left, centre, right, bottom), then one card turned onto the waste, then the
talon in order.

This model deals the cross as left, centre, right, top, bottom, then the base, then the stock, so
:func:`pysol_deck` reorders PySolFC's sequence.  With the model's own rules PySolFC's
already-turned waste card is the first stock card (``game.play("turn")`` reaches PySolFC's
opening position); with ``rules="pysol"`` the deal turns it, as PySolFC does.

>>> from fourseasons_widget.model.cards import format_cards
>>> format_cards(pysol_deck(1)[:7])
'9H JC 5D 2D 7H JD 7C'
"""

from __future__ import annotations

import random

from .._validate_base import quote
from .cards import FULL_DECK, make_card

# PySolFC suit order C S H D, as this model's suit numbers (S H D C → 0 1 2 3)
_PYSOL_SUITS = (3, 0, 1, 2)


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """A reproducible deck for ``seed`` (this project's own shuffle)."""
    cards = list(FULL_DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


MS_MAX = (1 << 33) - 1  # PySolFC's largest "ms" number


def _ms_deal(number: int) -> list[int]:
    """Microsoft FreeCell deal ``number``, as the order PySolFC deals the cards (numbers from
    ``2**31`` on as PySolFC extends the generator)."""
    # AC AD AH AS 2C 2D …: Microsoft's order; suits C D H S are this model's 3 2 1 0
    cards = [make_card(r, s) for r in range(13) for s in (3, 2, 1, 0)]
    wide = number >= 1 << 32
    high = 0x8000 if (1 << 31) <= number < 1 << 32 else 0
    seedx = number - (1 << 32) if wide else number
    n = len(cards) - 1
    while n > 0:
        seedx = (seedx * 214013 + 2531011) & 0x1FFFFFFFF
        rnd = ((seedx >> 16) & 0xFFFF) + 1 if wide else ((seedx >> 16) & 0x7FFF) | high
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


def parse_pysol_number(number: int | str) -> int | str:
    """A PySolFC game number as this library keeps it: an ``int`` (``1 <= n < 10**20``), or
    ``"ms<n>"`` (``1 <= n < 2**33``) for the Microsoft-numbered deals.  Text may be
    ``"123"``, ``"#123"`` or ``"ms123"``; anything else raises ``ValueError``.

    >>> parse_pysol_number(" #123 "), parse_pysol_number("MS7")
    (123, 'ms7')
    """
    if isinstance(number, str):
        t = number.strip().lower()
        if len(t) > 30:
            raise ValueError("a PySolFC deal number has at most 20 digits")
        ms = t.startswith("ms")
        digits = t[2:] if ms else t.removeprefix("#")
        if not digits.isdigit() or not digits.isascii():
            raise ValueError(f"a PySolFC deal number is digits, or 'ms' and digits, not "
                             f"{quote(number.strip(), 30)}")
        value = int(digits)
        if ms:
            if not 1 <= value <= MS_MAX:
                raise ValueError(f"PySolFC's ms deal numbers run from ms1 to ms{MS_MAX}")
            return f"ms{value}"
        number = value
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ValueError(f"a PySolFC deal number is a positive integer, not {quote(number, 30)}")
    if number >= 10**20:
        raise ValueError("PySolFC deal numbers have at most 20 digits")
    return number


def parse_deal_text(text: str) -> tuple[str, int | str]:
    """What a player types in the board's "Deal #" box: a PySolFC deal number (``"123"``,
    ``"#123"``, ``"ms123"``) gives ``("pysol", number)``; ``"seed 42"`` (or ``"s42"``) gives
    ``("seed", 42)``, this library's own shuffle.  Anything else raises ``ValueError``.

    >>> parse_deal_text("ms123"), parse_deal_text("seed 42")
    (('pysol', 'ms123'), ('seed', 42))
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("type a PySolFC deal number (like 123 or ms123), or 'seed' and a number")
    t = text.strip().lower()
    for prefix in ("seed", "s"):
        rest = t.removeprefix(prefix).strip()
        if rest != t and rest.isdigit() and rest.isascii():
            if len(rest) > 19 or int(rest) >= 2**53:
                raise ValueError("a seed is a whole number from 0 to 2^53")
            return "seed", int(rest)
    return "pysol", parse_pysol_number(text)


def pysol_order(number: int | str) -> list[int]:
    """The 52 cards in the order PySolFC deals them for deal ``number`` (see
    :func:`parse_pysol_number`)."""
    number = parse_pysol_number(number)
    if isinstance(number, str):
        return _ms_deal(int(number[2:]))
    return _ms_deal(number) if number < 32000 else _mt_deal(number)


CROSS_ROWS = (3, 0, 1, 2, 4)  # PySolFC deals the cross top, left, centre, right, bottom


def pysol_deck(number: int | str, rows: tuple[int, ...] = CROSS_ROWS,
               base: bool = True) -> tuple[int, ...]:
    """This model's deck for PySolFC's deal ``number``: PySolFC deals the base card (if
    ``base``), then its tableau rows in its order (``rows[k]`` is the model's pile for its
    ``k``-th row), then the waste and the talon; the model's deck holds the piles first, in the
    model's order, then the base, then the rest."""
    p = pysol_order(number)
    head = 1 if base else 0
    n = len(rows)
    piles = [0] * n
    for k, j in enumerate(rows):
        piles[j] = p[head + k]
    return (*piles, *p[:head], *p[head + n:])
