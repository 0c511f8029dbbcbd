"""The high-water mark of a SQLite store: a roll-back of committed changes is found when a
server opens the store, and refused in one line like the other damage
(:mod:`rr.server.sqlite_check`).

A store can lose committed changes without any of its files being damaged: a write-ahead log
cut short at a frame boundary (SQLite then drops the frames past the cut, and the commits in
them, with no word), a log and its index both deleted after part of the log was copied into
the file, a store put back to an older copy. Before this mark, a server started on such a
store without a word: a game gone (its tokens 401), another back at decision 0.

So every change the store commits also counts itself in the store (the one row of
``rr_commits``), and once committed, the count is written to a file beside the store
(``PATH-mark``, twenty digits). The mark is written only after the commit it counts, so it is
never ahead of what the store holds on its own; it is not synced to the disk (the commit
was): a crash may leave it behind, never ahead. When a server opens the store, the count the
store holds (read through a read-only connection, which changes nothing) must be at least the
mark: fewer is a roll-back, refused (reading a store whose log was cut short, SQLite
rebuilds its index, ``PATH-shm``, from the log, as any opening does; the database, its log
and the mark are left as they were). An operator who does mean to serve an older copy (a
backup) deletes the mark file; a mark with no database beside it is refused as a log or an
index without it is.

With ``rr server --sqlite-sync normal`` a power cut may lose the last commits while the mark
that counted them survives: that store did lose answered choices, and is refused like any
other until the operator deletes the mark.

Several processes on one store each write the mark after their own commits: one may write a
lower count after another's higher one (never above what is committed), so the mark may
stay a little behind the store, never ahead of it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from rr.server.errors import StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS rr_commits (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    n INTEGER NOT NULL
);
INSERT OR IGNORE INTO rr_commits VALUES (0, 0);
"""
"""The count's table (made when a store is opened, in stores made before it too)."""
COUNT = "UPDATE rr_commits SET n = n + 1 WHERE id = 0 RETURNING n"
WIDTH = 20


def mark_file(path: Path) -> Path:
    return Path(f"{path}-mark")


def check(path: Path) -> None:
    """Raise :class:`StoreError` (one line) if the store at ``path`` holds fewer commits than
    its mark says were made (or the mark has no database beside it)."""
    marked = _read(mark_file(path))
    if marked is None:
        return
    if not os.path.lexists(path):
        raise _rolled_back(path, f"{mark_file(path).name} is there without the database it "
                                 "belongs to")
    held = held_count(path)
    if held < marked:
        raise _rolled_back(path, f"it holds {held} committed change(s) where {marked} were "
                                 "made (a write-ahead log cut short, or an older copy put "
                                 "back)")


def held_count(path: Path) -> int:
    """The commits the store counts, read only (0 for a store made before the count). With
    no write-ahead log there, no connection can have the store open: it is read as
    immutable, which makes no log or index beside it."""
    unopened = not os.path.lexists(f"{path}-wal")
    try:
        db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro"
                             f"{'&immutable=1' if unopened else ''}", uri=True)
    except sqlite3.Error as err:
        raise StoreError(f"cannot open the SQLite database {path}: {err}") from None
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                          "name = 'rr_commits'").fetchone():
            return 0
        row = db.execute("SELECT n FROM rr_commits WHERE id = 0").fetchone()
        return int(row[0]) if row else 0
    except sqlite3.Error as err:
        raise StoreError(f"cannot read the SQLite database {path}: {err}") from None
    finally:
        db.close()


def _rolled_back(path: Path, why: str) -> StoreError:
    return StoreError(f"the store {path} has lost committed changes: {why}. rr serves no "
                      "store that lost choices it answered: restore it from a backup, or, to "
                      f"serve it as it is, delete {mark_file(path).name}")


def _read(mark: Path) -> int | None:
    """The mark's count (``None``: no mark); a mark that is no count is taken as none."""
    try:
        text = mark.read_text("ascii").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    except OSError as err:
        raise StoreError(f"cannot read {mark}: {err.strerror or err}") from None
    return int(text) if text.isdigit() else None


class Mark:
    """The mark file, open for writing: :meth:`count` in a change's transaction,
    :meth:`write` once it is committed."""

    def __init__(self, path: Path) -> None:
        try:
            self._fd = os.open(mark_file(path), os.O_WRONLY | os.O_CREAT, 0o644)
        except OSError as err:
            raise StoreError(f"cannot write {mark_file(path)}: {err.strerror or err}"
                             ) from None

    @staticmethod
    def count(db: sqlite3.Connection) -> int:
        """Count one more commit in ``db``'s open transaction; the new count."""
        return int(db.execute(COUNT).fetchall()[0][0])

    def write(self, count: int) -> None:
        """Mark ``count`` commits made (after they are committed)."""
        with contextlib.suppress(OSError):  # unwritten, the mark stays behind: no harm
            os.pwrite(self._fd, f"{count:0{WIDTH}d}\n".encode("ascii"), 0)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
