"""The SQLite store (the default): one file, WAL journal, ``synchronous=FULL``.

``synchronous=FULL`` makes every commit wait for the disk (fsync of the write-ahead log), so
an answered choice survives a crash of the machine, not only of the process; ``NORMAL`` would
be faster and still survive ``kill -9``, but could lose the last choices on a power cut.
The write-ahead log lets readers go on while a change is being written. A change is
``BEGIN IMMEDIATE`` ... ``COMMIT``: it takes SQLite's one write lock at once (waiting up to
:data:`BUSY_MS` for it), so two processes on one file take turns; the row is read again under
that lock.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from rr.model import Seat
from rr.server import sqlite_check, sqlite_mark
from rr.server.errors import StoreError
from rr.randomness import Secret
from rr.server.commits import GroupCommit, Work, run_each
from rr.server.store import (
    GAME_COLUMNS,
    ROW_COLUMNS,
    Access,
    GameRow,
    Moved,
    bots_text,
    changed_now,
    chunks,
    damaged,
    players_text,
    row_of,
    salt_text,
)

SYNCHRONOUS = ("FULL", "NORMAL")
"""SQLite's ``synchronous`` settings a store may use (see the module's docstring)."""

BUSY_MS = 10_000
"""How long a connection waits for another's write lock before giving up."""

ADDED = {"games": ("salt", "seats", "changed")}
"""Columns added to rr's tables since stores were first made, last in their tables: a store
that lacks them is whole, and gets them when it is opened (``salt``: issue #25; ``seats``,
the seats' keys and signatures of a signed game: issue #29; ``changed``, when the game last
changed, for its expiry: rr.server.expiry)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    bots TEXT NOT NULL,
    events INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    over INTEGER NOT NULL,
    salt TEXT,
    seats TEXT,
    changed TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER
);
"""

_ROW = f"SELECT {ROW_COLUMNS} FROM games WHERE id = ?"


class _Locked:
    def __init__(self, db: sqlite3.Connection, row: GameRow) -> None:
        self.row = row
        self._db = db

    def events(self, since: int = 0) -> list[bytes]:
        return _events(self._db, self.row.id, since)

    def append(self, events: Sequence[bytes], decisions: int, over: bool,
               seats: str | None = None, secret: Secret | None = None) -> None:
        start = self.row.events
        self._db.executemany("INSERT INTO events (game, seq, data) VALUES (?, ?, ?)",
                             [(self.row.id, start + i, e) for i, e in enumerate(events)])
        self._db.execute("UPDATE games SET events = ?, decisions = ?, over = ?, changed = ? "
                         "WHERE id = ?",
                         (start + len(events), decisions, int(over), changed_now(), self.row.id))
        if seats is not None:
            self._db.execute("UPDATE games SET seats = ? WHERE id = ?", (seats, self.row.id))
        if secret is not None:
            self._db.execute("UPDATE games SET seed = ?, salt = ? WHERE id = ?",
                             (secret.seed, salt_text(secret), self.row.id))


def _append(db: sqlite3.Connection, game: str, start: int, events: Sequence[bytes],
            decisions: int, over: bool, seats: str | None) -> None:
    """The work of :meth:`SqliteStore.append_later` (:class:`Moved` if the game has gone on)."""
    changed = db.execute("UPDATE games SET events = ?, decisions = ?, over = ?, "
                         "seats = coalesce(?, seats), changed = ? WHERE id = ? AND events = ?",
                         (start + len(events), decisions, int(over), seats, changed_now(), game,
                          start))
    if changed.rowcount != 1:
        raise Moved(game)
    db.executemany("INSERT INTO events (game, seq, data) VALUES (?, ?, ?)",
                   [(game, start + i, e) for i, e in enumerate(events)])


def _events(db: sqlite3.Connection, game: str, since: int) -> list[bytes]:
    """The game's stored events from the ``since``-th on; :class:`DamagedStoreError` if one
    is not stored as bytes (SQLite keeps whatever type a value was written with) or one is
    missing."""
    found: list[bytes] = []
    for seq, kind, data in db.execute(
            "SELECT seq, typeof(data), CAST(data AS BLOB) FROM events WHERE game = ? AND "
            "seq >= ? ORDER BY seq", (game, since)):
        if seq != since + len(found):
            raise damaged(game, f"its record {since + len(found)} is missing")
        if kind != "blob":
            raise damaged(game, f"its record {seq} is stored as {kind}, not as bytes")
        found.append(bytes(data))
    return found


class SqliteStore:
    """Games in one SQLite file (created with its tables where no file is; an existing file
    must be a whole store: :mod:`rr.server.sqlite_check`)."""

    reads_wait = False

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        if synchronous not in SYNCHRONOUS:
            raise StoreError(f"SQLite's synchronous is one of {', '.join(SYNCHRONOUS)}, "
                             f"not {synchronous!r}")
        self.path = Path(path)
        self.synchronous = synchronous
        # SQLite has one write lock per file; threads of this process queue for it here, in
        # order, rather than in SQLite's busy handler, which sleeps and retries (tens of ms).
        self._writing = threading.Lock()
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self._commits = GroupCommit(self._batch, "rr-sqlite-commit")
        sqlite_check.check(self.path, SCHEMA, ADDED)  # a damaged store is refused
        sqlite_mark.check(self.path)  # and so is one that lost committed changes
        db = self._db()
        try:
            db.execute("PRAGMA journal_mode = WAL")
            db.executescript(SCHEMA)
            db.executescript(sqlite_mark.SCHEMA)
            for table, added in ADDED.items():
                columns = {c[1] for c in db.execute(f"PRAGMA table_info({table})")}
                for column in added:
                    if column not in columns:  # a store made before the column was
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
            # Games of a store made before their changes were dated: dated now (their
            # expiry counts from here).
            db.execute("UPDATE games SET changed = ? WHERE changed IS NULL", (changed_now(),))
        except sqlite3.Error as err:
            raise StoreError(f"cannot use {self.path} as a SQLite database: {err}") from None
        self._mark = sqlite_mark.Mark(self.path)

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_MS / 1000,
                                     check_same_thread=False)
                db.execute(f"PRAGMA synchronous = {self.synchronous}")
                db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            except sqlite3.Error as err:
                raise StoreError(f"cannot open the SQLite database {self.path}: {err}"
                                 ) from None
            self._local.db = db
            with self._guard:
                self._all.append(db)
        return db

    def create(self, row: GameRow, ruleset: str, events: Sequence[bytes],
               tokens: Sequence[tuple[str, Seat | None]]) -> None:
        db = self._db()
        with self._writing:
            self._create(db, row, ruleset, events, tokens)

    def _create(self, db: sqlite3.Connection, row: GameRow, ruleset: str,
                events: Sequence[bytes], tokens: Sequence[tuple[str, Seat | None]]) -> None:
        with self._transaction(db):
            db.execute(f"INSERT INTO games ({GAME_COLUMNS}) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (row.id, players_text(row.players), row.secret.seed,
                        salt_text(row.secret), ruleset, bots_text(row.bots), len(events),
                        row.decisions, int(row.over), row.seats, changed_now()))
            for start, part in chunks(events):
                db.executemany("INSERT INTO events (game, seq, data) VALUES (?, ?, ?)",
                               [(row.id, start + i, e) for i, e in enumerate(part)])
            db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                           [(digest, row.id, seat) for digest, seat in tokens])

    @contextmanager
    def _transaction(self, db: sqlite3.Connection) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception; the store's count
        of committed changes taken inside it and its mark written once it is committed
        (:mod:`rr.server.sqlite_mark`)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            count = self._mark.count(db)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        self._mark.write(count)

    def access(self, token_hash: str) -> Access | None:
        found = self._db().execute("SELECT game, seat FROM tokens WHERE hash = ?",
                                    (token_hash,)).fetchone()
        return None if found is None else Access(found[0], found[1])

    def row(self, game: str) -> GameRow | None:
        return row_of(self._db().execute(_ROW, (game,)).fetchone())

    def events(self, game: str, since: int = 0) -> list[bytes]:
        return _events(self._db(), game, since)

    @contextmanager
    def locked(self, game: str) -> Iterator[_Locked]:
        db = self._db()
        with self._writing:
            yield from self._locked(db, game)

    def _locked(self, db: sqlite3.Connection, game: str) -> Iterator[_Locked]:
        with self._transaction(db):
            row = row_of(db.execute(_ROW, (game,)).fetchone())
            if row is None:
                raise KeyError(game)
            yield _Locked(db, row)

    def append_later(self, row: GameRow, events: Sequence[bytes], decisions: int, over: bool,
                     seats: str | None = None) -> Future[None]:
        return self._commits.submit(partial(_append, game=row.id, start=row.events,
                                            events=tuple(events), decisions=decisions,
                                            over=over, seats=seats))

    def _batch(self, works: Sequence[Work]) -> list[BaseException | None]:
        """Run ``works`` in one transaction (the committing thread's)."""
        db = self._db()
        with self._writing, self._transaction(db):
            failures = run_each(works, db, lambda: db.execute("SAVEPOINT work"),
                                lambda: db.execute("RELEASE work"),
                                lambda: db.execute("ROLLBACK TO work"))
        return failures

    def expire(self, before: str) -> list[str]:
        db = self._db()
        stale = "SELECT id FROM games WHERE over = 0 AND changed < ?"
        with self._writing, self._transaction(db):
            gone = [game for (game,) in db.execute(stale, (before,))]
            if gone:
                # events, tokens, and the rows other modules keep by game (the lobby's)
                keyed = [t for (t,) in db.execute(
                    "SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c "
                    "WHERE m.type = 'table' AND c.name = 'game'")]
                for table in keyed:
                    db.execute(f'DELETE FROM "{table}" WHERE game IN ({stale})', (before,))
                db.execute("DELETE FROM games WHERE over = 0 AND changed < ?", (before,))
        return gone

    def watch(self, changed: Callable[[str], None]) -> None:
        """SQLite cannot tell one process of another's changes: the WebSockets poll."""

    def close(self) -> None:
        self._commits.close()  # what was handed in is committed first
        with self._guard:
            for db in self._all:
                db.close()
            self._all.clear()
        self._mark.close()
