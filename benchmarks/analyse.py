""""Where did I go wrong?" benchmark: prints figures, asserts nothing about time.

    python benchmarks/analyse.py                     # 50 lost standard games, default budgets
    python benchmarks/analyse.py --games 10 --seconds 5 --nodes 10000 -v

The lost games are the heuristic player's (``solver.players.play_heuristic``, a greedy
beginner) on standard deals ``Game.new(seed=1, 2, …)``, skipping the deals it wins, each played
until it is stuck.  Each game is analysed with ``Game.analyse`` (total budget ``--seconds``,
``--nodes`` per position); the figures: wall-clock and CPU seconds per game (median, max),
positions examined, and how the turning point came out: proved (the position after the losing
move proved lost), unknown (a win found before it, none after, no proof), none (no win found
from any position, the deal included), or cut short by the time budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fourseasons_widget import Budget, Game
from fourseasons_widget.analysis import DEFAULT_POSITION_NODES, DEFAULT_SECONDS, analyse
from fourseasons_widget.solver.players import play_heuristic


def lost_games(count: int, first_seed: int = 1) -> list[Game]:
    """The first ``count`` standard deals from ``first_seed`` on that the heuristic player
    loses, played out to where it is stuck."""
    games: list[Game] = []
    seed = first_seed
    while len(games) < count:
        g = Game.new(seed=seed)
        r = play_heuristic(g)
        seed += 1
        if r.won:
            continue
        for m in r.moves:
            g.play(m)
        games.append(g)
    return games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                    help="total budget per game (default %(default)s)")
    ap.add_argument("--nodes", type=int, default=DEFAULT_POSITION_NODES,
                    help="solver nodes per position (default %(default)s)")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per game")
    args = ap.parse_args()

    games = lost_games(args.games)
    print(f"## Analysing {len(games)} lost standard games (heuristic player, stuck), "
          f"{args.seconds:g} s per game, {args.nodes:,} nodes per position\n")
    wall, cpu, examined, plies = [], [], [], []
    kinds = {"proved": 0, "unknown": 0, "none": 0}
    cut = 0
    stock_at = {"proved": [], "unknown": []}
    for g in games:
        c0, t0 = time.process_time(), time.perf_counter()
        a = analyse(g, budget=Budget(seconds=args.seconds),
                    per_position=Budget(positions=args.nodes))
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        examined.append(len(a.rows))
        plies.append(g.ply)
        kind = "none" if a.turning_point is None else "proved" if a.proved else "unknown"
        kinds[kind] += 1
        cut += not a.complete
        if a.turning_point is not None:
            stock_at[kind].append(len(g.positions[a.turning_point + 1].stock))
        if args.verbose:
            print(f"seed {g.seed:4d}  {g.ply:3d} moves  {wall[-1]:5.2f} s  {len(a.rows):2d} "
                  f"positions  turning point {a.turning_point!s:>4}  {kind:7s}"
                  f"{'  (cut short)' if not a.complete else ''}")
    if args.verbose:
        print()

    def med(xs: list) -> str:
        return f"{statistics.median(xs):.2f}" if xs else "-"

    print("| games | moves (median) | wall s median | wall s max | CPU s median | CPU s max "
          "| positions examined (median) |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {len(games)} | {statistics.median(plies):.0f} | {med(wall)} | {max(wall):.2f} "
          f"| {med(cpu)} | {max(cpu):.2f} | {statistics.median(examined):.0f} |")
    print()
    print("| turning point proved | found, not proved (unknown) | no win found at all "
          "| cut short by the time budget |")
    print("|---|---|---|---|")
    print(f"| {kinds['proved']} | {kinds['unknown']} | {kinds['none']} | {cut} |")
    print()
    print(f"stock cards left after the losing move (median): proved {med(stock_at['proved'])}, "
          f"unknown {med(stock_at['unknown'])}")


if __name__ == "__main__":
    main()
