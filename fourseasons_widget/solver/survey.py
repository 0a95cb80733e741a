"""The survey of the campaign: how far a loss proof from the deal gets on each undecided deal,
at one fixed budget, so that the big runs go to the deals that can be settled.

Deals differ by orders of magnitude: from deal 887 the rank abstraction's layers outgrow a
2^25-slot table at stock layer 23, from deal 13 only at layer 36.  :func:`survey_deal` runs
one proof search from the deal with a fixed position budget and a fixed table size and records
where it stopped: the stock layers walked to their end, the width of the last of them, its
growth per stock card over the last three, and why it stopped (``budget``: the positions spent;
``table full``: one layer outgrew the table; ``lost``: proved).  :func:`survey` ranks the deals,
narrowest first: the most layers walked, then the narrowest last layer.

The method is the compiled rank abstraction (:func:`~.abstraction.prove_by_ranks`) where its
rules fit (the standard game), else the exact layered proof search
(:class:`~.proofs.LayeredProof`, in Python) with the same budget.  The budget is positions,
so the survey does not depend on the machine's speed.  ``fourseasons survey`` writes it;
``fourseasons_widget/data/survey.csv.gz`` is the shipped one (:func:`load_survey`).
"""

from __future__ import annotations

import csv
import time

from ..budget import Budget, takes_budget
from ..model.game import Game
from ..model.rules import get_rules
from ..validate import count_budget
from .abstraction import abstraction_applies, prove_by_ranks

SURVEY_FIELDS = ("rank", "variant", "seed", "method", "why", "layers_done", "reached",
                 "stock_layers", "last_width", "growth", "positions", "max_positions",
                 "max_table", "cpu_seconds", "layer_positions", "command")


@takes_budget({"max_positions": "positions"}, honours=("positions",))
def survey_deal(seed: int, variant: str = "standard", *,
                budget: Budget = Budget(positions=4_000_000), max_table: int = 1 << 21,
                engine: str = "auto") -> dict:
    """One deal's row (without ``rank`` and ``command``): the proof search from
    ``Game.new(seed, variant)`` with the ``budget``'s positions and tables of at most
    ``max_table`` slots.  ``layers_done``: stock layers walked to their end; ``reached``: the
    stock cards turned in the last layer entered (of ``stock_layers``); ``last_width``: the
    positions of the last layer walked to its end; ``growth``: its width over the width three
    layers before, to the power 1/3 (the growth per stock card; empty when fewer layers)."""
    max_positions = count_budget(budget.positions, "budget.positions")
    g = Game.new(seed=seed, variant=variant)
    rules = get_rules(variant)
    state = g.state
    t0 = time.process_time()
    if abstraction_applies(rules, state.base) and rules.n_piles <= 5:
        r = prove_by_ranks(g, budget=Budget(positions=max_positions), engine=engine,
                           max_table=max_table)
        method, why, layers = "ranks", r.why, r.layers
    else:
        from .proofs import LayeredProof

        fs = LayeredProof(rules, state)
        verdict = fs.run(max_positions, None)
        method, why, layers = "layered", {None: "budget"}.get(verdict, verdict), fs.layers
        max_table = ""
    seconds = time.process_time() - t0
    done = len(layers) - (0 if why == "lost" else 1)
    full = layers[:max(done, 0)]
    growth = ""
    if len(full) >= 4 and full[-4] > 0:
        growth = round((full[-1] / full[-4]) ** (1 / 3), 3)
    return {"variant": variant, "seed": seed, "method": method, "why": why,
            "layers_done": max(done, 0), "reached": len(state.waste) + len(layers) - 1,
            "stock_layers": len(state.waste) + len(state.stock) + 1,
            "last_width": full[-1] if full else 0, "growth": growth,
            "positions": sum(layers), "max_positions": max_positions, "max_table": max_table,
            "cpu_seconds": round(seconds, 2), "layer_positions": " ".join(map(str, layers))}


def rank_rows(rows: list[dict]) -> list[dict]:
    """``rows`` ranked narrowest first (per variant): a proof first, then the most stock layers
    walked, then the narrowest last layer; ``rank`` counts from 1 in each variant."""
    def key(r):
        return (r["variant"], r["why"] != "lost", -int(r["layers_done"]),
                int(r["last_width"]), int(r["seed"]))
    out = sorted(rows, key=key)
    seen: dict = {}
    for r in out:
        seen[r["variant"]] = seen.get(r["variant"], 0) + 1
        r["rank"] = seen[r["variant"]]
    return out


def unknown_seeds(variant: str) -> list[int]:
    """The seeds the shipped classification leaves unknown in ``variant``."""
    from .experiments import load_deals

    return sorted(int(r["seed"]) for r in load_deals(classification=True)
                  if r["variant"] == variant and r["outcome"] == "unknown")


@takes_budget({"max_positions": "positions"}, honours=("positions",))
def survey(seeds, variant: str = "standard", *, budget: Budget = Budget(positions=4_000_000),
           max_table: int = 1 << 21, command: str = "", progress=None) -> list[dict]:
    """:func:`survey_deal` for each seed (``budget``: each deal's positions), ranked
    (:func:`rank_rows`); ``progress(row)`` is called after each deal."""
    rows = []
    for seed in seeds:
        row = survey_deal(seed, variant, budget=budget, max_table=max_table)
        row["command"] = command
        rows.append(row)
        if progress is not None:
            progress(row)
    return rank_rows(rows)


def load_survey() -> list[dict[str, str]]:
    """``fourseasons_widget/data/survey.csv.gz``: the shipped survey, one row per deal,
    narrowest first (:data:`SURVEY_FIELDS`; the command that made it in each row)."""
    import gzip
    from importlib.resources import files

    raw = files("fourseasons_widget").joinpath("data/survey.csv.gz").read_bytes()
    return list(csv.DictReader(gzip.decompress(raw).decode().splitlines()))


def load_disk_layers() -> dict[int, list[dict[str, float]]]:
    """The shipped disk runs (``fourseasons_widget/data/disk-SEED.csv``: the rank abstraction's
    layered search from a standard deal with its layers on disk, :mod:`.external`), per seed:
    one row per stock layer, in order, with its ``positions``, ``entries``, ``runs``,
    ``disk_peak`` and ``bytes_written`` (bytes), ``seconds`` (wall) and ``cpu_seconds`` (in all
    until that layer's end) as numbers.  ``data/README.md`` gives each file's command.

    >>> runs = load_disk_layers()
    >>> len(runs[198]), sum(r["positions"] for r in runs[198])
    (47, 3073086707)
    """
    from importlib.resources import files

    out: dict[int, list[dict[str, float]]] = {}
    for f in sorted(files("fourseasons_widget").joinpath("data").iterdir(), key=lambda p: p.name):
        if not (f.name.startswith("disk-") and f.name.endswith(".csv")):
            continue
        for r in csv.DictReader(f.read_text().splitlines()):
            row = {k: (float(v) if "." in v else int(v)) for k, v in r.items()}
            out.setdefault(int(r["seed"]), []).append(row)
    for rows in out.values():
        rows.sort(key=lambda r: r["layer"])
    return out
