"""A PostgreSQL database whose tables are not rr's is refused when the server opens it — one
line, exit 2, nothing in it changed (rr.server.postgres_check) — on the real PostgreSQL the
tests start. Before the check, ``CREATE TABLE IF NOT EXISTS`` kept another program's
``games`` table, rr added its columns to it, and the server started."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from rr.server.errors import StoreError
from rr.server.games import Games
from rr.server.requests import new_game
from rr.server.store_postgres import PostgresStore
from tests.server import postgres
from tests.server.harness import ROOT, rr_env


@pytest.fixture
def url(pg: postgres.Cluster | str) -> str:
    if isinstance(pg, str):
        pytest.skip(pg)
    return pg.database()


def _sql(url: str, *statements: str) -> list[Any]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        rows: list[Any] = []
        for statement in statements:
            cursor = db.execute(statement)
            rows = cursor.fetchall() if cursor.description else []
        return rows


def _columns(url: str) -> list[tuple[str, str, str]]:
    return [tuple(r) for r in _sql(url, "SELECT table_name, column_name, data_type FROM "
                                        "information_schema.columns WHERE table_schema = "
                                        "'public' ORDER BY table_name, ordinal_position")]


def _refused(url: str, words: str) -> None:
    """Opening the store raises one line naming ``words``; `rr server --db URL` exits 2 with
    it; the database's tables are as they were."""
    before = _columns(url)
    with pytest.raises(StoreError) as refused:
        PostgresStore(url)
    assert words in str(refused.value) and "\n" not in str(refused.value), refused.value
    done = subprocess.run([sys.executable, "-m", "rr", "server", "--port", "0", "--db", url],
                          capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=60,
                          check=False)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and words in lines[0], done.stderr[-2000:]
    assert _columns(url) == before, "a refused store was changed"


def test_a_new_database_gets_rr_s_tables_and_opens_again(url: str) -> None:
    store = PostgresStore(url)
    made = Games(store).create(new_game({"players": ["Ana", "Bo"]}))
    store.close()
    again = PostgresStore(url)  # its own tables pass the check
    assert again.row(made["id"]) is not None
    again.close()


def test_a_store_made_before_the_added_columns_opens_and_gains_them(url: str) -> None:
    """A store of rr before #25 (no salt), #29 (no seats) and the expiry of games (no
    changed) is rr's: opened, columns added."""
    _sql(url, "CREATE TABLE games (id TEXT PRIMARY KEY, players TEXT NOT NULL, "
              "seed BIGINT NOT NULL, ruleset TEXT NOT NULL, bots TEXT NOT NULL, "
              "events INTEGER NOT NULL, decisions INTEGER NOT NULL, over BOOLEAN NOT NULL)",
         "CREATE TABLE events (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, "
         "data BYTEA NOT NULL, PRIMARY KEY (game, seq))",
         "CREATE TABLE tokens (hash TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES "
         "games(id), seat INTEGER)")
    PostgresStore(url).close()
    assert [c for t, c, _ in _columns(url) if t == "games"][-3:] == ["salt", "seats",
                                                                      "changed"]


@pytest.mark.parametrize(("statements", "words"), [
    (["CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT)"],
     "its table games is not rr's (columns id text not null key, title text; rr's are id "
     "text not null key, players text not null"),
    (["CREATE TABLE games (id TEXT PRIMARY KEY, players TEXT NOT NULL, seed BIGINT NOT NULL, "
      "ruleset TEXT NOT NULL, bots TEXT NOT NULL, events INTEGER NOT NULL, decisions INTEGER "
      "NOT NULL, over BOOLEAN NOT NULL, salt TEXT, seats TEXT)",
      "CREATE TABLE events (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, "
      "data TEXT NOT NULL, PRIMARY KEY (game, seq))",
      "CREATE TABLE tokens (hash TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER)"],
     "its table events is not rr's"),
    (["CREATE TABLE tokens (hash TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER)"],
     "it lacks rr's table(s) events, games beside tokens"),
], ids=["another program's games", "events changed by hand", "a table alone"])
def test_tables_not_rr_s_are_refused_and_left_as_they_were(
        url: str, statements: list[str], words: str) -> None:
    _sql(url, *statements)
    _refused(url, words)
