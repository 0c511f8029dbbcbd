"""The check of a PostgreSQL store when a server opens it (as :mod:`rr.server.sqlite_check`
checks a SQLite one): a database whose tables are not rr's is refused, and nothing in it is
changed.

rr's tables (``games``, ``events``, ``tokens``) are looked for in the connection's current
schema (the first of its ``search_path``; ``public`` by default):

* none of them there: a new store, whose tables are then made;
* all of them there: each must have the columns rr's schema makes, with their types, whether
  they may be null and which make the primary key — but for the columns added since
  (``ADDED``, last in their table: ``salt``, #25; ``seats``, #29), which a store made before
  them lacks and which are then added;
* some of them only, or one whose columns are not rr's (another program's ``games`` table,
  a table changed by hand): refused, naming the table and its columns. Before the check,
  ``CREATE TABLE IF NOT EXISTS`` kept another program's table as it was and then *added*
  rr's columns to it, and the server failed on its first request.

The columns rr's schema makes are read from PostgreSQL itself: the schema's script is run on
temporary tables (``pg_temp``) in a savepoint that is rolled back, so the check cannot drift
from the script. What the check cannot tell: damage below the tables (PostgreSQL checks its
own pages and write-ahead log), and rows changed by hand (the engine refuses a game whose
events no longer replay when it reads it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rr.server.errors import StoreError

Column = tuple[str, str, bool, bool]
"""A column: its name, its type, whether it may be null, whether it is in the primary key."""

_COLUMNS = """
SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'YES',
       EXISTS (SELECT 1 FROM information_schema.table_constraints t
               JOIN information_schema.key_column_usage k
                 ON k.constraint_name = t.constraint_name
                AND k.constraint_schema = t.constraint_schema
                AND k.table_name = t.table_name
               WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = c.table_schema
                 AND t.table_name = c.table_name AND k.column_name = c.column_name)
FROM information_schema.columns c
WHERE c.table_schema = {schema} AND c.table_name = ANY(%s)
ORDER BY c.table_name, c.ordinal_position
"""


class _Model(Exception):
    """Rolls back the savepoint in which the model tables were made."""


def check(db: Any, schema: str, added: Mapping[str, Sequence[str]] | None = None) -> None:
    """Raise :class:`StoreError` (one line) unless the current schema of ``db`` (a psycopg
    connection, inside a transaction) holds rr's tables as ``schema`` (the store's script)
    makes them, or none of them (a new store); ``added``: per table, the columns added
    since, last in the table, which a store made before them lacks. Changes nothing."""
    wanted = _model(db, schema)
    found = _tables(db, "current_schema()", sorted(wanted))
    if not found:
        return
    for table, have in sorted(found.items()):
        columns, later = wanted[table], list((added or {}).get(table, ()))
        if have != columns and not any(
                have == columns[:-k] and [c[0] for c in columns[-k:]] == later[-k:]
                for k in range(1, len(later) + 1)):
            raise _not_rr(db, f"its table {table} is not rr's (columns {_words(have)}; "
                              f"rr's are {_words(columns)})")
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise _not_rr(db, f"it lacks rr's table(s) {', '.join(missing)} beside "
                          f"{', '.join(sorted(found))}")


def _model(db: Any, schema: str) -> dict[str, list[Column]]:
    """The tables ``schema`` makes, as PostgreSQL describes them: made as temporary tables
    in a savepoint, read, and rolled back."""
    made: dict[str, list[Column]] = {}
    try:
        with db.transaction():
            db.execute("SET LOCAL search_path TO pg_temp")
            db.execute(schema)
            names = [n for (n,) in db.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = pg_my_temp_schema()::regnamespace::text").fetchall()]
            made = _tables(db, "pg_my_temp_schema()::regnamespace::text", names)
            raise _Model
    except _Model:
        pass
    return made


def _tables(db: Any, schema: str, names: Sequence[str]) -> dict[str, list[Column]]:
    found: dict[str, list[Column]] = {}
    for table, column, kind, nullable, key in db.execute(
            _COLUMNS.format(schema=schema), (list(names),)).fetchall():
        found.setdefault(table, []).append((column, kind, bool(nullable), bool(key)))
    return found


def _words(columns: Sequence[Column]) -> str:
    return ", ".join(f"{name} {kind}{'' if nullable else ' not null'}{' key' if key else ''}"
                     for name, kind, nullable, key in columns)


def _not_rr(db: Any, why: str) -> StoreError:
    name = getattr(getattr(db, "info", None), "dbname", "?")
    return StoreError(f"the PostgreSQL database {name} is not an rr store: {why}. rr serves "
                      "no such store and changes nothing in it: give --db a database of rr's, "
                      "or an empty one")
