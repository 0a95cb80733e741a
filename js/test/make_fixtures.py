"""Write test/fixtures/boards.json: real boards published by the Python widget, so that the JS
tests render exactly what Python sends.  Run from the repository root:

    .venv/bin/python js/test/make_fixtures.py

(tests/test_widget.py checks that the file is up to date.)
"""

from __future__ import annotations

import json
import pathlib

HERE = pathlib.Path(__file__).parent


def fixtures() -> dict:
    from fourseasons_widget import VARIANTS, Budget
    from fourseasons_widget.solver.exact import solve
    from fourseasons_widget.widget import FourSeasons

    out: dict = {"variants": {}}
    for name in VARIANTS:
        out["variants"][name] = FourSeasons(seed=7, variant=name, stats=False).board
    # a game in progress: deep piles, a waste, foundations under way, and a card that can move
    # onto the cross (the first such position from move 60 of a solved line)
    from fourseasons_widget import Game

    line = solve(Game.new(seed=7), budget=Budget(seconds=30)).moves
    g = Game.new(seed=7)
    for k, m in enumerate(line):
        if k >= 60 and any(x.source != "stock" and x.target.startswith("cross")
                           for x in g.legal_moves()):
            break
        g.play(m)
    mid = FourSeasons(game=g, stats=False)
    out["midgame"] = mid.board
    # the same game, a new deal asked for: Python asks on the banner (ui.banner "confirm")
    assert mid.handle_intent({"type": "new_game", "seed": None, "variant": "standard", "ask": True})
    out["asking"] = mid.board
    probe = FourSeasons(seed=7, stats=False)
    for m in line:
        probe.play(m)
    out["won"] = probe.board
    # a short replay: the last moves of the line, from a position near the end
    r = FourSeasons(seed=7, stats=False)
    for m in line[:-6]:
        r.play(m)
    r.solve(budget=Budget(seconds=30))
    out["replay_board"] = r.board
    out["replay"] = r.replay
    return out


if __name__ == "__main__":
    (HERE / "fixtures").mkdir(exist_ok=True)
    (HERE / "fixtures" / "boards.json").write_text(json.dumps(fixtures(), indent=1) + "\n")
    print("wrote", HERE / "fixtures" / "boards.json")
