"""The solver: depth-first search with a transposition table, safe moves home, and a portfolio
of two move orders sharing the budget.

Verdicts are three-valued and honest:

- ``"won"`` — with ``moves``, a line the :class:`~fourseasons_widget.game.Game` accepts.  Every
  line is replayed through the model's own engine before it is returned (each move must be one
  of ``rules.moves(state)`` and the last position must be won), so a bug in the fast search
  below can cost a win but can never report a false one;
- ``"lost"`` — only when every position reachable from the start was searched (by at least one
  of the searches of the portfolio);
- ``"unknown"`` — the budget (nodes or seconds) ran out first.

How it is fast
--------------
The search does not build a :class:`State` per node.  It keeps one mutable position (piles as
lists, four foundation counts, an index into the stock, the waste as a list), applies a move and
takes it back (*do/undo*), and keeps each pile's contents also as an integer code (six bits per
card) so the transposition key is a short tuple of ints.  Most moves lead to a position already
seen (a card moved back, the same layout reached another way), so the key of a child is computed
from the move alone (:meth:`FastSearch.child_key`: two pile codes shifted, a foundation count or
the stock index bumped) and looked up before the move is made; only new positions are ever made.
Its move generator mirrors the model's engine (:mod:`fourseasons_widget.rules`) for every flow
(free spaces, spaces filled at once from the stock or the waste, Dick's vacancies, moving runs);
the tests cross-check it against the engine move by move and position by position over random
play in every variant.

Soundness of the reductions (each is measured in ``benchmarks/solver.py``)
---------------------------------------------------------------------------
1. *Transposition key.*  A position is identified by (the piles as a multiset, the foundation
   counts, the stock count).  Every tableau pile obeys the same rules in every variant (the
   layout is cosmetic), so permuting piles changes nothing; which corner holds which suit
   changes nothing either.  The stock is only taken from the front, so its length fixes its
   contents.  The waste needs no place in the key: a card reaches the waste only from the stock
   and leaves only from the top, so the waste is exactly "the turned cards that are neither in
   a pile nor home", in the order they were turned — a function of the rest of the key.  A
   depth-first search that never re-enters a key still visits every reachable key, so
   exhausting it proves the loss.  The key of the position right after a move also stands
   for the position its automatic sequel (forced fills, safe moves home, below) leads to:
   the sequel is a function of the position, so the two are explored as one.
2. *Moves that only permute piles are not generated*: a lone card (or a whole pile, moving
   runs) into a space, a card into the second of two spaces when it could go to the first,
   filling the second of two vacancies, a base card to the second of two empty corners.  Each
   leads to a position with the same key as one already generated, so (by 1) nothing is lost.
3. *Safe moves home.*  A card ``c`` whose every possible tableau child (the cards that could be
   built on it) is already home is moved home at once, without branching.  Outside a
   foundation ``c`` could only serve as a building target (impossible now, and for ever: cards
   never leave a foundation) or be moved around; any winning line from the position without the
   move stays a winning line after it, with the moves of ``c`` dropped (a run whose top is
   ``c`` moves without it and still fits, since its lowest-lying card is unchanged).  Where a
   space is refilled by force the argument needs care, so the move is taken automatically only
   when it cannot change a fill: in Czarina and Corners (filled from the stock) not when it
   empties a pile; with Czarina's ``fill='waste'`` option never from the waste; in Dick 1883,
   where a vacancy must be filled by the player from another pile or the waste, never.

Nothing else is pruned: every other legal move is tried, so "lost" means lost.

Move orders and the portfolio
-----------------------------
A search tries, at each position, first the moves home (H), then builds from pile to pile (C),
then builds from the waste (W), then moves into a space (S), and turns the stock (T) last: order
``"cross"`` = ``"HCWST"``.  Turning the stock early (``"waste"`` = ``"HWTCS"``) wins far fewer
deals.  From a deal (``order="auto"``, the default) the solver first lets the heuristic player
(:func:`~fourseasons_widget.solver.players.heuristic_line`, a greedy beginner who does not look
at the stock) play the deal, with at most half the budget: in the variants that move sequences
and in Simplicity it wins most deals in a few hundred moves, where a depth-first search wanders.
Then one persistent search in order ``"cross"`` shares the budget with a series of short fresh
searches in other orders, with the piles looked at in shuffled orders (see :func:`search`); they
win different deals.  The fresh searches do not enter positions the persistent one has already
reached: they spend their nodes where it has not been (it will still get everywhere itself, so
only its exhaustion proves a loss).  Late in a game (few stock cards left) one search alone is
used: it proves losses with half the nodes.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from ..rules import Rules
from ..state import FOUNDATION, STOCK, WASTE, Move, RawMove, State
from ..validate import budget as check_budget
from ..validate import cancel_token, check_position, flag, search_order, whole
from .players import heuristic_line

F = FOUNDATION  # in the fast search "to a foundation" (the corner is chosen on replay)
# Move orders, as the sequence of groups tried: H moves home, C builds from pile to pile (and
# runs), W builds from the waste, S moves into a space, T turning the stock.
ORDERS = {"cross": "HCWST", "waste": "HWTCS"}
# The portfolio's restarts: their orders, and the unit of their budgets (nodes)
RESTART_ORDERS = ("HCWST", "HWCST", "HSCWT", "HCSWT")
RESTART_UNIT = 2000
LATE_STOCK = 8  # order="auto": one search, not the portfolio, from this many stock cards down


class Cancel(Protocol):
    """What stops a search from another thread: a ``threading.Event`` will do."""

    def is_set(self) -> bool: ...


@dataclass
class SolveResult:
    """What the solver found: ``verdict`` in {"won", "lost", "unknown"}, the winning ``moves``
    (Move objects, empty unless won), ``nodes`` expanded and ``seconds`` spent; ``raw`` is
    the same line as the engine's raw moves."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    raw: list[RawMove] = field(default_factory=list, repr=False)

    @property
    def won(self) -> bool:
        return self.verdict == "won"

    @property
    def lost(self) -> bool:
        return self.verdict == "lost"


class SolverBug(AssertionError):
    """The fast search produced a line the model refuses (never expected; reported loudly)."""


class FastSearch:
    """One resumable depth-first search over a mutable copy of a position.

    >>> from fourseasons_widget import Game
    >>> g = Game.new(seed=3)
    >>> fs = FastSearch(g.rules, g.state)
    >>> fs.run(2000) in ("won", "lost", None)
    True
    """

    def __init__(self, rules: Rules, state: State, order: str = "cross", *,
                 use_tt: bool = True, safe_home: bool = True, seed: int | None = None,
                 skip: set | frozenset = frozenset()) -> None:
        if not fast_search_supports(rules):
            raise ValueError(f"the fast search does not mirror {rules.title}'s rules (PySolFC's "
                             "fills, redeals or per-suit bases): use search(), which plays them "
                             "through the engine")
        spec = ORDERS.get(order, order)
        if sorted(spec) != sorted("CHSTW"):
            raise ValueError(f"order must be one of {', '.join(ORDERS)} (or a permutation of "
                             f"'HCWST'), not {order!r}")
        self.rules = rules
        self.order = order
        self.spec = spec
        self.spec_index = tuple("HCWST".index(g) for g in spec)
        self.use_tt = use_tt
        n = self.n = rules.n_piles
        base = state.base
        self.fits = rules.engine.fits(base)
        self.seq = rules.sequences
        self.fill = rules.fill  # free | stock | waste | vacancy
        self.forced = self.fill in ("stock", "waste")  # spaces refilled at once
        self.capacity = rules.pile_capacity
        self.piles = [list(p) for p in state.piles]
        # the order in which piles are looked at (a seed shuffles it: a different search)
        self.perm = list(range(n))
        if seed is not None:
            random.Random(seed).shuffle(self.perm)
        self.codes = [0] * n
        for i, p in enumerate(self.piles):
            code = 0
            for c in p:
                code = (code << 6) | (c + 1)
            self.codes[i] = code
        self.home = list(state.home)
        self.stock = state.stock
        self.si = 0
        self.waste = list(state.waste)
        # safe moves home: for each card, (suit, needed count) of each card that fits on it
        self.safe_home = safe_home and self.fill != "vacancy"
        self.keep_last = self.fill != "free"
        self.safe_from_waste = self.fill != "waste"
        self.children, self.wants = _tables(rules, base)
        self.parents = rules.engine.parents(base)
        self.nodes = 0
        self.result: str | None = None
        self.line: list[tuple] = []  # records of the moves on the current path
        self.seen: set = set()
        # keys not to enter (another search's): such a search proves nothing by exhausting
        self.skip = skip
        self.frames: list[tuple] = []  # per node on the path: (its moves left, home word)
        self.started = False

    # -- the position --------------------------------------------------------------------
    def key(self) -> tuple:
        return (*sorted(self.codes), self.home_word())

    def home_word(self) -> int:
        """The last element of :meth:`key`: the foundation counts and the stock index."""
        h = self.home
        return h[0] | h[1] << 4 | h[2] << 8 | h[3] << 12 | self.si << 16

    def child_key(self, move: tuple, hw: int) -> tuple | None:
        """The key of the position right after ``move`` (before any forced fill or safe move
        home), computed without making the move (``hw``: :meth:`home_word` now); ``None``
        where a forced fill follows at once (Czarina, Corners: the move empties a pile while
        the stock can refill it)."""
        src, dst, cnt = move
        codes = self.codes
        if src >= 0:
            if self.forced and len(self.piles[src]) == cnt and (
                    self.si < len(self.stock) or (self.fill == "waste" and self.waste)):
                return None
            cs = codes[:]
            sh = 6 * cnt
            code = cs[src]
            cs[src] = code >> sh
            if dst >= F:
                hw += 1 << ((self.piles[src][-1] & 3) << 2)
            else:
                cs[dst] = (cs[dst] << sh) | (code & ((1 << sh) - 1))
        elif src == WASTE:
            card = self.waste[-1]
            if dst >= F:
                cs = codes
                hw += 1 << ((card & 3) << 2)
            else:
                cs = codes[:]
                cs[dst] = (cs[dst] << 6) | (card + 1)
        else:  # the stock: turned to the waste, or (Dick) into a vacancy
            hw += 1 << 16
            if dst == WASTE:
                cs = codes
            else:
                cs = codes[:]
                cs[dst] = (cs[dst] << 6) | (self.stock[self.si] + 1)
        return (*sorted(cs), hw)

    def cards_home(self) -> int:
        h = self.home
        return h[0] + h[1] + h[2] + h[3]

    def _prim(self, src: int, dst: int, cnt: int) -> int:
        """Move ``cnt`` cards from ``src`` to ``dst``; returns the lowest-lying card moved."""
        piles = self.piles
        if src == STOCK:
            card = self.stock[self.si]
            self.si += 1
            cards = [card]
        elif src == WASTE:
            card = self.waste.pop()
            cards = [card]
        else:
            p = piles[src]
            cards = p[-cnt:]
            del p[-cnt:]
            self.codes[src] >>= 6 * cnt
            card = cards[0]
        if dst >= F:
            self.home[card & 3] += 1
        elif dst == WASTE:
            self.waste.append(card)
        else:
            piles[dst] += cards
            code = self.codes[dst]
            for c in cards:
                code = (code << 6) | (c + 1)
            self.codes[dst] = code
        return card

    def _unprim(self, src: int, dst: int, cnt: int, card: int) -> None:
        piles = self.piles
        if dst >= F:
            self.home[card & 3] -= 1
            cards = [card]
        elif dst == WASTE:
            self.waste.pop()
            cards = [card]
        else:
            q = piles[dst]
            cards = q[-cnt:]
            del q[-cnt:]
            self.codes[dst] >>= 6 * cnt
        if src == STOCK:
            self.si -= 1
        elif src == WASTE:
            self.waste.append(card)
        else:
            piles[src] += cards
            code = self.codes[src]
            for c in cards:
                code = (code << 6) | (c + 1)
            self.codes[src] = code

    def _after(self, rec: list) -> None:
        """Forced fills (Czarina, Corners): each empty pile, in order, from the waste (option)
        or the stock — exactly as ``ImmediateFillEngine.after``."""
        piles = self.piles
        from_waste = self.fill == "waste"
        for j in range(self.n):
            if piles[j]:
                continue
            if from_waste and self.waste:
                rec.append((WASTE, j, 1, self._prim(WASTE, j, 1), False))
            elif self.si < len(self.stock):
                rec.append((STOCK, j, 1, self._prim(STOCK, j, 1), False))

    def do(self, move: tuple) -> list:
        """Apply a move, the forced fills and the safe moves home; returns the undo record:
        ``(src, dst, count, card, is_a_move)`` per primitive."""
        src, dst, cnt = move
        rec = [(src, dst, cnt, self._prim(src, dst, cnt), True)]
        if self.fill == "free":
            if not self.safe_home:
                return rec
            if dst < F:
                # Only the card this move uncovered can have become a safe move home: the
                # foundations did not change, and every other available card was checked
                # when the last scan ended (spaces are free here, so nothing is held back).
                if src < 0:
                    c = self.waste[-1] if self.waste else -1
                else:
                    p = self.piles[src]
                    c = p[-1] if p else -1
                if c < 0:
                    return rec
                h = self.home[c & 3]
                if h == 0 or self.wants[c & 3][h] != c:
                    return rec
            self._auto_home(rec, False)
            return rec
        immediate = self.fill in ("stock", "waste")
        if immediate:
            self._after(rec)
        if self.safe_home:
            self._auto_home(rec, immediate)
        return rec

    def undo(self, rec: list) -> None:
        for src, dst, cnt, card, _ in reversed(rec):
            self._unprim(src, dst, cnt, card)

    def _auto_home(self, rec: list, immediate: bool) -> None:
        piles, home, children, wants = self.piles, self.home, self.children, self.wants
        keep_last = self.keep_last
        waste = self.waste
        from_waste = self.safe_from_waste
        prim = self._prim
        while True:
            # the next card each foundation wants (base cards are left to the search: moving
            # them home is rarely "safe" and never needed for soundness)
            want = [wants[suit][h] if h else -1 for suit, h in enumerate(home)]
            src = None
            if from_waste and waste:
                c = waste[-1]
                if want[c & 3] == c:
                    for suit, need in children[c]:
                        if home[suit] <= need:
                            break
                    else:
                        src = WASTE
            if src is None:
                for i, p in enumerate(piles):
                    if p:
                        c = p[-1]
                        if want[c & 3] == c and not (keep_last and len(p) == 1):
                            for suit, need in children[c]:
                                if home[suit] <= need:
                                    break
                            else:
                                src = i
                                break
            if src is None:
                return
            rec.append((src, F, 1, prim(src, F, 1), True))
            if immediate:
                self._after(rec)

    # -- move generation -----------------------------------------------------------------
    def moves(self) -> list[tuple]:
        """The moves worth trying here, in this search's order (see the module docstring for
        the moves left out and why)."""
        piles, home, n = self.piles, self.home, self.n
        waste = self.waste
        stock_left = self.si < len(self.stock)
        fill = self.fill
        empty = -1
        tops = {}
        for j in self.perm:
            p = piles[j]
            if p:
                tops[p[-1]] = j
            elif empty < 0:
                empty = j
        if fill == "vacancy" and empty >= 0 and (waste or stock_left):
            # a vacancy must be filled first (the first one: rule 2)
            out = [(WASTE, empty, 1)] if waste else [(STOCK, empty, 1)]
            out += [(i, empty, 1) for i in range(n) if len(piles[i]) > 1]
            return out
        # the card each foundation wants next (-1: none)
        wants = self.wants
        want = (wants[0][home[0]], wants[1][home[1]], wants[2][home[2]], wants[3][home[3]])
        spaces = empty >= 0 and (fill == "free" or fill == "vacancy")  # vacancy: pack gone
        parents = self.parents
        home_m: list[tuple] = []
        waste_m: list[tuple] = []
        cross_m: list[tuple] = []
        space_m: list[tuple] = []
        if waste:
            c = waste[-1]
            if want[c & 3] == c:
                home_m.append((WASTE, F, 1))
            for t in parents[c]:
                if t in tops:
                    waste_m.append((WASTE, tops[t], 1))
            if spaces:
                space_m.append((WASTE, empty, 1))
        for c, j in tops.items():
            if want[c & 3] == c:
                home_m.append((j, F, 1))
            for t in parents[c]:
                if t in tops:
                    cross_m.append((j, tops[t], 1))
            if spaces and len(piles[j]) > 1:
                space_m.append((j, empty, 1))
        if self.seq:
            fits = self.fits
            for i in range(n):
                p = piles[i]
                k = len(p) - 1
                while k > 0 and fits[p[k] * 52 + p[k - 1]]:
                    k -= 1
                for m in range(k, len(p) - 1):
                    cnt = len(p) - m
                    row = p[m] * 52
                    for j in range(n):
                        q = piles[j]
                        if q and j != i and fits[row + q[-1]]:
                            cross_m.append((i, j, cnt))
                    if fill == "free" and empty >= 0 and m > 0:
                        space_m.append((i, empty, cnt))
        groups = (home_m, cross_m, waste_m, space_m,
                  [(STOCK, WASTE, 1)] if stock_left else [])
        out = []
        for g in self.spec_index:
            out += groups[g]
        return out

    # -- the search ----------------------------------------------------------------------
    def run(self, max_nodes: int, deadline: float | None = None,
            cancel: Cancel | None = None) -> str | None:
        """Search on for at most ``max_nodes`` more nodes (and until ``deadline``, or until
        ``cancel`` — a ``threading.Event`` — is set); returns ``"won"`` / ``"lost"`` once known
        (then :attr:`result`; ``"exhausted"`` instead of ``"lost"`` when ``skip`` kept the
        search out of some positions), else ``None``."""
        if self.result is not None:
            return self.result
        seen, line, frames, skip = self.seen, self.line, self.frames, self.skip
        use_tt = self.use_tt
        limit = self.nodes + max_nodes  # the start position counts against the budget too
        if not self.started:
            self.started = True
            rec: list = []
            if self.fill in ("stock", "waste"):
                self._after(rec)  # (the model's deal already filled; kept for odd inputs)
            if self.safe_home:
                self._auto_home(rec, self.fill in ("stock", "waste"))
            line.append(rec)
            if self.cards_home() == 52:
                self.result = "won"
                return "won"
            seen.add(self.key())
            self.nodes += 1
            frames.append((iter(self.moves()), self.home_word()))
            if self.nodes >= limit:
                return None
        do, undo, key, moves = self.do, self.undo, self.key, self.moves
        child_key, home_word = self.child_key, self.home_word
        home = self.home
        nodes = self.nodes
        perf = time.perf_counter
        while frames:
            ms, hw = frames[-1]
            for m in ms:  # (an iterator: resumes where this node's last child was taken)
                if use_tt:
                    # Most children are positions seen before: look their key up before
                    # making the move.  A key seen after a move's automatic sequel (forced
                    # fills, safe moves home) stands for the position before it too: that
                    # position always leads there (the sequel depends on the position alone).
                    pk = child_key(m, hw)
                    if pk is not None and (pk in seen or pk in skip):
                        continue
                    rec = do(m)
                    if len(rec) == 1 and pk is not None:
                        k = pk
                    else:
                        k = key()
                        if pk is not None:
                            seen.add(pk)
                        if k in seen or k in skip:
                            undo(rec)
                            continue
                    seen.add(k)
                else:
                    rec = do(m)
                line.append(rec)
                if home[0] + home[1] + home[2] + home[3] == 52:
                    self.nodes = nodes
                    self.result = "won"
                    return "won"
                nodes += 1
                frames.append((iter(moves()), home_word()))
                if nodes >= limit or (not nodes & 255 and (
                        (deadline is not None and perf() > deadline)
                        or (cancel is not None and cancel.is_set()))):
                    self.nodes = nodes
                    return None
                break
            else:
                frames.pop()
                if len(line) > 1:
                    undo(line.pop())
        self.nodes = nodes
        # with positions skipped, running out proves nothing: they may lead to a win
        self.result = "exhausted" if self.skip else "lost"
        return self.result

    def fast_line(self) -> list[tuple[int, int, int]]:
        """The moves (including the automatic ones, not the forced fills) from the start to
        the current position."""
        return [(s, d, c) for rec in self.line for (s, d, c, _, is_move) in rec if is_move]


def to_model_line(rules: Rules, state: State, fast: list[tuple[int, int, int]]) -> list[RawMove]:
    """Translate a fast line into the engine's raw moves, checking each against
    ``rules.moves`` and the end position; raises :class:`SolverBug` if the model disagrees."""
    engine = rules.engine
    out: list[RawMove] = []
    s = state
    for src, dst, cnt in fast:
        if dst >= F:
            c = s.waste[-1] if src == WASTE else s.piles[src][-1]
            suit = c & 3
            slot = s.corners.index(suit) if suit in s.corners else engine.home_slots(s, c)[0]
            raw = (src, F + slot, 1)
        else:
            raw = (src, dst, cnt)
        s = checked_apply(engine, s, raw, "the solver")
        out.append(raw)
    if not s.is_won:
        raise SolverBug("the solver's line does not end in a won position")
    return out


def checked_apply(engine, s: State, raw: RawMove, who: str) -> State:
    """``engine.apply(s, raw)`` once ``raw`` is one of ``engine.moves(s)``; else a
    :class:`SolverBug` naming ``who`` made the move (a search's line replayed in the model)."""
    if raw not in engine.moves(s):
        raise SolverBug(f"{who}'s move {raw} is not legal in the model at {s}")
    return engine.apply(s, raw)


def position_and_rules(position, rules: Rules | None) -> tuple[State, Rules]:
    """A :class:`Game` (its state and rules) or a :class:`State` with its ``rules``."""
    if rules is None:
        if not isinstance(getattr(position, "rules", None), Rules):
            raise ValueError("give a Game, or a State and its rules")
        return position.state, position.rules
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a Rules (get_rules(variant)), not "
                         f"a {type(rules).__name__[:40]}")
    check_position(rules, position)  # (outside input: a Game's positions are checked when made)
    return position, rules


@functools.lru_cache(maxsize=64)
def _tables(rules: Rules, base: int) -> tuple[tuple, tuple]:
    """Per card: (suit, rank above the base) of each card that may be built on it (its
    children: all home means the card is safe to send home); and per suit and count of cards
    home, the card that foundation takes next (-1: it is complete)."""
    fits = rules.engine.fits(base)
    children = tuple(
        tuple((x & 3, ((x >> 2) - base) % 13) for x in range(52) if fits[x * 52 + c])
        for c in range(52))
    wants = tuple(tuple(((base + h) % 13) * 4 + suit if h < 13 else -1 for h in range(14))
                  for suit in range(4))
    return children, wants


def fast_search_supports(rules: Rules) -> bool:
    """Whether :class:`FastSearch` mirrors these rules.  It knows the model's flows (free
    spaces, fills from the stock or the waste, Dick's vacancies) with one base rank and one
    pass through the stock; PySolFC's fills (``fill="pysol"``) and redeals it does not know,
    and :func:`search` hands those to :func:`engine_search`, as it does PySolFC's Simplicity
    (a foundation's top card may come back) and ``autodeal="on"``."""
    return (rules.fill != "pysol" and rules.redeals == 0 and rules.deal != "suits"
            and not rules.foundation_back and rules.autodeal == "off")


def engine_search(rules: Rules, root: State, max_nodes: int,
                  deadline: float | None = None) -> tuple[str, list[RawMove], int]:
    """A plain depth-first search over the model's own engine (``rules.moves`` /
    ``rules.apply``), never entering a position twice (:meth:`State.key`): slower than
    :class:`FastSearch` but right for any rules the engine plays.  Moves home are tried first,
    turning the stock (or a redeal) last.  Returns (verdict, raw line, nodes); "lost" only
    once every reachable position was searched."""
    engine = rules.engine

    def ordered(s: State) -> list[RawMove]:
        ms = engine.moves(s)
        return sorted(ms, key=lambda m: 0 if m[1] >= F else 2 if m[0] == STOCK or m[1] == STOCK
                      else 1)

    seen = {root.key()}
    path: list[RawMove] = []
    stack = [(root, iter(ordered(root)))]
    nodes = 1
    perf = time.perf_counter
    while stack:
        s, it = stack[-1]
        for m in it:
            t = engine.apply(s, m)
            k = t.key()
            if k in seen:
                continue
            seen.add(k)
            path.append(m)
            if t.is_won:
                return "won", path, nodes
            nodes += 1
            if nodes >= max_nodes or (deadline is not None and not nodes & 255
                                      and perf() > deadline):
                return "unknown", [], nodes
            stack.append((t, iter(ordered(t))))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return "lost", [], nodes


def luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, ``i`` from 1 (restart budgets)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


def search(rules: Rules, root: State, *, max_nodes: int | None = None,
           max_seconds: float | None = None, order: str = "auto",
           use_tt: bool = True, safe_home: bool = True,
           probe: bool = True, cancel: Cancel | None = None,
           engine: str = "python") -> tuple[str, list[RawMove], int]:
    """Search from ``root``; returns (verdict, raw line, nodes expanded).

    ``order`` is ``"auto"`` (the default: the portfolio while more than ``LATE_STOCK`` cards are
    in the stock, else one search, which proves losses in half the nodes: late positions are
    about proofs, and a small space leaves no heavy tail to cut), ``"portfolio"``, ``"cross"``,
    ``"waste"`` or a permutation of ``"HCWST"`` (one depth-first search in that order).  The
    portfolio first runs the heuristic player's greedy line as a probe (at most half the budget;
    each position it plays from counts as a node), then gives half the rest to one persistent
    depth-first search (order ``"cross"``), and the other half to a series of fresh searches,
    each in another order and with the piles looked at in a shuffled order, each stopped after a
    budget growing as the Luby sequence (``RESTART_UNIT`` × 1 1 2 1 1 2 4 …).  Wins in this game
    are heavy-tailed: a search that went wrong early rarely recovers, and a fresh one often wins
    at once.  The fresh searches skip the positions the persistent one has reached (on standard
    deals 0–199 at a fixed node budget this won 94 deals instead of 89 at 30,000 nodes, 97
    instead of 94 at 50,000); the persistent search is complete on its own, and its exhaustion
    proves the loss.  ``probe=False`` leaves the probe out; ``use_tt`` / ``safe_home`` switch
    the reductions off (for the benchmark and the cross-checks; without the transposition table
    a search may not end, so give it a budget).  ``cancel`` (a ``threading.Event``, checked
    every 256 nodes) stops the search from another thread: the verdict is then "unknown".
    ``engine="compiled"`` (or ``"auto"``: where numba is installed and the rules are ones it
    plays) runs the same searches in the compiled core (:mod:`.compiled`): the same nodes and
    verdicts, about 15 times faster.
    """
    from . import compiled

    max_nodes = check_budget(max_nodes, "max_nodes", integer=True)
    max_seconds = check_budget(max_seconds, "max_seconds")
    root, rules = position_and_rules(root, rules)
    order = search_order(order, ("auto", "portfolio", *ORDERS))
    use_tt, safe_home, probe = (flag(use_tt, "use_tt"), flag(safe_home, "safe_home"),
                                flag(probe, "probe"))
    cancel = cancel_token(cancel)
    compiled.wanted(engine, rules)  # (checks the engine's name, whichever branch runs)
    if root.is_won:
        return "won", [], 0
    if use_tt and safe_home and compiled.wanted(engine, rules):
        if order == "auto":
            order = "portfolio" if len(root.stock) > LATE_STOCK else "cross"
        return compiled.search(rules, root, max_nodes=max_nodes, max_seconds=max_seconds,
                               cancel=cancel, order=order, probe=probe)
    if not fast_search_supports(rules):
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        return engine_search(rules, root, max_nodes if max_nodes is not None else 1 << 62,
                             deadline)
    if order == "auto":
        order = "portfolio" if len(root.stock) > LATE_STOCK else "cross"
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    budget = max_nodes if max_nodes is not None else 1 << 62
    opts = {"use_tt": use_tt, "safe_home": safe_home}
    if order != "portfolio":
        fs = FastSearch(rules, root, order, **opts)
        verdict = fs.run(budget, deadline, cancel)
        if verdict == "won":
            return "won", to_model_line(rules, root, fs.fast_line()), fs.nodes
        return verdict or "unknown", [], fs.nodes
    nodes = 0
    if probe:  # a cheap probe first: the heuristic player's greedy line (a model line)
        line, end, nodes = heuristic_line(
            rules, root, max_nodes=budget // 2,
            deadline=None if max_seconds is None else time.perf_counter() + max_seconds / 2,
            cancel=cancel)
        if end.is_won:
            return "won", line, nodes
    main = FastSearch(rules, root, "cross", **opts)
    r = 0
    while True:
        share = RESTART_UNIT * luby(r + 1)
        fresh = None
        for fs in (main, None):
            if fs is None:
                fs = fresh = FastSearch(rules, root, RESTART_ORDERS[r % len(RESTART_ORDERS)],
                                        seed=r + 1, skip=main.seen, **opts)
            before = fs.nodes
            verdict = fs.run(min(share, budget - nodes), deadline, cancel)
            nodes += fs.nodes - before
            if verdict == "won":
                return "won", to_model_line(rules, root, fs.fast_line()), nodes
            if verdict == "lost":
                return "lost", [], nodes
            if nodes >= budget or (deadline is not None and time.perf_counter() > deadline) \
                    or (cancel is not None and cancel.is_set()):
                return "unknown", [], nodes
        del fresh
        r += 1


def _pile_map(line_piles: tuple, real_piles: tuple) -> list[int] | None:
    """For positions equal up to the order of the piles: where each pile of the first lies in
    the second (``None`` if they are not such positions)."""
    where: dict[tuple, list[int]] = {}
    for j, p in enumerate(real_piles):
        where.setdefault(p, []).append(j)
    out = []
    for p in line_piles:
        js = where.get(p)
        if not js:
            return None
        out.append(js.pop(0))
    return out


def _mapped(rules: Rules, s: State, raw: RawMove, pmap: list[int]) -> RawMove:
    src, dst, cnt = raw
    if src >= 0:
        src = pmap[src]
    if dst >= F:
        c = s.waste[-1] if src == WASTE else s.piles[src][-1]
        suit = c & 3
        dst = F + (s.corners.index(suit) if suit in s.corners
                   else rules.engine.home_slots(s, c)[0])
    elif dst >= 0:
        dst = pmap[dst]
    return (src, dst, cnt)


def shorten(rules: Rules, state: State, line: list[RawMove]) -> list[RawMove]:
    """A shorter winning line: walk the line, and wherever one move leads to a position (up to
    the order of the piles) that the line reaches later, jump there.  Depth-first lines are
    full of detours (a card shuttled between piles while the search looked elsewhere); this
    removes most of them.  The result is checked move by move; if anything disagrees the
    original line is returned."""
    engine = rules.engine
    states = [state]
    for m in line:
        states.append(engine.apply(states[-1], m))
    index = {t.key(): i for i, t in enumerate(states)}  # the last time each key is reached
    out: list[RawMove] = []
    cur = state
    pmap = list(range(rules.n_piles))
    i, n = 0, len(line)
    try:
        while i < n:
            best_j, best = i + 1, None
            for m in engine.moves(cur):
                t = engine.apply(cur, m)
                j = index.get(t.key(), -1)
                if j > best_j:
                    best_j, best = j, (m, t)
            if best is not None:
                m, cur = best
                out.append(m)
                i = best_j
                pm = _pile_map(states[i].piles, cur.piles)
                if pm is None:
                    return line
                pmap = pm
            else:
                m = _mapped(rules, cur, line[i], pmap)
                if m not in engine.moves(cur):
                    return line
                out.append(m)
                cur = engine.apply(cur, m)
                i += 1
    except (ValueError, IndexError):
        return line
    return out if cur.is_won else line


def shorten_fully(rules: Rules, state: State, line: list[RawMove], passes: int = 3,
                  ) -> list[RawMove]:
    """:func:`shorten` again while it helps, at most ``passes`` times."""
    passes = whole(passes, "passes", 0, 100)
    for _ in range(passes):
        shorter = shorten(rules, state, line)
        if len(shorter) >= len(line):
            break
        line = shorter
    return line


def solve(position, rules: Rules | None = None, *, max_seconds: float | None = 10.0,
          max_nodes: int | None = None, order: str = "auto",
          shorten_line: bool = True, cancel: Cancel | None = None,
          engine: str = "python") -> SolveResult:
    """Solve a :class:`Game` or a :class:`State` (with its ``rules``) under a budget.

    A winning line is shortened (:func:`shorten`) unless ``shorten_line=False``.  ``engine``:
    as :func:`search` (``"auto"`` uses the compiled core where it can).  The
    verdict assumes perfect information (the order of the stock is known), as every
    solver of this game does; a player who cannot see the stock may lose a deal this calls
    won.

    >>> from fourseasons_widget import Game
    >>> r = solve(Game.new(seed=1), max_nodes=2000)
    >>> r.verdict in ("won", "lost", "unknown")
    True
    """
    max_nodes = check_budget(max_nodes, "max_nodes", integer=True)
    max_seconds = check_budget(max_seconds, "max_seconds")
    shorten_line = flag(shorten_line, "shorten_line")
    if rules is None and not isinstance(getattr(position, "rules", None), Rules):
        raise ValueError("solve() takes a Game, or a State and its rules")
    state, rules = position_and_rules(position, rules)
    t0 = time.perf_counter()
    verdict, raw, nodes = search(rules, state, max_nodes=max_nodes, max_seconds=max_seconds,
                                 order=order, cancel=cancel, engine=engine)
    if raw and shorten_line:
        raw = shorten_fully(rules, state, raw)
    moves = []
    s = state
    for m in raw:
        moves.append(rules.engine.to_move(s, m))
        s = rules.engine.apply(s, m)
    return SolveResult(verdict, moves, nodes, time.perf_counter() - t0, raw)
