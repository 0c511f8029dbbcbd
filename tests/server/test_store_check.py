"""A damaged SQLite store is refused when the server starts — one line, exit 2, the files left
exactly as they were — and never replaced by a new, empty store (rr.server.sqlite_check).
Every case is a real SQLite file, damaged on disk: garbage in the middle of the database, an
empty file, another program's database, a write-ahead log garbled or deleted after the
server was killed. Before the check, all of them started: with views failing (500) or with
the games silently missing (401 "unknown token")."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rr.server.games import Games
from rr.server.requests import new_game
from rr.server.store_sqlite import SqliteStore
from tests.server.harness import ROOT, rr_env

GAMES = 12
"""Enough for a database of some dozens of pages and a write-ahead log of many commits."""

KILLED = """
import os, sys
from rr.server.games import Games
from rr.server.requests import new_game
from rr.server.store_sqlite import SqliteStore
games = Games(SqliteStore(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    games.create(new_game({"players": ["Ana", "Bo", "Cy"]}))
os._exit(0)  # as kill -9 leaves it: no checkpoint, the write-ahead log and its index stay
"""


def killed_store(path: Path, games: int = GAMES) -> None:
    """A store whose server was killed: its games are in the write-ahead log (``-wal``),
    with its index (``-shm``) beside it."""
    subprocess.run([sys.executable, "-c", KILLED, str(path), str(games)], env=rr_env(),
                   cwd=ROOT, check=True, timeout=120)
    assert Path(f"{path}-wal").stat().st_size > 0 and Path(f"{path}-shm").exists()


def closed_store(path: Path, games: int = GAMES) -> list[str]:
    """A store closed cleanly (everything copied into the file); the games' ids."""
    store = SqliteStore(path)
    made = [Games(store).create(new_game({"players": ["Ana", "Bo", "Cy"]}))["id"]
            for _ in range(games)]
    store.close()
    assert not Path(f"{path}-wal").exists()
    return made


def files(path: Path) -> dict[str, str]:
    """The store's files and a hash of each."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.parent.glob(f"{path.name}*")) if p.is_file()}


def refused(path: Path, words: str) -> None:
    """`rr server --db path` exits 2 with one line naming the store and ``words``; the
    store's files are exactly as they were."""
    before = files(path)
    done = subprocess.run([sys.executable, "-m", "rr", "server", "--port", "0", "--db",
                           str(path)], capture_output=True, text=True, env=rr_env(),
                          cwd=path.parent, timeout=30, check=False)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr[-2000:]
    assert len(lines) == 1 and str(path) in lines[0] and words in lines[0], lines
    assert "listening" not in done.stdout
    assert files(path) == before, "a refused store was changed"


def garble(path: Path, start: int, size: int) -> None:
    data = bytearray(path.read_bytes())
    data[start:start + size] = random.Random(start).randbytes(size)
    path.write_bytes(bytes(data))


def wal_frames(path: Path) -> tuple[int, list[int]]:
    """The frame size of the store's write-ahead log and the offset of each commit frame."""
    data = Path(f"{path}-wal").read_bytes()
    frame = 24 + int.from_bytes(data[8:12], "big")
    commits = [32 + n * frame for n in range((len(data) - 32) // frame)
               if int.from_bytes(data[32 + n * frame + 4:32 + n * frame + 8], "big")]
    return frame, commits


def test_garbage_in_the_middle_of_the_database_is_refused(tmp_path: Path) -> None:
    """Four pages of random bytes in the middle of a store: SQLite's check finds them (they
    gave 500 on some views before)."""
    path = tmp_path / "g.sqlite"
    closed_store(path)
    size = path.stat().st_size
    garble(path, size // 2 - 8192, 16384)
    refused(path, "is damaged: SQLite")


@pytest.mark.parametrize("name, make", [
    ("an empty file", lambda p: p.write_bytes(b"")),
    ("an empty file beside a killed store's log",
     lambda p: (killed_store(p), p.write_bytes(b""))),
    ("a text file", lambda p: p.write_text("these are not the games you are looking for\n")),
])
def test_a_file_that_is_no_database_is_refused(tmp_path: Path, name: str,
                                               make: Callable[[Path], None]) -> None:
    """Something at the path that is not a SQLite database: refused, never overwritten."""
    path = tmp_path / "g.sqlite"
    make(path)
    refused(path, "is damaged")


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    """A SQLite database without rr's tables (before: the tables were added and it was
    served as an empty store)."""
    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('keep me')")
    db.close()
    refused(path, "it holds none of rr's tables")


def test_a_store_missing_a_table_or_a_column_is_refused(tmp_path: Path) -> None:
    """rr's tables with one of them dropped, or one with a column missing: refused (before:
    the dropped table was made again, empty)."""
    dropped, narrow = tmp_path / "dropped.sqlite", tmp_path / "narrow.sqlite"
    for path in (dropped, narrow):
        closed_store(path, 2)
    with sqlite3.connect(dropped) as db:
        db.execute("DROP TABLE tokens")
    db.close()
    with sqlite3.connect(narrow) as db:
        db.execute("ALTER TABLE games DROP COLUMN bots")
    db.close()
    refused(dropped, "it lacks rr's table(s) tokens")
    refused(narrow, "its table games is not rr's")


def test_a_garbled_write_ahead_log_header_is_refused(tmp_path: Path) -> None:
    """After a kill, the log's header garbled: SQLite would ignore the whole log, and the
    games in it (before: started with them missing, "unknown token")."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    garble(Path(f"{path}-wal"), 0, 32)
    refused(path, "does not start with a valid header")


def test_a_garbled_frame_before_committed_changes_is_refused(tmp_path: Path) -> None:
    """A frame in the middle of the log garbled: SQLite would drop every change from there
    on, committed ones included."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    frame, commits = wal_frames(path)
    assert len(commits) >= 4
    garble(Path(f"{path}-wal"), commits[1] + frame + 24 + 100, 64)  # a page after commit 1
    refused(path, "fails its checksum")


def test_a_deleted_write_ahead_log_is_refused(tmp_path: Path) -> None:
    """After a kill, the log deleted and its index left: the index counts changes that are
    in no file (before: started with the games missing)."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    os.unlink(f"{path}-wal")
    refused(path, "write-ahead log g.sqlite-wal is missing")


def test_a_deleted_log_and_index_leave_a_store_without_tables(tmp_path: Path) -> None:
    """After a kill, the log and its index both deleted: every game was in the log, and the
    file left has none of rr's tables."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    os.unlink(f"{path}-wal")
    os.unlink(f"{path}-shm")
    refused(path, "it holds none of rr's tables")


def test_a_log_without_its_database_is_refused(tmp_path: Path) -> None:
    """The database deleted, its log and index left: not a new store."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    os.unlink(path)
    before = files(path)
    done = subprocess.run([sys.executable, "-m", "rr", "server", "--port", "0", "--db",
                           str(path)], capture_output=True, text=True, env=rr_env(),
                          cwd=tmp_path, timeout=60, check=False)
    assert done.returncode == 2 and "without the database it belongs to" in done.stderr
    assert files(path) == before and not path.exists()


def test_a_killed_store_and_a_garbled_index_are_served_whole(tmp_path: Path) -> None:
    """A store left by a kill is whole, and so is one whose index was garbled (SQLite checks
    the index and rebuilds it from the log): every game is there."""
    for name, damage in (("killed.sqlite", None), ("index.sqlite", "shm")):
        path = tmp_path / name
        killed_store(path)
        if damage:
            garble(Path(f"{path}-{damage}"), 0, 136)
        store = SqliteStore(path)
        try:
            rows = store._db().execute("SELECT count(*) FROM games").fetchone()[0]
            assert rows == GAMES, name
        finally:
            store.close()


def test_a_new_path_is_a_new_store(tmp_path: Path) -> None:
    """Where no file is, a new store is made, and it opens again as a whole store."""
    path = tmp_path / "new.sqlite"
    made = closed_store(path, 2)
    store = SqliteStore(path)
    try:
        assert all(store.row(game) is not None for game in made)
    finally:
        store.close()
