"""The check of a SQLite store when a server opens it: a damaged store is refused, never
served, and never replaced by a new, empty one.

What counts as a store, and as a damaged one:

* no file at the path, and no write-ahead log (``PATH-wal``) or index (``PATH-shm``)
  beside it: a new store, made with its tables;
* anything else at the path must be a whole rr store. Refused: something that is not a
  regular file (a folder, a named pipe); an empty file; a file that is not a SQLite database;
  a database that fails SQLite's ``PRAGMA quick_check`` (every page and record is read: garbage
  written into the file shows here); a database whose tables are not rr's, or lack a column
  of rr's schema (another program's database, a store of another version of rr);
* the write-ahead log, which holds the changes not yet copied into the file (after the server
  is stopped or killed, most of a store can be there): refused when its header is not
  SQLite's (SQLite would ignore the whole log, and the games in it with it), and when one of
  its frames fails its checksum while a committed change comes after it (SQLite would drop
  that change and every one after it); a log or an index with no database beside it;
* a write-ahead log that was deleted: when its index (``PATH-shm``, left behind by a server
  that was stopped or killed) is still there and counts changes that were never copied into
  the file. If the index was deleted too, a store whose tables were all in the log is
  refused for lacking them.

What the check cannot tell: a store put back to an older copy of itself (from a backup, or
a log and its index both deleted after part of the log was copied into the file) is a whole
store, served as it is; the damage of a last change that was never copied into the file
when no index tells of it (it looks like a write cut short by a power cut, which SQLite drops
by design); and a change of the bytes inside an event, which no check of SQLite sees (the
engine refuses such a game when it is read: its events no longer replay).

The check reads the database only through a read-only SQLite connection, so a refused store
is left as it was found (SQLite may add an index beside a log that has none); the log is read as
bytes only (SQLite holds no lock on
it), and the index only when the log is missing (no connection can then have it open, so
closing it cannot drop another connection's locks).
"""

from __future__ import annotations

import os
import sqlite3
import stat
import struct
import sys
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import quote

from rr.server.errors import StoreError

SQLITE_WAL_VERSION = 3007000
_WAL_MAGIC = (0x377F0682, 0x377F0683)
"""A write-ahead log's first four bytes; the last bit says its checksums are big-endian."""
_WAL_HEADER, _FRAME_HEADER = 32, 24
_MASK = 0xFFFFFFFF


def check(path: Path, schema: str, added: Mapping[str, Sequence[str]] | None = None) -> None:
    """Raise :class:`StoreError` (one line, saying what is wrong) unless ``path`` is a whole rr
    store, or nothing at all (a new store). ``schema`` is the store's ``CREATE TABLE``
    script: an existing store must have every table and column it makes, but those of
    ``added`` (table: columns added since, last in the table), which a store made before
    them lacks."""
    wal, index = Path(f"{path}-wal"), Path(f"{path}-shm")
    if not os.path.lexists(path):
        for extra in (wal, index):
            if os.path.lexists(extra):
                raise _damaged(path, f"{extra.name} is there without the database it belongs "
                                     "to")
        return
    mode = os.stat(path).st_mode if os.path.exists(path) else None
    if mode is None or not stat.S_ISREG(mode):
        raise StoreError(f"--db {path} is not a regular file: a store is a SQLite file")
    if os.path.getsize(path) == 0:
        raise _damaged(path, "the file is empty (a new store is made only where no file is)")
    _check_log(path, wal, index)
    _check_database(path, schema, added or {})


def _damaged(path: Path, why: str) -> StoreError:
    return StoreError(f"the store {path} is damaged: {why}. rr serves no damaged store and "
                      "makes no new one in its place: restore it from a backup, or give --db "
                      "a path where no file is")


def _check_database(path: Path, schema: str, added: Mapping[str, Sequence[str]]) -> None:
    """SQLite's own check of every page, then rr's tables and columns, read only. With no
    write-ahead log there, no connection can have the store open: it is read as immutable,
    which makes no log or index beside it."""
    unopened = not os.path.lexists(f"{path}-wal")
    try:
        db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro"
                             f"{'&immutable=1' if unopened else ''}", uri=True)
    except sqlite3.Error as err:
        raise _damaged(path, f"SQLite cannot open it ({err})") from None
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _damaged(path, f"SQLite's check finds {len(problems)} problem(s), the "
                                 f"first: {problems[0]}")
        found = _tables(db)
    except sqlite3.Error as err:
        raise _damaged(path, f"SQLite cannot read it ({err})") from None
    finally:
        db.close()
    with sqlite3.connect(":memory:") as model:
        model.executescript(schema)
        wanted = _tables(model)
    model.close()
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise _damaged(path, "it holds none of rr's tables" if len(missing) == len(wanted)
                       else f"it lacks rr's table(s) {', '.join(missing)}")
    for table, columns in sorted(wanted.items()):
        later = list(added.get(table, ()))
        # A store made before the last k added columns lacks exactly those (salt: #25,
        # seats: #29), whichever rr made it.
        if found[table] != columns and not any(
                found[table] == columns[:-k] and [c[0] for c in columns[-k:]] == later[-k:]
                for k in range(1, len(later) + 1)):
            raise _damaged(path, f"its table {table} is not rr's (columns "
                                 f"{', '.join(c[0] for c in found[table])}; rr's are "
                                 f"{', '.join(c[0] for c in columns)})")


def _tables(db: sqlite3.Connection) -> dict[str, list[tuple[str, str, int, int]]]:
    """Each table's columns: name, type, not null, place in the primary key."""
    names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: [(c[1], c[2].upper(), c[3], c[5])
                   for c in db.execute(f'PRAGMA table_info("{name}")')] for name in names}


def _check_log(path: Path, wal: Path, index: Path) -> None:
    """The write-ahead log's header and frames, and, when the log is missing, its index."""
    data = wal.read_bytes() if wal.is_file() else b""
    if not data:
        pending = _pending_in_index(index) if index.is_file() else 0
        if pending:
            raise _damaged(path, f"its write-ahead log {wal.name} is missing or empty, but "
                                 f"its index {index.name} counts {pending} change(s) (frames) "
                                 "written there and never copied into the file")
        return
    if len(data) < _WAL_HEADER:
        raise _damaged(path, f"its write-ahead log {wal.name} is cut short inside its header")
    magic, version, page_size, _, salt1, salt2, sum1, sum2 = struct.unpack(">8I",
                                                                          data[:_WAL_HEADER])
    big = magic & 1 == 1
    if magic not in _WAL_MAGIC or version != SQLITE_WAL_VERSION or not _is_page_size(page_size) \
            or _checksum(data[:24], (0, 0), big) != (sum1, sum2):
        raise _damaged(path, f"its write-ahead log {wal.name} does not start with a valid "
                             "header (SQLite would ignore the changes it holds)")
    frame = _FRAME_HEADER + page_size
    running, broken, lost = (sum1, sum2), -1, 0
    for n in range((len(data) - _WAL_HEADER) // frame):
        start = _WAL_HEADER + n * frame
        _, commit, frame_salt1, frame_salt2, check1, check2 = struct.unpack(
            ">6I", data[start:start + _FRAME_HEADER])
        if (frame_salt1, frame_salt2) != (salt1, salt2):
            continue  # a frame of an earlier round of the log, already in the file
        if broken < 0:
            running = _checksum(data[start:start + 8] + data[start + _FRAME_HEADER:start + frame],
                                running, big)
            if running != (check1, check2):
                broken = n
        elif commit:
            lost += 1
    if broken >= 0 and lost:
        raise _damaged(path, f"frame {broken} of its write-ahead log {wal.name} fails its "
                             f"checksum, and {lost} committed change(s) after it would be "
                             "lost with it")


def _is_page_size(size: int) -> bool:
    return 512 <= size <= 65536 and size & (size - 1) == 0


def _checksum(data: bytes, seed: tuple[int, int], big: bool) -> tuple[int, int]:
    """SQLite's write-ahead log checksum of ``data`` (a multiple of 8 bytes) from ``seed``."""
    words = array("I", data)
    if big != (sys.byteorder == "big"):
        words.byteswap()
    s0, s1 = seed
    pairs = iter(words)
    for x0, x1 in zip(pairs, pairs):
        s0 = (s0 + x0 + s1) & _MASK
        s1 = (s1 + x1 + s0) & _MASK
    return s0, s1


def _pending_in_index(index: Path) -> int:
    """How many frames a write-ahead log index left by a server that stopped says are in the
    log and not yet copied into the database (0 if it says none, or is not readable)."""
    head = index.read_bytes()[:104]
    if len(head) < 104 or head[:48] != head[48:96]:
        return 0  # no index SQLite would trust: it rebuilds one from the log
    order = "<" if sys.byteorder == "little" else ">"
    version, _, _, initialised = struct.unpack(order + "3IB", head[:13])
    (frames,), (copied,) = struct.unpack(order + "I", head[16:20]), struct.unpack(
        order + "I", head[96:100])
    if version != SQLITE_WAL_VERSION or not initialised:
        return 0
    return max(0, int(frames) - int(copied))
