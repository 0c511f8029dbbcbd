"""What a server keeps beside its games' logs, in the same database: the public lobby's listings
(:mod:`rr.server.lobby`), the order in which rated games finished (the ratings,
:mod:`rr.ratings`), the clocks (:mod:`rr.server.clocks`) and each game's chat
(:mod:`rr.server.chat`), the seats' webhooks (:mod:`rr.server.webhooks`) and when a server
process last said it was up (``server_up``: the clocks' heartbeat).
None of it is the rules' business: a game is still its event log,
and these tables only say how the server runs it.

The tables sit in the games' own database (SQLite file or PostgreSQL), made if missing,
through a connection of their own per thread; the games' tables are checked and made first
(:mod:`rr.server.sqlite_check` leaves other tables alone). Every statement is written once,
with ``?`` for its parameters (PostgreSQL's ``%s`` put in here). A change that reads then
writes runs in :meth:`Tables.transaction`: SQLite's ``BEGIN IMMEDIATE`` (the file's write
lock), PostgreSQL's transaction with an advisory lock on the table's name, so that two
processes take turns.
"""

from __future__ import annotations

import sqlite3
import threading
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from rr.server.errors import StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS lobby (
    game TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    rated INTEGER NOT NULL,
    watch INTEGER NOT NULL,
    players INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    clock TEXT,
    invitation TEXT,
    spectator TEXT,
    finished INTEGER
);
CREATE TABLE IF NOT EXISTS clocks (
    game TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    due BIGINT
);
CREATE TABLE IF NOT EXISTS chat (
    game TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at BIGINT NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS server_up (
    id INTEGER PRIMARY KEY,
    at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhooks (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
"""


class Run(Protocol):
    def __call__(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...


class Tables:
    """The server's tables beside the games, in the database at ``where`` (a SQLite file's
    path or a ``postgresql://`` URL)."""

    def __init__(self, where: str) -> None:
        self.postgres = where.startswith(("postgresql://", "postgres://"))
        self._where = where
        self._local = threading.local()
        try:
            with self.transaction("schema") as run:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        run(statement)
        except (sqlite3.Error, RuntimeError) as err:
            raise StoreError(f"cannot make the server's tables: {err}") from None

    def _db(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None:
            if self.postgres:
                import psycopg  # the postgres extra, installed with the games' store

                db = psycopg.connect(self._where, autocommit=True, connect_timeout=10)
            else:
                db = sqlite3.connect(self._where, isolation_level=None, timeout=10,
                                     check_same_thread=False)
                db.execute("PRAGMA busy_timeout = 10000")
            self._local.db = db
        return db

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One statement on its own (autocommit); the rows it returns."""
        cursor = self._db().execute(self._sql(sql), tuple(params))
        return list(cursor.fetchall()) if cursor.description else []

    @contextmanager
    def transaction(self, name: str) -> Iterator[Run]:
        """Statements run in one transaction, taking turns with every other process's
        transaction of the same ``name``."""
        db = self._db()

        def run(sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
            cursor = db.execute(self._sql(sql), tuple(params))
            return list(cursor.fetchall()) if cursor.description else []
        if self.postgres:
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (zlib.crc32(name.encode()),))
                yield run
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            yield run
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def where_of(store: Any) -> str:
    """The database a games store is in (its SQLite file or its PostgreSQL URL)."""
    url = getattr(store, "_url", None)
    return str(url) if url is not None else str(store.path)
