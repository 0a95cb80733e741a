"""What each choice of auto-home costs a player in wins (issue 35, item 3).

The board offers two choices of which cards go home by themselves after a move
(:mod:`fourseasons_widget.automove`): ``safe`` — only the moves home proved never to cost a
win (a card no other card can ever be built on again; base cards too where nothing can be
built on them) — and ``all`` — every card that can go home, as PySolFC's auto-drop.  A perfect
player loses nothing under ``safe`` (that is its proof); ``all`` may send home a card still
needed as a building target.  This plays the project's two players that never look at the
face-down stock (``solver/players.py``) on the same deals with auto-home off, ``safe`` and
``all`` (the moves home made after each of the player's moves, as on the board) and counts
their wins:

- the *heuristic* player (the rule sheet's tips, greedily; it sends a card home whenever it
  can, so it plays close to ``all`` by itself);
- the *fair* player (determinized search over sampled orders of the unseen stock, falling back
  on the heuristic's move; ``--fair-samples``, ``--fair-nodes``).

    .venv/bin/python benchmarks/auto_home.py                 # 200 standard deals, seeds 1..200
    .venv/bin/python benchmarks/auto_home.py --deals 50 --variant czarina
    .venv/bin/python benchmarks/auto_home.py --players heuristic

Prints, per player and choice, the wins out of the deals, and the deals won by one choice and
lost by another.  Not a pass/fail test.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from fourseasons_widget import Budget, Game
from fourseasons_widget.automove import home_run
from fourseasons_widget.solver.greedy import MAX_MOVES, _heuristic_move
from fourseasons_widget.solver.players import play_fair

CHOICES = ("off", "safe", "all")


def auto_for(choice: str):
    if choice == "off":
        return None
    return lambda rules, state: home_run(rules, state, choice)


def play_heuristic_with(game: Game, choice: str) -> bool:
    """The heuristic player (``play_heuristic``'s rule, move by move), with the auto-home of
    ``choice`` after each of its moves."""
    rules, s = game.rules, game.state
    auto = auto_for(choice)
    visited = {s.key()}
    moves = 0
    while not s.is_won and moves < MAX_MOVES:
        pick = _heuristic_move(rules, s, visited)
        if pick is None:
            break
        _, s = pick
        moves += 1
        if auto is not None:
            follow, s = auto(rules, s)
            moves += len(follow)
        visited.add(s.key())
    return s.is_won


def play_fair_with(game: Game, choice: str, samples: int, nodes: int) -> bool:
    return play_fair(game, samples=samples, per_sample=Budget(positions=nodes), seed=0,
                     auto=auto_for(choice)).won


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="deals: seeds 1..N")
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--players", default="heuristic,fair")
    ap.add_argument("--fair-samples", type=int, default=4)
    ap.add_argument("--fair-nodes", type=int, default=1000)
    args = ap.parse_args()
    seeds = range(1, args.deals + 1)
    print(f"auto-home choices, {args.variant}, seeds 1..{args.deals}: wins of each player")
    print(f"{'player':<10} {'choice':<6} {'wins':>5} {'of':>4} {'rate':>6}   seconds")
    for player in args.players.split(","):
        won: dict[str, set[int]] = {}
        for choice in CHOICES:
            t = time.perf_counter()
            won[choice] = set()
            for seed in seeds:
                g = Game.new(seed=seed, variant=args.variant)
                ok = (play_heuristic_with(g, choice) if player == "heuristic" else
                      play_fair_with(g, choice, args.fair_samples, args.fair_nodes))
                if ok:
                    won[choice].add(seed)
            n = len(won[choice])
            print(f"{player:<10} {choice:<6} {n:>5} {args.deals:>4} {100 * n / args.deals:>5.1f}%"
                  f"   {time.perf_counter() - t:.0f}", flush=True)
        for a, b in (("off", "safe"), ("safe", "all"), ("off", "all")):
            print(f"  {player}: won with {a} and not with {b}: {len(won[a] - won[b])}; "
                  f"with {b} and not with {a}: {len(won[b] - won[a])}")


if __name__ == "__main__":
    main()
