"""The front-end engine (``js/src/engine/``) against the Python model: differential play.

The board plays without a kernel (an exported page, a static course page) on a JavaScript port
of the rules.  Python stays the reference; this test earns the port its place.  Python plays
seeded random games in every variant and every rule reading — legal moves, attempts the rules
refuse (random cards to random piles, malformed names, wrong stock cards), undo, redo, moves
marked automatic, solved lines played to a win — and one node process replays them all
(``js/test/engine-driver.mjs``, reading JSON lines).  After every operation both sides must
agree on the whole position (the stock's order included), the legal moves in order, the
refusal text word for word, whether the game is won, undo/redo; on a sample of steps also the
snapshot the board draws, the legal moves it highlights, the auto-moves home and the finishing
run.  The deals themselves are dealt by both sides from the seed or the PySolFC number, and the
save file written at the end must be the same.  The node side checks the hidden-card rule: no
snapshot or highlighted move names a face-down card.

The total number of operations and the number of differences are printed
(``pytest -s tests/test_js_engine.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from fourseasons_widget.automove import after_move, finishing_run
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import CODES
from fourseasons_widget.model.deal import shuffled_deck
from fourseasons_widget.model.game import Game, _only_rearranging, state_to_dict
from fourseasons_widget.model.rules import get_rules
from fourseasons_widget.model.state import Move
from fourseasons_widget.table.snapshot import move_triple, pile_labels, position_snapshot

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "js" / "test" / "engine-driver.mjs"
NODE = shutil.which("node")

WRAPS = ("literal", "always", "never")
#: every variant and every rule reading the model plays
READINGS: list[tuple[str, dict[str, str]]] = [
    *[("standard", {"tableau_wrap": w}) for w in WRAPS],
    ("standard", {"rules": "pysol"}), ("standard", {"rules": "pysol", "autodeal": "on"}),
    *[("sequences", {"tableau_wrap": w}) for w in WRAPS],
    *[("czarina", {"tableau_wrap": w, "fill": f}) for w in WRAPS for f in ("stock", "waste")],
    ("czarina", {"rules": "pysol"}), ("czarina", {"rules": "pysol", "autodeal": "on"}),
    ("corners", {}), ("corners", {"rules": "pysol"}),
    ("corners", {"rules": "pysol", "autodeal": "on"}),
    *[("simplicity", {"tableau_wrap": w}) for w in WRAPS],
    ("simplicity", {"rules": "pysol"}), ("simplicity", {"rules": "pysol", "autodeal": "on"}),
    *[("dick1883", {"tableau_wrap": w}) for w in WRAPS],
]
GAMES_PER_READING = 13
STEPS_PER_GAME = 140
ODD_PILES = ("cross:9", "cross:04", "tableau:12", "cell:5", "foundation:4", "pile", "", "Cross:1")
ODD_CARDS = ("1H", "10h", "XX", "7", "  5c ", "ΑS")


def sample_of(i: int) -> int:
    """What is compared after operation ``i`` (the deal is 0) beyond the position, the legal
    moves and the refusal: every 5th the snapshot and highlights, every 20th the auto-moves."""
    return 2 if i % 20 == 0 else 1 if i % 5 == 0 else 0


def digest(obs: dict) -> str:
    text = json.dumps(obs, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def observe(game: Game, sample: int) -> dict:
    s = game.state
    out = {"state": state_to_dict(s), "legal": [str(m) for m in game.legal_moves()],
           "won": s.is_won, "undo": game.can_undo, "redo": game.can_redo}
    rules = game.rules
    if sample:
        out["snapshot"] = position_snapshot(rules, s)
        out["triples"] = [move_triple(m) for m in game.legal_moves()]
    if sample == 2:
        run = finishing_run(rules, s)
        out["finishing"] = None if run is None else [str(m) for m in run]
        out["after"] = [str(m) for m in after_move(rules, s)]
        if not s.stock:
            out["rearranging"] = _only_rearranging(rules, s)
    return out


def attempt(rng: random.Random, game: Game) -> list:
    """A move the player might try: often a card that can be picked up, to a random pile."""
    s, rules = game.state, game.rules
    piles = ["stock", "waste", *(f"foundation:{i}" for i in range(4)), *rules.pile_names]
    tops = [c for p in s.piles if p for c in p[-2:]] + list(s.waste[-1:])
    roll = rng.random()
    if roll < 0.15 and s.stock:  # a guess at the face-down card: refused with the same words
        card = CODES[rng.randrange(52)]
        return ["try", card, "stock", rng.choice(piles)]
    if roll < 0.6 and tops:
        card = CODES[rng.choice(tops)]
    elif roll < 0.95:
        card = CODES[rng.randrange(52)]
    else:
        card = rng.choice(ODD_CARDS)
    src = rng.choice(piles) if rng.random() < 0.97 else rng.choice(ODD_PILES)
    dst = rng.choice(piles) if rng.random() < 0.97 else rng.choice(ODD_PILES)
    return ["try", card, src, dst]


def random_game(rng: random.Random, game: Game, steps: int) -> tuple[list, list]:
    ops, seen = [], []
    for _ in range(steps):
        legal = game.legal_moves()
        roll = rng.random()
        if game.state.is_won and roll < 0.5:
            op = attempt(rng, game)
        elif roll < 0.07 and game.can_undo:
            op = ["undo"]
        elif roll < 0.11 and game.can_redo:
            op = ["redo"]
        elif roll < 0.30 or not legal:
            if not legal and not game.can_undo and roll >= 0.30:
                break
            op = attempt(rng, game)
        elif roll < 0.33:
            op = ["text", rng.choice(["turn", "redeal", "s"])]
        else:
            home = [m for m in legal if m.target.startswith("foundation")]
            m = rng.choice(home) if home and rng.random() < 0.5 else rng.choice(legal)
            op = ["play", m.card, m.source, m.target, rng.random() < 0.1]
        reason = None
        try:
            if op[0] == "play":
                game.play(Move(op[1], op[2], op[3]), auto=op[4])
            elif op[0] == "text":
                game.play(op[1])
            elif op[0] == "undo":
                game.undo()
            elif op[0] == "redo":
                game.redo()
            else:
                reason = game.explain(Move(op[1], op[2], op[3]))
        except ValueError as e:
            reason = str(e)
        ops.append(op)
        seen.append({"reason": reason, **observe(game, sample_of(len(ops)))})
    return ops, seen


def won_game(reading: tuple[str, dict], seeds: range) -> tuple[Game, list, int] | None:
    """A deal of these rules the solver wins, with its line (the win detected on both sides)."""
    from fourseasons_widget.solver.exact import search

    variant, options = reading
    for seed in seeds:
        game = make_game(variant, options, seed)
        verdict, line, _ = search(game.rules, game.state, budget=Budget(positions=4_000, seconds=0.3))
        if verdict == "won":
            return game, line, seed
    return None


def make_game(variant: str, options: dict, seed: int) -> Game:
    if options.get("rules") == "pysol":
        return Game.from_pysol(seed + 1, variant, **options)
    return Game.from_deck(shuffled_deck(seed), variant, **options)


def origin(variant: str, options: dict, seed: int) -> dict:
    return {"pysol": seed + 1} if options.get("rules") == "pysol" else {"seed": seed}


def build() -> tuple[list[dict], list[dict]]:
    specs, expected = [], []
    for r, (variant, options) in enumerate(READINGS):
        for k in range(GAMES_PER_READING):
            seed = 1000 * r + k
            game = make_game(variant, options, seed)
            start = observe(game, 2)
            rng = random.Random(f"{variant}-{sorted(options.items())}-{k}")
            ops, seen = random_game(rng, game, STEPS_PER_GAME)
            spec = {"id": f"{variant} {options} #{k}", "variant": variant, "options": options,
                    "deck": list(game.deck), **origin(variant, options, seed), "ops": ops}
            specs.append(spec)
            expected.append({"deck": list(game.deck), "start": start, "steps": seen,
                             "save": game.to_dict()})
    return specs, expected


def add_wins(specs: list, expected: list) -> int:
    wins = 0
    for r, reading in enumerate(READINGS):
        found = won_game(reading, range(50_000 + 100 * r, 50_000 + 100 * r + 3))
        if found is None:
            continue
        game, line, seed = found
        start = observe(game, 2)
        ops, seen = [], []
        for raw in line:
            m = game.rules.engine.to_move(game.state, raw)
            ops.append(["play", m.card, m.source, m.target, False])
            game.play(m)
            seen.append({"reason": None, **observe(game, sample_of(len(ops)))})
        # after the win: a move is refused as won, undo and redo cross the win
        for op in (["try", "7H", "waste", "cross:0"], ["undo"], ["redo"], ["text", "turn"]):
            reason = None
            try:
                if op[0] == "undo":
                    game.undo()
                elif op[0] == "redo":
                    game.redo()
                elif op[0] == "text":
                    game.play(op[1])
                else:
                    reason = game.explain(Move(*op[1:]))
            except ValueError as e:
                reason = str(e)
            ops.append(op)
            seen.append({"reason": reason, **observe(game, sample_of(len(ops)))})
        wins += game.state.is_won
        variant, options = reading
        specs.append({"id": f"won {variant} {options}", "variant": variant, "options": options,
                      "deck": list(game.deck), **origin(variant, options, seed), "ops": ops})
        expected.append({"deck": list(game.deck), "start": start, "steps": seen,
                         "save": game.to_dict()})
    return wins


def differences(got: dict, want: dict, spec: dict) -> list[str]:
    if "error" in got:
        return [f"{spec['id']}: the driver failed: {got['error'][:400]}"]
    out = [f"{spec['id']} op {where}: a face-down card is published: {cards}"
           for where, cards in got["leaks"]]
    if "deck" in got and got["deck"] != want["deck"]:
        out.append(f"{spec['id']}: the deal from {spec.get('seed', spec.get('pysol'))} differs")
    if got["save"] != want["save"]:
        key = next(k for k in want["save"] if got["save"].get(k) != want["save"][k])
        out.append(f"{spec['id']}: the save files differ in {key}: js {got['save'].get(key)!s:.200} "
                   f"!= python {want['save'][key]!s:.200}")
    if got["checked"] != len(want["steps"]) + 1:
        out.append(f"{spec['id']}: {got['checked']} steps checked of {len(want['steps']) + 1}")
    if got["first"] is not None:
        where, g = got["first"]
        w = want["start"] if where < 0 else want["steps"][where]
        op = spec["ops"][where] if where >= 0 else "the deal"
        key = next((k for k in w if g.get(k) != w[k]), "?")
        out.append(f"{spec['id']} ({got['differ']} steps differ), first at op {where} {op}: "
                   f"{key}: js {str(g.get(key))[:300]} != python {str(w.get(key))[:300]}")
    return out


@pytest.mark.skipif(NODE is None, reason="needs node (the front end's tests run on it)")
@pytest.mark.slow
def test_the_front_end_engine_plays_as_the_python_model():
    specs, expected = build()
    wins = add_wins(specs, expected)
    for spec, want in zip(specs, expected, strict=True):
        spec["digests"] = [digest(want["start"])] + [digest(st) for st in want["steps"]]
    stdin = "".join(json.dumps(s) + "\n" for s in specs)
    proc = subprocess.run([NODE, str(DRIVER)], input=stdin, capture_output=True, text=True,
                          cwd=ROOT / "js", timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(results) == len(specs)
    diffs = []
    steps = 0
    for spec, got, want in zip(specs, results, expected, strict=True):
        steps += got.get("checked", 0)
        diffs += differences(got, want, spec)
    refused = sum(1 for w in expected for st in w["steps"] if st["reason"])
    print(f"\n{steps} steps compared in {len(specs)} games over {len(READINGS)} rule readings "
          f"({refused} refused, {wins} games won); {len(diffs)} differences")
    assert not diffs, "\n".join(diffs[:20])
    assert steps >= 50_000
    assert wins >= 6  # win detection is exercised in several variants


@pytest.mark.skipif(NODE is None, reason="needs node")
def test_save_files_cross_between_python_and_the_page():
    """A game saved in Python loads in the page to the same game, and back."""
    game = Game.new(seed=11, variant="czarina", fill="waste")
    rng = random.Random(3)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()), auto=rng.random() < 0.2)
    for _ in range(5):
        game.undo()
    spec = {"id": "save", "variant": "czarina", "options": {"fill": "waste"},
            "save": game.to_dict(), "ops": [["redo"], ["undo"], ["undo"]]}
    proc = subprocess.run([NODE, str(DRIVER)], input=json.dumps(spec) + "\n",
                          capture_output=True, text=True, cwd=ROOT / "js", timeout=60)
    got = json.loads(proc.stdout)
    assert "error" not in got, got.get("error")
    game.redo()
    game.undo()
    game.undo()
    want = game.to_dict()
    assert got["save"] == want
    assert Game.from_dict(got["save"]).to_dict() == want


@pytest.mark.skipif(NODE is None, reason="needs node")
def test_the_board_names_every_reading_as_python_does():
    """Titles, summaries, layouts, pile names and spoken labels, options, PySolFC's corners."""
    specs = [{"id": i, "variant": v, "options": o, "rules_info": True}
             for i, (v, o) in enumerate(READINGS)]
    proc = subprocess.run([NODE, str(DRIVER)], input="".join(json.dumps(s) + "\n" for s in specs),
                          capture_output=True, text=True, cwd=ROOT / "js", timeout=60)
    got = [json.loads(line)["info"] for line in proc.stdout.splitlines()]
    want = []
    for variant, options in READINGS:
        r = get_rules(variant, **options)
        want.append({"title": r.title, "summary": r.summary, "layout": r.layout,
                     "pile_kind": r.pile_kind, "pile_names": r.pile_names,
                     "pile_labels": pile_labels(r), "options": r.option_values,
                     "corner_suits": None if r.corner_suits is None else list(r.corner_suits),
                     "redeals": r.redeals})
    assert got == want


@pytest.mark.skipif(NODE is None, reason="needs node (the front end's tests run on it)")
def test_python_and_the_page_make_the_same_rules_from_one_definition():
    """``model/variants.json`` is the variants' one table: Python's model and the page's engine
    each make every reading's rules from it, field for field the same."""
    import dataclasses

    from fourseasons_widget.model import rules as model_rules

    script = """
      import { getRules, VARIANT_NAMES } from "./js/src/engine/rules.js";
      const readings = JSON.parse(process.argv[1]);
      const made = readings.map(([v, o]) => {
        const { engine, ...fields } = getRules(v, o);
        return fields;
      });
      console.log(JSON.stringify({ names: VARIANT_NAMES, made }));
    """
    proc = subprocess.run([NODE, "--input-type=module", "-e", script, json.dumps(READINGS)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    page = json.loads(proc.stdout.strip().splitlines()[-1])
    assert page["names"] == list(model_rules.VARIANTS)
    for (variant, options), js in zip(READINGS, page["made"], strict=True):
        r = get_rules(variant, **options)
        py = json.loads(json.dumps({f.name: getattr(r, f.name) for f in dataclasses.fields(r)
                                    if f.name != "engine"}))
        assert js == py, (variant, options)
