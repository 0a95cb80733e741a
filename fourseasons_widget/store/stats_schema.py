"""The statistics file's schema: its tables, their version and the migration from older ones,
the checks that the file is one this library can use, and what can be read of a damaged one
(the store, :mod:`.stats`, opens the file and calls these).

Every row read here is outside input: :mod:`.validate` checks it before it is kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import shutil
import sqlite3
from typing import Any

from ..validate import quote, quote_error, real
from .checks import stats_game, stats_name, stats_options, stats_saved

MAX_SAVE = 2_000_000  # characters of a saved game (Game.from_json refuses more anyway)
#: the schema this library writes (``PRAGMA user_version``); 0 is the first, unversioned one
SCHEMA_VERSION = 2

TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    seed INTEGER,
    result TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    ended REAL NOT NULL,
    deal TEXT,
    options TEXT
);
CREATE TABLE IF NOT EXISTS unfinished (
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    game TEXT NOT NULL,
    seconds REAL NOT NULL,
    saved REAL NOT NULL,
    PRIMARY KEY (variant, options)
);
"""
GAME_COLUMNS = ("id", "variant", "seed", "result", "moves", "seconds", "ended", "deal", "options")
SAVE_COLUMNS = ("variant", "options", "game", "seconds", "saved")


class Damaged(Exception):
    """The file is not a statistics store this library can use (its reason in the message)."""


class Newer(Exception):
    """The file was written by a newer version of the library (left untouched)."""


def check_columns(con: sqlite3.Connection) -> None:
    kinds = dict(con.execute("SELECT name, type FROM sqlite_master WHERE name IN "
                             "('games', 'unfinished')").fetchall())
    for table in ("games", "unfinished"):
        if kinds.get(table) != "table":  # (a view or a trigger in its place: no store)
            raise Damaged(f"its {table} is {quote(kinds.get(table))}, not a table")
    for table, columns in (("games", GAME_COLUMNS), ("unfinished", SAVE_COLUMNS)):
        have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in have]
        if missing:
            raise Damaged(f"its table {table} has no column {missing[0]}")


def migrate(con: sqlite3.Connection) -> None:
    con.execute("BEGIN IMMEDIATE")
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            tables = {r[0] for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "games" in tables:
                have = {r[1] for r in con.execute("PRAGMA table_info(games)")}
                for column in ("deal", "options"):
                    if column not in have:
                        con.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT")
            if "unfinished" in tables:
                have = {r[1] for r in con.execute("PRAGMA table_info(unfinished)")}
                if "options" not in have:  # one saved game per variant: keyed by options now
                    con.execute("ALTER TABLE unfinished RENAME TO unfinished_v0")
                    tables.discard("unfinished")
            for statement in TABLES.split(";"):
                if statement.strip():
                    con.execute(statement)
            if "unfinished_v0" in {r[0] for r in con.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}:
                for variant, game, seconds, saved in con.execute(
                        "SELECT variant, game, seconds, saved FROM unfinished_v0").fetchall():
                    con.execute("INSERT OR REPLACE INTO unfinished (variant, options, game, "
                                "seconds, saved) VALUES (?, ?, ?, ?, ?)",
                                (variant, saved_options(variant, game), game, seconds, saved))
                con.execute("DROP TABLE unfinished_v0")
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        con.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            con.execute("ROLLBACK")
        raise


def options_key(variant: str, options: Any = None) -> str:
    """The canonical text of a variant's options (every option, defaults filled in, sorted):
    ``{}`` and ``{"rules": "default"}`` name the same standard game.  Raises ``ValueError``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError(f"options are a dict, not {quote(options)}")
    stats_options(options)  # (short ASCII names only, before the rules see them)
    from ..model.rules import VARIANTS, get_rules

    if variant in VARIANTS:
        try:
            options = get_rules(variant, **options).option_values
        except (TypeError, ValueError) as e:
            raise ValueError(f"options: {quote_error(e)}") from None
    return stats_options(options)


def text_factory(b: bytes) -> str:
    return b.decode("utf-8", "surrogateescape")


def saved_options(variant: Any, game: Any) -> str:
    """The options a saved game names (canonical), the variant's defaults if it names none
    readable (so that the record is found, and checked, when the variant is resumed)."""
    options: Any = {}
    if isinstance(game, str) and len(game) <= MAX_SAVE:
        try:
            data = json.loads(game)
            options = data.get("options") or {} if isinstance(data, dict) else {}
        except (ValueError, RecursionError):
            options = {}
    try:
        return options_key(variant, options if isinstance(options, dict) else {})
    except ValueError:
        try:
            return options_key(variant, {})
        except ValueError:
            return "{}"


def salvage_rows(aside: pathlib.Path) -> tuple[list[tuple], list[tuple], list[str], int] | None:
    """What can be read of a damaged file set aside: the rows of ``games`` and of
    ``unfinished`` — of each that is still a table and can be read — each checked by the
    validation layer, ready to insert; the tables that could not be read; the number of rows
    dropped.  ``None`` when nothing of the file can be read.  The file itself is left as it
    was (read from a copy, removed after)."""
    copy = aside.with_name(f"{aside.name}.salvage-{os.getpid()}")
    games: list[tuple] = []
    saves: list[tuple] = []
    lost: list[str] = []
    try:
        shutil.copyfile(aside, copy)
        wal = aside.with_name(aside.name + "-wal")
        if wal.exists():
            shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        old = sqlite3.connect(copy, isolation_level=None)
        old.text_factory = text_factory
        try:
            kinds = dict(old.execute("SELECT name, type FROM sqlite_master").fetchall())
            for table, columns, out in (("games", GAME_COLUMNS, games),
                                        ("unfinished", SAVE_COLUMNS, saves)):
                if kinds.get(table) != "table":
                    lost.append(table)
                    continue
                try:
                    have = {r[1] for r in old.execute(f"PRAGMA table_info({table})")}
                    wanted = [c if c in have else "NULL" for c in columns]
                    out.extend(old.execute(f"SELECT {', '.join(wanted)} FROM {table}"))
                except (sqlite3.Error, ValueError, TypeError) as e:
                    del out[:]
                    lost.append(f"{table} ({quote_error(e, 60)})")
        finally:
            old.close()
    except (sqlite3.Error, OSError, ValueError, TypeError):
        return None
    finally:
        for p in (copy, copy.with_name(copy.name + "-wal"), copy.with_name(copy.name + "-shm")):
            with contextlib.suppress(OSError):
                p.unlink()
    good_games, good_saves = [], []
    for r in games:
        with contextlib.suppress(ValueError, TypeError):
            g = stats_game(dict(zip(GAME_COLUMNS, r, strict=True)))
            good_games.append(tuple(g[c] for c in GAME_COLUMNS))
    for r in saves:
        with contextlib.suppress(ValueError, TypeError):  # (UnicodeError is a ValueError)
            row = dict(zip(SAVE_COLUMNS, r, strict=True))
            s = stats_saved(row, MAX_SAVE)
            s["game"].encode("utf-8")  # (bytes that were not UTF-8 cannot be written back)
            good_saves.append((stats_name(row["variant"]), stats_options(row["options"]),
                               s["game"], s["seconds"],
                               real(row["saved"], "saved", 0.0, 1e11)))
    dropped = len(games) - len(good_games) + len(saves) - len(good_saves)
    return good_games, good_saves, lost, dropped


__all__ = ["GAME_COLUMNS", "MAX_SAVE", "SAVE_COLUMNS", "SCHEMA_VERSION", "TABLES", "Damaged",
           "Newer", "check_columns", "migrate", "options_key", "salvage_rows", "saved_options",
           "text_factory"]
