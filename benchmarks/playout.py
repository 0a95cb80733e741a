"""Random-playout speed per variant: moves per second on the immutable state.

    python benchmarks/playout.py [--seconds 2] [--max-moves 300]

Each playout deals a seeded game and plays uniformly random legal moves (engine level:
``rules.moves`` / ``rules.apply`` on the immutable ``State``) until no move is left or
``--max-moves`` is reached.  A second column measures the same through the public ``Game`` API
(Move objects, validation, history), which is what the widget uses.
"""

from __future__ import annotations

import argparse
import random
import time

from fourseasons_widget import VARIANTS, Game, get_rules
from fourseasons_widget.model.deal import shuffled_deck


def engine_rate(variant: str, seconds: float, max_moves: int) -> tuple[float, int]:
    rules = get_rules(variant)
    moves_of, apply = rules.moves, rules.apply
    rng = random.Random(1)
    done = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = rules.deal_deck(shuffled_deck(games))
        games += 1
        for _ in range(max_moves):
            ms = moves_of(s)
            if not ms:
                break
            s = apply(s, ms[rng.randrange(len(ms))])
            done += 1
    return done / (time.perf_counter() - t0), games


def api_rate(variant: str, seconds: float, max_moves: int) -> float:
    rng = random.Random(1)
    done = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game.new(seed=games, variant=variant)
        games += 1
        for _ in range(max_moves):
            ms = g.legal_moves()
            if not ms:
                break
            g.play(ms[rng.randrange(len(ms))])
            done += 1
    return done / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per variant and column")
    ap.add_argument("--max-moves", type=int, default=300, help="moves per playout at most")
    args = ap.parse_args()
    print(f"{'variant':<12} {'engine moves/s':>15} {'playouts':>9} {'Game API moves/s':>17}")
    for v in VARIANTS:
        rate, games = engine_rate(v, args.seconds, args.max_moves)
        api = api_rate(v, args.seconds, args.max_moves)
        print(f"{v:<12} {rate:>15,.0f} {games:>9} {api:>17,.0f}")


if __name__ == "__main__":
    main()
