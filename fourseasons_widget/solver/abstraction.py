"""A proof of loss by abstraction: the cross's cards of one rank may trade places.

The exact proof search (:mod:`.proofs`) must tell apart every arrangement of the cross.  This
module searches a *bigger* game instead, one that is easier to search to the end: the real game
plus one extra move, **two cards of the same rank in the cross swap places** (whatever their
suits, wherever they lie).  Every line of the real game is a line of the bigger one, so when
the bigger game cannot be won from a position, neither can the real one: its "lost" is a proof
(an *over-approximation* of the reachable positions).  Its "won" proves nothing — the win may
use a swap — and is reported as ``"unknown"``.

Why the bigger game is smaller to search
----------------------------------------
In the standard rules a cross pile is a run: each card one rank below the card under it (any
suit).  So a pile is fixed, up to the suits, by its top rank and its length.  With swaps, which
card of a rank sits in which place no longer matters: any card of rank *r* in the cross can be
brought to any place of rank *r* at no cost.  A position of the bigger game is therefore exactly

- the foundations and the stock index (as in the real game);
- the waste, as the set of turned cards still on it (its order is the order they were turned);
- the cross as a multiset of *shapes* (top rank, length), with the set of cards in the cross
  (the dealt and turned cards neither home nor on the waste).

Its moves, each the image of a real move after swaps: a card of the cross goes home when it is
next in its suit and some pile's top has its rank (swap it there first); a pile's top (a rank)
goes onto a top one rank higher or into a space; the waste's top goes home, onto a top one rank
higher or into a space; the stock turns.  The search walks the positions one stock layer at a
time, like :class:`~.proofs.LayeredProof`, and takes the safe moves home (below).

Safe moves home in the bigger game (``safe_home=True``, the default)
-------------------------------------------------------------------
A card ``c`` that is next for its foundation (not a base card: as the exact search,
:mod:`.exact`), on the waste's top or in the cross, and whose every child (each card that could
be built on it) is home, goes home at once, before the position is looked up; repeated until no
such card is left.  In the cross ``c`` is then a pile's top (a card on it would be a child), and
so is every other card of its rank there; the pile it leaves is one whose top has its rank (the
first such shape in the sorted tuple: any choice is sound, as shown now).

*Soundness.*  Let ``G+`` be the real game plus the swaps; a position of the bigger game is a
class of ``G+`` positions equal up to swaps, and all of a class win or lose together (a swap
is a move both ways).  Take a ``G+`` position ``R`` with ``c`` as above (by a swap, ``c`` may be
on whichever top of its rank the reduction empties), ``R'`` the same with ``c`` home, and a
winning ``G+`` line ``L`` from ``R``.  Make ``L'`` from ``R'``: drop every move of ``c``; keep
every other move, except that a swap of ``c`` with another card ``d`` of its rank becomes the
real move of ``d`` from its place to ``c``'s.  By induction ``L'``'s positions are ``L``'s with
``c`` taken out: ``c``'s children are home for good (cards never leave a foundation), so in ``L``
nothing is ever built on ``c`` and ``c`` and every card of its rank in the cross lie on tops;
taking ``c`` off a top leaves a run; a move of ``L`` never needs ``c`` as a target; a move home
of a card of ``c``'s suit comes after ``c``'s own in ``L``, and ``c`` is already home in ``L'``;
a space ``c`` occupies in ``L`` is a space in ``L'`` as well; a waste card is the waste's top in
``L'`` whenever it is in ``L``.  The swap's replacement is a real move: ``d`` lies on a top (the
argument above), and ``c``'s place is a space or the card ``c`` lay on, one rank above ``d``
(building looks at ranks alone).  So ``L'`` ends with every card home: ``R'`` is won too.  The
search is still complete: from a winnable position take the first move of a shortest winning
line, then the safe moves; each step either sends a card home or, with the same cards home,
shortens the shortest win, so (cards home, shortest win) decreases lexicographically and a won
position is reached.  Hence "lost" with the reduction is still a proof.  The tests check it
against the exact search (``tests/test_abstraction.py``) and the compiled kernel walks the same
positions (``tests/test_compiled.py``).

It applies where building looks at ranks alone and a space waits for the player: the standard
game (with any ``tableau_wrap``).  Measured (``benchmarks/solver.py --proofs-only``): on deal 13
along the heuristic player's lost game, it proves the loss from 31 stock cards left with
1,405,684 positions where the exact layered search walks 10,674,692, from 38 cards left with
2,239,097 and from 40 with 11,093,386; 9 of the 10 fixed lost positions of
``tests/test_proofs.py`` are proved lost (the tenth is won with a swap).  Compiled
(:mod:`.compiled`, ``engine="compiled"``: the same positions, layer by layer) it runs about 28
times faster: from deal 13's own deal it walks 36 of the 47 stock layers (59,768,371 positions,
60 CPU s) before one layer outgrows its 2^25-slot table; no deal has been proved lost from the
deal.  (Those figures are without the safe moves home below; with them, the default since,
5–8% fewer: 1,288,948 positions from 31 cards left, 16,201,319 from 42; from 44 layer 37 still
outgrows the table.)
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from ..budget import Budget, takes_budget
from ..model.rules import Rules
from ..model.state import State
from ..validate import count_budget, whole
from .backends import DEFAULT_ENGINE, check_engine, choose
from .interface import position_and_rules


def abstraction_applies(rules: Rules, base: int | None = None) -> bool:
    """Whether the rank abstraction is sound and exact in form for these rules: spaces wait for
    the player, one card moves at a time, whether a card may be built on another depends on
    their ranks alone, and each rank is built on one rank at most (for every base rank, or for
    ``base``)."""
    if rules.fill != "free" or rules.sequences or rules.build != "rank":
        return False
    bases = range(13) if base is None else (base,)
    for b in bases:
        fits = rules.engine.fits(b)
        # a pile is fixed by its top rank and length: each rank is built on one rank at most
        for r in range(13):
            if sum(bool(fits[(r * 4) * 52 + t * 4]) for t in range(13)) > 1:
                return False
        for x in range(52):
            for c in range(52):
                if fits[x * 52 + c] != fits[(x & ~3) * 52 + (c & ~3)]:
                    return False
    return True


@dataclass
class AbstractResult:
    """``verdict``: ``"lost"`` (proved: the bigger game cannot be won) or ``"unknown"``;
    ``why``: ``"lost"``, ``"won with swaps"`` or ``"budget"``; ``positions`` of the bigger game
    walked, ``seconds``, and the positions of each stock layer walked (``layers``)."""

    verdict: str
    why: str
    positions: int
    seconds: float
    layers: list[int] = field(default_factory=list)


@takes_budget({"max_positions": "positions", "max_seconds": "seconds"},
              honours=("seconds", "positions"))
def prove_by_ranks(position, rules: Rules | None = None, *,
                   budget: Budget = Budget(positions=5_000_000), engine: str = DEFAULT_ENGINE,
                   table: int | None = None, safe_home: bool = True,
                   max_table: int | None = None) -> AbstractResult:
    """Try to prove a :class:`Game` or a :class:`State` (with its ``rules``) lost in the bigger
    game of this module's docstring, within ``budget`` (its seconds and positions; five
    million positions by default).  ``engine="compiled"`` (or ``"auto"``, the default: where
    numba is installed; it compiles now if need be, see :func:`.backends.choose`) walks the
    same positions in the compiled core (:func:`.compiled.rank_layers`), 20–30 times faster;
    ``table`` is the compiled search's first table size (slots, a power of two), ``max_table``
    its largest (:func:`.compiled.check_table`: 2^25 slots by default, a layer of some 16.7
    million positions; the pure-Python search keeps a set and ignores it);
    ``safe_home`` takes the safe moves home (the module's docstring: sound, narrower layers).

    >>> from fourseasons_widget import Game
    >>> from fourseasons_widget.budget import Budget
    >>> prove_by_ranks(Game.new(seed=0), budget=Budget(positions=1000)).verdict
    'unknown'
    """
    state, rules = position_and_rules(position, rules)
    max_positions, max_seconds = budget.positions, budget.seconds
    check_engine(engine)  # (the engine's name, whichever branch runs)
    if max_table is not None:
        from .compiled import check_table  # (numba is not imported by this)

        check_table(max_table)
    if not abstraction_applies(rules, state.base):
        raise ValueError(f"the rank abstraction does not fit {rules.title}'s rules: it needs "
                         "building by rank alone, spaces that wait, and single cards")
    backend = choose(engine, rules, wait=True)
    t0 = time.perf_counter()
    deadline = None if max_seconds is None else t0 + max_seconds
    search = _RankSearch(rules, state, safe_home=safe_home)
    if backend.name == "compiled" and rules.n_piles <= 5:
        from . import compiled  # (chosen above: the dispatcher imports its backends)

        why, positions, layers, _ = compiled.rank_layers(
            search, state, rules, max_positions=max_positions, max_seconds=max_seconds,
            table=table, max_table=max_table)
        return AbstractResult("lost" if why == "lost" else "unknown", why, positions,
                              time.perf_counter() - t0, layers)
    why = search.run(max_positions, deadline)
    return AbstractResult("lost" if why == "lost" else "unknown", why, search.positions,
                          time.perf_counter() - t0, search.layers)


class _RankSearch:
    """The layer-by-layer search of the bigger game (see the module's docstring)."""

    def __init__(self, rules: Rules, state: State, *, safe_home: bool = False) -> None:
        from .interface import _tables

        base = state.base
        self.safe_home = safe_home
        self.children = _tables(rules, base)[0]
        fits = rules.engine.fits(base)
        # ok[r][t]: rank r may be built on rank t; under[r]: the rank a card of rank r lies on
        # in a pile (None: nothing, so it is a pile's bottom card)
        self.ok = [[bool(fits[(r * 4) * 52 + t * 4]) for t in range(13)] for r in range(13)]
        self.under = [next((t for t in range(13) if self.ok[r][t]), None) for r in range(13)]
        self.wants = [[((base + h) % 13) * 4 + s if h < 13 else -1 for h in range(14)]
                      for s in range(4)]
        self.turned = tuple(state.waste) + tuple(state.stock)
        self.w0 = len(state.waste)
        self.end = self.w0 + len(state.stock)
        shapes = []
        cross = 0
        for p in state.piles:
            for below, above in itertools.pairwise(p):
                if not self.ok[above >> 2][below >> 2]:
                    raise ValueError("a cross pile that is not a run")
            shapes.append((p[-1] >> 2) * 64 + len(p) if p else 0)
            for c in p:
                cross |= 1 << c
        self.start = self.settle((tuple(sorted(shapes)), tuple(state.home), self.w0,
                                  (1 << self.w0) - 1, cross))
        self.positions = 0
        self.layers: list[int] = []
        self.kept: set | None = None  # every position met, when a caller asks (the tests)

    def image(self, state: State) -> tuple:
        """The position of the bigger game that a real position (reached from the start)
        stands for."""
        tc = self.end - len(state.stock)
        wm = 0
        waste = set(state.waste)
        for i in range(tc):
            if self.turned[i] in waste:
                wm |= 1 << i
        shapes = tuple(sorted((p[-1] >> 2) * 64 + len(p) if p else 0 for p in state.piles))
        cross = 0
        for p in state.piles:
            for c in p:
                cross |= 1 << c
        return (shapes, tuple(state.home), tc, wm, cross)

    def settle(self, node: tuple) -> tuple:
        """``node`` after the safe moves home (the module's docstring), if ``safe_home``."""
        if not self.safe_home:
            return node
        piles, home, tc, wm, cross = node
        wants, children = self.wants, self.children
        s = 0
        while s < 4:
            h = home[s]
            if 0 < h < 13:
                c = wants[s][h]
                if all(home[u] > need for u, need in children[c]):
                    wtop = self.turned[wm.bit_length() - 1] if wm else -1
                    if c == wtop:
                        wm &= ~(1 << (wm.bit_length() - 1))
                    elif cross >> c & 1:
                        r = c >> 2
                        i = next(i for i, sh in enumerate(piles) if sh and sh >> 6 == r)
                        piles = _put(piles, i, self._below(piles[i]))
                        cross &= ~(1 << c)
                    else:
                        s += 1
                        continue
                    home = home[:s] + (h + 1,) + home[s + 1:]
                    s = 0  # (from the first suit again: the waste's top may have changed)
                    continue
            s += 1
        return (piles, home, tc, wm, cross)

    def _below(self, shape: int) -> int:
        """The shape of a pile once its top card is gone."""
        length = shape & 63
        return 0 if length == 1 else self.under[shape >> 6] * 64 + length - 1

    def successors(self, node: tuple) -> tuple[list[tuple], bool]:
        """The positions one move away inside the layer, and whether one of them is won."""
        piles, home, tc, wm, cross = node
        ok, wants, below = self.ok, self.wants, self._below
        out = []
        wi = wm.bit_length() - 1
        wtop = self.turned[wi] if wm else -1
        empty = 0 in piles
        for s in range(4):
            h = home[s]
            if h >= 13:
                continue
            c = wants[s][h]
            nh = home[:s] + (h + 1,) + home[s + 1:]
            if c == wtop:
                if sum(nh) == 52:
                    return out, True
                out.append((piles, nh, tc, wm & ~(1 << wi), cross))
            if cross >> c & 1:
                r = c >> 2
                done = set()
                for i, sh in enumerate(piles):
                    if sh and sh >> 6 == r and sh not in done:
                        done.add(sh)
                        if sum(nh) == 52:
                            return out, True
                        out.append((_put(piles, i, below(sh)), nh, tc, wm, cross & ~(1 << c)))
        moved = set()
        for i, sh in enumerate(piles):
            if not sh or sh in moved:
                continue
            moved.add(sh)
            r, length = sh >> 6, sh & 63
            rest = below(sh)
            onto = set()
            for j, tj in enumerate(piles):
                if j != i and tj and tj not in onto and ok[r][tj >> 6]:
                    onto.add(tj)
                    out.append((_put2(piles, i, rest, j, r * 64 + (tj & 63) + 1), home, tc, wm,
                                cross))
            if empty and length > 1:
                out.append((_put2(piles, i, rest, piles.index(0), r * 64 + 1), home, tc, wm,
                            cross))
        if wtop >= 0:
            r = wtop >> 2
            nwm, ncross = wm & ~(1 << wi), cross | (1 << wtop)
            onto = set()
            for j, tj in enumerate(piles):
                if tj and tj not in onto and ok[r][tj >> 6]:
                    onto.add(tj)
                    out.append((_put(piles, j, r * 64 + (tj & 63) + 1), home, tc, nwm, ncross))
            if empty:
                out.append((_put(piles, piles.index(0), r * 64 + 1), home, tc, nwm, ncross))
        return out, False

    def run(self, max_positions: int, deadline: float | None) -> str:
        """``"lost"``, ``"won with swaps"`` or ``"budget"``."""
        perf = time.perf_counter
        entries = {self.start}
        layer = self.w0
        while True:
            seen = set(entries)
            todo = list(entries)
            nxt: set = set()
            count = 0
            while todo:
                node = todo.pop()
                count += 1
                self.positions += 1
                if self.positions >= max_positions or (
                        deadline is not None and not self.positions & 1023 and perf() > deadline):
                    self.layers.append(count)
                    return "budget"
                if sum(node[1]) == 52:  # (reached by safe moves home)
                    self.layers.append(count)
                    return "won with swaps"
                children, won = self.successors(node)
                if won:
                    self.layers.append(count)
                    return "won with swaps"
                for child in children:
                    # (a move inside the cross keeps the foundations, the waste and the set of
                    # cross cards: nothing new can be safe and available, the node is settled)
                    if child[1] is not node[1] or child[3] != node[3]:
                        child = self.settle(child)
                    if child not in seen:
                        seen.add(child)
                        todo.append(child)
                if layer < self.end:
                    piles, home, tc, wm, cross = node
                    nxt.add(self.settle((piles, home, tc + 1, wm | (1 << tc), cross)))
            self.layers.append(count)
            if self.kept is not None:
                self.kept |= seen
            if not nxt:
                return "lost"
            entries = nxt
            layer += 1


def _put(piles: tuple, i: int, shape: int) -> tuple:
    out = list(piles)
    out[i] = shape
    out.sort()
    return tuple(out)


def _put2(piles: tuple, i: int, a: int, j: int, b: int) -> tuple:
    out = list(piles)
    out[i] = a
    out[j] = b
    out.sort()
    return tuple(out)


def layer_sizes(rules: Rules, state: State, stock_cards: int,
                max_positions: int = 2_000_000) -> list[int] | None:
    """The positions of the bigger game per stock layer, with the stock cut after
    ``stock_cards`` cards (compare :func:`~.proofs.layer_profile`); ``None`` past the budget."""
    state, rules = position_and_rules(state, rules)
    stock_cards = whole(stock_cards, "stock_cards", 0, 52)
    max_positions = count_budget(max_positions, "max_positions")
    cut = state._replace(stock=state.stock[:stock_cards])
    search = _RankSearch(rules, cut)
    if search.run(max_positions, None) != "lost":
        return None
    return search.layers

