"""The table's controller: one snapshot of what a view shows, who records, resume, the face-down
card never named, Auto-finish says why it stopped (issue 18 items 1, 2, 3, 5, 8; issue 19's
resume refusals).  Plain Python: no front end, no traitlets."""

from __future__ import annotations

import json

import pytest

from fourseasons_widget import FourSeasons, Game, IllegalMoveError
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import CODES, card_name
from fourseasons_widget.model.state import Move
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.solver.players import play_heuristic
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table import recorder
from fourseasons_widget.table.controller import Table


@pytest.fixture
def store(tmp_path) -> Stats:
    recorder._claims.clear()
    return Stats(tmp_path / "stats.sqlite")


def intent(t, **kw):
    b = t.board if isinstance(t, FourSeasons) else t.view["board"]
    kw.setdefault("ply", b["ply"])
    kw.setdefault("version", b["version"])
    return kw


def played(store: Stats) -> dict:
    return {v: s["played"] for v, s in store.summary().items()}


# -- one snapshot ---------------------------------------------------------------------------
def test_the_controller_runs_without_a_front_end_and_publishes_one_snapshot():
    seen = []
    t = Table(Game.new(seed=7), stats=False, on_change=seen.append)
    assert t.intent(intent(t, type="turn"))
    # one change, everything together: the board, the ply and the message arrive at once
    assert {"board", "ply", "message"} <= set(seen[-1])
    assert t.view["board"]["ply"] == t.view["ply"] == t.game.ply == 1
    assert set(t.view["board"]["ui"]) == {"picker", "panel", "offers", "banner", "notice", "rules"}


def test_the_picker_shows_the_variant_dealt_each_time():
    """Item 1: the picker's value is in the snapshot, so it cannot lag a switch behind."""
    w = FourSeasons(seed=3, stats=False)
    shown = []
    for variant in ("czarina", "standard", "simplicity", "czarina"):
        assert w.handle_intent({"type": "new_game", "variant": variant, "seed": 3})
        shown.append(w.board["ui"]["picker"])
        assert w.board["title"] == w.game.rules.title
    assert shown == ["czarina", "standard", "simplicity", "czarina"]


def test_a_panel_opens_closes_and_closes_itself_on_a_new_deal():
    w = FourSeasons(seed=3, stats=False)
    version = w.board["version"]
    assert w.handle_intent({"type": "panel", "panel": "stats"})
    assert w.board["ui"]["panel"] == "stats" and w.board["version"] == version  # not a move
    assert not w.handle_intent({"type": "panel", "panel": "cellar"})
    assert w.board["ui"]["panel"] == "stats"
    assert w.handle_intent({"type": "new_game", "seed": 4})
    assert w.board["ui"]["panel"] == ""


def test_the_banner_offers_are_in_the_snapshot_and_only_those_can_be_taken():
    w = FourSeasons(seed=3, stats=False)
    assert w.board["ui"]["offers"] == [] and w.board["ui"]["banner"] is None
    assert not w.handle_intent({"type": "offer", "id": "next_deal"})  # nothing offered
    assert "offers no" in w.message
    lost = Game.new(seed=11)
    for m in play_heuristic(lost).moves:
        lost.play(m)
    lost.record_lost(lost.state)
    w.game = lost
    ids = [o["id"] for o in w.board["ui"]["offers"]]
    assert w.board["ui"]["banner"]["kind"] == "lost" and "next_deal" in ids and "undo" in ids
    assert w.handle_intent({"type": "offer", "id": "play_again"})
    assert w.game.ply == 0 and w.game.seed == 11 and w.status == "playing"


# -- who records (item 3) and resume (item 2) -----------------------------------------------
def _beginner_lost() -> Game:
    """The demo cell of 01-play: a greedy beginner's lost game of deal 11."""
    beginner = Game.new(seed=11)
    for move in play_heuristic(beginner).moves:
        beginner.play(move)
    return beginner


def test_the_projection_changes_nothing_and_is_what_commit_published(store):
    """Publishing is two steps: ``commit`` (record, end, announce, bump the version) and the
    projection of the state, which a view may ask for any number of times."""
    seen = []
    t = Table(Game.new(seed=7), stats=store, auto_home=False, on_change=seen.append)
    assert t.intent(intent(t, type="turn"))  # a person's move: the game is recorded
    saved = store.unfinished("standard")
    before = (t.view["board"]["version"], t.view["message_serial"], store.summary(),
              store.history(), t.recorder.person, len(seen))
    first, second = t.projection(), t.projection()
    assert (t.view["board"]["version"], t.view["message_serial"], store.summary(),
            store.history(), t.recorder.person, len(seen)) == before
    assert store.unfinished("standard") == saved

    def still(p):  # (the clock runs between two reads)
        return {**p, "board": {k: v for k, v in p["board"].items() if k != "clock"}}

    assert still(first) == still(second)
    published = {k: t.view[k] for k in ("board", "ply", "status", "variant", "seed")}
    assert still(first) == still(published)  # (what the views were shown)
    # the commit step is what moves: a new position, a new version, said once
    t.commit(kind="refresh", message="again")
    assert t.view["board"]["version"] == before[0] + 1
    assert t.view["message_serial"] == before[1] + 1 and len(seen) == before[5] + 1


def test_a_board_built_or_driven_from_python_records_nothing(store):
    lost = FourSeasons(game=_beginner_lost(), stats=store)
    lost.refresh()
    assert lost.analyse().proved and lost.status == "lost"
    scripted = FourSeasons(seed=7, stats=store)
    for m in solve(scripted.game, budget=Budget(positions=200_000)).moves:  # a script wins a deal
        scripted.play(m)
    assert scripted.status == "won"
    scripted.new_game(seed=8)
    scripted.play("turn")
    scripted.new_game(seed=9)  # (and gives one up)
    assert played(store) == {} and store.history() == []
    assert store.unfinished("standard") is None


def test_a_person_s_move_makes_the_game_count(store):
    w = FourSeasons(seed=7, stats=store, auto_home=False)
    w.play("turn")  # a script's move first: nothing yet
    assert store.unfinished("standard") is None
    assert w.handle_intent(intent(w, type="undo"))  # a person's: the game is theirs now
    assert w.handle_intent(intent(w, type="turn"))
    assert store.unfinished("standard") is not None
    w.new_game(seed=8)
    assert played(store) == {"standard": 1}
    assert store.summary()["standard"]["abandoned"] == 1


def test_resume_after_restart_and_run_all(store):
    """Item 2: play 6 moves on the board, restart the kernel, run all the cells of 01-play
    (its boards, its demo moves from Python and the beginner's lost game), then Resume."""
    board = FourSeasons(seed=7, stats=store, auto_home=False)
    for _ in range(6):
        assert board.handle_intent(intent(board, type="turn"))
    state = board.game.state
    recorder._claims.clear()  # Kernel ▸ Restart: no board of the old kernel lives on
    board = FourSeasons(seed=7, stats=store)  # Run All: the cells of 01-play, in order
    demo = FourSeasons(seed=7, stats=store)
    demo.play("TC c1>c4")
    demo.play("3D>f")
    demo.play("turn")
    demo.undo()
    demo.hint(Budget(seconds=0.2))
    practice = FourSeasons(seed=16, stats=store)
    FourSeasons(seed=11, variant="czarina", stats=store)
    lost = FourSeasons(game=_beginner_lost(), stats=store)
    lost.analyse()
    lost.review()
    assert store.unfinished("standard") is not None  # (the lost demo used to clear it)
    assert practice.board["ui"]["banner"]["kind"] == "resume"
    offers = [o["id"] for o in board.board["ui"]["offers"]]
    assert offers == ["resume", "cancel"] and board.board["resume"]["moves"] == 6
    assert board.handle_intent({"type": "offer", "id": "resume"})
    assert board.ply == 6 and board.game.state == state
    assert played(store) == {}  # Run All recorded nothing


def _a_saved_game(store: Stats, moves: int = 6) -> Game:
    """A person played ``moves`` turns on deal 7 and left it (then the kernel restarted)."""
    board = FourSeasons(seed=7, stats=store, auto_home=False)
    for _ in range(moves):
        assert board.handle_intent(intent(board, type="turn"))
    recorder._claims.clear()  # Kernel ▸ Restart: no board of the old kernel lives on
    return board.game


def _offered(w) -> bool:
    b = w.board if isinstance(w, FourSeasons) else w.view["board"]
    ui = b["ui"]
    return (b["resume"] is not None or (ui["banner"] or {}).get("kind") == "resume"
            or any(o["id"] == "resume" for o in ui["offers"]))


def test_no_resume_offer_over_a_position_given_by_code(store):
    """The notebook author's position (game=, deck=, a loaded save, w.game = g) is shown as
    given: no banner "an unfinished game was kept" covers it; a board dealt from a seed, a
    PySolFC number or at random still offers the player's saved game."""
    saved = _a_saved_game(store)
    deck = " ".join(CODES[c] for c in Game.new(seed=3).deck)
    given = [FourSeasons(game=Game.new(seed=3), stats=store),
             FourSeasons(game=Game.from_json(Game.new(seed=4).to_json()), stats=store),
             FourSeasons(deck=deck, stats=store)]
    for w in [*given, Table(Game.new(seed=5), stats=store, given=True)]:
        assert not _offered(w), w
        if isinstance(w, FourSeasons):
            assert not w.handle_intent({"type": "offer", "id": "resume"})
            assert w.ply == 0 and w.game.seed != 7
    w = FourSeasons(seed=9, stats=store)
    w.game = Game.new(seed=10)  # a game set from Python: given too
    assert not _offered(w)
    for dealt in (FourSeasons(stats=store), FourSeasons(seed=9, stats=store),
                  FourSeasons(pysol=5, stats=store)):
        assert _offered(dealt) and dealt.board["resume"]["moves"] == 6
    # Next deal on a given board: a fresh deal the notebook did not fix — the offer is back
    g = given[0]
    assert g.handle_intent({"type": "new_game"})
    assert _offered(g)
    assert g.handle_intent({"type": "offer", "id": "resume"})
    assert g.game.state == saved.state and g.ply == 6


def test_no_resume_offer_on_a_dealt_board_that_code_drove(store):
    """01-play's demo board: dealt from a seed, then driven from Python (even back to the
    deal) — it is the notebook's, not a deal waiting for the player."""
    _a_saved_game(store)
    demo = FourSeasons(seed=7, stats=store)
    demo.play("turn")
    demo.undo()
    assert demo.ply == 0 and not _offered(demo)
    assert store.unfinished("standard") is not None


def test_a_position_given_by_code_never_touches_the_player_s_saved_game(store):
    """A person may play on a given position (an exercise, the beginner's lost game): nothing
    of it is recorded, and the player's unfinished game is neither overwritten nor cleared."""
    saved = _a_saved_game(store)
    for w in (FourSeasons(game=Game.new(seed=3), stats=store, auto_home=False),
              FourSeasons(game=_beginner_lost(), stats=store, auto_home=False)):
        w.refresh()
        for kind in ("undo", "turn", "undo") if w.ply else ("turn", "turn", "undo", "undo"):
            if kind == "turn" and not any(m.source == "stock" for m in w.game.legal_moves()):
                continue
            assert w.handle_intent(intent(w, type=kind)), w.message
        assert w.board["clock"] is not None
        kept = store.unfinished("standard")
        assert kept is not None and Game.from_json(kept[0]).state == saved.state
        w.handle_intent({"type": "new_game", "seed": 1})  # (given up: not recorded either)
    lost = FourSeasons(game=_beginner_lost(), stats=store)
    assert lost.analyse().proved and lost.status == "lost"
    assert lost.handle_intent({"type": "offer", "id": "play_again"})  # the same position again
    assert lost.handle_intent(intent(lost, type="turn")) and not _offered(lost)
    lost.handle_intent({"type": "new_game", "seed": 2})
    assert played(store) == {} and store.history() == []
    kept = store.unfinished("standard")
    assert kept is not None and Game.from_json(kept[0]).state == saved.state


def test_resume_is_refused_over_a_game_in_progress_and_a_game_is_never_played_twice(store):
    """Issue 19: board 1 in progress never loads board 2's game; two boards of one variant
    never both play one saved game (recorded twice, or lost)."""
    one = FourSeasons(seed=5, stats=store, auto_home=False)
    two = FourSeasons(seed=6, stats=store, auto_home=False)
    assert two.handle_intent(intent(two, type="turn"))
    assert one.handle_intent(intent(one, type="turn"))  # board 1's game is saved now
    state = one.game.state
    with pytest.raises(IllegalMoveError, match="in progress"):
        two.resume()
    assert not two.handle_intent({"type": "resume"})
    assert two.game.seed == 6 and two.ply == 1
    three = FourSeasons(seed=9, stats=store)  # a fresh board of this kernel: board 1 plays it
    assert three.board["resume"] is None and three.board["ui"]["banner"] is None
    assert not three.handle_intent({"type": "resume"}) and "another board" in three.message
    assert three.game.seed == 9 and one.game.state == state
    # when board 1 finishes (gives up), each game was recorded once
    one.handle_intent({"type": "new_game", "seed": 1})
    two.handle_intent({"type": "new_game", "seed": 2})
    assert store.summary()["standard"]["abandoned"] == 2


def test_a_saved_game_of_another_variant_or_finished_is_not_resumed(store):
    won = Game.new(seed=7, variant="simplicity")
    for m in solve(won, budget=Budget(positions=300_000)).moves:
        won.play(m)
    store.save_unfinished("corners", won.to_json(), 10.0)  # a tampered record
    w = FourSeasons(seed=3, variant="corners", stats=store)
    assert not w.handle_intent({"type": "resume"})
    assert w.game.variant == "corners" and w.ply == 0
    assert played(store) == {}


# -- the face-down card (item 5) ------------------------------------------------------------
def _stock_words(game: Game) -> list[str]:
    return [w for c in game.state.stock for w in (CODES[c], card_name(c))]


def test_legal_moves_never_name_the_face_down_card():
    g = Game.new(seed=7)
    printed = repr(g.legal_moves())
    assert "source='stock'" in printed
    assert [w for w in _stock_words(g) if w in printed] == []
    # the move itself still plays, and its notation (what a save keeps) reads back
    m = next(m for m in g.legal_moves() if m.source == "stock")
    assert g.copy().play(m) == m and Move.parse(str(m)) == m


def test_a_hint_to_turn_the_stock_never_names_its_card():
    """Deal 37's only move is the turn: the hint says "turn the stock", as advice, and nothing
    the board publishes names a face-down card."""
    w = FourSeasons(seed=37, stats=False)
    assert [m.source for m in w.game.legal_moves()] == ["stock"]
    h = w.hint(Budget(seconds=1))
    assert h.verdict == "lost" or "turn the stock" in h.text
    assert "turned" not in h.text
    published = json.dumps([w.board, w.message, w.replay, w.analysis])
    hidden = [x for x in _stock_words(w.game) if x in published]
    assert hidden == []


def test_after_a_turn_the_card_turned_is_named():
    w = FourSeasons(seed=37, stats=False)
    card = CODES[w.game.state.stock[0]]
    w.play("turn")
    assert card_name(w.game.state.waste[-1]) in w.message and w.board["waste"] == [card]


# -- Auto-finish says why it stopped (item 8) -------------------------------------------------
def test_auto_finish_says_why_it_stopped():
    line = solve(Game.new(seed=1), budget=Budget(positions=30_000)).moves
    home = [m.target.startswith("foundation") for m in line]
    i = next(i for i in range(6, len(line) - 1) if home[i] and not home[i + 1] and not home[i - 1])
    w = FourSeasons(seed=1, stats=False, auto_home=False)
    for m in line[:i]:
        w.play(m)
    n = w.auto_finish(Budget(seconds=10))
    assert w.status == "playing"
    if n:  # it played some and stopped: the message says why, and so does the banner's notice
        assert "stopped because" in w.message and w.board["ui"]["notice"] == w.message
    else:
        assert "played nothing:" in w.message


# -- demo mode and the history ----------------------------------------------------------------
def _demo_board(store=None) -> FourSeasons:
    from fourseasons_widget.table.background import ForegroundWorker

    # a foreground worker: the demo's search ends before the intent returns
    return FourSeasons(seed=7, stats=store if store is not None else False, solve_seconds=30,
                       worker=ForegroundWorker(30))


def test_a_demo_plays_the_solver_s_line_step_by_step_and_records_nothing(store):
    w = _demo_board(store)
    assert w.board["demo"] is None
    assert w.handle_intent({"type": "demo", "action": "start"})
    d = w.board["demo"]
    assert d["running"] and not d["paused"] and d["step"] == 0 and d["of"] > 0
    assert d["speed_ms"] > 0
    for i in range(3):
        assert w.handle_intent({"type": "demo", "action": "step"})
        assert w.board["demo"]["step"] == i + 1 and w.ply == i + 1
    assert w.handle_intent({"type": "demo", "action": "pause"}) and w.board["demo"]["paused"]
    assert w.handle_intent({"type": "demo", "action": "stop"})
    assert w.ply == 0 and w.board["demo"] is None
    assert played(store) == {} and store.unfinished("standard") is None
    assert not w.handle_intent({"type": "demo", "action": "dance"})
    assert not w.handle_intent({"type": "demo", "action": "step"})  # none running


def test_a_move_by_hand_ends_the_demo_and_take_over_hands_the_game_over():
    w = _demo_board()
    assert w.handle_intent({"type": "demo", "action": "start"})
    assert w.handle_intent({"type": "demo", "action": "step"})
    assert w.handle_intent(intent(w, type="undo"))  # the player's own move
    assert w.board["demo"] is None
    assert w.handle_intent({"type": "demo", "action": "start"})
    assert w.handle_intent({"type": "demo", "action": "step"})
    assert w.handle_intent({"type": "demo", "action": "take_over"})
    assert w.board["demo"] is None and w.ply == 1


def test_a_lost_game_of_the_history_is_dealt_again_with_how_it_could_have_been_won(store):
    w = FourSeasons(seed=7, stats=store, auto_home=False, solve_seconds=30)
    assert w.handle_intent(intent(w, type="turn"))
    w.game.record_lost(w.game.state)  # (as a search would: this game is lost)
    w.refresh()
    assert w.status == "lost"
    rows = w.board["history"]
    assert rows[0]["result"] == "lost" and rows[0]["deal"] == "seed 7"
    w.new_game(seed=3)
    assert w.handle_intent({"type": "how_won", "id": rows[0]["id"]})
    if w._worker.job is not None:
        assert w._worker.job.wait(60)
    assert w.game.seed == 7 and w.ply == 0
    assert w.replay == {} or w.replay["verdict"] == "won"
    assert not w.handle_intent({"type": "how_won", "id": 10**6})
    assert not w.handle_intent({"type": "how_won", "id": "1"})


def test_a_demo_found_in_the_foreground_says_so_last():
    """Without threads (Pyodide, the JupyterLite site) the demo's search ends before the intent
    returns: what it found is the last word, not "the solver looks for a win…" left over."""
    w = _demo_board()
    assert w.handle_intent({"type": "demo", "action": "start"})
    assert w.board["demo"] is not None
    assert w.message_kind != "busy" and w.message.startswith("Demo: the solver plays a win")
