"""Statistics per variant in SQLite, the clock, the unfinished game kept for a later session."""

from __future__ import annotations

import time

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.store import stats as stats_mod
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table import recorder
from fourseasons_widget.table.recorder import Recorder


@pytest.fixture
def store(tmp_path) -> Stats:
    return Stats(tmp_path / "stats.sqlite")


def test_summary_counts_streaks_and_bests(store):
    for result, moves, secs in [("won", 130, 400.0), ("won", 110, 500.0), ("lost", 60, 90.0),
                                ("won", 150, 300.0), ("abandoned", 5, 10.0)]:
        store.record("czarina", result, moves=moves, seconds=secs)
    store.record("standard", "won", moves=99, seconds=99.0)
    s = store.summary()
    c = s["czarina"]
    assert (c["played"], c["won"], c["lost"], c["abandoned"]) == (5, 3, 1, 1)
    assert c["streak"] == 0 and c["best_streak"] == 2  # the give-up ended the streak
    assert c["best_moves"] == 110 and c["best_seconds"] == 300.0
    assert store.summary("standard") == {"standard": s["standard"]}
    with pytest.raises(ValueError):
        store.record("czarina", "drawn", moves=1, seconds=1)


def test_the_store_lives_in_the_data_dir_named_by_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(stats_mod.ENV, str(tmp_path / "elsewhere"))
    assert stats_mod.default_path() == tmp_path / "elsewhere" / "stats.sqlite"
    Stats().record("standard", "lost", moves=3, seconds=1.0)
    assert stats_mod.summary()["standard"]["lost"] == 1
    monkeypatch.delenv(stats_mod.ENV)
    from jupyter_core.paths import jupyter_data_dir

    assert stats_mod.data_dir() == type(stats_mod.data_dir())(jupyter_data_dir()) / "fourseasons-widget"


def test_the_clock_runs_from_the_first_move_and_pauses(store):
    t = Recorder(store)
    g = Game.new(seed=3)
    t.start(g)
    assert not t.running and t.seconds == 0
    g.play("turn")
    t.changed(g, by_person=True)
    assert t.running
    t.pause(True)
    frozen = t.seconds
    time.sleep(0.05)
    assert t.seconds == frozen and not t.running
    t.pause(False)
    time.sleep(0.02)
    assert t.seconds > frozen


def intent(w, **kw):
    kw.setdefault("ply", w.board["ply"])
    kw.setdefault("version", w.board["version"])
    return kw


def test_a_board_records_games_played_on_it_and_offers_the_unfinished_one(store):
    w = FourSeasons(seed=5, stats=store)
    assert w.board["stats"] is None and w.board["resume"] is None
    assert w.handle_intent(intent(w, type="turn"))
    assert w.board["clock"]["running"]
    saved = store.unfinished("standard")
    assert saved is not None and Game.from_json(saved[0]).ply == w.game.ply
    # a second board (a later session: a new kernel, where no board plays it) offers it
    recorder._claims.clear()
    w2 = FourSeasons(seed=9, stats=store)
    assert w2.board["resume"]["moves"] == w.game.ply
    assert w2.handle_intent({"type": "resume"})
    assert w2.game.state == w.game.state and w2.game.seed == 5
    # a new deal over a game in progress: recorded as given up
    assert w2.handle_intent({"type": "new_game", "seed": 11})
    assert store.summary()["standard"]["abandoned"] == 1
    assert w2.board["stats"]["played"] == 1
    # a script's moves are not a player's game
    w3 = FourSeasons(seed=12, stats=store)
    w3.play("turn")
    w3.new_game(seed=13)
    assert store.summary()["standard"]["abandoned"] == 1


def test_a_won_game_is_recorded_once_with_its_moves(store):
    from fourseasons_widget.solver.exact import solve

    w = FourSeasons(seed=7, stats=store)
    w.auto_home = False
    for m in solve(w.game, budget=Budget(seconds=30)).moves:
        # (as the board does: the stock card is face down, a turn names none)
        assert w.handle_intent(intent(w, type="turn") if m.source == "stock" else
                               intent(w, type="move", card=m.card, source=m.source,
                                      target=m.target))
    assert w.status == "won"
    w.refresh()
    s = store.summary()["standard"]
    assert s["won"] == 1 and s["played"] == 1 and s["best_moves"] == w.game.ply
    assert store.unfinished("standard") is None


def test_stats_off_records_nothing(tmp_path):
    w = FourSeasons(seed=5, stats=False)
    assert w.handle_intent(intent(w, type="turn"))
    assert w.board["stats"] is None and w.board["clock"]["running"]
    assert w._tracker.store is None


def test_a_board_does_not_offer_its_own_game_and_a_game_back_at_the_deal_is_not_kept(store):
    w = FourSeasons(seed=5, stats=store)
    assert w.handle_intent(intent(w, type="turn"))
    assert w.handle_intent(intent(w, type="undo"))
    assert w.board["resume"] is None
    assert store.unfinished("standard") is None


def test_a_lost_game_takes_no_move_on_so_the_board_and_stats_count_alike(store):
    """Issue 35: "Moves 79 on the board, 78 in Stats".  A game is recorded when it is proved
    lost, often with legal moves left (a turn, a tableau move): one more by the player made the
    board count 79 while the statistics kept the 78 of the loss.  The game is over there, as a
    won one is: a move or a turn is refused with the reason, and undo takes the board back."""
    import random

    from fourseasons_widget.table import controller

    rng = random.Random(3)
    w = FourSeasons(seed=3, stats=store, analyse_on_loss=False)
    while w.status == "playing":  # a player's random moves, by intents, to the proved loss
        card, source, target = rng.choice(w.board["legal"])
        assert w.handle_intent(intent(w, type="turn") if source == "stock" else
                               intent(w, type="move", card=card, source=source, target=target))
    assert w.status == "lost" and w.board["legal"], "a loss with moves left is the case here"
    at = w.board["ply"]
    for card, source, target in w.board["legal"]:
        tried = (intent(w, type="turn") if source == "stock" else
                 intent(w, type="move", card=card, source=source, target=target))
        assert not w.handle_intent(tried)
        assert w.message == controller.LOST_NO_MOVES and w.message_kind == "refusal"
    store.flush()
    row = w.board["history"][0]
    assert (row["result"], row["moves"]) == ("lost", at) and w.board["ply"] == at
    # undo takes the board back into play (the game stays counted once, as it was lost)
    assert w.handle_intent(intent(w, type="undo")) and w.board["ply"] < at
    store.flush()
    assert store.summary()["standard"]["played"] == 1
