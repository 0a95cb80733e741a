"""Where did I go wrong?  ``analysis.analyse`` on recorded games whose turning point is known.

``tests/data/lost_games.json`` (written by ``tests/data/make_lost_games.py``): each game follows
a solver's winning line up to ply ``k``, then deviates into a position a complete search proved
lost.  So position ``k`` is winnable and every position after it is lost: the ground truth,
known without the analysis.  Budgets here are in solver nodes (no time limit), so every run
gives the same answer.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from fourseasons_widget import Game, IllegalMoveError, Move
from fourseasons_widget.analysis import analyse, analyse_line
from fourseasons_widget.budget import Budget
from fourseasons_widget.table.losses import prove_late_loss

GAMES = json.loads((Path(__file__).parent / "data" / "lost_games.json").read_text())
WINS = json.loads((Path(__file__).parent / "data" / "winning_lines.json").read_text())
IDS = [f"seed{g['seed']}-k{g['turning_point']}" for g in GAMES]


def recorded(game: dict) -> Game:
    g = Game.new(seed=game["seed"], variant=game["variant"])
    for m in game["moves"]:
        g.play(m)
    return g


def test_the_recorded_games_are_what_they_claim():
    # (a check of the data, by the model itself: the deviation is the move at the turning
    # point, and the game ends stuck)
    assert len(GAMES) >= 4
    assert len({g["turning_point"] for g in GAMES}) == len(GAMES)
    for game in GAMES:
        g = recorded(game)
        k = game["turning_point"]
        assert str(g.history[k]) == game["deviation"] != game["winning_move"]
        assert g.status == "lost" or prove_late_loss(g)  # (the board's proof, if the model's
        assert g.status == "lost"                         # own sees none)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.slow
def test_the_analysis_finds_exactly_the_losing_move(game):
    g = recorded(game)
    k = game["turning_point"]
    before = g.to_json()
    a = analyse(g, budget=Budget())  # the default node budget per position, no time limit
    assert a.turning_point == k
    assert a.played == g.history[k]
    assert a.proved and a.lost_from == k + 1
    assert a.complete
    assert (a.verdict_at(k), a.verdict_at(k + 1)) == ("won", "lost")
    # the move that would have won is another move, and its line wins from the turning point
    assert a.better is not None and a.better != a.played and a.line[0] == a.better
    probe = Game(g.positions[k], g.rules)
    for m in a.line:
        probe.play(m)
    assert probe.state.is_won
    assert f"Move {k + 1} ({a.played}) lost the game" in a.text
    assert "proved lost from here" in a.text
    assert g.to_json() == before  # the game is not touched


@pytest.mark.parametrize("nodes", [1, 300, 3000])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_unknown_is_never_reported_as_lost(game, nodes):
    """Whatever the budget, the verdicts agree with the ground truth: nothing at or before the
    turning point is called lost, nothing after it won; a proof is only claimed at ``k``."""
    g = recorded(game)
    k = game["turning_point"]
    a = analyse(g, budget=Budget(), per_position=Budget(positions=nodes))
    for row in a.rows:
        if row.verdict == "lost":
            assert row.ply > k, row
        if row.verdict == "won":
            assert row.ply <= k, row
    for ply, verdict in enumerate(a.verdicts):
        assert verdict == "unknown" or (verdict == "won") == (ply <= k), (ply, verdict)
    assert a.turning_point is None or a.turning_point <= k
    if a.proved:
        assert a.turning_point == k
    if a.turning_point is not None and not a.proved:
        assert "no win found" in a.text or "not examined" in a.text
        assert "lost the game" not in a.text


def test_a_tiny_budget_says_unknown_not_lost():
    g = recorded(GAMES[0])
    a = analyse(g, budget=Budget(), per_position=Budget(positions=1))
    assert a.turning_point is None and not a.proved
    # the only loss it states is the game's own proof of the final position
    assert [(r.ply, r.by) for r in a.rows if r.verdict == "lost"] == [(g.ply, "status")]
    assert all(r.verdict == "unknown" for r in a.rows if r.by != "status")
    assert "No win was found" in a.text
    generous = analyse(g, budget=Budget())
    assert generous.proved  # the same game, with a real budget: proved


@pytest.mark.slow
def test_each_examined_position_has_a_row_with_its_cost():
    game = GAMES[-1]
    g = recorded(game)
    seen = []
    a = analyse(g, budget=Budget(), on_row=seen.append)
    # (a position tried again with a bigger budget keeps its last row)
    assert list(a.rows) == sorted({r.ply: r for r in seen}.values(), key=lambda r: r.ply)
    plies = [r.ply for r in a.rows]
    assert plies == sorted(set(plies)) and plies[-1] == g.ply
    for r in a.rows:
        assert r.stock == len(g.positions[r.ply].stock)
        assert r.verdict in ("won", "lost", "unknown") and r.nodes >= 0
        if r.verdict == "won" and r.line:
            probe = Game(g.positions[r.ply], g.rules)
            for m in r.line:
                probe.play(m)
            assert probe.state.is_won
    # bisection: far fewer positions examined than the game has
    assert len(a.rows) < g.ply / 4
    assert a.nodes == sum(r.nodes for r in seen)


def test_the_old_game_analyse_warns_and_answers_as_analyse():
    # Game.analyse (before analysis.analyse(game)) is kept for one release, with a warning
    # that names the new function; it takes the same budgets and gives the same analysis
    game = GAMES[0]
    g = recorded(game)
    with pytest.warns(DeprecationWarning, match=r"fourseasons_widget\.analysis\.analyse"):
        old = g.analyse(budget=Budget(), per_position=Budget(positions=2_000))
    new = analyse(g, budget=Budget(), per_position=Budget(positions=2_000))
    assert (old.turning_point, old.played, old.better, old.proved, old.line) == (
        new.turning_point, new.played, new.better, new.proved, new.line)
    assert old.played == g.history[old.turning_point]
    assert [r.ply for r in old.rows] == [r.ply for r in new.rows]


def test_a_won_game_has_no_turning_point():
    w = WINS["standard"]
    g = Game.from_deck(w["deck"])
    for m in w["line"]:
        g.play(m)
    assert g.status == "won"
    a = analyse(g)
    assert (a.outcome, a.turning_point, a.rows) == ("won", None, ())
    assert "won" in a.text


def test_a_game_still_winnable_has_no_turning_point():
    w = WINS["standard"]
    g = Game.from_deck(w["deck"])
    for m in w["line"][:20]:
        g.play(m)
    a = analyse(g, budget=Budget())
    assert a.outcome == "winnable" and a.turning_point is None
    assert a.verdict_at(g.ply) == "won"
    assert "still possible" in a.text


def test_nothing_played_nothing_to_find():
    a = analyse(Game.new(seed=3), budget=Budget())
    assert a.turning_point is None and a.plies == 0


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf, "1", True, [1]])
def test_budgets_are_checked(bad):
    g = recorded(GAMES[0])
    before = g.to_json()
    with pytest.raises(ValueError, match="max_seconds"):
        analyse(g, max_seconds=bad)
    with pytest.raises(ValueError, match="position_seconds"):
        analyse(g, position_seconds=bad)
    with pytest.raises(ValueError, match="position_nodes"):
        analyse(g, position_nodes=bad)
    assert g.to_json() == before


def test_budgets_must_not_all_be_unlimited():
    g = recorded(GAMES[0])
    with pytest.raises(ValueError, match="at least one budget"):
        analyse(g, max_seconds=None, position_nodes=None)
    with pytest.raises(ValueError, match="whole number"):
        analyse(g, position_nodes=2.5)


def test_an_illegal_line_is_refused():
    g = Game.new(seed=3)
    with pytest.raises(IllegalMoveError):
        analyse_line(g.rules, g.start, [Move("KS", "waste", "cross:0")])


def test_stop_ends_the_analysis_early_and_says_so():
    g = recorded(GAMES[-1])
    a = analyse(g, budget=Budget(), stop=lambda: True)
    assert not a.complete and a.turning_point is None
    assert "cut short" in a.text
    # (the final position was still judged: the game's own cheap proof)
    assert [r.by for r in a.rows] == ["status"]


def test_positions_and_redo_line():
    g = Game.new(seed=5)
    g.play("turn")
    g.play("turn")
    assert len(g.positions) == 3 and g.positions[-1] == g.state and g.positions[0] == g.start
    m = g.undo()
    assert g.redo_line == (m,)
    assert len(g.positions) == 2


@pytest.mark.parametrize("variant", ["standard", "sequences", "czarina", "corners",
                                     "simplicity", "dick1883"])
def test_every_variant_is_analysed_consistently(variant):
    from fourseasons_widget.solver.players import play_heuristic

    g = Game.new(seed=3, variant=variant)
    for m in play_heuristic(g).moves:
        g.play(m)
    a = analyse(g, budget=Budget(), per_position=Budget(positions=2000))
    assert (a.outcome == "won") == (g.status == "won")
    won = [r.ply for r in a.rows if r.verdict == "won"]
    lost = [r.ply for r in a.rows if r.verdict == "lost"]
    assert not won or not lost or max(won) < min(lost)  # monotone, as the rules make it
    if a.turning_point is not None:
        probe = Game(g.positions[a.turning_point], g.rules)
        for m in a.line:
            probe.play(m)
        assert probe.state.is_won and a.better != a.played
