"""Boards under a storm from several threads (issue 19, the worker): moves, undo, deals, Deal #,
variant changes, Hint, Solve, Auto-finish, analysis and Cancel, sent as the front end sends them
(through the gate) and called from Python, at many boards at once.

The invariant, after everything has settled: what each board publishes is what its game says
(ply, status, variant, the cards, the legal moves, nothing busy); the game passes its own
position checks and its save replays to it; no answer for an old position was applied to a new
one (a hint shown is a legal move now, a replay starts at the position shown, an analysis is of
the game shown); nothing reached the last-resort handler or died in a thread.
"""

from __future__ import annotations

import logging
import random
import threading

import pytest
from storm_calls import VARIANTS, intent, python_call

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table.background import Worker
from fourseasons_widget.table.review import full_line
from fourseasons_widget.table.snapshot import move_triple, position_snapshot
from fourseasons_widget.validate import check_position

BOARDS, THREADS, STEPS = 8, 3, 60


def _comm(w: FourSeasons, content) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                   "buffers": []})


def _settle(boards: list[FourSeasons]) -> None:
    for _ in range(3):
        for w in boards:
            job = w._worker.job
            if job is not None:
                assert job.wait(60), "a search did not end"
            assert w._review.done.wait(60), "an analysis did not end"


def _check(w: FourSeasons) -> None:
    g, b = w.game, w.board
    assert (b["ply"], w.ply) == (g.ply, g.ply)
    assert (b["status"], w.status) == (g.status, g.status), "the board says otherwise than its game"
    assert (b["variant"], w.variant, b["ui"]["picker"]) == (g.variant,) * 3
    assert b["seed"] == g.seed == w.seed and w.busy == ""
    snap = position_snapshot(g.rules, g.state)
    assert {k: b[k] for k in snap} == snap
    assert b["legal"] == [move_triple(m) for m in g.legal_moves()]
    for s in g.positions:  # the game passes its own checks
        check_position(g.rules, s)
    assert Game.from_json(g.to_json()).state == g.state
    # no answer for an old position on a new one
    if b["hint"] is not None:
        assert b["hint"]["move"] in b["legal"], "a hint for another position is shown"
    if w.replay:
        assert w.replay["version"] == b["version"] and w.replay["ply"] == g.ply
        assert w.replay["frames"][0]["piles"] == b["piles"]
    if w.analysis and w.analysis.get("state") in ("running", "done"):
        assert w._review.game is g and w._review.line == full_line(g)
        assert w.analysis["plies"] == len(full_line(g))


@pytest.mark.parametrize("seed", [1, 2])
def test_boards_stay_true_under_a_storm_of_intents_and_searches(tmp_path, caplog, seed):
    store = Stats(tmp_path / "stats.sqlite")
    boards = [FourSeasons(seed=i, variant=VARIANTS[i % len(VARIANTS)], hint_seconds=0.05,
                          solve_seconds=0.05, stats=store) for i in range(BOARDS)]
    for w in boards:  # (short analyses: a storm, not a study)
        w._review.max_seconds = 0.2
        w._review.position_nodes = 2000
    died: list[str] = []
    unexpected: list[str] = []
    old_hook = threading.excepthook
    threading.excepthook = lambda args: died.append(f"{args.exc_type.__name__}: {args.exc_value}")

    def actor(k: int) -> None:
        rnd = random.Random(seed * 100 + k)
        for _ in range(STEPS):
            w = rnd.choice(boards)
            try:
                if rnd.random() < 0.7:
                    _comm(w, intent(rnd, w.board, stale=0.1))
                else:
                    python_call(w, rnd)
            except ValueError:  # a refusal from the Python API (IllegalMoveError, RulesError…)
                pass
            except Exception as e:  # anything else is a bug
                unexpected.append(f"{type(e).__name__}: {e}")

    try:
        with caplog.at_level(logging.WARNING):
            threads = [threading.Thread(target=actor, args=(k,)) for k in range(THREADS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(300)
            assert not any(t.is_alive() for t in threads), "an actor is stuck"
            _settle(boards)
    finally:
        threading.excepthook = old_hook
    assert unexpected == [] and died == []
    assert [r.getMessage() for r in caplog.records if "unexpected" in r.getMessage()] == []
    for w in boards:
        _check(w)


# -- the verdicts a search finds are published with the board's state ------------------------
def test_a_loss_proved_by_auto_finish_is_published():
    """Corners deal 4 is lost (proved in a few hundred positions): Auto-finish's search proves
    it; the board says so, not "playing"."""
    w = FourSeasons(seed=4, variant="corners", stats=False)
    assert w.auto_finish(max_seconds=10) == 0
    assert w.game.status == "lost"
    assert w.status == w.board["status"] == "lost"


class CancelledAfterTheSearch(Worker):
    """A worker whose every job is cancelled just after its search ended (Cancel pressed as
    the answer came)."""

    def start(self, kind, position, run, done):
        def run_then_cancel(cancel):
            result = run(cancel)
            cancel.set()
            return result

        return super().start(kind, position, run_then_cancel, done)


@pytest.mark.parametrize("kind", ["hint", "auto_finish", "solve"])
def test_a_loss_proved_by_a_cancelled_search_is_published(kind):
    w = FourSeasons(seed=4, variant="corners", stats=False, hint_seconds=10,
                    solve_seconds=10, worker=CancelledAfterTheSearch())
    assert w.handle_intent({"type": kind, "ply": 0, "version": w.board["version"]})
    _settle([w])
    assert "cancelled" in w.message or w.game.status == "lost"
    assert w.status == w.board["status"] == w.game.status
