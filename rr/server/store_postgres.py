"""The PostgreSQL store (psycopg 3): the same tables as SQLite, for several server processes.

A change locks its game's row with ``SELECT ... FOR UPDATE`` inside a transaction, so
changes to one game are made one at a time whichever process makes them, while other games
go on in parallel (SQLite has one write lock for the whole file). Each thread of a process
has its own connection, in autocommit mode outside the explicit transactions. A commit waits
for the server's write-ahead log to reach the disk (PostgreSQL's default
``synchronous_commit = on``): an answered choice survives a crash. A change also sends a
``NOTIFY`` naming its game, so the WebSockets of every process hear of it at once
(:meth:`PostgresStore.watch`).

A choice is written by :meth:`PostgresStore.append_later`, the group commit of
:mod:`rr.server.commits`: one transaction (one WAL flush) for the choices of every game that
came in while the last commit waited, each a conditional ``UPDATE`` of its game's counters
(the event count it was made against) and the ``INSERT`` of its events, in a savepoint of its
own. The games of a transaction are updated in the order of their ids, so the committing
threads of several processes never wait for each other in a cycle (no deadlock).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any, cast

from attrs import frozen

from rr.model import Seat
from rr.server.errors import StoreError
from rr.randomness import Secret
from rr.server import postgres_check
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
    players_text,
    row_of,
    salt_text,
)

HINT = "pip install 'red-rising-engine[postgres]'"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    players TEXT NOT NULL,
    seed BIGINT NOT NULL,
    ruleset TEXT NOT NULL,
    bots TEXT NOT NULL,
    events INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    over BOOLEAN NOT NULL,
    salt TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER
);
ALTER TABLE games ADD COLUMN IF NOT EXISTS salt TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS seats TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS changed TEXT;
"""

ADDED = {"games": ("salt", "seats", "changed")}
"""The columns added since the first store (last in their table), which an older store lacks
(:mod:`rr.server.postgres_check`)."""

CHANNEL = "rr_games"
"""The channel of PostgreSQL's LISTEN/NOTIFY on which a committed change names its game."""

_ROW = f"SELECT {ROW_COLUMNS} FROM games WHERE id = %s"


def _psycopg() -> Any:
    try:
        return importlib.import_module("psycopg")
    except ImportError:
        raise StoreError(f"a PostgreSQL store needs the psycopg package: {HINT}") from None


class _Locked:
    def __init__(self, db: Any, row: GameRow) -> None:
        self.row = row
        self._db = db

    def events(self, since: int = 0) -> list[bytes]:
        return _events(self._db, self.row.id, since)

    def append(self, events: Sequence[bytes], decisions: int, over: bool,
               seats: str | None = None, secret: Secret | None = None) -> None:
        start = self.row.events
        with self._db.cursor() as cursor:
            cursor.executemany("INSERT INTO events (game, seq, data) VALUES (%s, %s, %s)",
                               [(self.row.id, start + i, e) for i, e in enumerate(events)])
        self._db.execute("UPDATE games SET events = %s, decisions = %s, over = %s, "
                         "changed = %s WHERE id = %s",
                         (start + len(events), decisions, over, changed_now(), self.row.id))
        if seats is not None:
            self._db.execute("UPDATE games SET seats = %s WHERE id = %s", (seats, self.row.id))
        if secret is not None:
            self._db.execute("UPDATE games SET seed = %s, salt = %s WHERE id = %s",
                             (secret.seed, salt_text(secret), self.row.id))
        # Delivered when the transaction commits (never if it rolls back): every process
        # listening wakes its sockets of this game at once.
        self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.row.id))


_APPEND = """
WITH moved AS (
    UPDATE games SET events = %(total)s, decisions = %(decisions)s, over = %(over)s,
                     seats = coalesce(%(seats)s, seats), changed = %(changed)s
    WHERE id = %(game)s AND events = %(start)s RETURNING id)
INSERT INTO events (game, seq, data)
SELECT moved.id, %(start)s + s.i - 1, s.data
FROM moved, unnest(%(data)s::bytea[]) WITH ORDINALITY AS s(data, i)
"""
"""One game's append as one statement: the counters updated if the game still has the
events the write was made against, and then (only then) its events inserted; the rows
inserted are the events, or none if the game went on."""


@frozen
class _Append:
    """The work of :meth:`PostgresStore.append_later` (:class:`Moved` if the game went on)."""

    game: str
    start: int
    events: tuple[bytes, ...]
    decisions: int
    over: bool
    seats: str | None

    def parameters(self) -> dict[str, Any]:
        return {"total": self.start + len(self.events), "decisions": self.decisions,
                "over": self.over, "seats": self.seats, "game": self.game,
                "start": self.start, "data": list(self.events), "changed": changed_now()}

    def __call__(self, db: Any) -> None:
        """The append alone (in a savepoint of its own: :meth:`PostgresStore._batch`'s way
        once a batch failed as a whole)."""
        if db.execute(_APPEND, self.parameters()).rowcount != len(self.events):
            raise Moved(self.game)
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.game))


def _events(db: Any, game: str, since: int) -> list[bytes]:
    rows = db.execute("SELECT data FROM events WHERE game = %s AND seq >= %s ORDER BY seq",
                      (game, since)).fetchall()
    return [bytes(data) for (data,) in rows]


class PostgresStore:
    """Games in a PostgreSQL database (its tables created if missing)."""

    reads_wait = True

    def __init__(self, url: str) -> None:
        self._psycopg = _psycopg()
        self._url = url
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()
        self._watching = False
        self._stopped = threading.Event()
        self._commits = GroupCommit(self._batch, "rr-postgres-commit")
        db = self._db()
        try:
            with db.transaction():
                # Two processes starting at once must not both create the tables.
                db.execute("SELECT pg_advisory_xact_lock(7215)")
                postgres_check.check(db, SCHEMA, ADDED)  # another program's tables: refused
                db.execute(SCHEMA)
                # Games of a store made before their changes were dated: dated now.
                db.execute("UPDATE games SET changed = %s WHERE changed IS NULL",
                           (changed_now(),))
        except self._psycopg.Error as err:
            raise StoreError(f"cannot create rr's tables: {_first_line(err)}") from None

    def _db(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None or db.closed:
            try:
                db = self._psycopg.connect(self._url, autocommit=True, connect_timeout=10)
            except self._psycopg.Error as err:
                raise StoreError(f"cannot reach the PostgreSQL database: {_first_line(err)}"
                                 ) from None
            self._local.db = db
            with self._guard:
                self._all.append(db)
        return db

    def create(self, row: GameRow, ruleset: str, events: Sequence[bytes],
               tokens: Sequence[tuple[str, Seat | None]]) -> None:
        db = self._db()
        with db.transaction(), db.cursor() as cursor:
            cursor.execute(f"INSERT INTO games ({GAME_COLUMNS}) "
                           "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                           (row.id, players_text(row.players), row.secret.seed,
                            salt_text(row.secret), ruleset, bots_text(row.bots), len(events),
                            row.decisions, row.over, row.seats, changed_now()))
            for start, part in chunks(events):
                cursor.executemany("INSERT INTO events (game, seq, data) VALUES (%s, %s, %s)",
                                   [(row.id, start + i, e) for i, e in enumerate(part)])
            cursor.executemany("INSERT INTO tokens VALUES (%s, %s, %s)",
                               [(digest, row.id, seat) for digest, seat in tokens])

    def access(self, token_hash: str) -> Access | None:
        found = self._db().execute("SELECT game, seat FROM tokens WHERE hash = %s",
                                   (token_hash,)).fetchone()
        return None if found is None else Access(found[0], found[1])

    def row(self, game: str) -> GameRow | None:
        return row_of(self._db().execute(_ROW, (game,)).fetchone())

    def events(self, game: str, since: int = 0) -> list[bytes]:
        return _events(self._db(), game, since)

    @contextmanager
    def locked(self, game: str) -> Iterator[_Locked]:
        db = self._db()
        with db.transaction():
            row = row_of(db.execute(_ROW + " FOR UPDATE", (game,)).fetchone())
            if row is None:
                raise KeyError(game)
            yield _Locked(db, row)

    def append_later(self, row: GameRow, events: Sequence[bytes], decisions: int, over: bool,
                     seats: str | None = None) -> Future[None]:
        return self._commits.submit(_Append(row.id, row.events, tuple(events), decisions, over,
                                            seats))

    def _batch(self, works: Sequence[Work]) -> list[BaseException | None]:
        """Run ``works`` (appends) in one transaction (the committing thread's), game by game
        in the order of their ids, sent at once (psycopg's pipeline: one round trip for the
        lot, not one a statement); a ``NOTIFY`` for each game stored. Should the transaction
        fail as a whole (an error of the database, not a game that went on), each work is
        tried again alone, in a savepoint of its own, so one bad write fails alone."""
        order = sorted(range(len(works)), key=lambda i: getattr(works[i], "game", ""))
        appends = [works[i] for i in order]
        db = self._db()
        failures: list[BaseException | None] = [None] * len(works)
        try:
            if all(isinstance(a, _Append) and a.events for a in appends):
                with db.transaction():
                    with db.pipeline():
                        cursors = [db.execute(_APPEND, cast(_Append, a).parameters())
                                   for a in appends]
                    stored = []
                    for place, append, cursor in zip(order, appends, cursors):
                        append = cast(_Append, append)
                        if cursor.rowcount == len(append.events):
                            stored.append(append.game)
                        else:
                            failures[place] = Moved(append.game)
                    if stored:
                        db.execute("SELECT pg_notify(%s, g) FROM unnest(%s::text[]) AS g",
                                   (CHANNEL, stored))
                return failures
        except self._psycopg.Error:
            pass  # each alone, below
        try:
            with db.transaction():
                done = run_each(appends, db, lambda: db.execute("SAVEPOINT work"),
                                lambda: db.execute("RELEASE SAVEPOINT work"),
                                lambda: db.execute("ROLLBACK TO SAVEPOINT work"))
        except self._psycopg.Error as err:
            raise StoreError(f"PostgreSQL could not commit: {_first_line(err)}") from None
        for place, failed in zip(order, done):
            failures[place] = failed
        return failures

    def expire(self, before: str) -> list[str]:
        stale = "SELECT id FROM games WHERE NOT over AND changed < %s"
        db = self._db()
        try:
            with db.transaction():
                gone = [game for (game,) in db.execute(stale + " FOR UPDATE", (before,))]
                if gone:
                    # events, tokens, and the rows other modules keep by game (the lobby's)
                    keyed = [t for (t,) in db.execute(
                        "SELECT table_name FROM information_schema.columns WHERE "
                        "table_schema = current_schema() AND column_name = 'game'")]
                    for table in keyed:
                        db.execute(f'DELETE FROM "{table}" WHERE game = ANY(%s)', (gone,))
                    db.execute("DELETE FROM games WHERE id = ANY(%s)", (gone,))
        except self._psycopg.Error as err:
            raise StoreError(f"PostgreSQL could not expire games: {_first_line(err)}"
                             ) from None
        return gone

    def watch(self, changed: Callable[[str], None]) -> None:
        """Call ``changed(game)`` (from a thread of its own) after every change committed by
        any process: ``LISTEN`` on a connection of its own, reconnecting if it is lost."""
        if self._watching:
            return
        self._watching = True
        threading.Thread(target=self._listen, args=(changed,), daemon=True,
                         name="rr-listen").start()

    def _listen(self, changed: Callable[[str], None]) -> None:
        while not self._stopped.is_set():
            try:
                with self._psycopg.connect(self._url, autocommit=True,
                                           connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    while not self._stopped.is_set():
                        for note in db.notifies(timeout=1.0):
                            changed(note.payload)
            except self._psycopg.Error:
                self._stopped.wait(1.0)  # the server went away: try again in a moment

    def close(self) -> None:
        self._commits.close()  # what was handed in is committed first
        self._stopped.set()
        with self._guard:
            for db in self._all:
                db.close()
            self._all.clear()


def _first_line(err: Exception) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]
