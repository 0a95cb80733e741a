"""The post-loss tools work together (issue 26, item 3): "How could it have been won?" shows the
solver's winning line on the same deal without destroying the player's game — one click
("Back to my game") restores the very game lost, with its history, and "Where did I go wrong?"
stays usable after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourseasons_widget import FourSeasons, recorder
from fourseasons_widget.background import ForegroundWorker
from fourseasons_widget.stats import Stats

GAMES = json.loads((Path(__file__).parent / "data" / "lost_games.json").read_text())
LATE = min(GAMES, key=lambda g: len(g["moves"]) - g["turning_point"])  # a cheap one


@pytest.fixture
def store(tmp_path) -> Stats:
    recorder._claims.clear()
    return Stats(tmp_path / "stats.sqlite")


def play_by_hand(w: FourSeasons, notation: str) -> None:
    m = w.game.parse_move(notation)
    b = w.board
    if m.source == "stock" and m.target == "waste":
        c = {"type": "turn"}
    else:  # (a move from the stock names no card: it is face down)
        c = {"type": "move", "card": None if m.source == "stock" else m.card,
             "source": m.source, "target": m.target}
    assert w.handle_intent({**c, "ply": b["ply"], "version": b["version"]}), w.message


def lost_on_the_board(store: Stats) -> FourSeasons:
    w = FourSeasons(seed=LATE["seed"], variant=LATE["variant"], stats=store, auto_home=False,
                    solve_seconds=30)
    for notation in LATE["moves"]:
        play_by_hand(w, notation)
    assert w.status == "lost"
    assert w._review.done.wait(120)  # "Where did I go wrong?" ran by itself after the loss
    assert w.analysis["state"] == "done"
    return w


def test_how_it_could_have_been_won_keeps_the_lost_game_one_click_away(store):
    w = lost_on_the_board(store)
    lost = w.game
    history, status, ply = lost.history, lost.status, lost.ply
    analysis = dict(w.analysis)
    store.flush()
    row = w.board["history"][0]
    assert row["result"] == "lost" and 0 < row["moves"] <= ply  # (recorded when proved lost)
    assert w.handle_intent({"type": "how_won", "id": row["id"]})
    if w._worker.job is not None:
        assert w._worker.job.wait(60)
    # the same deal, at the deal, with the solver's line to replay
    assert w.game is not lost and w.ply == 0 and w.game.seed == LATE["seed"]
    assert w.replay["verdict"] == "won" and len(w.replay["moves"]) > 0
    offers = [(o["id"], o["label"], o["enabled"]) for o in w.board["ui"]["offers"]]
    assert offers == [("my_game", "Back to my game", True)]
    assert "kept" in w.board["ui"]["banner"]["text"]
    # one click: the very game lost, its moves, its status, its analysis
    assert w.handle_intent({"type": "offer", "id": "my_game"})
    assert w.game is lost
    assert (w.game.history, w.status, w.ply) == (history, status, ply)
    assert w.board["can_undo"] and w.board["ui"]["offers"][0]["id"] == "undo"
    assert w.analysis == analysis
    # "Where did I go wrong?" still works: the review rewinds to the turning point
    k = analysis["turning_point"]
    b = w.board
    assert w.handle_intent({"type": "review", "at": k, "ply": b["ply"], "version": b["version"]})
    assert w.ply == k and w.analysis["review"]["at"] == k
    # nothing was recorded twice, nor the shown deal as the player's
    store.flush()
    assert store.summary()[LATE["variant"]]["played"] == 1
    assert not w.handle_intent({"type": "offer", "id": "my_game"})  # (offered no more)


def test_a_new_deal_over_the_shown_deal_lets_the_kept_game_go(store):
    w = lost_on_the_board(store)
    store.flush()
    row = w.board["history"][0]
    w._table.worker = ForegroundWorker(0.01)  # (the line need not be found for this)
    assert w.handle_intent({"type": "how_won", "id": row["id"]})
    assert [o["id"] for o in w.board["ui"]["offers"]] == ["my_game"]
    assert w.handle_intent({"type": "new_game", "seed": 4})
    assert w.board["ui"]["offers"] == []
    assert not w.handle_intent({"type": "offer", "id": "my_game"})
