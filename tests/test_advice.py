"""The solver's help as a service of its own (issue 29, item 4): Hint, Auto-finish and Solve
driven through the small AdviceHost protocol, with no Table and no widget."""

from __future__ import annotations

import threading

from fourseasons_widget import Game
from fourseasons_widget.advice import Advisor
from fourseasons_widget.background import ForegroundWorker
from fourseasons_widget.snapshot import pile_labels
from fourseasons_widget.solver.exact import solve


class Host:
    """The least a host provides: a game, a lock, a worker, and somewhere to say things."""

    def __init__(self, game: Game, seconds: float = 10.0) -> None:
        self.game, self.lock, self.worker = game, threading.RLock(), ForegroundWorker(seconds)
        self.in_intent, self.busy, self.notice, self.replay = True, "", "", {}
        self.hint_seconds = self.solve_seconds = seconds
        self.said: list[tuple[str, str | None]] = []
        self.published: list[dict] = []

    def say(self, text, kind="info"):
        self.said.append((kind, text))

    def publish(self, kind="refresh", move=None, message=None, message_kind=None, **kw):
        self.published.append({"kind": kind, "move": move, "message": message, **kw})
        self.said.append((message_kind or kind, message))

    def settle(self):
        pass

    def labels(self):
        return pile_labels(self.game.rules)

    def publish_line(self, moves, *, nodes=None, seconds=None):
        self.replay = {"moves": list(moves), "nodes": nodes}


def test_a_hint_without_a_table_advises_and_never_names_the_stock_card():
    host = Host(Game.new(seed=37))  # (its only move is turning the stock)
    h = Advisor(host).hint(max_seconds=2)
    assert h.verdict == "lost" or ("turn the stock" in h.text and h.move.source == "stock")
    assert host.said and host.said[-1][1] == h.text


def test_solve_publishes_the_line_and_keeps_it_for_the_next_hint():
    game = Game.new(seed=7)
    host = Host(game, seconds=30)
    advisor = Advisor(host)
    result = advisor.solve()
    assert result.verdict == "won" and host.replay["moves"] == result.moves
    assert advisor.lines[game.state] == result.moves
    hint = advisor.hint()  # (from the line kept: no search)
    assert hint.move == result.moves[0] and advisor.shown["verdict"] == "won"


def test_auto_finish_plays_the_proved_run_home_and_says_so():
    game = Game.new(seed=7)
    line = solve(game.copy(), max_seconds=30).moves
    for m in line[:-10]:
        game.play(m)
    host = Host(game, seconds=30)
    n = Advisor(host).auto_finish()
    assert n >= 1 and game.ply == len(line) - 10 + n
    assert host.published[-1]["kind"] == "auto" and f"{n} move" in host.published[-1]["message"]


def test_a_search_for_a_position_left_meanwhile_is_dropped():
    game = Game.new(seed=7)
    host = Host(game, seconds=30)
    advisor = Advisor(host)
    shown = []
    real = host.worker.start

    def start(kind, position, run, done):  # the player moves while the search runs
        def moved(cancel):
            result = run(cancel)
            game.play("turn")
            return result
        return real(kind, position, moved, done)

    host.worker.start = start
    advisor.search("hint", 30, shown.append)
    assert shown == [] and "dropped" in host.said[-1][1]


def test_demo_mode_without_a_table_plays_the_solver_s_line_as_the_demo_s():
    from fourseasons_widget.demo import DemoMode

    game = Game.new(seed=7)
    host = Host(game, seconds=30)
    demo = DemoMode(host, Advisor(host))
    demo.act("start")
    assert demo.current is not None and demo.snapshot(game)["step"] == 0
    demo.act("step")
    demo.act("step")
    assert game.ply == 2 and all(p.get("demo") for p in host.published if p["kind"] == "move")
    demo.act("stop")
    assert game.ply == 0 and demo.current is None and demo.snapshot(game) is None
