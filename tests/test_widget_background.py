"""The board never freezes: Hint and Solve asked from the board run in a worker thread, moves
stay live meanwhile, an answer for a position that has changed is dropped with a message,
Cancel stops a search; a proof of a loss is said once, with the banner; moves made on the board
are followed by the cards that go home by themselves, and one undo takes them all back."""

from __future__ import annotations

import threading

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.automove import after_move
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.table.background import Worker
from fourseasons_widget.table.losses import late_loss


def intent(w: FourSeasons, **kw) -> dict:
    kw.setdefault("ply", w.board["ply"])
    kw.setdefault("version", w.board["version"])
    return kw


def test_worker_runs_one_search_at_a_time_and_hands_over_errors():
    w = Worker()
    gate = threading.Event()
    got = []
    job = w.start("solve", 1, lambda cancel: gate.wait(5) and "done", lambda j, r: got.append(r))
    assert w.busy == "solve"
    with pytest.raises(RuntimeError, match="running"):
        w.start("hint", 1, lambda cancel: None, lambda j, r: None)
    gate.set()
    assert job.wait(5) and got == ["done"] and w.busy == ""
    job = w.start("hint", 2, lambda cancel: 1 / 0, lambda j, r: got.append(r))
    assert job.wait(5) and isinstance(got[-1], ZeroDivisionError)
    assert job.stale_for(3) and not job.stale_for(2)


def test_solver_stops_when_cancelled():
    g = Game.new(seed=1, variant="czarina")  # no win found in seconds: a long search
    cancel = threading.Event()
    cancel.set()
    r = solve(g, budget=Budget(seconds=30, cancel=cancel))
    assert r.verdict == "unknown" and r.seconds < 5


def test_a_hint_from_the_board_runs_in_the_background_and_is_shown():
    w = FourSeasons(seed=7)
    assert w.handle_intent(intent(w, type="hint"))
    job = w._worker.job
    if job is not None:  # (it may already be over)
        assert w.busy == "hint"
        assert job.wait(30)
    assert w.busy == ""
    assert w.board["hint"] is not None and "Hint" in w.message


def test_moves_stay_live_during_a_solve_and_its_stale_answer_is_dropped():
    w = FourSeasons(seed=1, variant="czarina", solve_seconds=20)
    assert w.handle_intent(intent(w, type="solve"))
    job = w._worker.job
    assert job is not None and w.busy == "solve"
    assert w.handle_intent(intent(w, type="turn"))  # served while the search runs
    assert w.game.ply >= 1 and w.busy == "solve"
    assert w.handle_intent(intent(w, type="cancel"))
    assert job.wait(5)
    assert job.cancelled and "cancelled" in w.message.lower()
    assert w.busy == "" and w.replay == {}
    # a search that ends after the position changed: its answer is dropped, with a message
    w2 = FourSeasons(seed=7, solve_seconds=30)
    gate = threading.Event()
    real_solve = solve

    def slow_solve(*a, **kw):
        gate.wait(10)
        return real_solve(*a, **kw)

    import fourseasons_widget.solver.exact as solver_mod

    solver_mod.solve, saved = slow_solve, solver_mod.solve
    try:
        job = w2.solve(background=True)
        w2.handle_intent(intent(w2, type="turn"))
        gate.set()
        assert job.wait(60)
    finally:
        solver_mod.solve = saved
    assert "dropped" in w2.message and w2.replay == {}


def test_a_proof_of_a_loss_is_said_at_once_and_once_with_the_banner():
    w = FourSeasons(seed=0, variant="corners")
    assert w.status == "playing"
    kinds = []
    w.observe(lambda ch: kinds.append(w.message_kind), "message_serial")
    # (the solver's hint: it knows the stock, so it can prove the loss; the fair Hint cannot)
    assert w.handle_intent(intent(w, type="solver_hint"))
    if w._worker.job is not None:
        assert w._worker.job.wait(30)
    assert w.status == "lost" and w.board["status"] == "lost"
    assert "cannot be won" in w.message and kinds.count("lost") == 1
    # moves on from there: still lost, not said again; undo back: still lost (it was proved)
    m = w.game.legal_moves()[0]
    w.handle_intent(intent(w, type="move", card=m.card, source=m.source, target=m.target))
    assert w.status == "lost" and kinds.count("lost") == 1
    w.handle_intent(intent(w, type="undo"))
    assert w.status == "lost"


def _position_with_a_follow_up():
    for seed in range(40):
        g = Game.new(seed=seed)
        for _ in range(150):
            if g.status != "playing" or late_loss(g.rules, g.state):
                break  # (a game proved lost is over: the board takes no move)
            for m in g.legal_moves():
                probe = g.copy()
                probe.play(m)
                if after_move(probe.rules, probe.state):
                    return g, m
            moves = g.legal_moves()
            home = [x for x in moves if x.target.startswith("foundation")]
            if not moves:
                break
            g.play(home[0] if home else moves[(g.ply * 7) % len(moves)])
    raise AssertionError("no position where a move is followed by cards going home")


def test_a_move_on_the_board_sends_safe_cards_home_and_one_undo_takes_all_back():
    g, m = _position_with_a_follow_up()
    w = FourSeasons(game=g.copy())
    start, ply = w.game.state, w.game.ply
    assert w.handle_intent(intent(w, type="move", card=m.card, source=m.source, target=m.target))
    followed = w.game.ply - ply - 1
    assert followed >= 1 and all(w.game.automatic[ply + 1:])
    assert len(w.board["last"]["then"]) == followed
    assert "by themselves" in w.message or "by itself" in w.message
    assert w.handle_intent(intent(w, type="undo"))
    assert w.game.state == start and w.game.ply == ply
    # switched off: the move alone
    w.auto_home = False
    assert w.handle_intent(intent(w, type="move", card=m.card, source=m.source, target=m.target))
    assert w.game.ply == ply + 1
    # a move played from Python is played alone too (scripts replay lines exactly)
    w2 = FourSeasons(game=g.copy())
    w2.play(m)
    assert w2.game.ply == ply + 1


def test_the_board_pings_and_the_kernel_answers():
    w = FourSeasons(seed=7)
    sent = []
    w.send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    w._on_msg(w, {"type": "ping"}, [])
    assert sent == [{"type": "pong"}]


def test_the_switch_interval_is_short_while_a_search_runs_and_restored_after():
    import sys

    from fourseasons_widget.table import background

    before = sys.getswitchinterval()
    seen = []
    w = Worker()
    job = w.start("solve", 0, lambda cancel: seen.append(sys.getswitchinterval()),
                  lambda j, r: None)
    assert job.wait(5)
    assert seen == [pytest.approx(min(before, background.SWITCH_INTERVAL))]
    assert sys.getswitchinterval() == pytest.approx(before)


def test_a_line_found_without_search_is_said_so_honestly():
    from fourseasons_widget.solver.exact import SolveResult
    from fourseasons_widget.widget import _effort

    assert "no search needed" in _effort(SolveResult("won", [], 0, 0.0))
    assert _effort(SolveResult("won", [], 1234, 0.5)) == ("1,234 positions searched, 0.50 s, "
                                                          "Python engine")
    fast = SolveResult("won", [], 1234, 0.5, engine="compiled")
    assert _effort(fast).endswith("0.50 s, compiled engine")  # the board says which answered
