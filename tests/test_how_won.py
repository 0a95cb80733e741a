"""The post-loss tools work together (issue 26, item 3): "How could it have been won?" shows the
solver's winning line on the same deal without destroying the player's game — one click
("Back to my game") restores the very game lost, with its history, and "Where did I go wrong?"
stays usable after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourseasons_widget import Budget, FourSeasons
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table import recorder
from fourseasons_widget.table.background import ForegroundWorker

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
        if w.status == "lost":  # (proved lost: the game is over, the moves after it refused)
            break
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
    assert row["result"] == "lost" and row["moves"] == ply  # (recorded when proved lost, the end)
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


# -- the service alone (fourseasons_widget/table/how_won.py), through its host protocol ----------------

class FakeStore:
    def __init__(self, rows, written=None):
        self.rows, self.written = rows, written or {}

    def history(self, variant=None, limit=50):
        return self.rows[:limit]

    def real_id(self, game_id):
        return self.written.get(game_id, game_id)


class FakeHost:
    """A table as "How could it have been won?" sees it."""

    def __init__(self, game, rows, *, busy="", in_progress=False, written=None):
        import threading
        from types import SimpleNamespace

        self.game, self.lock, self.solve_seconds, self.replay = game, threading.RLock(), 2.0, {}
        self.worker = SimpleNamespace(busy=busy)
        self.recorder = SimpleNamespace(store=FakeStore(rows, written),
                                        in_progress=lambda g: in_progress)
        self.unstashed, self.searched, self.dealt = [], [], []
        self.review = SimpleNamespace(stash=lambda: "analysis", unstash=self.unstashed.append)
        self.advisor = SimpleNamespace(
            search=lambda kind, seconds, show: self.searched.append((kind, seconds)),
            show_solution=None)

    def deal(self, game, message, *, given=False, keep=None):
        self.dealt.append((game, message, given, keep))
        self.game = game
        self.service.kept = keep
        return game


def service(game, rows, **kw):
    from fourseasons_widget.table.how_won import HowWon

    host = FakeHost(game, rows, **kw)
    host.service = HowWon(host)
    return host, host.service


LOST = {"id": 7, "result": "lost", "variant": "czarina", "seed": 21, "deal": "seed 21",
        "options": {"rules": "pysol"}}


def lost_game():
    from fourseasons_widget import Game

    g = Game.new(seed=21, variant="czarina")
    g.play("turn")
    return g


def test_the_service_deals_the_lost_game_again_and_keeps_the_player_s():
    mine = lost_game()
    host, s = service(mine, [{"id": 3, "result": "won", "variant": "standard", "seed": 1}, LOST])
    game = s.show(7)
    assert (game.seed, game.variant, game.rules.rules, game.ply) == (21, "czarina", "pysol", 0)
    ((dealt, message, given, keep),) = host.dealt
    assert dealt is game and given and keep == (mine, "analysis")
    assert message == "Czarina (PySolFC): seed 21 again — how it could have been won"
    assert host.searched == [("solve", 2.0)]
    assert s.kept_title() == f"{mine.rules.title}, move 1, playing"
    # a second game shown meanwhile keeps the first one the player's
    s.show(7)
    assert host.dealt[-1][3] == (mine, "analysis")
    assert s.back_to_my_game() is mine and host.game is mine
    assert host.dealt[-1][2:] == (True, None) and host.unstashed == ["analysis"]
    assert s.kept is None and s.kept_title() is None


def test_a_game_shown_with_a_provisional_id_is_found_by_its_id_in_the_file():
    _host, s = service(lost_game(), [LOST], written={-4: 7})
    assert s.show(-4).seed == 21


@pytest.mark.parametrize("row_id,rows,kw,error", [
    (8, [LOST], {}, "there is no game 8 in the history"),
    (3, [{**LOST, "id": 3, "result": "won"}], {}, "only a lost game is shown again"),
    (7, [LOST], {"in_progress": True}, "a game is in progress on this board"),
    (7, [LOST], {"busy": "hint"}, "the solver is busy with a hint"),
    (7, [{**LOST, "seed": None, "deal": ""}], {}, "that game's deal was not kept"),
    (7, [{**LOST, "deal": "PySolFC nonsense"}], {}, "that game cannot be dealt again"),
    (7, [{**LOST, "variant": "no such"}], {}, "that game cannot be dealt again"),
])
def test_the_service_refuses_and_changes_nothing(row_id, rows, kw, error):
    mine = lost_game()
    host, s = service(mine, rows, **kw)
    with pytest.raises(ValueError, match=error):
        s.show(row_id)
    assert host.game is mine and host.dealt == [] and host.searched == [] and s.kept is None
    with pytest.raises(ValueError, match="no game of yours is kept"):
        s.back_to_my_game()


# -- after the loss, as the player meets it (issue 35, items 1, 2 and 5) -------------------------

def test_the_banner_promises_a_winning_line_only_when_the_solver_found_one():
    from fourseasons_widget import Game
    from fourseasons_widget.table.offers import BannerState, banner

    g = Game.new(seed=7)
    said = {line: banner(BannerState(g, "playing", back="move 40, lost", line=line))
            for line in ("searching", "won", "unknown", None)}
    for line, b in said.items():
        assert [o["id"] for o in b["offers"]] == ["my_game"]
        assert "(move 40, lost) is kept" in b["banner"]["text"]
        assert ("winning line" in b["banner"]["text"]) == (line == "won"), (line, b)
    assert "looking" in said["searching"]["banner"]["text"]
    assert "found no win" in said["unknown"]["banner"]["text"]


def test_no_win_found_the_banner_says_so(store, monkeypatch):
    """Deal # 617's case: the solver found no win within its time; the banner must not promise
    its winning line (the status line says "No win found")."""
    from fourseasons_widget.solver import exact

    w = lost_on_the_board(store)
    store.flush()
    row = w.board["history"][0]
    real = exact.solve

    def no_win(game, **kw):
        r = real(game, budget=Budget(positions=1))
        assert r.verdict == "unknown"
        return r

    monkeypatch.setattr(exact, "solve", no_win)
    assert w.handle_intent({"type": "how_won", "id": row["id"]})
    if w._worker.job is not None:
        assert w._worker.job.wait(60)
    text = w.board["ui"]["banner"]["text"]
    assert "winning line" not in text and "found no win" in text, text
    assert "No win found" in w.message


def test_over_a_game_in_progress_it_asks_as_new_deal_does(store):
    w = lost_on_the_board(store)
    store.flush()
    row = w.board["history"][0]
    w.new_game(seed=7)
    b = w.board
    assert w.handle_intent({"type": "turn", "ply": b["ply"], "version": b["version"]})
    mine = w.game
    # without "ask" (a script): refused, nothing changed
    assert not w.handle_intent({"type": "how_won", "id": row["id"]})
    assert "in progress" in w.message and w.game is mine
    # from the Stats panel: asked on the banner, the panel closed so that it is seen
    assert w.handle_intent({"type": "panel", "panel": "stats"})
    assert w.handle_intent({"type": "how_won", "id": row["id"], "ask": True})
    ui = w.board["ui"]
    assert ui["panel"] == "" and ui["banner"]["kind"] == "confirm"
    assert "could have been won" in ui["banner"]["text"] and "given up" in ui["banner"]["text"]
    assert [o["id"] for o in ui["offers"]] == ["confirm", "cancel"]
    assert w.handle_intent({"type": "offer", "id": "cancel"})
    assert w.game is mine and w.ply == 1
    # asked again and confirmed: the lost deal shown, the game given up one click away
    assert w.handle_intent({"type": "how_won", "id": row["id"], "ask": True})
    assert w.handle_intent({"type": "offer", "id": "confirm"})
    if w._worker.job is not None:
        assert w._worker.job.wait(60)
    assert w.game.seed == LATE["seed"] and w.ply == 0
    assert w.handle_intent({"type": "offer", "id": "my_game"})
    assert w.game is mine and w.ply == 1
    # a forged "confirmed" is no field of an intent
    assert not w.handle_intent({"type": "how_won", "id": row["id"], "confirmed": True})


# -- "Could it have been won?" from the shipped classification (issue 37, item 6) ---------------

def _known(seed, variant="standard"):
    from fourseasons_widget import Game
    from fourseasons_widget.solver.experiments import known_verdict

    return known_verdict(Game.new(seed=seed, variant=variant))


def _classified(variant, outcome):
    from fourseasons_widget.solver.experiments import load_deals

    return [int(d["seed"]) for d in load_deals(classification=True)
            if d["variant"] == variant and d["outcome"] == outcome]


def test_the_classification_s_verdict_is_the_deal_s_and_only_under_its_rules():
    from fourseasons_widget import Game
    from fourseasons_widget.solver.experiments import known_verdict, load_classification

    lost, won, unknown = (_classified("standard", o) for o in ("lost", "won", "unknown"))
    assert lost and won and unknown
    counts = next(r for r in load_classification() if r["variant"] == "standard")
    k = _known(lost[0])
    assert (k.verdict, k.moves) == ("lost", 0) and k.positions > 10**6
    assert (k.unknown, k.n) == (int(counts["unknown"]), int(counts["n"]))
    k = _known(won[0])
    assert k.verdict == "won" and k.moves > 0
    assert _known(unknown[0]).verdict == "unknown"
    # not the deal the classification ran: another reading of the rules, another deal, a seed
    # it did not run, a deal given by its cards
    assert known_verdict(Game.new(seed=lost[0], rules="pysol")) is None
    assert known_verdict(Game.new(seed=lost[0], tableau_wrap="always")) is None
    assert known_verdict(Game.new(seed=10**6)) is None
    from fourseasons_widget.model.cards import CODES

    s = Game.new(seed=won[0]).state
    cards = [p[0] for p in s.piles] + [s.foundation_cards(0)[0]] + list(s.stock)
    given = Game.from_deck(" ".join(CODES[c] for c in cards))
    assert given.state == s and known_verdict(given) is None
    for bad in (None, object(), "standard"):
        assert known_verdict(bad) is None


def test_a_deal_proved_lost_is_said_so_and_not_searched_again():
    from fourseasons_widget import Game

    seed = _classified("standard", "lost")[0]
    mine = Game.new(seed=seed)
    mine.play("turn")
    row = {"id": 9, "result": "lost", "variant": "standard", "seed": seed, "deal": f"seed {seed}",
           "options": {}}
    host, s = service(mine, [row])
    game = s.show(9)
    assert game.seed == seed and s.known.verdict == "lost"
    assert host.searched == [] and s.line is None  # (nothing to search: the loss is proved)
    assert s.back_to_my_game() is mine and s.known is None


def test_a_deal_known_won_gets_the_time_to_find_its_line():
    from fourseasons_widget import Game
    from fourseasons_widget.table.how_won import KNOWN_WON_SECONDS

    seed = _classified("standard", "won")[0]
    row = {"id": 9, "result": "lost", "variant": "standard", "seed": seed, "deal": f"seed {seed}",
           "options": {"tableau_wrap": "literal"}}
    host, s = service(Game.new(seed=seed), [row])
    s.show(9)
    assert s.known.verdict == "won" and host.searched == [("solve", KNOWN_WON_SECONDS)]
    # another reading of the rules: not the classification's deal — the board's own time
    host, s = service(Game.new(seed=seed), [{**row, "options": {"tableau_wrap": "always"}}])
    s.show(9)
    assert s.known is None and host.searched == [("solve", 2.0)]


def test_the_banner_says_what_the_classification_knows():
    from fourseasons_widget import Game
    from fourseasons_widget.table.offers import BannerState, banner

    lost, won, unknown = (_known(_classified("standard", o)[0])
                          for o in ("lost", "won", "unknown"))
    g = Game.new(seed=7)

    def text(line, known, status="playing"):
        b = banner(BannerState(g, status, back="move 40, lost", line=line, known=known))
        assert [o["id"] for o in b["offers"]] == ["my_game"]
        assert "(move 40, lost) is kept" in b["banner"]["text"]
        return b["banner"]["text"]

    t = text(None, lost)
    assert "cannot be won" in t and f"({lost.positions:,} positions) proved it" in t
    assert "winning line" not in t and "can be won" not in t
    assert f"a {won.moves}-move win is on record" in text("searching", won)
    assert "looking" in text("searching", won) and "can be won" in text("searching", won)
    t = text("unknown", won)
    assert "can be won" in t and "found no win" in t and "winning line" not in t
    assert "winning line is on the replay" in text("won", won)
    t = text("unknown", unknown)
    assert "found no win" in t and f"one of {unknown.unknown:,} of {unknown.n:,} deals" in t
    assert "can be won" not in t and "cannot be won" not in t
    # the game shown, played to its end, says so whatever is known
    assert text(None, won, "lost").startswith("The same deal: from here it cannot be won")
    assert text(None, lost, "won").startswith("The same deal, won.")


def test_on_the_board_a_deal_proved_lost_and_a_deal_known_won(store):
    """Through the widget, as the Stats panel's "How could it have been won?" asks."""
    lost, won = _classified("standard", "lost")[0], _classified("standard", "won")[0]
    for seed in (lost, won):
        store.record("standard", "lost", moves=30, seconds=60.0, seed=seed)
    store.flush()
    w = FourSeasons(seed=5, stats=store, auto_home=False)
    b = w.board
    assert w.handle_intent({"type": "turn", "ply": b["ply"], "version": b["version"]})
    mine = w.game
    ids = {r["seed"]: r["id"] for r in w.board["history"]}
    assert w.handle_intent({"type": "how_won", "id": ids[lost], "ask": True})
    assert w.handle_intent({"type": "offer", "id": "confirm"})
    assert w.game.seed == lost and w._worker.job is None  # (no search: the loss is proved)
    text = w.board["ui"]["banner"]["text"]
    assert "cannot be won" in text and "proved it" in text and "is kept" in text, text
    assert [o["id"] for o in w.board["ui"]["offers"]] == ["my_game"]
    assert w.handle_intent({"type": "how_won", "id": ids[won]})
    assert w.game.seed == won
    if w._worker.job is not None:
        assert w._worker.job.wait(60)
    assert "winning line is on the replay" in w.board["ui"]["banner"]["text"]
    assert w.handle_intent({"type": "offer", "id": "my_game"})
    assert w.game is mine and w.ply == 1 and w.board["ui"]["banner"] is None
