"""The worker storm in a real kernel (issue 27, class 3): comm messages served on a subshell
thread (what JupyterLab does by default) while a cell drives the same boards from the main
thread (for as long) and the worker publishes search results from its own.

The client plays the front end: it reads every ``update`` the kernel sends on iopub into a
model per board (what a view shows), and sends intents built from that model — moves among
the published legal ones, turns, undo, hints, solves, new deals, view options, forged and stale
messages — on a subshell, as JupyterLab sends them.  After everything has settled, in every
board: the synced traits are the table's snapshot, the snapshot is the game's, and the front
end's model holds the very board the kernel holds.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time

import pytest

pytestmark = pytest.mark.e2e

SETUP = """
import json, random, sys, threading, time
from fourseasons_widget import FourSeasons
from fourseasons_widget.table.controller import VIEW_KEYS
from fourseasons_widget.table.snapshot import move_triple
VARIANTS = ("standard", "corners", "czarina", "simplicity", "sequences", "dick1883")
boards = [FourSeasons(seed=653821 if i == 0 else i, variant=VARIANTS[(4 + i) % 6],
                      hint_seconds=0.02, solve_seconds=0.02, stats=False) for i in range(4)]
older, writers = [], set()

def watch(w):
    # every write of the board, in every thread: the board the table holds then (a slow hook
    # besides, where threads may interleave)
    from_json = w._trait_from_json

    def slow_from_json(value, obj):
        time.sleep(2e-3)
        return from_json(value, obj)

    def check_board(_obj, proposal):
        time.sleep(2e-3)
        writers.add(threading.current_thread().name.split("-")[0])
        if proposal["value"] != w.table.view["board"]:
            older.append(threading.current_thread().name)
        return proposal["value"]

    w._trait_from_json = slow_from_json
    w._register_validator(check_board, ["board"])

for w in boards:
    w._review.max_seconds, w._review.position_nodes = 0.05, 500
    watch(w)
print(json.dumps([w.comm.comm_id for w in boards]))
"""

# a cell's own storm on the main thread, beside the subshell's
CELL_STORM = """
rnd = random.Random(7)
_old = sys.getswitchinterval()
sys.setswitchinterval(1e-5)
refused = calls = 0
_end = time.monotonic() + {seconds}
try:
    while time.monotonic() < _end:
        calls += 1
        w = rnd.choice(boards)
        what = rnd.randrange(8)
        try:
            if what == 0 and w.game.legal_moves():
                w.play(rnd.choice(w.game.legal_moves()))
            elif what == 1:
                w.undo()
            elif what == 2:
                w.hint(background=True)
            elif what == 3:
                w.solve(background=True).wait(30)
            elif what == 4:
                w.variant = rnd.choice(VARIANTS)
            elif what == 5:
                w.new_game(seed=rnd.randrange(40))
            elif what == 6:
                w.paused = not w.paused
            else:
                w.refresh()
        except ValueError:
            refused += 1
finally:
    sys.setswitchinterval(_old)
print("cell done", calls, refused)
"""

CHECK = """
for _ in range(3):
    for w in boards:
        if w._worker.job is not None:
            assert w._worker.job.wait(60)
        assert w._review.done.wait(60)
bad = []
for i, w in enumerate(boards):
    g, t = w.game, w.table
    for key in VIEW_KEYS:
        if getattr(w, key) != t.view[key]:
            bad.append(f"board {i}: the {key} trait is not the table's")
    b = w.board
    if b["legal"] != [move_triple(m) for m in g.legal_moves()] or b["ply"] != g.ply:
        bad.append(f"board {i}: the published board is not the game's")
    if w.busy:
        bad.append(f"board {i}: still busy")
if older:
    bad.append(f"an older board was written over a newer one {len(older)} times, in {older[:3]}")
print(json.dumps({"bad": bad, "boards": [w.board for w in boards], "writers": sorted(writers)}))
"""


class FrontEnd:
    """Reads the kernel's iopub: every widget ``update`` into a model per comm; the replies
    of executions by their parent's id."""

    def __init__(self, kc, comm_ids: list[str]) -> None:
        self.kc = kc
        self.models: dict[str, dict] = {c: {} for c in comm_ids}
        self.lock = threading.Lock()
        self.stdout: dict[str, str] = {}
        self.idle: set[str] = set()
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.stop.is_set():
            try:
                msg = self.kc.get_iopub_msg(timeout=0.2)
            except Exception:
                continue
            kind, content = msg["msg_type"], msg["content"]
            parent = msg.get("parent_header", {}).get("msg_id", "")
            with self.lock:
                if kind == "comm_msg" and content.get("comm_id") in self.models:
                    data = content.get("data", {})
                    if data.get("method") == "update":
                        self.models[content["comm_id"]].update(data.get("state", {}))
                elif kind == "stream":
                    self.stdout[parent] = self.stdout.get(parent, "") + content.get("text", "")
                elif kind == "error":
                    self.errors.append(f"{content.get('ename')}: {content.get('evalue')}")
                elif kind == "status" and content.get("execution_state") == "idle":
                    self.idle.add(parent)

    def run(self, code: str, timeout: float = 600) -> str:
        msg_id = self.kc.execute(code)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if msg_id in self.idle:
                    return self.stdout.get(msg_id, "")
            time.sleep(0.05)
        raise AssertionError(f"the cell did not finish in {timeout} s (a deadlock?)")

    def model(self, comm_id: str) -> dict:
        with self.lock:
            return dict(self.models[comm_id])


def subshell(kc) -> str:
    msg = kc.session.msg("create_subshell_request", {})
    kc.control_channel.send(msg)
    reply = kc.control_channel.get_msg(timeout=30)
    assert reply["content"].get("status") == "ok", reply["content"]
    return reply["content"]["subshell_id"]


def intent(rnd: random.Random, b: dict):
    """What a front end sends, built from the board it shows (sometimes forged or stale)."""
    if not b:
        return {"type": "ping"}
    ply, version = b.get("ply", 0), b.get("version", 0)
    r = rnd.random()
    if r < 0.1:
        return rnd.choice([{"type": "nope"}, None, {"type": "turn"},
                           {"type": "undo", "ply": ply, "version": version - 1},
                           {"type": "new_game", "seed": -3}])
    kind = rnd.choice(["move", "move", "move", "turn", "undo", "redo", "hint", "solve",
                       "cancel", "new_game", "panel"])
    msg = {"type": kind, "ply": ply, "version": version}
    if kind == "move":
        legal = b.get("legal") or []
        if not legal:
            return {"type": "turn", "ply": ply, "version": version}
        card, source, target = rnd.choice(legal)
        msg.update(card=None if source == "stock" else card, source=source, target=target)
    elif kind == "new_game":
        msg = {"type": kind, "seed": rnd.randrange(40)}
    elif kind == "cancel":
        msg = {"type": kind}
    elif kind == "panel":
        msg = {"type": kind, "panel": rnd.choice(["", "stats"])}
    return msg


def test_a_storm_on_a_subshell_beside_a_cell_leaves_every_board_true():
    from jupyter_client import KernelManager

    env = dict(os.environ)
    km = KernelManager(kernel_name="python3")
    km.start_kernel(env=env)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        front = FrontEnd(kc, [])
        out = front.run(SETUP)
        comm_ids = json.loads(out.strip().splitlines()[-1])
        with front.lock:
            front.models = {c: {} for c in comm_ids}
        front.run("for w in boards: w.send_state()")  # (what a view asks for when it opens)
        sid = subshell(kc)
        rnd = random.Random(27)
        sent = 0

        last = [""]  # the last message sent on the subshell (served in order)

        def send(comm_id: str, data: dict) -> None:
            header = kc.session.msg_header("comm_msg")
            header["subshell_id"] = sid
            msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data}, header=header)
            kc.shell_channel.send(msg)
            last[0] = msg["header"]["msg_id"]

        cell = kc.execute(CELL_STORM.format(seconds=8))
        t_end = time.monotonic() + 8
        while time.monotonic() < t_end:
            c = rnd.choice(comm_ids)
            if rnd.random() < 0.5:  # (a view option: the page hidden, shown...)
                send(c, {"method": "update", "state": {"paused": rnd.random() < 0.5}})
            else:
                send(c, {"method": "custom", "content": intent(rnd, front.model(c))})
            sent += 1
            time.sleep(0.002)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            with front.lock:
                if cell in front.idle:
                    break
            time.sleep(0.1)
        done = front.stdout.get(cell, "")
        assert "cell done" in done, (done, front.errors)
        calls = int(done.split()[2])
        # the subshell serves its messages in order: once the last one sent is answered (its
        # idle status), every one before it was (on a loaded machine it can lag seconds behind)
        while time.monotonic() < deadline:
            with front.lock:
                if last[0] in front.idle:
                    break
            time.sleep(0.1)
        with front.lock:
            assert last[0] in front.idle, "the subshell did not serve its messages in 300 s"
        time.sleep(0.5)  # (the worker's last results)
        result = json.loads(front.run(CHECK).strip().splitlines()[-1])
        assert front.errors == []
        assert result["bad"] == []
        time.sleep(0.5)
        for comm_id, board in zip(comm_ids, result["boards"], strict=True):
            assert front.model(comm_id).get("board") == board, \
                "the front end was last sent another board than the kernel holds"
        assert sent > 300
        print(f"{sent} messages on a subshell beside a cell's {calls} calls, 4 boards: all true; "
              f"boards written by the threads {result['writers']}")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
