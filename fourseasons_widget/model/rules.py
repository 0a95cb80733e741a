"""The rules of Four Seasons and its variants: data plus a small engine per flow.

A variant is a frozen :class:`Rules` object (layout, how the tableau builds, whether runs
move, how spaces are filled, how the cards are dealt).  Four engines cover the flows:

- :class:`Engine` — spaces stay empty until the player fills them (``standard``,
  ``sequences``, ``simplicity``);
- :class:`ImmediateFillEngine` — a space is filled at once from the stock (``czarina``,
  ``corners``) or, as an option of Czarina, from the waste;
- :class:`Dick1883Engine` — Dick's original: the interleaved deal, and vacancies that must be
  filled at once from another pile or the waste, from the pack only when the waste is empty;
- :class:`PysolFillEngine` — PySolFC's Czarina and Corners (``rules="pysol"``): a pile emptied
  by a move is refilled at once from the waste, the waste from the stock; a space left while
  the waste is empty takes any available card.

``rules="pysol"`` (Four Seasons, Czarina, Corners, Simplicity) swaps in PySolFC's own rules, as
its source (``pysollib/games/windmill.py``) plays them: :data:`PYSOL_RULES` lists what changes.

>>> rules = get_rules("czarina")
>>> rules.fill, rules.title
('stock', 'Czarina')
"""

from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from ..validate import pile_parts, quote
from .cards import RANK_LABELS, card_code, card_label, make_card, parse_card, rank_of
from .state import FOUNDATION, STOCK, WASTE, Move, RawMove, State

WRAPS = ("literal", "always", "never")


def _new_state(fields: tuple) -> State:
    return tuple.__new__(State, fields)


class RulesError(ValueError):
    """An unknown variant or option."""


class IllegalMoveError(ValueError):
    """A move the rules refuse.  The message names the rule; the game is unchanged."""


@dataclass(frozen=True)
class Rules:
    """One variant's rules, as data.

    Fields:
      variant, title, summary — names and a one-line description;
      layout — ``cross`` | ``cells`` | ``rows`` | ``grid`` (how the board is drawn);
      pile_kind — ``cross`` | ``tableau`` | ``cell`` (the pile names in moves);
      n_piles — tableau piles; pile_capacity — 1 for cells, else ``None``;
      build — ``rank`` (down by one, any suit), ``alternate`` (down, alternating colours) or
      ``none``;
      sequences — built runs may move as a whole;
      fill — ``free`` (any available card, when the player likes), ``stock`` / ``waste``
      (at once, automatically), ``vacancy`` (Dick 1883: at once, by the player), ``pysol``
      (PySolFC's Czarina and Corners: :class:`PysolFillEngine`);
      deal — ``cross`` (``n_piles`` cards, then the base card), ``interleaved`` (Dick) or
      ``suits`` (PySolFC's Corners: each suit's deepest card to its foundation first);
      tableau_wrap — K on A in the tableau: ``literal`` (allowed unless the base rank is A),
      ``always`` (PySolFC), ``never`` (no base−1 card on a base card, as Solvitaire);
      rules — ``default`` (this project's, notebooks/sources.md) or ``pysol`` (PySolFC's, see
      :data:`PYSOL_RULES`);
      corner_suits — ``None`` (a base card goes to any empty corner) or the suit each corner
      takes (PySolFC: ♣ upper-left, ♠ upper-right, ♥ lower-left, ♦ lower-right);
      redeals — how many times the waste may be turned back into an empty stock;
      turn_at_deal — the deal turns the first stock card onto the waste (PySolFC);
      pysol_rows — ``None`` when PySolFC's numbered deals cannot be dealt in these rules, else
      the model's pile for each tableau row in the order PySolFC deals them;
      foundation_back — a foundation's top card may go back to the tableau (PySolFC's
      Simplicity, whose foundations have ``max_move=1``; the others' ``max_move=0``), even a
      foundation's only card (PySolFC's ``min_cards=0``): the corner is empty again and takes
      that suit's base-rank card once more;
      autodeal — ``off`` | ``on`` (an option of ``rules="pysol"``): when the waste is left
      empty, the next stock card is turned at once, as PySolFC does by default ("Auto deal").
    """

    variant: str
    title: str
    summary: str
    layout: str
    pile_kind: str
    n_piles: int
    build: str
    sequences: bool
    fill: str
    deal: str
    pile_capacity: int | None = None
    tableau_wrap: str = "literal"
    pysol_id: int | None = None
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rules: str = "default"
    corner_suits: tuple[int, int, int, int] | None = None
    redeals: int = 0
    turn_at_deal: bool = False
    pysol_rows: tuple[int, ...] | None = None
    foundation_back: bool = False
    autodeal: str = "off"
    engine: Engine = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        cls = {"free": Engine, "stock": ImmediateFillEngine, "waste": ImmediateFillEngine,
               "vacancy": Dick1883Engine, "pysol": PysolFillEngine}[self.fill]
        object.__setattr__(self, "engine", cls(self))

    # -- names ---------------------------------------------------------------------------
    def pile_name(self, index: int) -> str:
        if index == STOCK:
            return "stock"
        if index == WASTE:
            return "waste"
        if index >= FOUNDATION:
            return f"foundation:{index - FOUNDATION}"
        return f"{self.pile_kind}:{index}"

    def pile_index(self, name: str) -> int:
        """The engine index of a pile name; :class:`IllegalMoveError` for a name this layout
        lacks, or one not written canonically (``cross:04``, ``cross:٤``)."""
        parts = pile_parts(name)
        if parts is not None:
            kind, i = parts
            if kind == "stock":
                return STOCK
            if kind == "waste":
                return WASTE
            if kind == "foundation" and i < 4:
                return FOUNDATION + i
            if kind == self.pile_kind and i < self.n_piles:
                return i
        raise IllegalMoveError(f"there is no pile {quote(name, 24)} in {self.title}")

    @property
    def pile_names(self) -> list[str]:
        return [self.pile_name(i) for i in range(self.n_piles)]

    @property
    def option_values(self) -> dict[str, str]:
        values = {name: getattr(self, name) for name, _ in self.options}
        if self.autodeal != "off":  # (an option of rules="pysol", named only when on)
            values["autodeal"] = self.autodeal
        return values

    # -- the engine, for convenience -----------------------------------------------------
    def deal_deck(self, deck: tuple[int, ...]) -> State:
        return self.engine.deal(deck)

    def moves(self, state: State) -> list[RawMove]:
        return self.engine.moves(state)

    def apply(self, state: State, move: RawMove) -> State:
        return self.engine.apply(state, move)


# ---------------------------------------------------------------------------------------------
# Engines


class Engine:
    """Move generation and application for the flow where spaces wait for the player."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.n_piles
        self.sequences = rules.sequences
        self.free_fill = rules.fill in ("free", "pysol")
        self.corner_suits = rules.corner_suits
        self._fits_cache: dict[int, bytes] = {}
        self._parents_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.foundation_back = rules.foundation_back
        if rules.autodeal == "on":  # every move's result passes through the auto deal
            plain = self.apply

            def apply(s: State, move: RawMove) -> State:
                t = plain(s, move)
                if not t.waste and t.stock:
                    return _new_state((t.piles, t.home, t.corners, t.stock[1:], t.stock[:1],
                                       t.base, t.bases, t.redeals))
                return t

            self.apply = apply  # type: ignore[method-assign]

    def foundation_top(self, s: State, slot: int) -> int | None:
        """The top card of foundation ``slot`` that may go back to the tableau
        (``foundation_back``), or ``None``.  PySolFC lets even a foundation's only card go
        (``pysollib/stack.py``: ``OpenStack`` has ``max_move=1``, ``Stack`` ``min_cards=0``)."""
        suit = s.corners[slot]
        if suit < 0:
            return None
        h = s.home[suit]
        if h < 1:
            return None
        base = s.bases[suit] if s.bases else s.base
        return ((base + h - 1) % 13) << 2 | suit

    # -- building ------------------------------------------------------------------------
    def fits(self, base: int) -> bytes:
        """``fits[c * 52 + t]`` is 1 when card ``c`` may be built on card ``t`` in the tableau."""
        table = self._fits_cache.get(base)
        if table is None:
            table = bytearray(52 * 52)
            build, wrap = self.rules.build, self.rules.tableau_wrap
            if build != "none":
                for c in range(52):
                    rc = c >> 2
                    for t in range(52):
                        rt = t >> 2
                        if (rt - rc) % 13 != 1:
                            continue
                        if build == "alternate" and ((c & 3) in (1, 2)) == ((t & 3) in (1, 2)):
                            continue
                        if wrap == "literal" and base == 0 and rt == 0:
                            continue  # K on A, but aces are the base
                        if wrap == "never" and rt == base:
                            continue  # nothing below the base rank on a base card
                        table[c * 52 + t] = 1
            table = bytes(table)
            self._fits_cache[base] = table
        return table

    def why_not_build(self, base: int, c: int, t: int) -> str:
        rules = self.rules
        where = {"cross": "the cross", "tableau": "the tableau", "cell": "a cell"}[rules.pile_kind]
        if rules.build == "none":
            return f"{card_label(c)} cannot go on {card_label(t)}: a cell holds one card, no building"
        if (rank_of(t) - rank_of(c)) % 13 != 1:
            colours = " in alternating colours" if rules.build == "alternate" else ""
            return (f"{card_label(c)} cannot go on {card_label(t)}: {where} builds down by one "
                    f"rank{colours}")
        if rules.build == "alternate" and ((c & 3) in (1, 2)) == ((t & 3) in (1, 2)):
            return (f"{card_label(c)} cannot go on {card_label(t)}: {where} builds in "
                    "alternating colours")
        if rules.tableau_wrap == "never" and rank_of(t) == base:
            return (f"{card_label(c)} cannot go on {card_label(t)}: nothing is built on a "
                    "base-rank card (tableau_wrap='never')")
        return (f"{card_label(c)} cannot go on {card_label(t)}: K goes on A only when the base "
                "rank is not A")

    # -- move generation -----------------------------------------------------------------
    def home_slots(self, s: State, card: int) -> list[int]:
        """The corners (0-3) ``card`` may go to as its suit's first card: its fixed corner
        (``corner_suits``) or any empty one."""
        if self.corner_suits is not None:
            return [self.corner_suits.index(card & 3)]
        return [slot for slot in range(4) if s.corners[slot] < 0]

    def parents(self, base: int) -> tuple[tuple[int, ...], ...]:
        """``parents[c]``: the cards ``c`` may be built on (at most four)."""
        cached = self._parents_cache.get(base)
        if cached is None:
            fits = self.fits(base)
            cached = tuple(tuple(t for t in range(52) if fits[c * 52 + t]) for c in range(52))
            self._parents_cache[base] = cached
        return cached

    def moves(self, s: State) -> list[RawMove]:
        out: list[RawMove] = []
        app = out.append
        piles, home, corners, base = s.piles, s.home, s.corners, s.base
        parents = self._parents_cache.get(base) or self.parents(base)
        n = self.n
        where = {p[-1]: j for j, p in enumerate(piles) if p}  # top card -> pile
        empties = [j for j in range(n) if not piles[j]] if self.free_fill else ()

        # each available card: the waste top, then each pile's top
        srcs = [(j, p[-1]) for j, p in enumerate(piles) if p]
        if s.waste:
            srcs.insert(0, (WASTE, s.waste[-1]))
        bases = s.bases
        for src, c in srcs:
            suit = c & 3
            h = home[suit]
            if h == 0:
                if c >> 2 == base:
                    for slot in self.home_slots(s, c):
                        app((src, FOUNDATION + slot, 1))
            elif h < 13 and ((bases[suit] if bases else base) + h) % 13 == c >> 2:
                app((src, FOUNDATION + corners.index(suit), 1))
            for t in parents[c]:
                j = where.get(t)
                if j is not None:
                    app((src, j, 1))
            for j in empties:
                if j != src:
                    app((src, j, 1))
        if self.foundation_back:  # PySolFC's Simplicity: a foundation's top card comes back
            for slot in range(4):
                c = self.foundation_top(s, slot)
                if c is None:
                    continue
                for t in parents[c]:
                    j = where.get(t)
                    if j is not None:
                        app((FOUNDATION + slot, j, 1))
                for j in empties:
                    app((FOUNDATION + slot, j, 1))

        if self.sequences:
            fits = self.fits(base)
            for i in range(n):
                p = piles[i]
                k = len(p) - 1
                while k > 0 and fits[p[k] * 52 + p[k - 1]]:
                    k -= 1
                # p[k:] is the built run at the top; every part of it longer than one card moves
                for m in range(k, len(p) - 1):
                    c = p[m]
                    count = len(p) - m
                    for t in parents[c]:
                        j = where.get(t)
                        if j is not None and j != i:
                            app((i, j, count))
                    for j in empties:
                        if j != i:
                            app((i, j, count))
        if s.stock:
            app((STOCK, WASTE, 1))
        elif s.waste and s.redeals < self.rules.redeals:
            app((WASTE, STOCK, 1))  # redeal: the waste turned back into the stock
        return out

    # -- applying ------------------------------------------------------------------------
    def apply(self, s: State, move: RawMove) -> State:
        """Apply a raw move known to be legal (from :meth:`moves`); no checks here."""
        src, dst, count = move
        piles, home, corners, stock, waste = s.piles, s.home, s.corners, s.stock, s.waste
        if dst == STOCK:  # a redeal: the waste, turned over, is the stock again
            return _new_state((piles, home, corners, waste, (), s.base, s.bases, s.redeals + 1))
        if src == STOCK:
            cards = stock[:1]
            stock = stock[1:]
        elif src == WASTE:
            cards = waste[-1:]
            waste = waste[:-1]
        elif src >= FOUNDATION:  # (foundation_back) the top card leaves its foundation
            cards = (self.foundation_top(s, src - FOUNDATION),)
            suit = cards[0] & 3
            home = home[:suit] + (home[suit] - 1,) + home[suit + 1:]
            if not home[suit]:  # its only card left: the corner is empty again
                slot = src - FOUNDATION
                corners = corners[:slot] + (-1,) + corners[slot + 1:]
        else:
            p = piles[src]
            cards = p[-count:]
            piles = piles[:src] + (p[:-count],) + piles[src + 1:]
        if dst >= FOUNDATION:
            c = cards[0]
            suit = c & 3
            home = home[:suit] + (home[suit] + 1,) + home[suit + 1:]
            slot = dst - FOUNDATION
            if corners[slot] < 0:
                corners = corners[:slot] + (suit,) + corners[slot + 1:]
        elif dst == WASTE:
            waste = waste + cards
        else:
            piles = piles[:dst] + (piles[dst] + cards,) + piles[dst + 1:]
        return self.after(_new_state((piles, home, corners, stock, waste, s.base, s.bases,
                                      s.redeals)))

    def after(self, s: State) -> State:
        """Hook for forced follow-ups (filling spaces)."""
        return s

    # -- the deal ------------------------------------------------------------------------
    def deal(self, deck: tuple[int, ...]) -> State:
        """``deck[0 : n]`` to the piles, ``deck[n]`` to ``foundation:0`` (the base; with
        ``corner_suits`` to its suit's corner), the rest is the stock, ``deck[n + 1]`` turned
        first (by the deal itself with ``turn_at_deal``).

        ``deal="suits"`` (PySolFC's Corners) has no base card: before the deal the card of
        each suit lying deepest in the deck goes to its suit's corner, so the four foundations
        start at four ranks; then ``deck`` without them is dealt to the piles and the stock."""
        n = self.n
        home = [0, 0, 0, 0]
        corners = [-1, -1, -1, -1]
        bases = None
        if self.rules.deal == "suits":
            lifted = {}
            for c in reversed(deck):
                lifted.setdefault(c & 3, c)
            deck = tuple(c for c in deck if lifted[c & 3] != c)
            bases = tuple(lifted[suit] >> 2 for suit in range(4))
            for suit in range(4):
                home[suit] = 1
                corners[self.corner_suits.index(suit)] = suit
            base, rest = bases[self.corner_suits[0]], deck[n:]
        else:
            b = deck[n]
            home[b & 3] = 1
            corners[self.corner_suits.index(b & 3) if self.corner_suits else 0] = b & 3
            base, rest = b >> 2, deck[n + 1:]
        waste = rest[:1] if self.rules.turn_at_deal else ()
        piles = tuple((c,) for c in deck[:n])
        return self.after(State(piles, tuple(home), tuple(corners), tuple(rest[len(waste):]),
                                tuple(waste), base, bases))

    # -- moves in and out of the public notation -----------------------------------------
    def to_move(self, s: State, raw: RawMove) -> Move:
        src, dst, count = raw
        if src == STOCK:
            card = s.stock[0]
        elif src == WASTE:
            card = s.waste[-1]
        elif src >= FOUNDATION:
            card = self.foundation_top(s, src - FOUNDATION)
        else:
            card = s.piles[src][-count]
        r = self.rules
        return Move(card_code(card), r.pile_name(src), r.pile_name(dst))

    def from_move(self, s: State, move: Move) -> RawMove:
        """The raw move for a public ``Move``, or :class:`IllegalMoveError` saying why not."""
        r = self.rules
        if not all(isinstance(x, str) and len(x) <= 20 for x in (move.card, move.source, move.target)):
            raise IllegalMoveError("a move names its card and piles as short strings")
        src = r.pile_index(move.source)
        dst = r.pile_index(move.target)
        try:
            card = parse_card(move.card)
        except ValueError as e:
            raise IllegalMoveError(str(e)) from None
        count = self._locate(s, card, src)
        raw = (src, dst, count)
        if raw in self.moves(s):
            return raw
        raise IllegalMoveError(self.why_illegal(s, card, src, dst, count))

    def _locate(self, s: State, card: int, src: int) -> int:
        """How many cards move when ``card`` is taken from ``src``; refuses unavailable cards."""
        r = self.rules
        name = r.pile_name(src)
        if src >= FOUNDATION:
            if not self.foundation_back:
                raise IllegalMoveError(f"{card_label(card)} cannot leave a foundation: cards "
                                       "never do")
            top = self.foundation_top(s, src - FOUNDATION)
            if top != card:
                raise IllegalMoveError(
                    f"{card_label(card)} is not available on {name}: only a foundation's top "
                    "card goes back to the tableau")
            return 1
        if src == STOCK:
            if not s.stock:
                raise IllegalMoveError("the stock is empty")
            if s.stock[0] != card:
                raise IllegalMoveError(
                    f"{card_label(card)} is not the next stock card; only the next card is turned")
            return 1
        if src == WASTE:
            if not s.waste or s.waste[-1] != card:
                top = f"the top is {card_label(s.waste[-1])}" if s.waste else "the waste is empty"
                raise IllegalMoveError(
                    f"{card_label(card)} is not available on the waste: {top}")
            return 1
        p = s.piles[src]
        if card not in p:
            raise IllegalMoveError(f"{card_label(card)} is not on {name}")
        count = len(p) - p.index(card)
        if count > 1 and not self.sequences:
            raise IllegalMoveError(
                f"{card_label(card)} is not available: only the top card of {name} "
                f"({card_label(p[-1])}) moves, one card at a time")
        return count

    def why_illegal(self, s: State, card: int, src: int, dst: int, count: int) -> str:
        r = self.rules
        lab = card_label(card)
        if src == STOCK:
            # The stock card is face down: this refusal must not name it, nor differ with it.
            if dst == STOCK:
                return "the stock turns onto the waste, not onto itself"
            if dst != WASTE:
                return "the stock turns onto the waste; play the card from there"
        if src == dst:
            return f"{lab} is already on {r.pile_name(src)}"
        if dst == STOCK:
            if r.redeals and src == WASTE:
                if s.redeals >= r.redeals:
                    return f"no redeal left: {r.title} allows {r.redeals}"
                return "the waste goes back to the stock only once the stock is empty"
            return "no card goes back to the stock"
        if dst == WASTE:
            return "only the stock is turned onto the waste"
        if dst >= FOUNDATION:
            if count > 1:
                return "one card at a time goes to a foundation"
            slot = dst - FOUNDATION
            suit_there = s.corners[slot]
            need = RANK_LABELS[s.base]
            fixed = r.corner_suits
            if fixed is not None and fixed[slot] != card & 3:
                return (f"{lab} cannot go on foundation:{slot}: in {r.title} that corner takes "
                        f"only {card_label(make_card(s.base, fixed[slot]))[-1]}")
            if suit_there < 0:
                if card >> 2 != s.base:
                    return (f"{lab} cannot start a foundation: every foundation starts with the "
                            f"base rank, {need}")
                return f"{lab} cannot go there: its suit's foundation is already started"
            if suit_there != card & 3:
                return (f"{lab} cannot go on foundation:{slot}: that foundation takes only "
                        f"{card_label(make_card(s.base, suit_there))[-1]}")
            h = s.home[suit_there]
            if h >= 13:
                return f"foundation:{slot} is complete"
            want = s.wants(suit_there)
            return (f"{lab} cannot go on foundation:{slot}: it builds up by suit, round the "
                    f"corner; next is {card_label(want)}")
        # a tableau pile
        target = s.piles[dst]
        if count > 1 and not self.sequences:
            return "only one card moves at a time"
        if target:
            if r.pile_capacity == 1:
                return f"{lab} cannot go on {card_label(target[-1])}: a cell holds one card"
            return self.why_not_build(s.base, card, target[-1])
        return self.why_not_space(s, card, src, dst)

    def why_not_space(self, s: State, card: int, src: int, dst: int) -> str:
        return f"{card_label(card)} cannot go to {self.rules.pile_name(dst)}"


class ImmediateFillEngine(Engine):
    """Czarina and Corners: a space is filled at once from the stock (Czarina's ``fill='waste'``
    option: from the waste top, else the stock); once they are empty, a space stays empty."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.from_waste = rules.fill == "waste"

    def after(self, s: State) -> State:
        piles = s.piles
        if all(piles):
            return s
        stock, waste = s.stock, s.waste
        new = list(piles)
        for j, p in enumerate(new):
            if p:
                continue
            if self.from_waste and waste:
                new[j] = waste[-1:]
                waste = waste[:-1]
            elif stock:
                new[j] = stock[:1]
                stock = stock[1:]
        return s._replace(piles=tuple(new), stock=stock, waste=waste)

    def why_not_space(self, s: State, card: int, src: int, dst: int) -> str:
        src_name = "the waste" if self.from_waste else "the stock"
        return (f"{card_label(card)} cannot fill {self.rules.pile_name(dst)}: in "
                f"{self.rules.title} a space is filled only from {src_name}, at once, and stays "
                "empty once that is gone")


class PysolFillEngine(Engine):
    """PySolFC's Czarina and Corners (``pysollib/games/windmill.py``, ``Corners.fillStack``).

    PySolFC refills only the pile a move takes its card from: a tableau pile left empty takes
    the waste's top card at once, and the waste, once empty, the next stock card.  After a
    redeal the waste stays empty until the player turns a card, so a pile emptied then stays
    empty; an empty pile takes any available card (in Czarina, once stock and waste are both
    gone, the top card of another pile).
    """

    def apply(self, s: State, move: RawMove) -> State:
        t = super().apply(s, move)
        src, dst, _ = move
        piles, stock, waste = t.piles, t.stock, t.waste
        if src == WASTE and dst != STOCK:
            emptied = not waste
        elif 0 <= src < FOUNDATION and not piles[src] and waste:
            piles = piles[:src] + (waste[-1:],) + piles[src + 1:]
            waste = waste[:-1]
            emptied = not waste
        else:
            return t
        if emptied and stock:
            waste, stock = stock[:1], stock[1:]
        return _new_state((piles, t.home, t.corners, stock, waste, t.base, t.bases, t.redeals))

    def why_not_space(self, s: State, card: int, src: int, dst: int) -> str:
        return f"{card_label(card)} cannot go to {self.rules.pile_name(dst)}"


# Dick's tableau cells in the order the deal fills them: reading the 3×3 grid row by row
# (top, then left / centre / right, then bottom); pile indices are the cross's.
DICK_DEAL_ORDER = (3, 0, 1, 2, 4)


class Dick1883Engine(Engine):
    """Dick (1883).  The points the text leaves open, decided closest to the text:

    - The deal: cards are dealt singly; base-rank cards go to the empty corners (in reading
      order), a card that fits a foundation is built there, the others fill the five tableau
      cells (top, left, centre, right, bottom) until all five hold a card; the rest is the pack.
    - In play the pack is turned one card at a time onto the wastepile, whose top is available:
      a dealt card that goes "neither to a foundation nor onto the tableau" is simply left there.
    - A vacancy must be filled before anything else is done, by the top card of another pile or
      the top of the wastepile; only when the wastepile is empty by the next card of the pack.
      Once both are empty a vacancy may stay (filling it with another lone card is no progress).
    - Sequences move "at pleasure" onto a card one rank higher; a vacancy takes one card.
    """

    def moves(self, s: State) -> list[RawMove]:
        vacancies = [j for j in range(self.n) if not s.piles[j]]
        if vacancies and (s.waste or s.stock):
            out: list[RawMove] = []
            for v in vacancies:
                if s.waste:
                    out.append((WASTE, v, 1))
                else:
                    out.append((STOCK, v, 1))
                out += [(i, v, 1) for i in range(self.n) if s.piles[i]]
            return out
        out = super().moves(s)
        if vacancies:  # pack and waste are gone: a vacancy may be filled, but need not be
            for v in vacancies:
                out += [(i, v, 1) for i in range(self.n) if s.piles[i]]
        return out

    def deal(self, deck: tuple[int, ...]) -> State:
        first = deck[0]
        base = first >> 2
        home = [0, 0, 0, 0]
        corners = [first & 3, -1, -1, -1]
        home[first & 3] = 1
        piles: list[tuple[int, ...]] = [()] * 5
        placed = 0
        i = 1
        while placed < 5 and i < 52:
            c = deck[i]
            i += 1
            suit = c & 3
            if home[suit] == 0 and c >> 2 == base:
                corners[corners.index(-1)] = suit
                home[suit] = 1
            elif home[suit] and home[suit] < 13 and (base + home[suit]) % 13 == c >> 2:
                home[suit] += 1
            else:
                piles[DICK_DEAL_ORDER[placed]] = (c,)
                placed += 1
        return State(tuple(piles), tuple(home), tuple(corners), tuple(deck[i:]), (), base)

    def why_illegal(self, s: State, card: int, src: int, dst: int, count: int) -> str:
        vacancies = [j for j in range(self.n) if not s.piles[j]]
        if vacancies and (s.waste or s.stock) and dst not in vacancies:
            names = ", ".join(self.rules.pile_name(v) for v in vacancies)
            return f"a vacancy ({names}) must be filled at once, before any other move"
        if vacancies and dst in vacancies and count > 1:
            return "a vacancy is filled with one card, the top of another pile or of the waste"
        if dst in vacancies and src == STOCK and s.waste:
            return ("a vacancy is filled from the pack only when the wastepile is empty; "
                    "use the top of the waste or of another pile")
        return super().why_illegal(s, card, src, dst, count)


# ---------------------------------------------------------------------------------------------
# The variants

# One definition, variants.json beside this module, read here and by the page's engine
# (js/src/engine/rules.js): tests/test_js_engine.py checks that both read it alike.
_DATA = json.loads(files("fourseasons_widget.model").joinpath("variants.json")
                   .read_text(encoding="utf-8"))


def _fields(raw: dict[str, Any]) -> dict[str, Any]:
    """Rules' fields as the JSON gives them, with its tuples (a frozen, hashable value)."""
    out = {}
    for name, value in raw.items():
        if name == "options":
            value = tuple((option, tuple(choices)) for option, choices in value)
        elif isinstance(value, list):
            value = tuple(value)
        out[name] = value
    return out


#: an option of ``rules="pysol"`` only: PySolFC's "Auto deal" (off here unless asked)
_OPT_AUTODEAL = (_DATA["autodeal"][0], tuple(_DATA["autodeal"][1]))
#: ♣ upper-left, ♠ upper-right, ♥ lower-left, ♦ lower-right
PYSOL_CORNERS = tuple(_DATA["pysol_corners"])

# ``rules="pysol"``: what PySolFC's own rules change, per variant (read from PySolFC's
# ``pysollib/games/windmill.py``: FourSeasons, Czarina, Corners, Simplicity).  Everywhere: each
# suit has its own corner, K goes on A (``mod=13``), the deal turns one card onto the waste;
# Corners deals its cross as PySolFC does (top, left, centre, right, bottom); Simplicity's
# foundations are PySolFC's default (``max_move=1``): a top card comes back.
PYSOL_RULES: dict[str, dict] = {v: _fields(c) for v, c in _DATA["pysol_rules"].items()}

VARIANTS: dict[str, Rules] = {v: Rules(v, **_fields(raw)) for v, raw in _DATA["variants"].items()}


def get_rules(variant: str | Rules = "standard", **options: str) -> Rules:
    """The rules of a variant, with options applied (``tableau_wrap=``, Czarina's ``fill=``,
    ``rules="pysol"`` for PySolFC's own rules, which fix the others)."""
    try:
        key = (variant, tuple(sorted(options.items())))
        hash(key)
    except TypeError:
        return _get_rules(variant, **options)
    return _cached_rules(key)


@functools.lru_cache(maxsize=256)
def _cached_rules(key: tuple) -> Rules:
    # one Rules object (and engine, with its tables) per variant and options
    variant, options = key
    return _get_rules(variant, **dict(options))


def _get_rules(variant: str | Rules = "standard", **options: str) -> Rules:
    if isinstance(variant, Rules):
        base = variant
    else:
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise RulesError(
                f"unknown variant {quote(variant, 30)}; choose one of {', '.join(VARIANTS)}")
        base = VARIANTS[variant]
    allowed = dict(base.options)
    which = options.get("rules")
    if which is not None and "rules" in allowed and which in allowed["rules"] \
            and which != base.rules:
        base = VARIANTS[base.variant]
        if which == "pysol":
            base = dataclasses.replace(base, **PYSOL_RULES[base.variant])
    if base.rules == "pysol":
        allowed = {**dict(base.options), **dict((_OPT_AUTODEAL,))}
    changes = {}
    for name, value in options.items():
        if value is None:
            continue
        if name not in allowed:
            known = ", ".join(allowed) or "none"
            raise RulesError(f"unknown option {quote(name, 30)} for {base.variant}; options: {known}")
        if name == "autodeal" and base.rules == "pysol":
            if value not in _OPT_AUTODEAL[1]:
                raise RulesError(f"option autodeal must be one of off, on, not {quote(value, 30)}")
            if value != base.autodeal:
                changes[name] = value
            continue
        if base.rules == "pysol" and name != "rules":
            if value != getattr(base, name):
                raise RulesError(f"rules='pysol' plays PySolFC's rules as they are: its "
                                 f"{name} is {getattr(base, name)!r}, not {quote(value, 30)}")
            continue
        if value not in allowed[name]:
            raise RulesError(
                f"option {name} must be one of {', '.join(allowed[name])}, not {quote(value, 30)}")
        changes[name] = value
    return dataclasses.replace(base, **changes) if changes else base
