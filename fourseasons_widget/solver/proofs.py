"""Proofs of loss: a search that only has to be *complete*, and the figures of why it is hard.

The solver (:mod:`.solver`) proves a position lost by walking every position reachable from
it.  A win needs one good line; a loss needs all of them, and in Four Seasons "all of them" is
enormous: the five cross piles take almost any card (a space takes any card, a pile any card
one rank lower), so for each stock index the search must walk every arrangement of the cross
and every choice of which turned cards were kept on the waste.  :func:`layer_profile` measures
it: the positions reachable while only the first ``k`` stock cards have been turned.

This module holds the sound reductions a loss proof may use beyond the solver's, each with its
argument, and :func:`prove`, the proof search.  Verdicts are ``"won"``, ``"lost"`` (every
reachable position searched, up to the reductions below) or ``"unknown"`` (budget out).

Deeper safe moves home (``deep_safe``)
--------------------------------------
The solver moves a card home at once when every card that could be built on it (its
*children*) is already home.  Here a card is also sent home when each of its children is home
or is *safe-next*: the next card its foundation takes, with every child of its own home or
safe-next (recursively).  Soundness, for the rules where a space waits for the player and one
card moves at a time (``standard``, ``simplicity`` and their ``tableau_wrap`` readings): let B
be a position where card ``s`` is available and safe in this sense, and A the position after
``s`` goes home.  Take any winning line from B and play it from A, skipping every move of a
*ghost* (a card home in A but not in B; at first only ``s``).  A's piles and waste are B's with
the ghosts left out, so every card B moves that is not a ghost is available in A too, a space
of B is a space of A, and every card B sends home is next in A (A's foundations are B's plus
the ghosts, which are the cards that come next in their suits).  The only move that can fail is
B building a card ``c`` on a ghost; then ``c`` is a child of a card that was safe, so ``c`` is
home or safe-next.  "Next" stays true in A until the card goes home: A's foundations grow only
by the cards that come next.  So A sends ``c`` home instead, and ``c`` becomes a ghost whose
children are again home or safe-next.  A reaches the end of the line with all 52 cards home.
So if B can be won, A can: searching A alone loses nothing.  (Where a space must be refilled at
once, or runs move as a whole, the argument does not carry over as it stands: there the rule is
off and the solver's own safe moves apply.)

Dominance: more cards home (``dominance``)
------------------------------------------
The same argument gives a dominance between positions.  Let A be a position B with a set G of
cards (the *ghosts*) taken out of B's piles and waste and put home: for each suit, the cards
that come next in it, wherever they lie in B (buried or not), as long as each child of each
ghost is, in A, home or safe-next.  Then if B can be won, A can (play B's line from A as above;
a ghost buried in B is only ever uncovered in B, and a pile of A may hold a card above one it
does not fit: moves look only at the top cards).  So the search does not enter B when such an
A has been entered already (A: B with the next card of one or more suits sent home; the check
works on the transposition key alone).  This stays a proof.  Suppose the start could be won
and the search ran out: take, among the winnable positions it entered, one with the most cards
home and, among those, the shortest win.  The first move of that win (with its automatic
sequel) leads to a winnable position with at least as many cards home, which is the end of
the game, or was entered (then it has more cards home or a shorter win: impossible), or is
dominated by an entered A (then A is winnable with more cards home: impossible).

One layer at a time (``LayeredProof``)
--------------------------------------
The stock index never goes down, so the reachable positions fall into layers, one per stock
card turned, and a move either stays in its layer or leaves it for a later one.
:class:`LayeredProof` walks the layers in order and drops each layer's table once it is done:
the same positions and verdicts as the depth-first proof search, with the memory of the
largest layer instead of the whole.  The layers also show what makes a proof from the deal
big (:func:`layer_anatomy`): a layer's positions are (foundations, waste) pairs — which turned
cards were played from the waste, and which went home — times the arrangements of the same
cards in the cross.  Most of the growth is in the pairs: on standard deals 0 and 1 they
multiply about 200 and 110 times from stock card 5 to 13, while the arrangements per pair go
from 17 to 25 and from 5 to 35 (``benchmarks/solver.py --proofs-only``, "What a layer is
made of").

The bag of runs at each layer's entries (``relaxed_cut``)
--------------------------------------------------------
:class:`LayeredProof` may first give each position by which it enters a stock layer to the
bag of runs (:mod:`.relaxed`, a relaxation: every line of the real game is a line of the
bag), with a small budget of the bag's positions; an entry the bag proves lost is not walked.
Soundness: the bag's "lost" means the relaxed game cannot be won from the entry, so the real
game cannot either, and every position reachable from a lost position is lost too (a win from
it would be a win from the entry).  So a cut entry is marked as walked, as if its part of the
layer had been searched and no win found, and the rest of the search goes on as before: every
position of a winning line is winnable, so no entry on it is ever cut, and the layered search
still reaches each of them.  Exhausting the rest proves the loss.  The bag's verdict depends
only on the entry's relaxed image (foundations, stock index, which turned cards are still on
the waste, which cards are in the cross), so it is asked once per image and layer.

Measured (``benchmarks/proofs.py --part cut``): deal 13's lost game with 24 stock cards left,
the layered proof walks 35,232 positions alone; with 100 bag positions an entry, 7,883 (3,590
of 6,607 entries cut) for 229,555 of the bag's, twice the CPU time; with 1,000 an entry,
1,679 for 588,337.  From the deal it cuts nothing that matters: on standard deals 859 and 13,
a million positions of the layered proof walk 26 and 23 stock layers, and with 300 bag
positions an entry not one of their 90,258 and 86,234 entries is cut (42 of deal 859's with
3,000, at 12 times the CPU time): the entries of the early layers are not lost in the bag
either.  It prunes where a proof is already cheap, and not where the proofs from the deal stop.

What each of these gives, and why a proof from the deal resists, is measured by
``benchmarks/solver.py --proofs-only``: the classification of each variant's deals, the nodes
and CPU time of the proof search with and without each reduction on late positions, how many
stock cards from the end a proof reaches along the heuristic player's line, and the positions
the first stock cards of a deal already open up (:func:`layer_profile`).
"""

from __future__ import annotations

import collections
import time
from dataclasses import dataclass

from ..budget import Budget, takes_budget
from ..model.cards import CODES, format_cards, parse_card
from ..model.rules import Rules
from ..model.state import State
from ..validate import count_budget, flag, search_order, whole
from .backends import DEFAULT_ENGINE, check_engine, choose
from .interface import (
    ORDERS,
    STOCK,
    WASTE,
    F,
    SolverBug,
    _mapped,
    _pile_map,
    checked_apply,
    deep_safe_applies,
    position_and_rules,
    run_one,
    to_model_line,
)
from .reference import FastSearch, engine_search, fast_search_supports
from .relaxed import BagOfRuns, bag_applies


class _Dominated:
    """The search's ``skip`` hook: a key is skipped when a position that dominates it (more
    cards home, as in the module's docstring) is in ``seen``.  Works from the key alone (the
    piles as codes, the foundation counts, the stock index); always falsy, so exhausting the
    search still proves the loss."""

    def __init__(self, search: ProofSearch, depth: int = 1) -> None:
        self.s = search
        self.depth = depth  # ghosts per suit: the next card (1), or the next two (2), …
        self.stock_at = {c: i for i, c in enumerate(search.stock)}
        self.checks = self.hits = 0
        self.safe: dict = {}  # (ghost, foundation counts) -> its children are safe

    def __bool__(self) -> bool:
        return False

    def __contains__(self, key: tuple) -> bool:
        s = self.s
        hw = key[-1]
        home = [hw & 15, hw >> 4 & 15, hw >> 8 & 15, hw >> 12 & 15]
        si = hw >> 16
        wants, stock_at = s.wants, self.stock_at
        chains = []
        for suit in range(4):
            h = home[suit]
            chain = []
            while 0 < h < 13 and len(chain) < self.depth:
                c = wants[suit][h]
                if stock_at.get(c, -1) >= si:
                    break  # still in the stock: not a ghost
                chain.append(c)
                h += 1
            chains.append(chain)
        if not any(chains):
            return False
        self.checks += 1
        seen, safe = s.seen, self.safe
        piles = where = None
        for cut in _prefixes(chains):
            if not any(cut):
                continue
            ahome = (home[0] + cut[0], home[1] + cut[1], home[2] + cut[2], home[3] + cut[3])
            ghosts = [c for u in range(4) for c in chains[u][:cut[u]]]
            ok = True
            for g in ghosts:
                v = safe.get((g, ahome))
                if v is None:
                    if len(safe) > 100_000:
                        safe.clear()
                    v = safe[(g, ahome)] = s.children_safe(g, ahome)
                if not v:
                    ok = False
                    break
            if not ok:
                continue
            if piles is None:
                piles = [_decode(code) for code in key[:-1]]
                where = {c: i for i, p in enumerate(piles) for c in p}
            codes = list(key[:-1])
            gs = set(ghosts)
            for i in {where[g] for g in ghosts if g in where}:
                code = 0
                for c in piles[i]:
                    if c not in gs:
                        code = (code << 6) | (c + 1)
                codes[i] = code
            codes.sort()
            ahw = ahome[0] | ahome[1] << 4 | ahome[2] << 8 | ahome[3] << 12 | si << 16
            if (*codes, ahw) in seen:
                self.hits += 1
                return True
        return False


def _prefixes(chains: list[list[int]]):
    """Every choice of how many cards of each chain to take (a prefix of each)."""
    out = [[]]
    for chain in chains:
        out = [o + [k] for o in out for k in range(len(chain) + 1)]
    return out


def _decode(code: int) -> list[int]:
    """A pile's cards, bottom → top, from its integer code (six bits per card)."""
    out = []
    while code:
        out.append((code & 63) - 1)
        code >>= 6
    out.reverse()
    return out


class ProofSearch(FastSearch):
    """The solver's depth-first search (transposition table, pruned symmetric moves, safe
    moves home) with the deeper safe moves home (``deep_safe``) and the dominance (more cards
    home, ``dominance``) of this module's docstring, each only where it is sound.  The deeper
    safe moves are on by default; the dominance is not: it saves nodes but costs more time in
    its checks than it saves (``benchmarks/solver.py --proofs-only``)."""

    def __init__(self, rules: Rules, state: State, order: str = "cross", *,
                 deep_safe: bool = True, dominance: bool = False, **kw) -> None:
        super().__init__(rules, state, order, **kw)
        sound = self.use_tt and self.safe_home and deep_safe_applies(rules)
        self.deep_safe = deep_safe and sound
        base = state.base
        # each card's (suit, rank above the base): where it stands in its foundation
        self.place = tuple((c & 3, ((c >> 2) - base) % 13) for c in range(52))
        self.dominance = None
        if dominance and sound and not self.skip:
            self.dominance = self.skip = _Dominated(self)

    def children_safe(self, card: int, home: list[int], depth: int = 0) -> bool:
        """With foundation counts ``home``: each child of ``card`` is home or safe-next."""
        if depth > 4:
            return False
        wants = self.wants
        for suit, need in self.children[card]:
            h = home[suit]
            if h > need:
                continue
            if h < need:
                return False
            if not self.children_safe(wants[suit][need], home, depth + 1):
                return False
        return True

    def _safe_next(self, card: int, depth: int) -> bool:
        """``card`` is the next its foundation takes and each of its children is home or
        (recursively) safe-next.  Conservative: gives up (False) below a small depth."""
        suit, need = self.place[card]
        if self.home[suit] != need or depth > 4:
            return False
        wants = self.wants
        for csuit, cneed in self.children[card]:
            h = self.home[csuit]
            if h > cneed:
                continue
            if h < cneed or not self._safe_next(wants[csuit][cneed], depth + 1):
                return False
        return True

    def _is_safe(self, c: int) -> bool:
        """Whether available card ``c``, next in its suit, may go home without branching."""
        home = self.home
        for suit, need in self.children[c]:
            if home[suit] <= need:
                break
        else:
            return True
        if not self.deep_safe:
            return False
        wants = self.wants
        for suit, need in self.children[c]:
            h = home[suit]
            if h > need:
                continue
            if h < need or not self._safe_next(wants[suit][need], 1):
                return False
        return True

    def _auto_home(self, rec: list, immediate: bool) -> None:
        if not self.deep_safe:
            super()._auto_home(rec, immediate)
            return
        piles, home, wants, waste = self.piles, self.home, self.wants, self.waste
        prim = self._prim
        while True:
            want = [wants[suit][h] if h else -1 for suit, h in enumerate(home)]
            src = None
            if waste:
                c = waste[-1]
                if want[c & 3] == c and self._is_safe(c):
                    src = WASTE
            if src is None:
                for i, p in enumerate(piles):
                    if p:
                        c = p[-1]
                        if want[c & 3] == c and self._is_safe(c):
                            src = i
                            break
            if src is None:
                return
            rec.append((src, F, 1, prim(src, F, 1), True))


class LayeredProof(ProofSearch):
    """The proof search one stock layer at a time: the same positions as :class:`ProofSearch`,
    in another order, holding only one layer in memory.

    Layer *k* is every position reachable with *k* stock cards turned.  The stock index never
    goes down, so once layer *k* has been walked to the end (a depth-first search from each of
    its entry positions, sharing one transposition table) no later move can reach it again: its
    table is dropped, and the positions one turn (or one forced fill from the stock) away wait
    in the entry set of the layer they belong to.  The positions walked are exactly those of the
    depth-first search with one table (the same reductions, the same keys), so the verdicts
    agree; the memory is the largest layer rather than the sum of all of them.  A position is
    rebuilt from its key alone (the waste is a function of the key: see :mod:`.solver`), so an
    entry costs one key.  A win found is replayed from the deal: each layer's entry keeps the
    position and move it came from, and the path inside each layer is found again by a search
    of that layer; the line is checked move by move through the engine.

    ``layers`` lists the positions walked in each layer (``benchmarks/solver.py --proofs-only``
    prints them)."""

    def __init__(self, rules: Rules, state: State, *, relaxed_cut: int = 0, **kw) -> None:
        super().__init__(rules, state, "cross", **kw)
        self.turned = tuple(state.waste) + tuple(state.stock)
        self.w0 = len(state.waste)
        self.root = state
        self.layers: list[int] = []
        # the bag of runs at each layer's entries (the module's docstring): its budget per
        # entry, the entries asked and cut, the bag's positions walked
        self.relaxed_cut = whole(relaxed_cut, "relaxed_cut", 0, 1 << 40)
        self.bag = BagOfRuns(rules, state) if self.relaxed_cut else None
        self.relaxed_checks = self.cut_entries = self.relaxed_positions = 0
        self._relaxed: dict = {}

    def state_of(self, key: tuple) -> State:
        """The position of ``key`` as a :class:`State` (the piles in the key's order; a suit
        that went home since the root takes the first empty corner)."""
        self.load(key)
        corners = list(self.root.corners)
        for suit, h in enumerate(self.home):
            if h and suit not in corners and -1 in corners:
                corners[corners.index(-1)] = suit
        return self.root._replace(piles=tuple(tuple(p) for p in self.piles),
                                  home=tuple(self.home), corners=tuple(corners),
                                  stock=self.turned[self.w0 + self.si:], waste=tuple(self.waste))

    def relaxed_image(self, key: tuple) -> tuple:
        """The bag of runs' position that the position of ``key`` stands for (with
        ``relaxed_cut``: the bag's own :meth:`.relaxed.BagOfRuns.image` of :meth:`state_of`)."""
        return self.bag.image(self.state_of(key))

    def relaxed_lost(self, key: tuple, deadline: float | None = None) -> bool:
        """Whether the bag of runs proves the position of ``key`` lost within
        ``relaxed_cut`` of its positions (asked once per relaxed image and layer)."""
        node = self.relaxed_image(key)
        lost = self._relaxed.get(node)
        if lost is None:
            bag = self.bag
            before = bag.positions
            lost = bag.run(before + self.relaxed_cut, deadline, start=node) == "lost"
            bag.layers.clear()  # (its layer counts, one list per run, are not needed here)
            self.relaxed_positions += bag.positions - before
            self._relaxed[node] = lost
        return lost

    def load(self, key: tuple) -> None:
        """Make the position of ``key`` the current one (piles in the key's order)."""
        self.codes = list(key[:-1])
        self.piles = [_decode(c) for c in self.codes]
        hw = key[-1]
        self.home = [hw & 15, hw >> 4 & 15, hw >> 8 & 15, hw >> 12 & 15]
        self.si = hw >> 16
        incross = {c for p in self.piles for c in p}
        place, home = self.place, self.home
        self.waste = [c for c in self.turned[:self.w0 + self.si]
                      if c not in incross and place[c][1] >= home[c & 3]]

    def _describe(self, move: tuple) -> tuple:
        """A move with its piles named by their contents (their codes), not their places:
        the layout of a position rebuilt from its key is the key's order."""
        src, dst, cnt = move
        codes = self.codes
        return (src if src < 0 else ("pile", codes[src]),
                dst if dst < 0 or dst >= F else ("pile", codes[dst]), cnt)

    def _placed(self, how: tuple) -> tuple:
        """The inverse of :meth:`_describe` in the current layout."""
        return tuple(self.codes.index(x[1]) if isinstance(x, tuple) else x for x in how)

    def _walk(self, entry: tuple, layer: int, seen: set, leave: dict | None,
              target: tuple | None = None, stop=None) -> list | None:
        """Depth-first search of ``layer`` from ``entry``, adding to ``seen``; each position
        one move out of the layer goes to ``leave`` (key -> (position it came from, move)).
        Returns the records of the moves from ``entry`` to a won position (or to ``target``),
        or ``None`` once the part of the layer reachable from ``entry`` is walked, or when
        ``stop(nodes)`` (asked every 256 positions) says so."""
        self.load(entry)
        seen.add(entry)
        if entry == target:
            return []
        nodes = 1
        stack = [(iter(self.moves()), self.home_word())]
        recs: list = []
        do, undo, key, child_key = self.do, self.undo, self.key, self.child_key
        try:
            while stack:
                ms, hw = stack[-1]
                for m in ms:
                    if m[0] == STOCK:  # out of the layer (the stock's next card turned)
                        if leave is not None:
                            here, how = key(), self._describe(m)
                            r = do(m)
                            k = key()
                            if self.cards_home() == 52:
                                return recs + [r]
                            undo(r)
                            leave.setdefault(k, (here, how))
                        continue
                    pk = child_key(m, hw)
                    if pk is not None and pk in seen:
                        continue
                    r = do(m)
                    if self.si != layer:  # a forced fill from the stock
                        if leave is not None:
                            k = key()
                            undo(r)
                            leave.setdefault(k, (key(), self._describe(m)))
                        else:
                            undo(r)
                        continue
                    if target is None and self.cards_home() == 52:
                        return recs + [r]
                    if len(r) == 1 and pk is not None:
                        k = pk
                    else:
                        k = key()
                        if pk is not None:
                            seen.add(pk)
                        if k in seen:
                            undo(r)
                            continue
                    seen.add(k)
                    recs.append(r)
                    if k == target:
                        return recs
                    nodes += 1
                    if stop is not None and not nodes & 255 and stop(self.nodes + nodes):
                        self.stopped = True
                        return None
                    stack.append((iter(self.moves()), self.home_word()))
                    break
                else:
                    stack.pop()
                    if recs:
                        undo(recs.pop())
            return None
        finally:
            self.nodes += nodes

    def run(self, max_nodes: int, deadline: float | None = None,
            cancel=None, on_layer=None) -> str | None:
        """Walk the layers in order; ``"won"`` / ``"lost"``, or ``None`` when the budget ran
        out (the layer sizes so far are in :attr:`layers`).  ``on_layer(layer, keys)`` is
        called with each layer's keys once it is walked, before they are dropped."""
        rec: list = []
        if self.fill in ("stock", "waste"):
            self._after(rec)
        if self.safe_home:
            self._auto_home(rec, self.fill in ("stock", "waste"))
        self.start_line = [(s, d, c) for (s, d, c, _, is_move) in rec if is_move]
        if self.cards_home() == 52:
            self.won_at = None
            self.result = "won"
            return "won"
        first = self.key()
        self.history: list = []  # per layer: (layer, entry key -> (where from, move))
        entries = {first: None}
        leave: dict = {}
        layer = self.si
        limit = self.nodes + max_nodes
        perf = time.perf_counter

        def stop(nodes: int) -> bool:
            return nodes >= limit or (deadline is not None and perf() > deadline) or (
                cancel is not None and cancel.is_set())

        self.stopped = False
        while True:
            seen: set = set()
            before = self.nodes
            self.history.append((layer, entries))
            self._relaxed.clear()  # (the images of one layer: they all have its stock index)
            for e in entries:
                if e in seen:
                    continue
                if self.bag is not None:
                    self.relaxed_checks += 1
                    if self.relaxed_lost(e, deadline):
                        self.cut_entries += 1
                        seen.add(e)  # lost, so walked as far as a proof cares
                        continue
                found = self._walk(e, layer, seen, leave, stop=stop)
                if found is not None:
                    self.won_at = (e, found)
                    self.result = "won"
                    return "won"
                if self.stopped or stop(self.nodes):
                    self.layers.append(self.nodes - before)
                    return None
            self.layers.append(self.nodes - before)
            if on_layer is not None:
                on_layer(layer, seen)
            del seen
            nxt = min((k[-1] >> 16 for k in leave), default=None)
            if nxt is None:
                self.result = "lost"
                return "lost"
            entries = {k: v for k, v in leave.items() if k[-1] >> 16 == nxt}
            leave = {k: v for k, v in leave.items() if k[-1] >> 16 != nxt}
            layer = nxt

    def model_line(self) -> list:
        """After ``"won"``: the winning line as the engine's raw moves, from the root, replayed
        and checked move by move (:class:`~.solver.SolverBug` if the engine disagrees)."""
        if self.result != "won":
            raise ValueError("no win to replay")
        if self.won_at is None:
            return to_model_line(self.rules, self.root, self.start_line)
        # back from the win: each layer's path from one of its entries to the position left
        layer_entries = {layer: entries for layer, entries in self.history}
        e, recs = self.won_at
        segments = [(e, recs)]
        while True:
            came = layer_entries[e[-1] >> 16][e]
            if came is None:  # the first position
                break
            here, move = came
            seen: set = set()
            for entry in layer_entries[here[-1] >> 16]:
                if entry in seen:
                    continue
                path = self._walk(entry, here[-1] >> 16, seen, None, target=here)
                if path is not None:  # (the search now stands on ``here``, in entry's layout)
                    segments.append((entry, path + [self.do(self._placed(move))]))
                    e = entry
                    break
            else:  # pragma: no cover - the layer was walked once already
                raise SolverBug("the layered proof lost the path to a position it walked")
        engine = self.rules.engine
        s = self.root
        out: list = []
        steps = [(list(range(self.n)), self.start_line)]
        for entry, recs in reversed(segments):
            self.load(entry)
            moves = [(src, dst, cnt) for rec in recs for src, dst, cnt, _, is_move in rec
                     if is_move]
            steps.append((tuple(tuple(p) for p in self.piles), moves))
        for layout, moves in steps:
            pmap = layout if isinstance(layout, list) else _pile_map(layout, s.piles)
            if pmap is None:
                raise SolverBug("the layered proof's entry is not the position reached")
            for m in moves:
                raw = _mapped(self.rules, s, m, pmap)
                s = checked_apply(engine, s, raw, "the layered proof")
                out.append(raw)
        if not s.is_won:
            raise SolverBug("the layered proof's line does not end in a won position")
        return out


@dataclass
class ProofResult:
    """``verdict`` in {"won", "lost", "unknown"}; ``nodes`` (positions made) and ``seconds``;
    ``line``: a won line as the engine's raw moves (replayed through the engine); ``engine``:
    the backend that answered (``"python"`` or ``"compiled"``)."""

    verdict: str
    nodes: int
    seconds: float
    line: list | None = None
    engine: str = "python"


@takes_budget({"max_nodes": "positions", "max_seconds": "seconds"})
def prove(position, rules: Rules | None = None, *, budget: Budget = Budget(seconds=10.0),
          deep_safe: bool = True, dominance: bool = False, order: str = "cross",
          layered: bool = False, engine: str = DEFAULT_ENGINE,
          max_table: int | None = None, relaxed_cut: int = 0) -> ProofResult:
    """Search a :class:`Game` or a :class:`State` (with its ``rules``) to the end, for a proof,
    within ``budget`` (a :class:`~fourseasons_widget.budget.Budget`; ten seconds by default).

    One complete depth-first search (no portfolio: only exhaustion proves a loss), with the
    solver's reductions and, where sound, the deeper safe moves home; ``layered=True`` walks
    the same positions one stock layer at a time (:class:`LayeredProof`: less memory, wins
    found only late, no ``dominance``).  A win found on the way is replayed through the engine
    (:func:`~.solver.to_model_line`) and returned.  ``max_table``: the compiled search's largest
    table, in slots (as :func:`~.exact.solve`; 2^25 by default): a search whose table is full
    stops without a verdict, so a proof that must hold more positions needs a bigger one.
    ``relaxed_cut`` (with ``layered=True``, where the bag of runs applies): give each layer's
    entries to the bag with this many of its positions first, and skip those it proves lost
    (the module's docstring; ``0``, the default, asks nothing).

    >>> from fourseasons_widget import Game
    >>> from fourseasons_widget.budget import Budget
    >>> prove(Game.new(seed=0), budget=Budget(positions=5000)).verdict
    'won'
    """
    state, rules = position_and_rules(position, rules)
    max_nodes, max_seconds, cancel = budget.positions, budget.seconds, budget.cancel
    deep_safe, dominance, layered = (flag(deep_safe, "deep_safe"), flag(dominance, "dominance"),
                                     flag(layered, "layered"))
    order = search_order(order, ORDERS)
    check_engine(engine)  # (the engine's name, whichever branch runs)
    relaxed_cut = whole(relaxed_cut, "relaxed_cut", 0, 1 << 40)
    if relaxed_cut and not layered:
        raise ValueError("relaxed_cut works with layered=True: it cuts a stock layer's entries")
    if relaxed_cut and not bag_applies(rules, state.base):
        raise ValueError(f"relaxed_cut needs the bag of runs, which does not fit {rules.title}'s "
                         "rules: one pass, foundations that keep their cards, piles that are runs")
    t0 = time.perf_counter()
    backend = choose(engine, rules, state, max_table=max_table)
    if state.is_won:
        return ProofResult("won", 0, 0.0, [], backend.name)
    deadline = None if max_seconds is None else t0 + max_seconds
    if not fast_search_supports(rules):  # PySolFC's fills, redeals, foundations that give back
        verdict, line, nodes = engine_search(rules, state, max_nodes if max_nodes is not None
                                             else 1 << 62, deadline, cancel)
        return ProofResult(verdict, nodes, time.perf_counter() - t0,
                           line if verdict == "won" else None, "python")
    if backend.name != "python" and not layered and not dominance and order == "cross":
        verdict, line, nodes = run_one(backend, rules, state, order,
                                       max_nodes if max_nodes is not None else 1 << 62,
                                       deadline, cancel, deep_safe=deep_safe)
        return ProofResult(verdict, nodes, time.perf_counter() - t0,
                           line if verdict == "won" else None, backend.name)
    if layered:
        fs = LayeredProof(rules, state, deep_safe=deep_safe, relaxed_cut=relaxed_cut)
        verdict = fs.run(max_nodes if max_nodes is not None else 1 << 62, deadline, cancel)
        line = fs.model_line() if verdict == "won" else None
        return ProofResult(verdict or "unknown", fs.nodes, time.perf_counter() - t0, line)
    fs = ProofSearch(rules, state, order, deep_safe=deep_safe, dominance=dominance)
    verdict = fs.run(max_nodes if max_nodes is not None else 1 << 62, deadline, cancel)
    line = to_model_line(rules, state, fs.fast_line()) if verdict == "won" else None
    return ProofResult(verdict or "unknown", fs.nodes, time.perf_counter() - t0, line)


def layer_profile(rules: Rules, state: State, stock_cards: int, *,
                  max_nodes: int = 200_000, deep_safe: bool = True,
                  dominance: bool = False, safe_home: bool = True) -> list[int] | None:
    """How many positions are reachable while at most ``stock_cards`` stock cards have been
    turned: the count for each stock index 0..``stock_cards`` (``None`` if ``max_nodes`` ran
    out first).

    This is an exact count (up to the search's reductions): the search runs on the position
    with its stock cut after ``stock_cards`` cards, which can never be won, so it walks every
    position of those first layers (``safe_home=False``: every position, no move home taken
    automatically; the default counts what the proof search walks).  A loss proof from the
    deal must walk all 47 layers; on the standard deals measured these counts roughly double or
    triple with each stock card once the cross has cards to arrange (``benchmarks/solver.py
    --proofs-only``).
    """
    state, rules = position_and_rules(state, rules)
    stock_cards = whole(stock_cards, "stock_cards", 0, 52)
    deep_safe, dominance, safe_home = (flag(deep_safe, "deep_safe"),
                                       flag(dominance, "dominance"), flag(safe_home, "safe_home"))
    max_nodes = count_budget(max_nodes, "max_nodes")
    cut = state._replace(stock=state.stock[:stock_cards])
    fs = ProofSearch(rules, cut, "cross", deep_safe=deep_safe, dominance=dominance,
                     safe_home=safe_home)
    if fs.run(max_nodes) is None:
        return None
    counts = collections.Counter(k[-1] >> 16 for k in fs.seen)
    return [counts[i] for i in range(min(stock_cards, len(state.stock)) + 1)]


def layer_anatomy(rules: Rules, state: State, stock_cards: int, *,
                  max_nodes: int = 2_000_000) -> list[tuple[int, int]] | None:
    """What each layer is made of: for stock index 0..``stock_cards`` of ``state`` with its
    stock cut after ``stock_cards`` cards (as :func:`layer_profile`), the number of positions
    (keys) and of distinct (foundations, waste) pairs among them; ``None`` if ``max_nodes`` ran
    out.  Positions per pair are the arrangements of the same cards in the cross.  (The waste
    is a function of the key, so the pair is read as (foundations, cards in the cross).)"""
    state, rules = position_and_rules(state, rules)
    stock_cards = whole(stock_cards, "stock_cards", 0, 52)
    cut = state._replace(stock=state.stock[:stock_cards])
    out: dict[int, tuple[int, int]] = {}

    def count(layer: int, keys: set) -> None:
        pairs = {(k[-1], frozenset(c for code in k[:-1] for c in _decode(code))) for k in keys}
        out[layer] = (len(keys), len(pairs))

    max_nodes = count_budget(max_nodes, "max_nodes")
    if LayeredProof(rules, cut).run(max_nodes, on_layer=count) is None:
        return None
    return [out.get(i, (0, 0)) for i in range(min(stock_cards, len(state.stock)) + 1)]


def plain_verdict(rules: Rules, state: State, max_states: int = 200_000) -> str:
    """The reference for the cross-checks: breadth-first search over the engine's own moves
    (``rules.moves``, ``rules.apply``), no reduction but the key of
    :meth:`~fourseasons_widget.model.state.State.key` (positions equal up to the order of the
    piles).  ``"won"``, ``"lost"`` or ``"unknown"`` (more than ``max_states`` positions)."""
    state, rules = position_and_rules(state, rules)
    max_states = count_budget(max_states, "max_states")
    seen = {state.key()}
    frontier = [state]
    while frontier:
        nxt = []
        for s in frontier:
            if s.is_won:
                return "won"
            for m in rules.moves(s):
                t = rules.apply(s, m)
                k = t.key()
                if k not in seen:
                    if len(seen) >= max_states:
                        return "unknown"
                    seen.add(k)
                    nxt.append(t)
        frontier = nxt
    return "lost"


def position_to_dict(state: State) -> dict:
    """A position as plain data (card codes), for the fixed test positions."""
    return {"piles": [format_cards(p) for p in state.piles], "home": list(state.home),
            "corners": list(state.corners), "stock": format_cards(state.stock),
            "waste": format_cards(state.waste), "base": CODES[state.base * 4][0]}


def position_from_dict(data: dict) -> State:
    """The inverse of :func:`position_to_dict`."""
    def cards(text: str) -> tuple[int, ...]:
        return tuple(parse_card(c) for c in text.split())
    return State(tuple(cards(p) for p in data["piles"]), tuple(data["home"]),
                 tuple(data["corners"]), cards(data["stock"]), cards(data["waste"]),
                 "A23456789TJQK".index(data["base"]))
