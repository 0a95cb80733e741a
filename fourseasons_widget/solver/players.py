"""Players to compare with the solver: a random player and a beginner's heuristic player.

Both play one deal through the model (:class:`~fourseasons_widget.model.game.Game`'s engine), see
only what a player sees (the available cards, not the order of the stock), and stop when the
deal is won, when no move is left, or when nothing but shuffling remains.  Their result is
``"won"`` or ``"stuck"`` ("stuck" says the player failed, not that the deal cannot be won).

>>> from fourseasons_widget import Game
>>> play_random(Game.new(seed=1), seed=1).outcome in ("won", "stuck")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..budget import Budget, takes_budget
from ..model.rules import Rules
from ..model.state import STOCK, Move, RawMove, State
from ..validate import check_position, count_budget, whole
from ..validate import seed as check_seed
from .greedy import MAX_MOVES, _heuristic_move, heuristic_line


@dataclass
class PlayResult:
    outcome: str  # "won" | "stuck"
    moves: list[Move] = field(default_factory=list)
    cards_home: int = 0

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def _start(position, rules: Rules | None) -> tuple[State, Rules]:
    """A :class:`Game` (its state and rules) or a checked :class:`State` with its ``rules``."""
    if rules is None:
        if not isinstance(getattr(position, "rules", None), Rules):
            raise ValueError("give a Game, or a State and its rules")
        return position.state, position.rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, not a {type(rules).__name__[:40]}")
    check_position(rules, position)
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
    rng = random.Random(check_seed(seed))
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


# -- a fair player: it never looks at the face-down stock ----------------------------------------

#: the fair player's defaults: orders of the unseen cards sampled at each new observation, and
#: the solver's node budget for each sampled order
FAIR_SAMPLES = 4
FAIR_NODES = 1000


def unseen_cards(s: State, seen: set[int]) -> list[int]:
    """The stock cards a player has not seen (all of them, unless a redeal turned seen cards
    back into the stock), in stock order."""
    return [c for c in s.stock if c not in seen]


def sample_order(s: State, seen: set[int], rng: random.Random) -> State:
    """One order of the stock consistent with what the player has seen: the unseen cards
    shuffled among the places of the unseen cards (every such order is equally likely given
    what she saw, so this samples her *belief state* uniformly)."""
    hidden = unseen_cards(s, seen)
    rng.shuffle(hidden)
    it = iter(hidden)
    return s._replace(stock=tuple(c if c in seen else next(it) for c in s.stock))


@dataclass
class FairResult(PlayResult):
    """A :class:`PlayResult` with the fair player's work: the solver ``nodes`` spent on sampled
    orders, how many times it sampled (``resamples``) and how many of its moves a vote of the
    samples chose (``voted``; the others were the beginner's fallback)."""

    nodes: int = 0
    resamples: int = 0
    voted: int = 0


@takes_budget({"max_nodes": "per_sample.positions"},
              honours={"per_sample": ("positions",)})
def play_fair(position, rules: Rules | None = None, *, samples: int = FAIR_SAMPLES,
              per_sample: Budget = Budget(positions=FAIR_NODES), seed: int = 0,
              auto: Any = None) -> FairResult:
    """A player who never looks at the face-down cards: determinized Monte-Carlo search.

    Whenever it sees something new (at the start, and after every card turned or dealt from the
    stock), it samples ``samples`` orders of the unseen cards consistent with what it has seen
    (:func:`sample_order`), runs the solver on each (``per_sample``'s positions; the solver sees the
    *sampled* order, never the real one) and keeps the winning lines as plans.  Each move is
    the one most plans start with (ties: the first plan's), if at least half the samples agree
    on it; the plans that agree advance, the others are dropped.  Otherwise (few samples won:
    a lucky order is no guide) it plays the beginner's move (:func:`play_heuristic`'s rule),
    and, like it, never returns to a position already seen.  Until the next card is
    turned nothing new is seen, so a plan made for a sampled order is as good a guess as a fresh
    sample; each turn reveals a card, and the plans are made again.

    Its win rate estimates how often a player who cannot see the stock wins (a lower bound on
    the best such player: a better strategy might win more), where the solver's estimates the
    perfect-information rate.

    ``auto``: what follows each of its moves by itself, as the board's auto-home does —
    ``auto(rules, state)`` gives ``(raw moves, the position after them)`` (e.g.
    :func:`fourseasons_widget.automove.home_run`); ``None``: nothing.
    """
    from collections import Counter

    from .exact import search

    s, rules = _start(position, rules)
    samples = whole(samples, "samples", 1, 10_000)
    max_nodes = count_budget(per_sample.positions, "per_sample.positions")
    seed = check_seed(seed, optional=False)
    start = s
    engine = rules.engine
    rng = random.Random(seed)
    seen = set(s.all_cards()) - set(s.stock)
    visited = {s.key()}
    line: list[RawMove] = []
    plans: list[list[RawMove]] | None = None
    nodes = resamples = voted = 0
    while not s.is_won and len(line) < MAX_MOVES:
        if plans is None:
            plans = []
            resamples += 1
            for _ in range(samples):
                verdict, plan, n = search(rules, sample_order(s, seen, rng),
                                          budget=Budget(positions=max_nodes))
                nodes += n
                if verdict == "won" and plan:
                    plans.append(plan)
        legal = {}
        for m in engine.moves(s):
            t = engine.apply(s, m)
            if t.key() not in visited:
                legal[m] = t
        votes = Counter(p[0] for p in plans if p and p[0] in legal)
        top = max(votes.values(), default=0)
        if top * 2 >= samples:  # at least half the sampled orders agree on a win with it
            m = next(p[0] for p in plans if p and votes.get(p[0]) == top)
            t = legal[m]
            voted += 1
        else:
            pick = _heuristic_move(rules, s, visited)
            if pick is None:
                break
            m, t = pick
        plans = [p[1:] for p in plans if p and p[0] == m]
        # a card turned, dealt into a space, or (Czarina, Corners) filling one at once: new
        # information, so the plans are made again (the legal moves themselves never name a
        # face-down card: the only move from the stock is "turn it", or Dick's "deal it into
        # a vacancy", whatever the card is)
        if m[0] == STOCK or len(t.stock) != len(s.stock):
            seen.update(set(s.stock) - set(t.stock))
            plans = None
        line.append(m)
        if auto is not None:
            follow, after = auto(rules, t)
            if follow:  # (cards went home by themselves: the plans' positions are gone)
                line.extend(follow)
                seen.update(set(t.stock) - set(after.stock))
                plans, t = None, after
        s = t
        visited.add(s.key())
    r = _finish(rules, start, line, s)
    return FairResult(r.outcome, r.moves, r.cards_home, nodes, resamples, voted)
