"""The worker under a storm (issue 27, class 3): every thread that touches a board at once.

A board is touched by several threads: the kernel's main thread (cells calling ``w.play``,
``w.variant = ...``), the thread serving comm messages (intents — the view options'
``view_option`` among them — and the one trait a front end writes, ``paused`` on an older
front end; a subshell serves them
beside the main thread), the worker (a Hint, Solve or Auto-finish applied and published from
its thread) and the analysis thread.  Here all of them run at once, through the entry points
the front end and a notebook use, with forged and stale messages among the genuine ones.

The invariant, after everything has settled: what each board publishes (its synced traits,
and what the front end last received) is exactly what its table holds, and that is what its
game says (ply, status, variant, seed, the cards, the legal moves, nothing busy).

The first test forces, with a slow hook, the interleaving the storm found by chance: a front
end's write of a view option holds the widget's trait notifications (traitlets'
``hold_trait_notifications``) and, on leaving, writes back every trait changed meanwhile with
the value it read a moment before; a worker publishing in that moment was overwritten with
the board before it.
"""

from __future__ import annotations

import random
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storm_calls import VARIANTS, intent, python_call

from fourseasons_widget import FourSeasons
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table.controller import VIEW_KEYS
from fourseasons_widget.table.snapshot import move_triple, position_snapshot


# -- the front end, as the widget's comm sees it ------------------------------------------------
def comm(w: FourSeasons, data: dict) -> None:
    """A comm message from a front end, into the entry point ipywidgets calls."""
    w._handle_msg({"content": {"data": data}, "buffers": []})


def custom(w: FourSeasons, content) -> None:
    comm(w, {"method": "custom", "content": content})


def update(w: FourSeasons, state: dict) -> None:
    comm(w, {"method": "update", "state": state})


class FrontEnd:
    """What a front end has been sent: the messages, replayed into a model in the order they
    were sent (a view shows the last value it received of each trait)."""

    def __init__(self, w: FourSeasons) -> None:
        self.model: dict = {}
        self._lock = threading.Lock()
        send = w.comm.send

        def record(data=None, metadata=None, buffers=None):
            with self._lock:  # (the order of the sends is the order on the wire)
                if isinstance(data, dict) and data.get("method") == "update":
                    self.model.update(data.get("state", {}))
            return send(data=data, metadata=metadata, buffers=buffers)

        w.comm.send = record


# -- the invariant ------------------------------------------------------------------------------
def check(w: FourSeasons, front: FrontEnd | None = None) -> None:
    # (under the table's lock: a thread still publishing — the store's writer republishing
    # the history once a game is written — cannot change the board between two reads)
    with w.table.lock:
        _check(w, front)


def _check(w: FourSeasons, front: FrontEnd | None) -> None:
    g, t = w.game, w.table
    for key in VIEW_KEYS:  # the synced traits are the table's snapshot
        assert getattr(w, key) == t.view[key], f"the {key} trait is not what the table holds"
    b = w.board
    assert (b["ply"], w.ply) == (g.ply, g.ply)
    assert (b["status"], w.status) == (g.status, g.status)
    assert (b["variant"], w.variant, b["ui"]["picker"]) == (g.variant,) * 3
    assert b["seed"] == g.seed == w.seed and w.busy == ""
    snap = position_snapshot(g.rules, g.state)
    assert {k: b[k] for k in snap} == snap
    assert b["legal"] == [move_triple(m) for m in g.legal_moves()], \
        "the published legal moves are not the game's"
    if b["hint"] is not None:
        assert b["hint"]["move"] in b["legal"]
    if front is not None:  # what the views were sent last is the same
        for key in ("board", "ply", "status", "variant", "seed", "busy"):
            if key in front.model:
                assert front.model[key] == t.view[key], f"a view was last sent another {key}"


def settle(boards: list[FourSeasons]) -> None:
    for _ in range(3):
        for w in boards:
            job = w._worker.job
            if job is not None:
                assert job.wait(60), "a search did not end"
            assert w._review.done.wait(60), "an analysis did not end"
    for store in {id(w.table.recorder.store): w.table.recorder.store for w in boards}.values():
        if store is not None:  # (the games given up are written, and the boards told)
            assert store.flush(60), "the statistics store did not write its queue"


# -- the interleaving, forced ---------------------------------------------------------------------
def test_a_publish_during_a_front_end_write_is_not_overwritten_by_an_older_board():
    """A front end writes ``paused`` (the comm thread) while the board changes twice: once
    within the write, once as it ends (another thread: the worker, a cell).  The board
    published last stays, on the widget and on the views."""
    w = FourSeasons(seed=5, variant="sequences", stats=False)
    front = FrontEnd(w)
    inside, published = threading.Event(), threading.Event()
    writer: list[threading.Thread] = []
    from_json = w._trait_from_json

    def within(value, obj):  # the board changes within the write (ply 0 -> 1)
        if threading.current_thread() in writer and w.ply == 0:
            w.play("turn")
        return from_json(value, obj)

    def slow_check(_obj, proposal):  # a slow hook where the write re-checks the board it changed
        if threading.current_thread() in writer and not inside.is_set():
            inside.set()
            published.wait(1)  # (the fix keeps the other thread out meanwhile: a timeout)
        return proposal["value"]

    def other() -> None:  # the board changes as the write ends (ply 1 -> 2)
        inside.wait(5)
        w.play("turn")
        published.set()

    w._trait_from_json = within
    w._register_validator(slow_check, ["board"])
    t = threading.Thread(target=update, args=(w, {"paused": True}))
    writer.append(t)
    m = threading.Thread(target=other)
    m.start()
    t.start()
    t.join(10)
    m.join(10)
    assert not t.is_alive() and not m.is_alive() and inside.is_set()
    assert w.paused is True and w.game.ply == 2
    check(w, front)


# -- the storm ----------------------------------------------------------------------------------
def forged(rnd: random.Random, b: dict):
    """A message no genuine front end sends (or sends too late)."""
    return rnd.choice([
        {"type": "move", "ply": b["ply"], "version": b["version"], "card": "ZZ",
         "source": "waste", "target": "cross:9"},
        {"type": "move", "ply": b["ply"], "version": b["version"], "card": "AS",
         "source": "stock", "target": "waste"},
        {"type": "turn", "ply": b["ply"] + 1, "version": b["version"]},
        {"type": "undo", "ply": b["ply"], "version": b["version"] - 1},
        {"type": "turn", "ply": True, "version": b["version"]},
        {"type": "nope"}, {"type": "turn"}, "turn", None, [1, 2], {"type": "new_game", "seed": -1},
        {"type": "new_game", "seed": 2**60}, {"type": "new_game", "variant": "x" * 50},
        {"type": "deal_number", "text": "\x00" * 10}, {"type": "panel", "panel": "../"},
        {"type": "offer", "id": "resume"}, {"type": "review", "ply": 0, "version": 0, "at": -1},
        {"type": "how_won", "id": 10**30}, {"type": "demo", "action": "explode"},
        {"type": "rules", "rules": "pysol", "ask": True}, {"type": "ping", "extra": 1},
        {"type": "view_option", "name": "card_face", "value": "huge"},
        {"type": "view_option", "name": "ply", "value": 3},
    ])


def view_option(rnd: random.Random) -> dict:
    """A view option the player changes on the board (its intent)."""
    return {"type": "view_option", "name": rnd.choice(["four_colour", "auto_home", "card_face"]),
            "value": rnd.choice([True, False, "large"])}


def trait_write(rnd: random.Random) -> dict:
    """A front end's trait update: the one it may make (``paused``), and some it may not (the
    view options among them: they change by their intent)."""
    return rnd.choice([
        {"paused": rnd.random() < 0.5}, {"four_colour": rnd.random() < 0.5},
        {"card_face": rnd.choice(["classic", "large", "huge"])}, {"sounds": True},
        {"table_colour": rnd.choice(["green", "theme", "pink"])}, {"_view_count": 2},
        {"board": {"legal": []}}, {"ply": 99}, {"seed": 1}, {"variant": "sequences"},
        {"paused": "yes"}, {"auto_home": rnd.random() < 0.5},
    ])


def act(w: FourSeasons, rnd: random.Random, errors: list[str]) -> None:
    try:
        r = rnd.random()
        if r < 0.45:
            custom(w, intent(rnd, w.board) if rnd.random() < 0.9 else view_option(rnd))
        elif r < 0.55:
            custom(w, forged(rnd, w.board))
        elif r < 0.75:
            update(w, trait_write(rnd))
        elif r < 0.78:
            comm(w, {"method": "request_state"})
        else:
            python_call(w, rnd, waits=True)
    except ValueError:  # a refusal from the Python API (IllegalMoveError, RulesError...)
        pass
    except Exception as e:  # anything else is a bug
        errors.append(f"{type(e).__name__}: {e}")


def watch(w: FourSeasons, seconds: float = 0.0) -> list[str]:
    """Watch every write of the board trait, in every thread: the board written must be the
    one the table holds at that moment (never a board it held before).  Returns the list the
    writes that break this are added to.  ``seconds``: a slow hook besides, where a board is
    written and within a front end's write of a trait (as a validator, a subclass or a slower
    machine would be), so that the threads interleave there."""
    older: list[str] = []
    from_json = w._trait_from_json

    def slow_from_json(value, obj):
        time.sleep(seconds)
        return from_json(value, obj)

    def check_board(_obj, proposal):
        if seconds:
            time.sleep(seconds)
        now = w.table.view["board"]
        if proposal["value"] is not now and proposal["value"] != now:
            older.append(f"board of version {proposal['value'].get('version')} written in "
                         f"{threading.current_thread().name}; the table holds version "
                         f"{now.get('version')}")
        return proposal["value"]

    if seconds:
        w._trait_from_json = slow_from_json
    w._register_validator(check_board, ["board"])
    return older


def storm(tmp_path, *, boards: int, threads: int, steps: int, seed: int,
          switch: float = 1e-5, slow: float = 2e-4) -> tuple[int, list[FourSeasons]]:
    """``threads`` threads send ``steps`` messages and calls each at ``boards`` boards; then
    every board is checked.  Returns the number of messages and calls sent.  ``slow``: the
    slow hook's seconds (see :func:`watch`)."""
    store = Stats(tmp_path / f"stats-{seed}.sqlite")
    ws = [FourSeasons(seed=653821 if i % 7 == 4 else i, variant=VARIANTS[i % len(VARIANTS)],
                      hint_seconds=0.02, solve_seconds=0.02, stats=store)
          for i in range(boards)]
    fronts = []
    for w in ws:
        w._review.max_seconds = 0.05  # (short analyses: a storm, not a study)
        w._review.position_nodes = 500
        fronts.append(FrontEnd(w))
    older = [watch(w, slow) for w in ws]
    errors: list[str] = []
    died: list[str] = []
    old_hook, old_switch = threading.excepthook, sys.getswitchinterval()
    threading.excepthook = lambda a: died.append(f"{a.exc_type.__name__}: {a.exc_value}")
    sys.setswitchinterval(switch)  # (threads interleave at almost every bytecode)

    def actor(k: int) -> None:
        rnd = random.Random(seed * 1000 + k)
        for _ in range(steps):
            act(rnd.choice(ws), rnd, errors)

    try:
        pool = [threading.Thread(target=actor, args=(k,)) for k in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join(600)
        assert not any(t.is_alive() for t in pool), "an actor is stuck (a deadlock?)"
        settle(ws)
    finally:
        sys.setswitchinterval(old_switch)
        threading.excepthook = old_hook
    assert errors == [] and died == []
    for w, front, old in zip(ws, fronts, older, strict=True):
        assert old == [], f"{w!r}: an older board was written over a newer one: {old[:3]}"
        check(w, front)
    return threads * steps, ws


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_boards_stay_true_under_a_storm_from_every_thread(tmp_path, seed):
    # (few boards for many threads: each board is hit by several at once)
    storm(tmp_path, boards=3, threads=6, steps=120, seed=seed)


@pytest.mark.slow
def test_boards_stay_true_under_the_issues_storm(tmp_path):
    """The issue's scale: 80 boards, 19,200 messages and calls in all."""
    sent, _ = storm(tmp_path, boards=80, threads=8, steps=2400, seed=27)
    assert sent == 19_200


# -- the property: any sequences of intents, delivered concurrently --------------------------------
BOARD_AT_ONCE = dict(
    deal=st.integers(0, 49), variant=st.sampled_from(VARIANTS),
    sequences=st.lists(st.lists(st.integers(0, 2**32), min_size=1, max_size=40),
                       min_size=3, max_size=6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**BOARD_AT_ONCE)
def test_any_intents_delivered_concurrently_leave_the_board_true(deal, variant, sequences):
    board_at_once(deal, variant, sequences)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**BOARD_AT_ONCE)
def test_many_more_intents_delivered_concurrently_leave_the_board_true(deal, variant, sequences):
    board_at_once(deal, variant, sequences)


def board_at_once(deal: int, variant: str, sequences: list[list[int]]) -> None:
    """One board; each thread sends its own sequence of messages and calls (each drawn from
    one integer: a genuine or forged intent, a view option, a cell's call), all at once.  (The
    threads' interleaving is the machine's: hypothesis may call a failure "flaky", it is one.)"""
    w = FourSeasons(seed=deal, variant=variant, hint_seconds=0.02, solve_seconds=0.02,
                    stats=False)
    w._review.max_seconds, w._review.position_nodes = 0.05, 500
    front = FrontEnd(w)
    older = watch(w, 1e-4)
    errors: list[str] = []

    def actor(draws: list[int]) -> None:
        for d in draws:
            act(w, random.Random(d), errors)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        pool = [threading.Thread(target=actor, args=(draws,)) for draws in sequences]
        for t in pool:
            t.start()
        for t in pool:
            t.join(120)
        settle([w])
    finally:
        sys.setswitchinterval(old)
    assert errors == [] and older == []
    check(w, front)


# -- where there are no threads (Pyodide) the lock is harmless ---------------------------------
def test_without_threads_every_entry_point_still_works(monkeypatch):
    """As in Pyodide: no thread can start, so searches and analyses run in the foreground,
    inside the message that asked for them (the lock, re-entrant, is taken again there)."""
    from fourseasons_widget.table import background

    def no_thread(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    monkeypatch.setattr(background, "_threads", None)
    w = FourSeasons(seed=7, variant="sequences", stats=False, hint_seconds=0.05,
                    solve_seconds=0.05)
    assert not w._worker.threaded
    w._review.max_seconds, w._review.position_nodes = 0.05, 500
    front = FrontEnd(w)
    older = watch(w)
    errors: list[str] = []
    rnd = random.Random(27)
    for _ in range(150):
        act(w, rnd, errors)
    assert errors == [] and older == []
    assert w.busy == "" and w._worker.job is None
    check(w, front)


def test_a_search_whose_thread_cannot_start_leaves_the_worker_free():
    """Starting a thread can fail (the process's limit on threads): the search is refused,
    and the worker is not left saying it runs one, refusing every later search."""
    from fourseasons_widget.table.background import Worker

    class Exhausted(Worker):
        def spawn(self, target, name):
            raise RuntimeError("can't start new thread")

    worker = Exhausted()
    with pytest.raises(RuntimeError, match="start new thread"):
        worker.start("hint", 1, lambda cancel: 1, lambda job, r: None)
    assert worker.busy == "" and worker.job is None


def test_a_hint_whose_thread_cannot_start_leaves_the_board_free(monkeypatch):
    """The board's own word follows the worker's: a Hint refused because no thread could start
    does not leave the board saying "busy" (greyed Hint, Solve and Demo for good)."""
    w = FourSeasons(seed=7, stats=False, hint_seconds=0.05)
    if not w._worker.threaded:
        pytest.skip("this Python starts no threads (the search runs in the foreground)")

    def exhausted(target, name):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(w._worker, "spawn", exhausted)
    with pytest.raises(RuntimeError, match="start new thread"):
        w._table.advisor.search("hint", 0.05, lambda r: None)
    assert w.busy == "" and w._worker.job is None
    assert w.board["legal"] == w._table.view["board"]["legal"]
