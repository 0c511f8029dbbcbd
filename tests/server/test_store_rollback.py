"""A store that lost committed changes is refused when the server starts, in one line, its
files left as they were (rr.server.sqlite_mark). Before: a write-ahead log cut short at a
frame boundary after kill -9, its index kept, started without a word — games gone, others
back at an earlier decision; so did a store put back to an older copy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from rr.server.games import Games
from rr.server.requests import new_game
from rr.server.sqlite_mark import held_count, mark_file
from rr.server.store_sqlite import SqliteStore
from tests.server.harness import rr_env
from tests.server.test_store_check import (
    closed_store,
    files,
    killed_store,
    refused,
    wal_frames,
)


def test_a_write_ahead_log_cut_short_is_refused(tmp_path: Path) -> None:
    """After kill -9, the log cut to half at the end of a commit's frame, its index kept."""
    path = tmp_path / "g.sqlite"
    killed_store(path)
    frame, commits = wal_frames(path)
    assert len(commits) >= 4
    with open(f"{path}-wal", "r+b") as wal:
        wal.truncate(commits[len(commits) // 2] + frame)
    before = files(path)
    done = subprocess.run([sys.executable, "-m", "rr", "server", "--port", "0", "--db",
                           str(path)], capture_output=True, text=True, env=rr_env(),
                          cwd=tmp_path, timeout=60, check=False)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr[-2000:]
    assert "has lost committed changes" in lines[0] and "listening" not in done.stdout
    # The database, its log and its mark as they were (the index, -shm, is rebuilt from the
    # log by SQLite when the store is read, as at any opening).
    after = files(path)
    assert {k: v for k, v in after.items() if not k.endswith("-shm")} == {
        k: v for k, v in before.items() if not k.endswith("-shm")}


def test_an_older_copy_put_back_is_refused_until_its_mark_is_deleted(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    closed_store(path, 3)
    shutil.copy(path, tmp_path / "backup")
    closed_store(path, 2)
    shutil.copy(tmp_path / "backup", path)
    refused(path, "holds 3 committed change(s) where 5 were made")
    os.unlink(mark_file(path))  # the operator means to serve the older copy
    store = SqliteStore(path)
    try:
        Games(store).create(new_game({"players": ["Ana", "Bo"]}))
    finally:
        store.close()
    assert held_count(path) == 4 and int(mark_file(path).read_text()) == 4


def test_a_mark_without_its_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    closed_store(path, 1)
    os.unlink(path)
    refused(path, "g.sqlite-mark is there without the database")
    assert not path.exists()


def test_a_killed_store_whole_is_served(tmp_path: Path) -> None:
    """kill -9 alone loses nothing: the mark matches the store."""
    path = tmp_path / "g.sqlite"
    killed_store(path, 5)
    assert int(mark_file(path).read_text()) == held_count(path) == 5
    SqliteStore(path).close()
