"""The Python reference backend: :class:`FastSearch`, the exact search on a mutable position
with do/undo (how and why it is fast, and why its reductions are sound: :mod:`.exact`), and
:func:`engine_search`, the plain search over the model's own engine for the rules
:class:`FastSearch` does not mirror.  It runs everywhere (JupyterLite included) and is the
reference the compiled core (:mod:`.compiled`) is checked against.  It imports the interface
(:mod:`.interface`), never the code that chooses a backend.
"""

from __future__ import annotations

import random
import time

from ..model.rules import Rules
from ..model.state import STOCK, WASTE, RawMove, State
from .interface import ORDERS, Cancel, F, Search, _tables


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


def fast_search_supports(rules: Rules) -> bool:
    """Whether :class:`FastSearch` mirrors these rules.  It knows the model's flows (free
    spaces, fills from the stock or the waste, Dick's vacancies) with one base rank and one
    pass through the stock; PySolFC's fills (``fill="pysol"``) and redeals it does not know,
    and :func:`search` hands those to :func:`engine_search`, as it does PySolFC's Simplicity
    (a foundation's top card may come back) and ``autodeal="on"``."""
    return (rules.fill != "pysol" and rules.redeals == 0 and rules.deal != "suits"
            and not rules.foundation_back and rules.autodeal == "off")


def engine_search(rules: Rules, root: State, max_nodes: int, deadline: float | None = None,
                  cancel: Cancel | None = None) -> tuple[str, list[RawMove], int]:
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
            if nodes >= max_nodes or (not nodes & 255 and (
                    (deadline is not None and perf() > deadline)
                    or (cancel is not None and cancel.is_set()))):
                return "unknown", [], nodes
            stack.append((t, iter(ordered(t))))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return "lost", [], nodes


class PythonBackend:
    """The reference as a :class:`~.interface.Backend`."""

    name = "python"

    def supports(self, rules: Rules) -> bool:
        return fast_search_supports(rules)

    def make(self, rules: Rules, root: State, order: str, *, seed: int | None = None,
             skip: Search | None = None, deep_safe: bool = False,
             expected: int = 1 << 16) -> FastSearch:
        if deep_safe:
            raise ValueError("the proof search's reference is proofs.ProofSearch")
        return FastSearch(rules, root, order, seed=seed,
                          skip=skip.seen if skip is not None else frozenset())


PYTHON = PythonBackend()
