"""Writes the winning lines the teaching wing's lesson positions are cut from.

:mod:`fourseasons_widget.search.endgames` plays a stored winning line of a deal until a few
cards are left; the teaching wing never runs the solver, so the lines are found here, once, and
shipped as ``search/lesson_lines.json``.  Regenerate (about a minute or two) with::

    python -m fourseasons_widget.solver.lessons

Each line is the solver's (``solve(Game.new(seed, variant), budget=Budget(seconds=5), engine="python")``,
shortened), written in the model's notation; a deal the solver does not win in time is written
as ``null``, and ``small_position`` passes on to the next seed, as it always did.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..budget import Budget
from ..model.game import Game
from ..model.rules import VARIANTS
from .exact import solve

OUT = Path(__file__).resolve().parents[1] / "search" / "lesson_lines.json"
#: the deals stored per variant: the lessons, the checker and the tests use seeds 0-15 of the
#: standard game and the first few of each variant
SEEDS = {"standard": range(16), **{v: range(6) for v in VARIANTS if v != "standard"}}
SECONDS = 5.0


def winning_line(seed: int, variant: str) -> list[str] | None:
    r = solve(Game.new(seed=seed, variant=variant), budget=Budget(seconds=SECONDS),
              engine="python")
    return [str(m) for m in r.moves] if r.won else None


def main(argv: list[str] | None = None) -> int:
    lines = {v: {str(seed): winning_line(seed, v) for seed in seeds}
             for v, seeds in SEEDS.items()}
    doc = {"about": "winning lines of seeded deals, cut into lesson positions by "
                    "fourseasons_widget.search.endgames; written by "
                    "python -m fourseasons_widget.solver.lessons",
           "solver": f"solve(Game.new(seed, variant), budget=Budget(seconds={SECONDS}), engine='python')",
           "lines": lines}
    OUT.write_text(json.dumps(doc, indent=0, separators=(",", ":")) + "\n", encoding="utf-8")
    won = sum(line is not None for v in lines.values() for line in v.values())
    print(f"{won} winning lines of {sum(len(v) for v in lines.values())} deals -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
