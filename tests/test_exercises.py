"""The exercise checkers: each accepts a right answer, refuses wrong ones, and its reason for
refusing does not give the answer away.  Right answers are derived here from the model or the
shipped data, never copied from a checker."""

from __future__ import annotations

import ast
import json
import math
import re
from pathlib import Path

import pytest

from fourseasons_widget import VARIANTS, Game, IllegalMoveError
from fourseasons_widget.budget import Budget
from fourseasons_widget.exercises import (
    REASONS,
    Feedback,
    check_base_ranks,
    check_claimed_wins,
    check_covers,
    check_dick_home,
    check_home_in,
    check_keep_space,
    check_legal_moves,
    check_mystery,
    check_name,
    check_prover_interval,
    check_refusal,
    check_sample_size,
    check_solver_interval,
    check_table_reach,
    check_won,
    claimed_wins,
)
from fourseasons_widget.exercises import variants as ex_variants
from fourseasons_widget.exercises.rules import reason_of, refusals
from fourseasons_widget.model.cards import CODES, RANK_LABELS
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.solver.experiments import load_deals, load_winrates, wilson
from fourseasons_widget.solver.survey import load_disk_layers


def deck(*first: str) -> str:
    named = list(dict.fromkeys(" ".join(first).split()))
    return " ".join(named + [c for c in CODES if c not in named])


def not_yet(fb: Feedback, *hidden: str) -> None:
    """A refusal that names none of ``hidden`` (the parts of the right answer)."""
    assert isinstance(fb, Feedback) and not fb.ok and fb.why
    for h in hidden:
        assert h.lower() not in fb.why.lower(), (h, fb.why)


# -- 01-play -----------------------------------------------------------------------------------


def test_legal_moves_right_and_wrong():
    g = Game.new(seed=16)
    every = [str(m) for m in g.legal_moves()]
    assert check_legal_moves(g, every)
    # one corner per card is enough: "JS>f" stands for a base card's three empty corners
    assert check_legal_moves(g, ["JS>f" if "JS" in m and "f" in m.split(">")[1] else m
                                 for m in every])
    turn = next(m for m in every if "s>w" in m)
    fb = check_legal_moves(g, [m for m in every if m != turn])
    not_yet(fb, turn, turn.split()[0], "turn")
    assert "1 legal move is still missing" in fb.why
    fb = check_legal_moves(g, [*every, "3D c1"])
    not_yet(fb)
    assert "'3D c1'" in fb.why  # the student's own wrong move is named, with the rule
    not_yet(check_legal_moves(g, None))
    not_yet(check_legal_moves(g, "turn"))


def test_won_checks_the_board_game():
    g = Game.new(seed=7)
    fb = check_won(g, seed=7)
    not_yet(fb)
    assert "1 of 52" in fb.why
    not_yet(check_won(Game.new(seed=8), seed=7))
    not_yet(check_won(Game.new(seed=7, variant="czarina"), seed=7))
    r = solve(g, budget=Budget(seconds=20))
    assert r.won
    for m in r.moves:
        g.play(m)
    assert check_won(g, seed=7)
    # a board widget is read through its .game
    class Board:
        game = g
    assert check_won(Board(), seed=7)


def test_won_refuses_a_won_position_not_reached_from_the_deal():
    g = Game.new(seed=7)
    r = solve(g, budget=Budget(seconds=20))
    for m in r.moves:
        g.play(m)
    forged = Game(g.state, "standard", seed=7)  # a won position with no moves behind it
    not_yet(check_won(forged, seed=7))


# -- 02-rules ----------------------------------------------------------------------------------

REFUSAL_CASES = [
    (deck("QH 7S JD 5C 6H", "4S", "KD 8D"), ["6H c4>c1", "JD c2>c0", "5C>f"]),
    (deck("AS KS 9D QC 7H", "JS", "3C"), ["KS c1>c0", "QC c3>c1", "KS>f"]),
]


@pytest.mark.parametrize("cards,moves", REFUSAL_CASES)
def test_refusal_right_and_wrong(cards, moves):
    g = Game.from_deck(cards)
    said = refusals(g, moves)
    (refused,) = [m for m, msg in said.items() if msg]
    reason = reason_of(said[refused])
    assert reason in REASONS
    assert check_refusal(g, moves, refused, reason)
    for m in moves:
        if m != refused:
            not_yet(check_refusal(g, moves, m, reason), refused)
    for other in REASONS:
        if other != reason:
            not_yet(check_refusal(g, moves, refused, other), reason)
    not_yet(check_refusal(g, moves, None, None), refused)
    not_yet(check_refusal(g, moves, refused, None), reason)
    not_yet(check_refusal(g, moves, "9S c0", reason))
    assert g.ply == 0  # nothing was played on the board


def test_every_reason_is_how_the_model_refuses_something():
    """The table of reasons is read from the model's real refusal messages."""
    seen = set()
    cases = [
        (deck("5H TC 8C 3D JS", "3C", "7D 2S"), ["7D c0", "8C c0", "KD>f"]),
        (deck("8H 4S 7D KC 2H", "7C", "8C 9S"), ["8H>f"]),
        (deck("QC KC AS KS 9H", "JC", "AC 2C"), ["KC>f"]),
        (deck("KH 2S AD 7C 9H", "AS", "KD QS"), ["KH c2"]),
        (deck("9S 8H 3D 6C TD", "3C", "KH 5S"), ["3D>f", "3D f1>c3"]),
    ]
    for cards, moves in cases:
        g = Game.from_deck(cards)
        for m in moves:
            msg = g.explain(m)
            if msg is None:
                g.play(m)
            else:
                seen.add(reason_of(msg))
    assert seen >= set(REASONS), set(REASONS) - seen


PUZZLE = deck("9S 8H 3D JC TD", "3C", "5C KH 4C")


def shortest_to_home(cards: str, card: str, limit: int) -> int | None:
    """Breadth-first: the fewest moves that bring ``card`` home (``None`` beyond ``limit``)."""
    g = Game.from_deck(cards)
    rules, start = g.rules, g.state
    c = CODES.index(card)
    frontier, seen = [start], {start.key()}
    for depth in range(limit + 1):
        nxt = []
        for s in frontier:
            if any(c in s.foundation_cards(k) for k in range(4)):
                return depth
            for m in rules.engine.moves(s):
                t = rules.engine.apply(s, m)
                if t.key() not in seen:
                    seen.add(t.key())
                    nxt.append(t)
        frontier = nxt
    return None


def test_home_in_puzzle():
    best = shortest_to_home(PUZZLE, "5C", 9)
    assert best == 7  # the notebook asks for 7: a space is needed (measured, not assumed)
    board = Game.from_deck(PUZZLE)
    not_yet(check_home_in(board, PUZZLE, "5C", best))
    for m in ["8H c1>c0", "turn", "5C w>c1", "turn", "turn", "4C>f", "5C>f"]:
        board.play(m)
    assert check_home_in(board, PUZZLE, "5C", best)
    slow = Game.from_deck(PUZZLE)
    for m in ["8H c1>c0", "turn", "turn", "turn", "4C>f", "KH w>c1", "turn", "5C>f"]:
        fb = slow.explain(m)
        if fb is None:
            slow.play(m)
    # a longer way home: not yet, with the count, without the moves
    longer = Game.from_deck(PUZZLE)
    for m in ["9S c0>c4", "8H c1>c0", "turn", "5C w>c1", "turn", "turn", "4C>f", "5C>f"]:
        longer.play(m)
    fb = check_home_in(longer, PUZZLE, "5C", best)
    not_yet(fb)
    assert "8 moves" in fb.why
    not_yet(check_home_in(Game.new(seed=1), PUZZLE, "5C", best))


# -- 03-history --------------------------------------------------------------------------------


def test_base_ranks():
    dick = Game.new(seed=5, variant="dick1883").state.base
    modern = Game.new(seed=5).state.base
    assert check_base_ranks(5, RANK_LABELS[dick], RANK_LABELS[modern])
    other = (dick + 1) % 13
    fb = check_base_ranks(5, RANK_LABELS[other], RANK_LABELS[modern])
    not_yet(fb, RANK_LABELS[dick])
    assert "Dick" in fb.why and "modern" not in fb.why
    not_yet(check_base_ranks(5, None, "7"))
    not_yet(check_base_ranks(5, "eleven", "7"))


def test_dick_home():
    home = Game.new(seed=11, variant="dick1883").state.cards_home
    assert home == 2  # the notebook's first board: the 5♦ and the 5♥
    assert check_dick_home(11, home)
    not_yet(check_dick_home(11, home + 1), str(home))
    not_yet(check_dick_home(11, "2"))
    not_yet(check_dick_home(11, None))


def test_name():
    titles = {r.title for r in VARIANTS.values()}
    assert check_name("Corners") and check_name(" corners ")
    assert "Corners" in titles
    not_yet(check_name("Vanishing Cross"), "Corners")
    # Jones published the game as Czarina Patience, and Czarina is a variant here too
    fb = check_name("Czarina")
    assert fb and "Jones" in fb.why and check_name("Czarina Patience")
    not_yet(check_name(None))


def test_sources_from_the_students_side():
    from fourseasons_widget.exercises import check_sources

    right = {"a": "Dick 1883", "b": "Jones 1898", "c": "Parlett 1979",
             "d": "Morehead & Mott-Smith", "e": "the rule sheet", "f": "the article on Jones"}
    fb = check_sources(right)
    assert fb and "Simplicity" in fb.why
    # as a student types them: surnames, other case, a letter in brackets
    assert check_sources({"(A)": "dick", "b": "Jones", "c": "parlett", "d": "Morehead",
                          "e": "rule sheet", "f": "article on Jones"})
    # Dalton only records Jones's version: told so, without naming the answer
    fb = check_sources({**right, "b": "Dalton 1948"})
    not_yet(fb, "Jones 1898")
    assert "5 of 6 right" in fb.why and "look again at b" in fb.why and "Dalton" in fb.why
    # the rule sheet's Simplicity figure is not Morehead and Mott-Smith's here
    fb = check_sources({**right, "e": "Morehead & Mott-Smith"})
    not_yet(fb, "rule sheet")
    assert "look again at e" in fb.why
    not_yet(check_sources(None))
    not_yet(check_sources({"a": "Dick 1883"}))  # a fact left out
    not_yet(check_sources({**right, "g": "Dick 1883"}))  # no such fact
    not_yet(check_sources({**right, "a": "Wikipedia"}))  # not a source in the list
    not_yet(check_sources(["Dick 1883"]))


def test_dick_vacancy_from_the_students_side():
    from fourseasons_widget import FourSeasons
    from fourseasons_widget.exercises.history import check_dick_vacancy

    def says(fb, text):  # not yet, with a reason that says ``text``
        assert not fb.ok and text.lower() in fb.why.lower(), fb.why

    board = FourSeasons(seed=13, variant="dick1883")
    # the answer before the move is played: play it first
    says(check_dick_vacancy(board, "b"), "Play the move first")
    board.play("KC c0>c2")
    # what the student sees: the turn is refused, the vacancy must be filled
    with pytest.raises(IllegalMoveError, match="filled at once"):
        board.play("turn")
    fb = check_dick_vacancy(board, "b")
    assert fb and "at once" in fb.why
    assert check_dick_vacancy(board, " (B) ")
    # Dick lacks "one card at a time" too, but that is not what refused the turn
    says(check_dick_vacancy(board, "c"), "at pleasure")
    for letter in "ad":
        says(check_dick_vacancy(board, letter), f"rule ({letter})")
    says(check_dick_vacancy(board, None), "Fill in")
    says(check_dick_vacancy(board, 2), "one of the letters")
    says(check_dick_vacancy(board, "e"), "one of the letters")
    # the modern board of the same seed is not the exercise's
    modern = Game.new(seed=13)
    says(check_dick_vacancy(modern, "b"), "dick1883")
    says(check_dick_vacancy(object(), "b"), "dick1883")


# -- 04-variants -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ex_variants.MYSTERIES))
def test_each_mystery_has_one_answer(name):
    cards, steps = ex_variants.MYSTERIES[name]
    logs = {v: ex_variants.observe(v, cards, steps) for v in VARIANTS}
    fits = [v for v in VARIANTS if check_mystery(name, v)]
    assert len(fits) == 1
    assert [v for v in VARIANTS if logs[v] == logs[fits[0]]] == fits
    for v in VARIANTS:
        if v != fits[0]:
            not_yet(check_mystery(name, v), fits[0], VARIANTS[fits[0]].title)
    not_yet(check_mystery(name, None))
    not_yet(check_mystery(name, "klondike"))


def keeps_a_space_while_the_stock_lasts(variant: str, seeds=range(5), plies=200) -> bool:
    """From behaviour: random play until a pile is empty with stock left and the stock may
    still be turned (the space is kept)."""
    import random

    for seed in seeds:
        g, rnd = Game.new(seed=seed, variant=variant), random.Random(seed)
        for _ in range(plies):
            s = g.state
            moves = g.legal_moves()
            if not moves:
                break
            if s.stock and any(not p for p in s.piles) and any(
                    m.source == "stock" and m.target == "waste" for m in moves):
                return True
            g.play(rnd.choice(moves))
    return False


def test_keep_space():
    truth = {v for v in VARIANTS if keeps_a_space_while_the_stock_lasts(v)}
    assert truth == {"standard", "sequences", "simplicity"}
    assert check_keep_space(truth)
    not_yet(check_keep_space(truth | {"czarina"}), "standard", "simplicity")
    not_yet(check_keep_space(truth - {"simplicity"}), "simplicity")
    not_yet(check_keep_space({"klondike"}))
    not_yet(check_keep_space(None))


# -- 06-winnability ----------------------------------------------------------------------------


def solver_row(variant):
    return next(r for r in load_winrates() if r["variant"] == variant and r["player"] == "solver")


def test_solver_interval():
    r = solver_row("czarina")
    n, won, unknown = int(r["n"]), int(r["won"]), int(r["unknown"])
    low, high = wilson(won, n)[0], wilson(won + unknown, n)[1]
    assert check_solver_interval("czarina", low, high)
    assert check_solver_interval("czarina", float(r["ci_low"]), float(r["ci_high"]))
    # the usual mistake: an interval around won/n only
    fb = check_solver_interval("czarina", *wilson(won, n))
    not_yet(fb, f"{high:.3f}")
    assert "upper" in fb.why and "lower" not in fb.why
    not_yet(check_solver_interval("czarina", 100 * low, 100 * high))
    not_yet(check_solver_interval("czarina", None, None))


def test_sample_size():
    r = next(r for r in load_winrates() if r["variant"] == "standard" and r["player"] == "heuristic")
    p = int(r["won"]) / int(r["n"])
    need = math.ceil(1.96 ** 2 * p * (1 - p) / 0.02 ** 2)
    assert check_sample_size(need)
    # Wilson's answer is accepted too: the smallest n whose interval is at most ±2 points
    wil = next(n for n in range(100, 5000) if (lambda lo, hi: hi - lo)(
        *wilson(round(p * n), n)) <= 0.04)
    assert check_sample_size(wil)
    for wrong in (100, need // 2, 4 * need):
        not_yet(check_sample_size(wrong), str(need))
    not_yet(check_sample_size(None))
    not_yet(check_sample_size(-3))


@pytest.mark.parametrize("variant", ["corners", "standard"])
def test_prover_interval(variant):
    """Notebook 06's "Your turn 4": the interval of the perfect-play win rate from the shipped
    classification's counts (read here from the per-deal file, not the checker's own source),
    Wilson's bounds by the package's ``wilson``; the classic mistakes each named, the answer not
    given away."""
    from fourseasons_widget.solver.intervals import normal_interval

    rows = [d for d in load_deals(classification=True) if d["variant"] == variant]
    n = len(rows)
    won = sum(d["outcome"] == "won" for d in rows)
    open_ = sum(d["outcome"] != "lost" for d in rows)  # (won or still unknown)
    low, high = wilson(won, n)[0], wilson(open_, n)[1]
    fb = check_prover_interval(variant, low, high)
    assert fb.ok and f"{100 * high:.2f}%" in fb.why, fb.why
    assert ("no deal left unknown" in fb.why) == (open_ == won)
    hidden = (f"{high:.4f}", f"{100 * high:.2f}")
    normal = normal_interval(open_, n)[1]
    if abs(normal - high) > 0.0005:  # (near 0 or 1 it is far from Wilson's; near 1, not)
        fb = check_prover_interval(variant, low, normal)
        not_yet(fb, *hidden)
        assert "normal interval" in fb.why
    if 100 * high > 1:  # percents (below 1% they cannot be told from fractions)
        fb = check_prover_interval(variant, 100 * low, 100 * high)
        not_yet(fb, *hidden)
        assert "fractions" in fb.why
    if open_ > won:  # the unknown deals counted as lost: the upper bound of the wins alone
        fb = check_prover_interval(variant, low, wilson(won, n)[1])
        not_yet(fb, *hidden)
        assert "might still be won" in fb.why
    fb = check_prover_interval(variant, low + 0.01, high)
    not_yet(fb)
    assert "lower bound" in fb.why and "upper bound" not in fb.why
    not_yet(check_prover_interval(variant, None, high))


def test_table_reach():
    """Notebook 06's memory exercise, from deal 198's layers on disk: the right pair, derived
    here by a scan of the layers, and the classic mistakes, each named without the answer."""
    import numpy as np

    entries = [int(r["entries"]) for r in load_disk_layers()[198]]
    need = 1 << max(16, (2 * max(entries) - 1).bit_length())  # half the table holds the widest
    assert need // 2 >= max(entries) > need // 4
    walked = 0
    while walked < len(entries) and 2 * entries[walked] <= 1 << 25:
        walked += 1
    assert 0 < walked < len(entries)
    assert check_table_reach(need, walked)
    assert check_table_reach(np.int64(need), np.int64(walked))  # numpy's whole numbers too
    for wrong, says in ((need // 2, "half"), (need * 2, "widest layer"),
                        (need * 8, "smaller power of two"), (need // 4, "does not fit")):
        fb = check_table_reach(wrong, walked)
        not_yet(fb, str(need))
        assert says in fb.why and "layers_walked" not in fb.why
    for wrong, says in ((walked + 1, "not walked to its end"), (walked - 1, "how many"),
                        (3, "first layer with more than")):
        fb = check_table_reach(need, wrong)
        not_yet(fb, str(walked))
        assert says in fb.why and "slots_needed" not in fb.why
    fb = check_table_reach(need // 2, walked + 1)  # two mistakes: both named
    assert "slots_needed" in fb.why and "layers_walked" in fb.why
    for bad in ((None, walked), (need, None), (need + 1, walked), (float(need), walked),
                (need, 38.0), (need, True), (need, -1), ("2**32", walked)):
        not_yet(check_table_reach(*bad))
    # another table size: the count follows it
    more = walked
    while 2 * entries[more] <= 1 << 28:
        more += 1
    assert more > walked
    assert check_table_reach(need, more, default_slots=1 << 28)
    not_yet(check_table_reach(need, walked, default_slots=1 << 28))


def _replays(seed: int, moves: list[str], *, skip: bool = False) -> tuple[bool, bool]:
    """(every move legal, won at the end) of ``moves`` played from deal ``seed``; ``skip``:
    a refused move passed over, as a careless check does."""
    g, legal = Game.new(seed=seed), True
    for m in moves:
        try:
            g.play(m)
        except IllegalMoveError:
            legal = False
            if not skip:
                break
    return legal, g.state.is_won


def test_claimed_wins():
    """Notebook 06's "is it a win?": the right set, derived here by replaying each claim, and
    each careless check's answer refused with the claim it is fooled by named (never the
    answer): legal moves taken for a win, a refused move skipped, every claim replayed from the
    first claim's deal, nothing replayed at all."""
    claims = claimed_wins()
    assert sorted(claims) == ["A", "B", "C", "D"]
    right = {k for k, (seed, moves) in claims.items() if _replays(seed, moves) == (True, True)}
    assert len(right) == 2 and len({len(m) for _, m in claims.values()}) >= 2
    assert check_claimed_wins(right)
    assert check_claimed_wins(sorted(right)) and check_claimed_wins(
        {k.lower() + " " for k in right})  # (a list, lower case and spaces are fine)
    assert "A win carries its own proof" in check_claimed_wins(right).why
    from collections import Counter

    first = Counter(seed for seed, _ in claims.values()).most_common(1)[0][0]
    careless = {
        "legal only": {k for k, (s, m) in claims.items() if _replays(s, m)[0]},
        "skips refusals": {k for k, (s, m) in claims.items() if _replays(s, m, skip=True)[1]},
        "one deal": {k for k, (s, m) in claims.items() if _replays(first, m) == (True, True)
                     } if len({s for s, _ in claims.values()}) > 1 else None,
        "trusts every claim": set(claims),
        "trusts none": set(),
    }
    says = {"legal only": "how many cards are home", "skips refusals": "do not skip it",
            "one deal": "from its own deal", "trusts every claim": "how many cards are home",
            "trusts none": "own deal"}
    for mistake, answer in careless.items():
        assert answer is not None and answer != right, mistake  # (each mistake is exposed)
        fb = check_claimed_wins(answer)
        not_yet(fb, "wins (")
        assert says[mistake] in fb.why, (mistake, fb.why)
    for bad in (None, "", "AC", {"A": True}, ["A", "E"], ["A", 1], [True], list("ABCDA"),
                (x for x in "AC"), {b"A"}):
        not_yet(check_claimed_wins(bad))


@pytest.mark.slow
def test_covers():
    deals = [r for r in load_deals() if r["variant"] == "standard" and r["player"] == "heuristic"]
    rate = sum(r["outcome"] == "won" for r in deals) / len(deals)
    seen = set()
    for first in range(0, 400, 20):
        seeds = range(first, first + 20)
        won = sum(r["outcome"] == "won" for r in deals if int(r["seed"]) in seeds)
        lo, hi = wilson(won, 20)
        covers = lo <= rate <= hi
        seen.add(covers)
        assert check_covers("standard", "heuristic", seeds, (lo, hi), covers)
        not_yet(check_covers("standard", "heuristic", seeds, (lo, hi), not covers))
        not_yet(check_covers("standard", "heuristic", seeds, (won / 20, hi), covers))
    assert seen == {True, False}  # samples of both kinds exist among these
    not_yet(check_covers("standard", "heuristic", range(20), None, None))


# -- the worked solutions ----------------------------------------------------------------------

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def run_cells(path: Path) -> list[Feedback]:
    """Run a notebook's code cells here, in one namespace, and collect the value of each cell
    that ends with an expression giving a Feedback (as the notebook would display it)."""
    ns: dict = {"__name__": "__solution__"}
    out = []
    for src in code_cells(path):
        if 'sys.platform == "emscripten"' in src:  # the JupyterLite install cell
            continue
        tree = ast.parse(src)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            exec(compile(ast.Module(tree.body[:-1], type_ignores=[]), path.name, "exec"), ns)
            value = eval(compile(ast.Expression(last.value), path.name, "eval"), ns)
            if isinstance(value, Feedback):
                out.append(value)
        else:
            exec(compile(tree, path.name, "exec"), ns)
    return out


def exercise_cells(path: Path) -> list[str]:
    """The student's exercise cells: each ends with a checker call (after the placeholder
    answers, or after play on a board)."""
    return [s for s in code_cells(path) if re.match(r"check_\w+\(", s.strip().splitlines()[-1])]


def test_every_notebook_but_search_has_a_solutions_notebook():
    names = {p.name for p in SOLUTIONS}
    for nb in NOTEBOOKS.glob("*.ipynb"):
        if nb.stem == "05-search":  # its exercises and solutions belong to the search lesson
            continue
        assert nb.name in names, nb.name
        assert len(exercise_cells(nb)) >= 2, nb.name


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_solutions_are_right(path: Path):
    """Each worked solution passes its checker, one right answer per exercise cell."""
    results = run_cells(path)
    assert results and all(results), [str(r) for r in results]
    assert len(results) == len(exercise_cells(NOTEBOOKS / path.name))


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_student_notebooks_leave_the_answers_open(path: Path):
    """The notebooks as shipped hold placeholders, never an answer, and link their solutions
    (that the placeholders get a graceful "not yet" is run by nbval)."""
    student = NOTEBOOKS / path.name
    for cell in exercise_cells(student):
        for line in cell.splitlines():
            if re.match(r"\w+ = ", line):
                assert re.match(r"\w+ = None\b", line), line
    nb = json.loads(student.read_text(encoding="utf-8"))
    assert "solutions/" + path.name in "".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_solutions_committed_clean(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            assert not c["outputs"] and c.get("execution_count") is None


def test_the_docstring_examples_run():
    import doctest

    from fourseasons_widget import exercises
    from fourseasons_widget.exercises import history, play, rules, variants, winnability

    for mod in (exercises, play, rules, history, variants, winnability):
        result = doctest.testmod(mod)
        assert result.attempted and not result.failed, mod.__name__


def test_the_printed_position_is_answered_from_the_rules_not_from_a_board():
    from fourseasons_widget.exercises import check_puzzle_moves, legal_moves_puzzle
    from fourseasons_widget.exercises.play import _puzzle_game

    picture = legal_moves_puzzle()
    game = _puzzle_game()
    assert game.state.stock[0] >= 0 and "stock 44" in picture
    from fourseasons_widget.model.cards import card_code

    assert card_code(game.state.stock[0]) not in picture.replace(" ", "")  # the stock is hidden
    every = ["turn", "AD w>c3", "AD w>c4", "3D c0>c3", "3D c0>c4", "KC c1>c3", "KC c1>c4",
             "7S c2>c3", "7S c2>c4"]
    assert check_puzzle_moves(every)
    fb = check_puzzle_moves(every[:5])
    assert not fb and "4 legal moves are still missing" in fb.why
    assert not check_puzzle_moves(None)
