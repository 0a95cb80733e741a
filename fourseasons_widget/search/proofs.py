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

from ..cards import CODES, format_cards, parse_card
from ..rules import Rules
from ..state import State
from .solver import WASTE, F, FastSearch, to_model_line


def deep_safe_applies(rules: Rules) -> bool:
    """Whether :class:`ProofSearch`'s deeper safe moves home are sound for these rules."""
    return rules.fill == "free" and not rules.sequences


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


@dataclass
class ProofResult:
    """``verdict`` in {"won", "lost", "unknown"}; ``nodes`` (positions made) and ``seconds``;
    ``line``: a won line as the engine's raw moves (replayed through the engine)."""

    verdict: str
    nodes: int
    seconds: float
    line: list | None = None


def prove(position, rules: Rules | None = None, *, max_nodes: int | None = None,
          max_seconds: float | None = 10.0, deep_safe: bool = True, dominance: bool = False,
          order: str = "cross") -> ProofResult:
    """Search a :class:`Game` or a :class:`State` (with its ``rules``) to the end, for a proof.

    One complete depth-first search (no portfolio: only exhaustion proves a loss), with the
    solver's reductions and, where sound, the deeper safe moves home.  A win found on the way
    is replayed through the engine (:func:`~.solver.to_model_line`) and returned.

    >>> from fourseasons_widget import Game
    >>> prove(Game.new(seed=0), max_nodes=5000).verdict
    'won'
    """
    if rules is None:
        state, rules = position.state, position.rules
    else:
        state = position
    t0 = time.perf_counter()
    if state.is_won:
        return ProofResult("won", 0, 0.0, [])
    deadline = None if max_seconds is None else t0 + max_seconds
    fs = ProofSearch(rules, state, order, deep_safe=deep_safe, dominance=dominance)
    verdict = fs.run(max_nodes if max_nodes is not None else 1 << 62, deadline)
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
    cut = state._replace(stock=state.stock[:stock_cards])
    fs = ProofSearch(rules, cut, "cross", deep_safe=deep_safe, dominance=dominance,
                     safe_home=safe_home)
    if fs.run(max_nodes) is None:
        return None
    counts = collections.Counter(k[-1] >> 16 for k in fs.seen)
    return [counts[i] for i in range(min(stock_cards, len(state.stock)) + 1)]


def plain_verdict(rules: Rules, state: State, max_states: int = 200_000) -> str:
    """The reference for the cross-checks: breadth-first search over the engine's own moves
    (``rules.moves``, ``rules.apply``), no reduction but the key of
    :meth:`~fourseasons_widget.state.State.key` (positions equal up to the order of the
    piles).  ``"won"``, ``"lost"`` or ``"unknown"`` (more than ``max_states`` positions)."""
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
