"""The board's "Where did I go wrong?": the analysis in a worker thread, published in the
``analysis`` trait, the review intent that rewinds the board, and stale results dropped."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from fourseasons_widget import Game
from fourseasons_widget.widget import FourSeasons

GAMES = json.loads((Path(__file__).parent / "data" / "lost_games.json").read_text())
LATE = min(GAMES, key=lambda g: len(g["moves"]) - g["turning_point"])  # a cheap one


def board_for(game: dict, upto: int | None = None, **kw) -> FourSeasons:
    g = Game.new(seed=game["seed"], variant=game["variant"])
    for m in game["moves"][:upto]:
        g.play(m)
    return FourSeasons(game=g, **kw)


def intent(w: FourSeasons, kind: str, **fields) -> bool:
    return w.handle_intent({"type": kind, "ply": w.ply, "version": w.board["version"], **fields})


def finish(w: FourSeasons) -> None:
    assert w._review.done.wait(120), "the analysis did not end"


def test_analyse_publishes_the_move_list_and_the_turning_point():
    w = board_for(LATE, analyse_on_loss=False)
    k = LATE["turning_point"]
    a = w.analyse()
    assert a.turning_point == k and a.proved
    data = w.analysis
    assert data["state"] == "done" and data["turning_point"] == k
    assert [m[3] for m in data["moves"]] == LATE["moves"]
    assert data["verdicts"][k] == "won" and data["verdicts"][k + 1] == "lost"
    assert data["played"] == [a.played.card, a.played.source, a.played.target]
    assert data["better"] == [a.better.card, a.better.source, a.better.target]
    # the verdict in words on the board (the library's a.text keeps the notation), said once:
    # in the panel; the status line points to it (issue 35, item 8)
    assert f"({a.played})" in a.text and f"({a.played})" not in data["text"]
    assert "lost the game" in data["text"] and " of " in data["text"]
    assert "under the board" in w.message and data["text"] not in w.message
    json.dumps(data)  # plain data for the front end


def test_a_losing_move_on_the_board_starts_the_analysis_in_the_background():
    k = LATE["turning_point"]
    w = board_for(LATE, upto=k)
    assert w.status == "playing" and w.analysis == {}
    m = w.game.parse_move(LATE["moves"][k])
    if m.source == "stock":  # (the stock card is face down: the board's intent names none)
        assert intent(w, "turn")
    else:
        assert intent(w, "move", card=m.card, source=m.source, target=m.target)
    assert w.status == "lost"  # (this fixture's deviation is lost at once, by the status)
    assert w.analysis["state"] in ("running", "done")  # the board did not wait for it
    finish(w)
    assert w.analysis["state"] == "done" and w.analysis["turning_point"] == k


def test_a_losing_move_from_python_does_not_start_it():
    # (a notebook's own code playing a board into a loss is not slowed by a background search)
    k = LATE["turning_point"]
    w = board_for(LATE, upto=k)
    w.play(LATE["moves"][k])
    assert w.status == "lost" and w.analysis == {} and w._review.done.is_set()


def test_review_rewinds_to_the_turning_point_and_redo_returns():
    w = board_for(LATE, analyse_on_loss=False)
    n = w.ply
    a = w.analyse()
    k = a.turning_point
    assert intent(w, "review", at=k)
    assert w.ply == k
    assert w.board["can_redo"] and len(w.game.redo_line) == n - k
    assert w.game.redo_line[0] == a.played
    review = w.analysis["review"]
    assert review == {"at": k, "played": [a.played.card, a.played.source, a.played.target],
                      "better": [a.better.card, a.better.source, a.better.target],
                      "verdict": "won"}
    # the winning line is ready for the replay bar, not started by itself
    assert w.replay["autoplay"] is False and len(w.replay["frames"]) == len(a.line) + 1
    assert w.replay["moves"][0][:3] == review["better"]
    # redo plays the game on: the analysis stays (same game), the review marks go
    assert intent(w, "redo")
    assert w.analysis["state"] == "done" and w.analysis["review"] is None
    # back to the end of the game, then to an earlier move: no winning line there
    assert intent(w, "review", at=0)
    assert w.ply == 0 and w.analysis["review"]["better"] is None and not w.replay


def test_review_refuses_bad_plies_and_changes_nothing():
    w = board_for(LATE, analyse_on_loss=False)
    assert not intent(w, "review", at=3)  # nothing analysed yet
    assert "Where did I go wrong" in w.message
    w.analyse()
    ply, version = w.ply, w.board["version"]
    for bad in (-1, w.ply, 10**9, "3", None, True, 2.5):
        assert not intent(w, "review", at=bad)
        assert (w.ply, w.board["version"]) == (ply, version)
        assert len(w.message) < 200
    assert not w.handle_intent({"type": "review", "at": 1, "ply": ply - 1, "version": version})
    assert w.ply == ply


def test_a_new_move_after_rewinding_drops_the_analysis():
    w = board_for(LATE, analyse_on_loss=False)
    a = w.analyse()
    w.review()
    assert w.ply == a.turning_point
    w.play(a.better)  # a different move: the game is no longer the one analysed
    assert w.analysis == {} and w._review.analysis is None


def test_a_result_that_arrives_after_the_game_changed_is_dropped(monkeypatch):
    from fourseasons_widget.table import review

    w = board_for(LATE, analyse_on_loss=False)
    gate = threading.Event()
    real = review.analyse_line

    def slow_analysis(*args, **kwargs):  # the worker's answer comes after the game changed
        a = real(*args, **kwargs)
        gate.wait(30)
        return a

    monkeypatch.setattr(review, "analyse_line", slow_analysis)
    w._review.start(wait=False)
    assert w.analysis["state"] == "running"
    w.game = Game.new(seed=1)  # another game, while the worker runs
    gate.set()
    finish(w)
    assert w.analysis == {} and w._review.analysis is None


def test_stop_intent_stops_a_running_analysis():
    w = board_for(GAMES[0], analyse_on_loss=False)
    w._review.max_seconds = 60
    assert intent(w, "analyse")
    assert w.analysis["state"] == "running"
    assert intent(w, "analysis_stop")
    finish(w)
    assert w.analysis == {} and w.message == "Analysis stopped"
    assert not intent(w, "analysis_stop")  # nothing running now


def test_an_analysis_cut_short_can_look_longer():
    w = board_for(LATE, analyse_on_loss=False)
    assert not intent(w, "analyse", longer=True)  # nothing to look longer at yet
    assert "cut short" in w.message
    w._review.max_seconds = 0.001  # out of time before the first position
    assert intent(w, "analyse")
    finish(w)
    assert w.analysis["complete"] is False and w._review.analysis.turning_point is None
    assert "cut short" in w.analysis["text"]
    w._review.max_seconds = 15  # "look longer": four times this, and the nodes
    assert intent(w, "analyse", longer=True)
    assert w.analysis["state"] == "running"
    finish(w)
    assert w._review.factor == 4 and w.analysis["complete"] is True
    assert w._review.analysis.turning_point == LATE["turning_point"]
    assert not intent(w, "analyse", longer=True)  # complete now: nothing more to look for


def test_analyse_refused_before_any_move():
    w = FourSeasons(seed=3)
    assert not intent(w, "analyse")
    assert "nothing has been played" in w.message and w.analysis == {}
