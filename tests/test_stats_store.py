"""The statistics store under attack: tampered rows and records, a locked file, a damaged
file, the first schema, writers at once (issue 19).  Each failure class of the issue has a test
here that fails on main 8623e1c; the fuzz tests at the end are this module's own."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.store import stats as stats_mod
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table.recorder import Recorder
from fourseasons_widget.validate import MESSAGE_LIMIT

OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, variant TEXT NOT NULL, seed INTEGER,
    result TEXT NOT NULL, moves INTEGER NOT NULL, seconds REAL NOT NULL, ended REAL NOT NULL);
CREATE TABLE unfinished (variant TEXT PRIMARY KEY, game TEXT NOT NULL, seconds REAL NOT NULL,
    saved REAL NOT NULL);
"""


def won_game(variant: str = "standard", seed: int = 0) -> Game:
    g = Game.new(seed=seed, variant=variant)
    for m in solve(g, budget=Budget(positions=20000)).moves:
        g.play(m)
    assert g.status == "won"
    return g


def in_progress(variant: str = "standard", seed: int = 3, moves: int = 1, **options) -> Game:
    g = Game.new(seed=seed, variant=variant, **options)
    for _ in range(moves):
        g.play("turn")
    return g


def raw(path) -> sqlite3.Connection:
    """Another program's connection to the file (autocommit)."""
    return sqlite3.connect(path, isolation_level=None)


def written(store: Stats) -> None:
    """Wait for the queued writes (main 8623e1c wrote at once and had no ``flush``: these tests
    are run against it too, to see them fail for the reason they name)."""
    if hasattr(store, "flush"):
        assert store.flush(10), f"writes still waiting: {store.state} {store.message}"


def bounded(store: Stats) -> None:
    assert len(store.notices) <= stats_mod.NOTICE_LIMIT
    for n in store.notices + [store.message]:
        assert isinstance(n, str) and len(n) <= MESSAGE_LIMIT
        n.encode("utf-8")


@pytest.fixture
def path(tmp_path):
    return tmp_path / "stats.sqlite"


@pytest.fixture
def store(path) -> Stats:
    s = Stats(path)
    yield s
    s.close()


def old_file(path, games=(), unfinished=()) -> None:
    """A file of the first schema (main 8623e1c), with rows as that code wrote them."""
    con = raw(path)
    con.executescript(OLD_SCHEMA)
    for row in games:
        con.execute("INSERT INTO games (variant, seed, result, moves, seconds, ended) "
                    "VALUES (?, ?, ?, ?, ?, ?)", row)
    for row in unfinished:
        con.execute("INSERT INTO unfinished VALUES (?, ?, ?, ?)", row)
    con.close()


# -- tampered saved games ----------------------------------------------------------------------

def test_a_finished_game_of_another_variant_is_never_resumed(path):
    """Issue 19: a Simplicity win stored under ``corners`` was resumed by a Corners board, which
    switched variant and recorded a win never played."""
    old_file(path, unfinished=[("corners", won_game("simplicity").to_json(), 5.0, time.time())])
    store = Stats(path)
    w = FourSeasons(variant="corners", seed=4, stats=store)
    assert w.board["resume"] is None
    assert not w.handle_intent({"type": "resume"})
    assert w.variant == "corners" and w.game.ply == 0
    written(store)
    assert store.summary() == {}
    assert store.resumable("corners", {}, check=Game.from_json) is None
    assert raw(path).execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 0
    assert any("discarded" in n for n in store.notices)
    bounded(store)


@pytest.mark.parametrize("why, game", [
    ("won", lambda: won_game("standard")),
    ("another variant", lambda: in_progress("simplicity")),
])
def test_resumable_takes_only_a_game_in_progress_of_the_variant(store, path, why, game):
    g = game()
    store.save_unfinished("standard", g.to_json(), 3.0, options={})
    assert store.resumable("standard", {}, check=Game.from_json) is None
    written(store)
    assert raw(path).execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 0
    assert len(store.notices) == 1 and "discarded" in store.notices[0]


def test_resumable_keeps_to_the_options(store):
    g = in_progress("standard", rules="pysol")
    store.save_unfinished("standard", g.to_json(), 7.5)  # (options read from the save)
    assert store.resumable("standard", {}, check=Game.from_json) is None  # another slot
    r = store.resumable("standard", {"rules": "pysol"}, check=Game.from_json)
    assert r is not None and r.game.state == g.state and r.seconds == 7.5 and r.moves == g.ply
    # a save under the wrong options' slot (a tampered key) is refused and dropped
    store.save_unfinished("standard", g.to_json(), 1.0, options={"rules": "default"})
    assert store.resumable("standard", {}, check=Game.from_json) is None
    assert any("other options" in n for n in store.notices)
    assert store.resumable("standard", {"rules": "pysol"}, check=Game.from_json) is not None


def test_a_check_that_refuses_discards_the_record(store):
    store.save_unfinished("czarina", in_progress("czarina").to_json(), 2.0)

    def check(text):
        raise ValueError("x" * 10_000)

    assert store.resumable("czarina", {}, check=check) is None
    assert store.resumable("czarina", {}, check=Game.from_json) is None  # gone
    bounded(store)


@pytest.mark.parametrize("game, seconds", [
    (None, "abc"),  # (the game is a real one; its clock is text)
    ('{"moves": 5}', 1.0),
    ("null", 1.0),
    ("[]", 1.0),
    ("x" * 3_000_000, 1.0),
    (None, float("inf")),
    (None, -4.0),
    (b"\x00\xff", 1.0),
])
def test_crafted_records_do_not_crash_the_board(path, game, seconds):
    """Issue 19: ``seconds='abc'`` → TypeError, ``game='{"moves": 5}'`` → TypeError from the
    board's constructor."""
    text = in_progress().to_json() if game is None else game
    old_file(path, unfinished=[("standard", text, seconds, time.time())])
    store = Stats(path)
    w = FourSeasons(seed=8, stats=store)
    assert w.board["resume"] is None and w.game.seed == 8
    assert store.unfinished("standard") is None
    assert any("discarded" in n for n in store.notices)
    bounded(store)
    w.close()


# -- tampered finished games -------------------------------------------------------------------

@pytest.mark.parametrize("column, value", [
    ("result", "WON"), ("result", None), ("moves", "abc"), ("moves", 1e30), ("moves", -1),
    ("seconds", "abc"), ("seconds", float("inf")), ("seconds", -1.0), ("variant", "x" * 500),
    ("variant", "two words"), ("variant", b"standard"), ("seed", -3), ("seed", "seven"), ("ended", "yesterday"),
    ("deal", b"\xff" * 10), ("options", "{not json"), ("options", '{"a": 1}'),
])
def test_one_bad_row_never_breaks_the_summary_of_the_others(store, path, column, value):
    """Issue 19: ``result='WON'`` → KeyError from ``summary()`` for every variant."""
    store.record("standard", "won", moves=100, seconds=50.0, seed=1)
    store.record("czarina", "lost", moves=30, seconds=20.0)
    written(store)
    con = raw(path)
    con.execute("INSERT INTO games (variant, seed, result, moves, seconds, ended) "
                "VALUES ('standard', 2, 'lost', 10, 5.0, 0)")
    rowid = con.execute("SELECT MAX(id) FROM games").fetchone()[0]
    if value is None:  # (NOT NULL: a tamperer rebuilds the table without it)
        con.executescript("CREATE TABLE g2 AS SELECT * FROM games; DROP TABLE games; "
                          "ALTER TABLE g2 RENAME TO games;")
    con.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, rowid))
    s = store.summary()
    assert s["standard"]["played"] == 1 and s["standard"]["won"] == 1
    assert s["czarina"]["lost"] == 1
    assert [h["variant"] for h in store.history()] == ["czarina", "standard"]
    assert len(store.notices) == 1 and "left out" in store.notices[0]
    bounded(store)
    store.summary()
    assert len(store.notices) == 1  # (said once)


def test_what_another_program_or_kernel_writes_is_read_though_the_rows_are_kept(store, path):
    """The store keeps the rows it read (a board reads its statistics and history after every
    move: it read every row of the file each time); whatever changes the file — this store's
    writer, another kernel's store on the same file, another program's connection — is seen
    at the next read, and a row spoilt in between is left out."""
    store.record("standard", "won", moves=100, seconds=50.0, seed=1)
    written(store)
    assert store.summary()["standard"]["played"] == 1
    other = Stats(path)  # (another kernel: its own connections to the same file)
    try:
        other.record("standard", "lost", moves=30, seconds=20.0, seed=2)
        written(other)
    finally:
        other.close()
    assert store.summary()["standard"]["played"] == 2
    assert [h["seed"] for h in store.history()] == [2, 1]
    store.record("standard", "won", moves=90, seconds=40.0, seed=3)
    written(store)
    assert store.summary("standard")["standard"]["won"] == 2
    con = raw(path)
    con.execute("UPDATE games SET result = 'WON' WHERE seed = 1")
    assert store.summary()["standard"] == {**store.summary()["standard"], "played": 2, "won": 1}
    assert [h["seed"] for h in store.history()] == [3, 2]
    assert len(store.notices) == 1 and "left out" in store.notices[0]
    con.execute("DELETE FROM games")
    assert store.summary() == {} and store.history() == []


@pytest.mark.parametrize("kw", [{"moves": 10**30}, {"seconds": float("nan")},
                                {"seconds": 10**400}, {"moves": "5"}, {"moves": True},
                                {"seconds": "abc"}, {"seed": 2**63}, {"deal": "x" * 1000}])
def test_record_refuses_what_it_cannot_keep(store, kw):
    """Issue 19: ``record(moves=10**30)`` → OverflowError, ``seconds=nan`` →
    sqlite3.IntegrityError."""
    args = {"moves": 10, "seconds": 1.0, **kw}
    with pytest.raises(ValueError) as e:
        store.record("standard", "won", **args)
    assert len(str(e.value)) < 200
    written(store)
    assert store.summary() == {} and store.pending == 0


# -- a locked file -----------------------------------------------------------------------------

def test_a_save_made_while_another_program_holds_the_file_is_kept(path):
    """Issue 19: with another connection in ``BEGIN EXCLUSIVE`` each move took 5.1 s (the
    timeout) and the save was dropped without a word."""
    store = Stats(path)
    w = FourSeasons(seed=5, stats=store)
    store.record("standard", "lost", moves=3, seconds=1.0)
    written(store)
    other = raw(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert w.handle_intent({"type": "turn", "ply": 0, "version": w.board["version"]})
        assert w.board["stats"]["lost"] == 1  # reads go on (write-ahead log)
        assert other.execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 0
    finally:
        other.execute("ROLLBACK")
        other.close()
    written(store)
    saved = raw(path).execute("SELECT game FROM unfinished").fetchall()
    assert len(saved) == 1 and Game.from_json(saved[0][0]).ply == w.game.ply
    w.close()


def test_a_move_while_the_file_is_locked_queues_the_write_for_the_writer_thread(path,
                                                                               monkeypatch):
    store = Stats(path)
    w = FourSeasons(seed=5, stats=store)
    written(store)
    writers: list[str] = []
    apply = Stats._apply

    def spy(self, con, op):
        writers.append(threading.current_thread().name)
        return apply(self, con, op)

    monkeypatch.setattr(Stats, "_apply", spy)
    other = raw(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert w.handle_intent({"type": "turn", "ply": 0, "version": w.board["version"]})
        assert store.pending >= 1  # queued: the move did not wait for the file
        for _ in range(100):  # the writer thread finds the file busy and says so
            if store.state == "busy":
                break
            time.sleep(0.05)
        assert store.state == "busy" and "kept" in store.message
    finally:
        other.execute("ROLLBACK")
        other.close()
    written(store)
    assert store.state == "ok" and store.pending == 0
    assert writers and threading.current_thread().name not in writers
    w.close()


def test_without_threads_the_write_is_made_at_once_or_kept_and_retried(path, monkeypatch):
    """Where threads cannot start (Pyodide), writes are made on the caller's thread with a
    short busy timeout; a locked file keeps them (state "busy") for the next write."""
    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    store = Stats(path)
    t = Recorder(store)
    g = Game.new(seed=3)
    t.start(g)
    g.play("turn")
    t.changed(g, by_person=True)
    assert store.pending == 0 and store.state == "ok"  # written at once
    other = raw(path)
    other.execute("BEGIN EXCLUSIVE")
    g.play("turn")
    t.changed(g, by_person=True)
    t.give_up(g)  # recorded as abandoned: kept while the file is busy
    assert store.state == "busy" and store.pending == 2  # the record, and the clear (which
    # made the save waiting before it moot)
    assert store.summary()["standard"]["abandoned"] == 1  # counted already
    other.execute("ROLLBACK")
    other.close()
    store.record("standard", "won", moves=5, seconds=2.0)  # (tried again within a second)
    assert store.flush(5) and store.pending == 0 and store.state == "ok"
    rows = raw(path).execute("SELECT result FROM games ORDER BY id").fetchall()
    assert rows == [("abandoned",), ("won",)]
    assert raw(path).execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 0


# -- a damaged file ----------------------------------------------------------------------------

@pytest.mark.parametrize("damage", [b"garbage" * 1000, b"", b"SQLite format 3\x00" + b"\x07" * 5000])
def test_a_damaged_file_is_moved_aside_and_a_fresh_store_started(path, damage):
    """Issue 19: a damaged file was reported but never set aside and replaced."""
    path.write_bytes(damage)
    store = Stats(path)
    assert store.summary() == {}
    store.record("standard", "won", moves=5, seconds=2.0)
    written(store)
    assert store.summary()["standard"]["won"] == 1
    if damage:  # (an empty file is a new database: nothing to keep)
        aside = [p for p in path.parent.iterdir() if ".damaged-" in p.name and
                 not p.name.endswith("-wal")]
        assert len(aside) == 1 and aside[0].read_bytes() == damage
        assert store.state == "reset" and aside[0].name in store.message
        assert len(store.notices) == 1
    bounded(store)


def test_a_file_of_a_newer_schema_is_left_untouched(path):
    con = raw(path)
    con.executescript("CREATE TABLE games (x); PRAGMA user_version = 99;")
    con.close()
    before = path.read_bytes()
    store = Stats(path)
    store.record("standard", "won", moves=5, seconds=2.0)
    assert store.summary()["standard"]["won"] == 1  # (kept for this session)
    assert not store.flush(0.5)
    assert store.state == "off" and "newer" in store.message
    assert path.read_bytes() == before


# -- the first schema --------------------------------------------------------------------------

def test_files_of_the_first_schema_open_and_are_migrated(path):
    g = in_progress("czarina", moves=2)
    old_file(path, games=[("standard", 42, "won", 100, 50.0, time.time() - 60),
                          ("standard", None, "lost", 80, 40.0, time.time())],
             unfinished=[("czarina", g.to_json(), 9.0, time.time())])
    store = Stats(path)
    assert store.summary()["standard"]["played"] == 2
    h = store.history()
    assert [(r["result"], r["deal"]) for r in h] == [("lost", ""), ("won", "seed 42")]
    r = store.resumable("czarina", {}, check=Game.from_json)
    assert r is not None and r.game.state == g.state and r.seconds == 9.0
    store.record("standard", "won", moves=90, seconds=30.0, seed=7, deal="PySolFC 7",
                 options={"rules": "pysol"})
    written(store)
    assert raw(path).execute("PRAGMA user_version").fetchone()[0] == stats_mod.SCHEMA_VERSION
    top = store.history("standard", limit=1)[0]
    assert top["deal"] == "PySolFC 7" and top["options"]["rules"] == "pysol" and top["id"] == 3
    assert store.summary()["standard"]["best_moves"] == 90


def test_history_rows_keep_the_contract(store):
    for i in range(60):
        store.record("corners", ("won", "lost", "abandoned")[i % 3], moves=i, seconds=i / 2,
                     seed=i)
    h = store.history("corners")
    assert len(h) == 50 and h[0]["moves"] == 59 and h[0]["deal"] == "seed 59"
    for row in h:
        assert {"date", "variant", "deal", "result", "moves", "seconds", "id"} <= set(row)
        assert isinstance(row["date"], str) and row["date"][:4].isdigit()
    with pytest.raises(ValueError):
        store.history(limit=10**9)


# -- fuzz: tampered, corrupt, concurrent -------------------------------------------------------

anything = st.one_of(st.none(), st.integers(min_value=-2**63, max_value=2**63 - 1),
                     st.floats(allow_nan=True, allow_infinity=True),
                     st.text(max_size=30), st.binary(max_size=20),
                     st.sampled_from(["won", "lost", "abandoned", "WON", "standard", "corners",
                                      "1e400", "nan", "{}", '{"rules": "pysol"}']))
game_row = st.fixed_dictionaries({c: anything for c in
                                  ("variant", "seed", "result", "moves", "seconds", "ended",
                                   "deal", "options")})


def expected_valid(row: dict) -> bool:
    """An independent reading of a valid row (what the store must count)."""
    def num(x, lo, hi, integer=False):
        if isinstance(x, bool) or not isinstance(x, int | float):
            return False
        if integer and not isinstance(x, int):
            return False
        return x == x and lo <= x <= hi

    ok = isinstance(row["variant"], str) and 1 <= len(row["variant"]) <= 40 and all(
        c.isascii() and (c.isalnum() or c in "_.-") for c in row["variant"])
    ok = ok and row["result"] in ("won", "lost", "abandoned")
    ok = ok and num(row["moves"], 0, 1_000_000, True) and num(row["seconds"], 0, 1e9)
    ok = ok and (row["seed"] is None or num(row["seed"], 0, 2**63 - 1, True))
    ok = ok and (row["deal"] is None or (isinstance(row["deal"], str) and len(row["deal"]) <= 200))
    if ok and row["options"] is not None:
        try:
            o = json.loads(row["options"]) if isinstance(row["options"], str) else None
        except ValueError:
            o = None
        ok = isinstance(o, dict) and all(isinstance(v, str) for v in o.values())
    return ok and (row["ended"] is None or num(row["ended"], 0, 1e11))


def stored(value):
    """What SQLite gives back for a value (NaN is stored as NULL)."""
    return None if isinstance(value, float) and value != value else value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(rows=st.lists(game_row, max_size=8))
def test_fuzz_tampered_game_rows(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("tamper") / "stats.sqlite"
    store = Stats(path)
    store.record("dick1883", "won", moves=12, seconds=3.0)
    written(store)
    con = raw(path)
    con.executescript("CREATE TABLE g2 AS SELECT * FROM games; DROP TABLE games; "
                      "ALTER TABLE g2 RENAME TO games;")  # (no NOT NULL, no key checks)
    for i, r in enumerate(rows, start=2):
        con.execute("INSERT INTO games (id, variant, seed, result, moves, seconds, ended, deal, "
                    "options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (i, *(r[c] for c in ("variant", "seed", "result", "moves", "seconds", "ended",
                                         "deal", "options"))))
    con.close()
    good = [r for r in rows if expected_valid({k: stored(v) for k, v in r.items()})]
    s = store.summary()
    assert sum(v["played"] for v in s.values()) == 1 + len(good)
    assert s["dick1883"]["won"] >= 1
    assert len(store.history(limit=1000)) == 1 + len(good)
    assert bool(store.notices) == (len(good) < len(rows))
    bounded(store)
    store.close()


saved_game = st.one_of(
    st.text(max_size=50), st.binary(max_size=20), st.none(),
    st.integers(min_value=-2**63, max_value=2**63 - 1),
    st.sampled_from(["null", "[]", '{"moves": 5}', '{"format": "fourseasons"}']),
    st.builds(lambda v, n: in_progress(v, moves=n).to_json(),
              st.sampled_from(["standard", "czarina", "simplicity"]), st.integers(0, 3)),
    st.just("WON"),  # (replaced by a won game below: solving in a strategy is slow)
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(game=saved_game, seconds=anything, variant=st.sampled_from(["standard", "czarina"]))
def test_fuzz_tampered_saved_games(tmp_path_factory, game, seconds, variant):
    if game == "WON":
        game = WON
    path = tmp_path_factory.mktemp("saved") / "stats.sqlite"
    store = Stats(path)
    store.clear_unfinished(variant)
    written(store)
    con = raw(path)
    con.executescript("CREATE TABLE u2 AS SELECT * FROM unfinished; DROP TABLE unfinished; "
                      "ALTER TABLE u2 RENAME TO unfinished;")
    con.execute("INSERT INTO unfinished VALUES (?, ?, ?, ?, ?)",
                (variant, stats_mod.options_key(variant, {}), game, seconds, time.time()))
    r = store.resumable(variant, {}, check=Game.from_json)
    if r is not None:  # only ever a game in progress of this very variant, with its clock
        assert r.game.variant == variant and r.game.status == "playing" and r.game.ply >= 1
        assert isinstance(r.seconds, float) and 0 <= r.seconds <= 1e9 and r.moves == r.game.ply
        assert r.game.to_json() == game
    else:
        written(store)
        assert con.execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 0
    con.close()
    bounded(store)
    store.close()


WON = won_game("standard").to_json()


@pytest.fixture(scope="module")
def good_file(tmp_path_factory) -> bytes:
    """The bytes of a store with 30 games and a saved game (checkpointed: one file)."""
    path = tmp_path_factory.mktemp("good") / "stats.sqlite"
    s0 = Stats(path)
    for i in range(30):
        s0.record("standard", "won", moves=i, seconds=1.0, seed=i, deal=f"seed {i}")
    s0.save_unfinished("standard", in_progress().to_json(), 2.0)
    s0.close()
    con = raw(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return path.read_bytes()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1,
                      max_size=20), cut=st.one_of(st.none(), st.integers(0, 2**16)))
@example(flips=[(47, 5)], cut=None)  # (a file format SQLite never had: "off" for good before)
@example(flips=[(20, 1), (11650, 128)], cut=None)  # (a saved game's text not UTF-8: salvaged)
@example(flips=[(18, 3)], cut=None)  # (a header SQLite reads as read-only: every write refused)
def test_fuzz_corrupt_files(tmp_path_factory, good_file, flips, cut):
    """A file damaged anywhere (bytes changed, cut short): the store reads what it can or
    moves the file aside; it never raises, and a new game is always kept."""
    folder = tmp_path_factory.mktemp("corrupt")
    path = folder / "stats.sqlite"
    data = bytearray(good_file)
    for at, byte in flips:
        data[at % len(data)] = byte
    if cut is not None:
        data = data[:cut]
    path.write_bytes(bytes(data))
    store = Stats(path)
    s = store.summary()
    store.history()
    store.unfinished("standard")
    store.record("standard", "lost", moves=1, seconds=1.0)
    assert store.summary()["standard"]["lost"] >= 1
    if store.state == "off":  # (damage that reads as a newer schema: the file is left as it is)
        assert "newer" in store.message and path.read_bytes() == bytes(data)
    else:
        written(store)
        assert store.state in ("ok", "reset"), store.message
    assert sum(v["played"] for v in s.values()) <= 30
    if store.state == "reset":
        assert any(".damaged-" in p.name for p in folder.iterdir())
    bounded(store)
    store.close()


def test_fuzz_concurrent_writers(path):
    """Threads of this process and another process record at once: every game is kept."""
    store = Stats(path)
    store.record("standard", "won", moves=1, seconds=1.0)
    written(store)
    code = ("import sys; from fourseasons_widget.store.stats import Stats\n"
            "s = Stats(sys.argv[1])\n"
            "for i in range(100):\n"
            "    s.record('czarina', 'lost', moves=i, seconds=1.0)\n"
            "    s.save_unfinished('czarina', '{}', float(i))\n"
            "assert s.flush(30), s.message\n")
    other = subprocess.Popen([sys.executable, "-c", code, str(path)])

    def play(k):
        t = Recorder(store)
        for i in range(50):
            g = Game.new(seed=k * 100 + i)
            t.start(g)
            g.play("turn")
            t.changed(g, by_person=True)
            t.give_up(g)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert other.wait(60) == 0
    written(store)
    s = store.summary()
    assert s["standard"]["abandoned"] == 200 and s["standard"]["won"] == 1
    assert s["czarina"]["lost"] == 100
    assert raw(path).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 301
    assert store.state == "ok"


def test_the_store_and_validation_doctests():
    import doctest

    from fourseasons_widget import validate

    for mod in (stats_mod, validate):
        result = doctest.testmod(mod)
        assert result.failed == 0 and result.attempted > 0, mod.__name__


def test_in_the_browser_the_store_says_it_lives_in_the_page_only(path, monkeypatch):
    """Pyodide keeps its files in the page's memory: the store says so, and the board
    publishes it for the Stats panel."""
    from fourseasons_widget import FourSeasons

    monkeypatch.setattr(sys, "platform", "emscripten")
    store = Stats(path)
    assert store.state == "memory" and "page" in store.message
    w = FourSeasons(seed=3, stats=store)
    assert w.board["stats_state"]["state"] == "memory"
    assert "reload" in w.board["stats_state"]["message"]


# -- issue 27: a damaged table costs only itself; two boards never lose or double-count a game --

DAMAGE = {  # (damage to one table, done by another program with a SQLite shell)
    "unfinished a view": "DROP TABLE unfinished; CREATE VIEW unfinished AS SELECT 'standard' "
                         "AS variant, '{}' AS options, 'x' AS game, 1.0 AS seconds, "
                         "1.0 AS saved",
    "unfinished without a column": "DROP TABLE unfinished; CREATE TABLE unfinished (variant "
                                   "TEXT, options TEXT, seconds REAL, saved REAL)",
    "unfinished gone": "DROP TABLE unfinished",
    "games a view": "ALTER TABLE games RENAME TO g2; CREATE VIEW games AS SELECT * FROM g2; ",
    "games without a column": "ALTER TABLE games DROP COLUMN deal",
}


def _damaged_store(path, damage: str, n_games: int, saved: Game | None) -> bytes:
    s = Stats(path)
    s.summary()  # (the file made, even with nothing in it)
    for i in range(n_games):
        s.record("standard", ("won", "lost", "abandoned")[i % 3], moves=10 + i, seconds=5.0 + i,
                 seed=i, deal=f"seed {i}")
    if saved is not None:
        s.save_unfinished("standard", saved.to_json(), 4.5, options={})
    s.close()
    stats_mod._REGISTRY.pop(s._key, None)
    con = raw(path)
    con.executescript(DAMAGE[damage])
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return path.read_bytes()


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_table_costs_only_itself(path, damage):
    """Issue 27: a store whose ``unfinished`` table was damaged (replaced by a view) was moved
    aside whole and a fresh one started: the player's 5 games disappeared from Stats though
    the ``games`` table was readable.  Now the file is kept aside as it was, and what can be
    read of it is copied into the fresh store, with a message saying what was kept."""
    saved = in_progress(moves=2)
    before = _damaged_store(path, damage, 5, saved)
    store = Stats(path)
    history = store.history()
    if damage.startswith("unfinished"):
        assert [h["seed"] for h in history] == [4, 3, 2, 1, 0]
        assert [h["result"] for h in history] == ["lost", "won", "abandoned", "lost", "won"]
        assert "5 game(s) of the history" in store.message
        assert store.resumable("standard", {}, check=Game.from_json) is None
    else:  # (the history is what was damaged: the saved game is kept)
        r = store.resumable("standard", {}, check=Game.from_json)
        assert r is not None and r.game.state == saved.state and r.seconds == 4.5
        assert "1 unfinished game(s)" in store.message
        if "view" in damage:
            assert history == [] and "games" in store.message
        else:  # (a column missing: the rows read without it)
            assert len(history) == 5
    assert store.state == "reset" and "kept as" in store.message
    aside = [p for p in path.parent.iterdir() if ".damaged-" in p.name and
             not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes() == before  # (left as it was)
    assert not [p for p in path.parent.iterdir() if "salvage" in p.name]
    store.record("standard", "won", moves=3, seconds=1.0)
    written(store)
    assert store.summary()["standard"]["played"] == (6 if damage.startswith("unfinished")
                                                     else len(history) + 1)
    bounded(store)
    store.close()


@settings(max_examples=30, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(damage=st.sampled_from(sorted(DAMAGE)), n_games=st.integers(0, 7),
       save=st.booleans())
def test_property_what_is_readable_is_never_lost(tmp_path_factory, damage, n_games, save):
    """Any one table damaged, any history: every game of a readable ``games`` table, and the
    saved game of a readable ``unfinished`` one, are still there after the store opens."""
    path = tmp_path_factory.mktemp("salvage") / "stats.sqlite"
    saved = in_progress(moves=1) if save else None
    _damaged_store(path, damage, n_games, saved)
    store = Stats(path)
    games_readable = damage.startswith("unfinished") or "column" in damage
    played = sum(v["played"] for v in store.summary().values())
    assert played == (n_games if games_readable else 0)
    r = store.resumable("standard", {}, check=Game.from_json)
    if save and not damage.startswith("unfinished"):
        assert r is not None and r.game.state == saved.state
    else:
        assert r is None
    if n_games or save:
        assert store.state == "reset"
    bounded(store)
    store.close()


def _comm(w: FourSeasons, content) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                   "buffers": []})


def _move(w: FourSeasons, pick: int = 0) -> None:
    b = w.board
    legal = b["legal"]
    if not legal:
        _comm(w, {"type": "turn", "ply": b["ply"], "version": b["version"]})
        return
    card, source, target = legal[pick % len(legal)]
    _comm(w, {"type": "move", "card": card, "source": source, "target": target,
              "ply": b["ply"], "version": b["version"]})


def test_two_boards_never_play_one_saved_game_twice(path):
    """Issue 27: two boards of one variant, statistics on.  Board 1 and board 2 each play a
    game; board 2 gives its up; board 1 moves again (saving its game).  Board 2, back at a
    fresh deal, took a resume intent and resumed board 1's game *while board 1 was playing
    it* (the claim stayed with the first board that had moved): both gave it up, and the
    store counted one game twice.  And giving up a game cleared the saved game of the other
    board."""
    store = Stats(path)
    b1 = FourSeasons(variant="czarina", seed=1, stats=store)
    b2 = FourSeasons(variant="czarina", seed=2, stats=store)
    _move(b1)
    _move(b2)
    _comm(b2, {"type": "new_game", "seed": 45268195, "variant": "czarina"})
    _move(b1)
    _comm(b2, {"type": "resume"})
    assert b2.game.seed == 45268195 and b2.game.ply == 0  # (refused: it is played on b1)
    _comm(b1, {"type": "new_game", "seed": 7, "variant": "czarina"})
    _comm(b2, {"type": "new_game", "seed": 8, "variant": "czarina"})
    written(store)
    assert sorted((h["seed"], h["result"]) for h in store.history("czarina")) == [
        (1, "abandoned"), (2, "abandoned")]
    # giving up one board's game leaves the other board's saved game in place
    _move(b1)
    _move(b2)  # (the saved game is b2's now)
    _comm(b1, {"type": "new_game", "seed": 9, "variant": "czarina"})
    written(store)
    saved = store.unfinished("czarina", {})
    assert saved is not None and Game.from_json(saved[0]).seed == 8
    store.close()


@settings(max_examples=80, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(actions=st.lists(st.tuples(st.integers(0, 1), st.sampled_from(
    ["move", "move", "move", "new_game", "resume", "resume", "undo", "next_deal", "restart"]),
    st.integers(0, 3)), max_size=30))
@example(actions=[(0, "move", 0), (1, "move", 0), (1, "new_game", 3), (0, "move", 1),
                  (1, "resume", 0), (0, "new_game", 1), (1, "new_game", 2)])  # (issue 27)
def test_property_two_boards_never_lose_or_double_count_a_game(tmp_path_factory, actions):
    """Two boards of one variant sharing a store, any interleaving of moves, give-ups (a new
    deal, Next deal), undo, restart and resume intents: every game a person played and gave
    up or finished is recorded exactly once, and never are two boards playing one game (each
    board deals its own seeds: board 0 even, board 1 odd — the same seed on both is a game
    resumed while it was played elsewhere)."""
    store = Stats(tmp_path_factory.mktemp("two") / "stats.sqlite")
    boards = [FourSeasons(variant="czarina", seed=s, stats=store) for s in (0, 1)]
    expected = 0
    for i, kind, arg in actions:
        w = boards[i]
        game = w.game
        was = w._table.recorder.in_progress(game)
        if kind == "move":
            _move(w, arg)
        elif kind == "new_game":
            _comm(w, {"type": "new_game", "seed": 2 * arg + i, "variant": "czarina"})
        elif kind == "next_deal":
            _comm(w, {"type": "offer", "id": "next_deal"})
        else:
            b = w.board
            _comm(w, {"type": kind, "ply": b["ply"], "version": b["version"]})
        if was and (w.game is not game or game.status in ("won", "lost")):
            expected += 1
        playing = [b.game.seed for b in boards if b._table.recorder.in_progress(b.game)]
        assert len(playing) == len(set(playing)), "one game in progress on two boards"
    written(store)
    assert len(store.history("czarina", 1000)) == expected
    store.close()


def test_a_game_shown_before_it_was_written_is_found_by_the_id_it_was_shown_with(tmp_path):
    """A board publishes the history as soon as a game ends, before the store has written it:
    the game then shows a provisional (negative) id.  That id keeps naming the same game after
    the write ("How could it have been won?" asks for a game by the id it was shown with)."""
    store = Stats(tmp_path / "s.sqlite")
    with store._lock:  # (the writer thread waits: the games stay queued, as on a busy disk)
        store.record("standard", "won", moves=90, seconds=60.0, seed=1)
        store.record("standard", "lost", moves=40, seconds=30.0, seed=2)
        shown = {r["seed"]: r["id"] for r in store.history()}
    assert shown[1] < 0 and shown[2] < 0 and shown[1] != shown[2]
    store.flush()
    written = {r["seed"]: r["id"] for r in store.history()}
    assert all(i > 0 for i in written.values())
    assert store.real_id(shown[1]) == written[1] and store.real_id(shown[2]) == written[2]
    assert store.real_id(written[2]) == written[2]
    store.record("standard", "lost", moves=10, seconds=5.0, seed=3)  # (never reuses an id)
    assert next(r["id"] for r in store.history() if r["seed"] == 3) not in shown.values()


def _history_ids(t) -> list:
    return [r["id"] for r in t.view["board"]["history"]]


def _until(check, seconds: float = 10.0) -> bool:
    """Wait for the store's writer thread to have told the boards (it does so after the write)."""
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def test_a_board_republishes_its_history_with_the_ids_in_the_file_once_they_are_written(tmp_path):
    """The front end holds a provisional id only until the write lands: the board that showed
    the game, and every other board of the store, publish the history again with its id in the
    file (no other change: the position's version stays)."""
    from fourseasons_widget.table.controller import Table

    store = Stats(tmp_path / "s.sqlite")
    t = Table(Game.new(seed=3), stats=store)
    other = Table(Game.new(seed=4), stats=store)
    with store._lock:  # (the writer thread waits: the game stays queued, as on a busy disk)
        assert t.intent({"type": "turn", "ply": 0, "version": t.view["board"]["version"]})
        assert t.intent({"type": "new_game", "seed": 5})  # (the game in progress, given up)
        other.refresh()
        shown = _history_ids(t)
        version = t.view["board"]["version"]
    assert len(shown) == 1 and shown[0] < 0 and _history_ids(other) == shown
    written(store)
    real = store.history()[0]["id"]
    assert real > 0
    assert _until(lambda: _history_ids(t) == [real] and _history_ids(other) == [real])
    assert t.view["board"]["version"] == version and t.view["ply"] == 0
    # an intent already on its way with the provisional id still names the same game
    assert store.real_id(shown[0]) == real


def test_how_won_sent_with_the_provisional_id_after_the_write_finds_the_game(tmp_path):
    from fourseasons_widget.table.background import ForegroundWorker
    from fourseasons_widget.table.controller import Table

    store = Stats(tmp_path / "s.sqlite")
    with store._lock:
        store.record("standard", "lost", moves=40, seconds=30.0, seed=2)
        t = Table(Game.new(seed=3), stats=store, worker=ForegroundWorker(0.01))
        (provisional,) = _history_ids(t)
    assert provisional < 0
    written(store)
    assert _until(lambda: _history_ids(t)[0] > 0)
    assert t.intent({"type": "how_won", "id": provisional}), t.view["message"]
    assert t.game.seed == 2 and t.how_won_mode.kept is None
