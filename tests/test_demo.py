"""The Demo never refuses a game in play (issue 35, item 4): PySolFC's demo always plays.  When
the solver finds no win within its time — or proves there is none — the fair player's best
moves (it never looks at the face-down stock) are played to the end, and the demo says that it
may lose."""

from __future__ import annotations

import pytest

from fourseasons_widget import FourSeasons
from fourseasons_widget.table.background import ForegroundWorker


def play_to_the_end(w: FourSeasons) -> dict:
    """Start the demo, as the board's button does, and step it as the view does, to its end."""
    assert w.handle_intent({"type": "demo", "action": "start"}), w.message
    if w._worker.job is not None:
        assert w._worker.job.wait(120)
    d = w.board["demo"]
    assert d is not None and d["running"], w.message  # (it plays: never "No demo")
    started, steps = dict(d), 0
    while w.board["demo"] is not None and w.board["demo"]["running"]:
        assert w.handle_intent({"type": "demo", "action": "step"}), w.message
        steps += 1
    assert steps == started["of"] and w.board["demo"] is None
    assert "the demo is over" in w.message
    return started


@pytest.mark.parametrize("seed", [55127344, 617, 12345])
def test_the_demo_plays_every_deal_to_its_end(seed):
    w = FourSeasons(seed=seed, stats=False, solve_seconds=0.5, worker=ForegroundWorker(0.5),
                    analyse_on_loss=False)
    d = play_to_the_end(w)
    if d["sure"]:
        assert w.game.state.is_won
    else:  # no win found in 0.5 s: the fair player's moves, said to be ones that may lose
        assert w.ply == d["of"]


def test_no_win_found_the_fair_player_plays_and_the_demo_says_it_may_lose(monkeypatch):
    from fourseasons_widget.solver import exact

    real = exact.solve
    monkeypatch.setattr(exact, "solve", lambda game, **kw: real(game, max_nodes=1))
    w = FourSeasons(seed=55127344, stats=False, solve_seconds=5, analyse_on_loss=False)
    assert w.handle_intent({"type": "demo", "action": "start"})
    w._worker.job.wait(120)
    assert "no win within 5 s" in w.message and "may lose" in w.message, w.message
    assert w.board["demo"]["sure"] is False
    d = play_to_the_end_from_running(w)
    assert d >= 1
    assert w.busy == ""


def play_to_the_end_from_running(w: FourSeasons) -> int:
    n = 0
    while w.board["demo"] is not None and w.board["demo"]["running"]:
        assert w.handle_intent({"type": "demo", "action": "step"}), w.message
        n += 1
    return n


def test_a_position_proved_lost_is_still_played_to_the_end(monkeypatch):
    import dataclasses

    from fourseasons_widget.solver import exact

    real = exact.solve  # (as if the search had proved the deal lost: the demo still plays)
    monkeypatch.setattr(exact, "solve", lambda game, **kw: dataclasses.replace(
        real(game, max_nodes=1), verdict="lost", moves=[]))
    w = FourSeasons(seed=617, stats=False, analyse_on_loss=False, worker=ForegroundWorker(5))
    d = play_to_the_end(w)
    assert d["sure"] is False and w.status == "lost"


def test_a_cancelled_demo_search_leaves_the_board_free():
    w = FourSeasons(seed=55127344, stats=False, solve_seconds=30)
    assert w.handle_intent({"type": "demo", "action": "start"})
    assert w.busy == "demo"
    assert w.handle_intent({"type": "cancel"})
    w._worker.job is None or w._worker.job.wait(30)
    assert w.busy == "" and w.board["demo"] is None and "cancelled" in w.message
