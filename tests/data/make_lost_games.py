"""Write tests/data/lost_games.json: recorded lost games whose turning point is known.

    .venv/bin/python tests/data/make_lost_games.py

Each game follows a winning line of the solver from a standard deal up to a chosen move, then
deviates into a position that a complete search proves lost, and plays on (the heuristic
player) until stuck.  So ``positions[k]`` is winnable (it lies on a winning line) and
``positions[k + 1]`` is lost (proved): the turning point is ``k``, known without the analysis
under test.  The deviations are found by search: from the first position of the line with at
most ``stock`` cards left, the first move (other than the line's) that leads to a proved loss.
Everything is budgeted in nodes, so the file is the same on any machine.
"""

from __future__ import annotations

import json
import pathlib

from fourseasons_widget import Game
from fourseasons_widget.solver.exact import search, solve
from fourseasons_widget.solver.players import play_heuristic

OUT = pathlib.Path(__file__).parent / "lost_games.json"
# (seed, the stock left at the deviation at most): late deviations are cheap to prove lost,
# earlier ones are where the analysis must work harder
WANTED = ((2, 6), (3, 12), (4, 10), (7, 9))
PROOF_NODES = 300_000


def build(seed: int, stock: int) -> dict | None:
    g = Game.new(seed=seed)
    r = solve(g, max_nodes=50_000, max_seconds=None)
    if not r.won:
        return None
    line = r.moves
    for k, played in enumerate(line):
        s = g.state
        if len(s.stock) <= stock:
            for m in g.legal_moves():
                if m == played:
                    continue
                probe = g.copy()
                probe.play(m)
                verdict, _, nodes = search(g.rules, probe.state, max_nodes=PROOF_NODES)
                if verdict != "lost":
                    continue
                rest = play_heuristic(probe).moves
                for x in rest:
                    probe.play(x)
                return {"seed": seed, "variant": "standard", "turning_point": k,
                        "winning_move": str(played), "deviation": str(m),
                        "stock_after": len(probe.positions[k + 1].stock),
                        "proof_nodes": nodes, "moves": [str(x) for x in probe.history]}
        g.play(played)
    return None


def main() -> None:
    games = []
    for seed, stock in WANTED:
        game = build(seed, stock)
        if game is None:
            print(f"seed {seed}: no deviation found")
            continue
        print(f"seed {seed}: turning point {game['turning_point']} of {len(game['moves'])} moves,"
              f" {game['stock_after']} stock cards after it, proof {game['proof_nodes']:,} nodes")
        games.append(game)
    OUT.write_text(json.dumps(games, indent=1) + "\n")


if __name__ == "__main__":
    main()
