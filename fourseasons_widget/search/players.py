"""Players to compare with the solver: a random player and a beginner's heuristic player.

Both play one deal through the model (:class:`~fourseasons_widget.game.Game`'s engine), see
only what a player sees (the available cards, not the order of the stock), and stop when the
deal is won, when no move is left, or when nothing but shuffling remains.  Their result is
``"won"`` or ``"stuck"`` ("stuck" says the player failed, not that the deal cannot be won).

>>> from fourseasons_widget import Game
>>> play_random(Game.new(seed=1), seed=1).outcome in ("won", "stuck")
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..rules import Rules
from ..state import FOUNDATION, STOCK, WASTE, Move, RawMove, State

MAX_MOVES = 2000  # a hard stop; a player that shuffles cards this long is stuck


@dataclass
class PlayResult:
    outcome: str  # "won" | "stuck"
    moves: list[Move] = field(default_factory=list)
    cards_home: int = 0

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def _start(position, rules: Rules | None) -> tuple[State, Rules]:
    if rules is None:
        return position.state, position.rules
    return position, rules


def _finish(rules: Rules, start: State, line: list[RawMove], s: State) -> PlayResult:
    moves = []
    t = start
    for m in line:
        moves.append(rules.engine.to_move(t, m))
        t = rules.engine.apply(t, m)
    return PlayResult("won" if s.is_won else "stuck", moves, s.cards_home)


def play_random(position, rules: Rules | None = None, *, seed: int | None = None) -> PlayResult:
    """Play uniformly random legal moves, never returning to a position already seen (so it
    cannot shuffle for ever), until won or nothing new is possible."""
    s, rules = _start(position, rules)
    start = s
    rng = random.Random(seed)
    engine = rules.engine
    seen = {s.key()}
    line: list[RawMove] = []
    while not s.is_won and len(line) < MAX_MOVES:
        options = []
        for m in engine.moves(s):
            t = engine.apply(s, m)
            if t.key() not in seen:
                options.append((m, t))
        if not options:
            break
        m, s = rng.choice(options)
        seen.add(s.key())
        line.append(m)
    return _finish(rules, start, line, s)


def play_heuristic(position, rules: Rules | None = None) -> PlayResult:
    """A beginner following the tips of the rule sheet, greedily, one move at a time:

    1. send a card home whenever possible;
    2. free base-rank cards: watch them, since their suit cannot be built before they are home
       (a move that uncovers a base-rank card or a card that can go home scores high; one that
       uncovers a card that can then be built on the tableau scores a little);
    3. build from the waste onto the tableau, preferring the same suit ("they will go to the
       foundations together later");
    4. an empty pile is the most valuable tool: make one by building a lone card onto another
       pile; don't fill it right away, wait for a card that helps: one whose move uncovers
       something useful, or the waste top that the next stock card would bury;
    5. otherwise turn the stock;
    6. with nothing better (the stock gone, say), try any other move, tableau shuffles
       included (a beginner keeps trying too).  Moves that return to a position already seen
       are never made, so the play ends.
    """
    s, rules = _start(position, rules)
    line, end, _ = heuristic_line(rules, s)
    return _finish(rules, s, line, end)


def heuristic_line(rules: Rules, s: State, *, max_nodes: int | None = None,
                   deadline: float | None = None,
                   cancel: Any = None) -> tuple[list[RawMove], State, int]:
    """The heuristic player's line from ``s`` (see :func:`play_heuristic`): the raw moves,
    the last position, and the positions expanded (each position it played from, its moves
    all looked at: the solver's unit of work).  It stops early after ``max_nodes`` positions
    or at ``deadline`` (``time.perf_counter()``); the solver runs it first, as a cheap probe."""
    engine = rules.engine
    seen = {s.key()}
    line: list[RawMove] = []
    nodes = 0
    limit = max_nodes if max_nodes is not None else 1 << 62
    while not s.is_won and len(line) < MAX_MOVES and nodes < limit:
        if deadline is not None and time.perf_counter() > deadline:
            break
        if cancel is not None and cancel.is_set():  # (a threading.Event, from the solver)
            break
        nodes += 1
        best = None
        for m in engine.moves(s):
            t = engine.apply(s, m)
            if t.key() in seen:
                continue
            score = _score(rules, s, m, t)
            if score is None:
                score = 0.5  # not worth it while anything better (even turning) remains
            if best is None or score > best[0]:
                best = (score, m, t)
        if best is None:
            break
        _, m, s = best
        seen.add(s.key())
        line.append(m)
    return line, s, nodes


def _next_home(s: State, c: int) -> bool:
    h = s.home[c & 3]
    if h == 0:
        return c >> 2 == s.base
    return s.wants(c & 3) == c


def _can_build(rules: Rules, t: State, c: int) -> bool:
    """Card ``c`` could be built on the top card of some tableau pile."""
    fits = rules.engine.fits(t.base)
    return any(p and fits[c * 52 + p[-1]] for p in t.piles)


def _score(rules: Rules, s: State, m: RawMove, t: State) -> float | None:
    """How much the beginner likes a move (higher is better); ``None``: not worth making."""
    src, dst, count = m
    if dst >= FOUNDATION:
        return 100.0
    if src == STOCK:
        return 1.0 if dst == WASTE else 50.0  # Dick: filling a vacancy from the pack is forced
    card = s.waste[-1] if src == WASTE else s.piles[src][-count]
    # what the move uncovers, and whether that card can be played next
    under = None
    if src == WASTE and len(s.waste) > 1:
        under = s.waste[-2]
    elif src >= 0 and len(s.piles[src]) > count:
        under = s.piles[src][-count - 1]
    bonus = 0.0
    if under is not None:
        if _next_home(t, under):
            bonus = 30.0  # a card that can go home (a base-rank card among them)
        elif _can_build(rules, t, under):
            bonus = 10.0  # a card that can be built on the tableau
    target = s.piles[dst]
    if target:
        if src == WASTE:
            score = 20.0  # build from the waste
        elif under is None:
            score = 15.0  # a lone card built on another pile: that makes a space
        elif bonus:
            score = 5.0
        else:
            return None  # a shuffle within the tableau that frees nothing
        if target[-1] & 3 == card & 3:
            score += 5.0  # same suit: they go home together later
        return score + bonus
    # a space: keep it empty until a card helps
    if rules.fill == "vacancy":
        return 40.0 + bonus  # Dick: a vacancy must be filled
    if bonus:
        return 8.0 + bonus
    return 3.0 if src == WASTE else None  # rather than bury the waste top under the next card
