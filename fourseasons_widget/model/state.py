"""The position as a value, and the public ``Move``.

``State`` is an immutable, hashable named tuple of ints and tuples: cheap to copy, cheap to
hash, and what the search layer works on.  It knows nothing of the rules; the rules object
(:mod:`fourseasons_widget.model.rules`) generates and applies moves on it.

Inside the engine a move is a raw triple ``(source, target, count)`` of small ints
(``STOCK``, ``WASTE``, a pile index, or ``FOUNDATION + slot``); the public :class:`Move` names
the card and the piles as strings, the way players and the widget speak.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from .._validate_base import PILE_NAME, SHORT_PILE, quote
from .cards import CODES, parse_card

STOCK = -2
WASTE = -1
FOUNDATION = 100  # FOUNDATION + slot, slot 0..3

RawMove = tuple[int, int, int]


class State(NamedTuple):
    """A position.

    - ``piles``: the tableau piles (the cross, cells, or rows), each bottom → top.
    - ``home``: how many cards of each suit (♠ ♥ ♦ ♣) are on their foundation.
    - ``corners``: the suit in each corner (``foundation:0..3``), ``-1`` while empty.
    - ``stock``: face down, ``stock[0]`` is turned next.
    - ``waste``: face up, ``waste[-1]`` is the top.
    - ``base``: the base rank (0 = ace … 12 = king).
    - ``bases``: ``None``, or each suit's own base rank (♠ ♥ ♦ ♣) where the foundations start
      at different ranks (PySolFC's Corners); the foundation of a suit then builds from it.
    - ``redeals``: how many times the waste has been turned back into the stock.
    """

    piles: tuple[tuple[int, ...], ...]
    home: tuple[int, int, int, int]
    corners: tuple[int, int, int, int]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    base: int
    bases: tuple[int, int, int, int] | None = None
    redeals: int = 0

    def base_of(self, suit: int) -> int:
        """The rank the foundation of ``suit`` starts with."""
        return self.base if self.bases is None else self.bases[suit]

    def wants(self, suit: int) -> int:
        """The card the foundation of ``suit`` takes next (-1 once it is complete)."""
        h = self.home[suit]
        return -1 if h >= 13 else ((self.base_of(suit) + h) % 13) * 4 + suit

    @property
    def cards_home(self) -> int:
        return self.home[0] + self.home[1] + self.home[2] + self.home[3]

    @property
    def is_won(self) -> bool:
        return self.home[0] + self.home[1] + self.home[2] + self.home[3] == 52

    def key(self) -> tuple:
        """A canonical key: positions equal up to the order of the piles (and of the corners)
        share it.  All piles obey the same rules in every variant, so such positions have the
        same future; search uses the key for duplicate detection.  (The redeals used, where
        there are any, are part of it.)"""
        key = (tuple(sorted(self.piles)), self.home, len(self.stock), self.waste)
        return key + (self.redeals,) if self.redeals else key

    def foundation_cards(self, slot: int) -> tuple[int, ...]:
        """The cards on ``foundation:slot``, bottom → top."""
        suit = self.corners[slot]
        if suit < 0:
            return ()
        b = self.base_of(suit)
        return tuple(((b + k) % 13) * 4 + suit for k in range(self.home[suit]))

    def all_cards(self) -> list[int]:
        cards = [c for p in self.piles for c in p]
        cards += self.stock
        cards += self.waste
        for slot in range(4):
            cards += self.foundation_cards(slot)
        return cards


_ABBR = {"stock": "s", "waste": "w", "foundation": "f", "cross": "c", "tableau": "t", "cell": "x"}
_FULL = {v: k for k, v in _ABBR.items()}
MAX_MOVE_TEXT = 60  # no move in the notation is longer


@dataclass(frozen=True)
class Move:
    """A move: ``card`` (``"7H"``) from ``source`` to ``target``.

    Piles are named ``"stock"``, ``"waste"``, ``"foundation:0"``…``"foundation:3"`` and
    ``"cross:i"`` / ``"tableau:i"`` / ``"cell:i"`` by layout.  Turning the stock is a move from
    ``"stock"`` to ``"waste"``; a redeal (where the rules allow one) a move from ``"waste"`` to
    ``"stock"`` naming the waste's top card; a sequence move names the first (highest-ranked)
    card of the run.

    A turn's card is face down until the turn is made, so a turn's ``repr`` (what a list of
    legal moves prints) never names it; its notation (``str``, what a saved game keeps) does.

    >>> m = Move("7H", "waste", "cross:2")
    >>> str(m)
    '7H w>c2'
    >>> Move.parse("7H w>c2") == m
    True
    >>> Move("5C", "stock", "waste")
    Move(card=<face down>, source='stock', target='waste')
    """

    card: str
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.card} {abbreviate(self.source)}>{abbreviate(self.target)}"

    def __repr__(self) -> str:
        if self.source == "stock" and self.target == "waste":
            return "Move(card=<face down>, source='stock', target='waste')"
        return f"Move(card={self.card!r}, source={self.source!r}, target={self.target!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse the full notation ``"7H w>c2"`` (or ``"7H waste>cross:2"``)."""
        m = (re.fullmatch(r"\s*(\S+)\s+(\S+)\s*(?:>|->|→)\s*(\S+)\s*", text)
             if isinstance(text, str) and len(text) <= MAX_MOVE_TEXT else None)
        if not m:
            raise ValueError(f"cannot read move {quote(text)}: expected e.g. '7H w>c2'")
        card = CODES[parse_card(m.group(1))]
        return cls(card, expand(m.group(2)), expand(m.group(3)))


def abbreviate(pile: str) -> str:
    kind, _, index = pile.partition(":")
    return _ABBR.get(kind, kind) + index


def expand(text: str) -> str:
    """``"c2"`` → ``"cross:2"``; full names pass through.  Raises ``ValueError`` otherwise.

    Only canonical names are read (ASCII digits, no leading zeros: not ``c02`` or
    ``cross:０``), so a pile is always stored and shown as it is named in the notation."""
    t = (text.strip().lower() if isinstance(text, str) and len(text) <= 20 and text.isascii()
         else "")
    if PILE_NAME.fullmatch(t):
        return t
    m = SHORT_PILE.fullmatch(t)
    if m and (m.group(1) in "sw") == (m.group(2) is None):
        kind = _FULL[m.group(1)]
        return kind if m.group(2) is None else f"{kind}:{m.group(2)}"
    raise ValueError(f"unknown pile {quote(text, 20)}: use stock, waste, foundation:i or a "
                     "tableau pile")
