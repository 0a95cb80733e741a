"""Cards, ranks and suits, and their text codes.

A card is a small int, ``rank * 4 + suit``: rank 0 is the ace and 12 the king; suits are
0 spades, 1 hearts, 2 diamonds, 3 clubs.  Ints keep the state small and search fast; the
public API speaks in text codes (``"7H"``, ``"TD"``) and these helpers translate.

>>> parse_card("7h")
25
>>> card_code(25), card_label(25), card_name(25)
('7H', '7♥', 'seven of hearts')
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FULL_DECK = tuple(range(52))

# Built once: every card's code, so formatting is a tuple lookup.
CODES = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in FULL_DECK)
_BY_CODE = {code: c for c, code in enumerate(CODES)}


class CardError(ValueError):
    """A card code or a deck that cannot be read."""


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def is_red(card: int) -> bool:
    return (card & 3) in (1, 2)


def make_card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def _shown(text: object) -> str:
    """A short, safe rendering of bad input for an error message."""
    from .._validate_base import quote

    return quote(text, 24)


def parse_card(code: object) -> int:
    """Read a card code such as ``"7H"``, ``"TD"`` or ``"10d"`` (case does not matter)."""
    if not isinstance(code, str):
        raise CardError(f"a card code must be a string like '7H', not {_shown(code)}")
    # ASCII only: "7ſ".upper() is "7S", and no other script's digits or letters are codes
    text = code.strip().upper() if len(code) <= 8 and code.isascii() else ""
    if text.startswith("10"):
        text = "T" + text[2:]
    card = _BY_CODE.get(text)
    if card is None:
        raise CardError(
            f"malformed card code {_shown(code)}: expected a rank (A 2-9 T/10 J Q K) "
            "followed by a suit (S H D C), e.g. '7H'"
        )
    return card


def parse_rank(text: object) -> int:
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 13:
        return text
    if isinstance(text, str) and len(text) <= 8 and text.isascii():
        t = text.strip().upper()
        t = "T" if t == "10" else t
        if len(t) == 1 and t in RANKS:
            return RANKS.index(t)
    raise CardError(f"malformed rank {_shown(text)}: expected one of A 2-9 T J Q K")


def card_code(card: int) -> str:
    return CODES[card]


def card_label(card: int) -> str:
    """The short label a player reads: ``7♥``, ``10♦``."""
    return RANK_LABELS[card >> 2] + SUIT_SYMBOLS[card & 3]


def card_name(card: int) -> str:
    """The spoken name, for screen readers: ``seven of hearts``."""
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def parse_deck(deck: str | Iterable[object]) -> tuple[int, ...]:
    """Read a full 52-card deck (a string of codes or an iterable of codes/ints).

    Refuses short or long decks and duplicates, naming the problem.
    """
    from .._validate_base import take

    if isinstance(deck, str):
        if len(deck) > 2000:
            raise CardError("a deck has 52 cards: this text is far too long to be one")
        items: list[object] = deck.replace(",", " ").split()
    elif isinstance(deck, bytes | bytearray | dict | set | frozenset):  # (a set has no order)
        raise CardError(f"a deck must be a string or a list of card codes, not {_shown(deck)}")
    else:
        # read lazily, one card past a deck: an endless iterable is refused, not exhausted
        n = len(deck) if isinstance(deck, list | tuple) else None
        if n is not None and n != 52:
            raise CardError(f"a deck has 52 cards, this one has {n}")
        items = take(deck, 52, "a deck of 52 cards", CardError)
    cards = [parse_card_or_int(x) for x in items]
    return check_deck(cards)


def parse_card_or_int(x: object) -> int:
    if isinstance(x, int) and not isinstance(x, bool):
        if 0 <= x < 52:
            return x
        raise CardError(f"card number {_shown(x)} is out of range 0-51")
    return parse_card(x)


def check_deck(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    if len(cards) != 52:
        raise CardError(f"a deck has 52 cards, this one has {len(cards)}")
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"the deck holds {card_code(c)} twice")
        seen.add(c)
    return tuple(cards)


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(CODES[c] for c in cards)
