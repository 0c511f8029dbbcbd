"""What one address can make the store hold is bounded: a quota of new games per address
(``rr server --games-per-hour``), and games never finished expire (``--expire-days``), while a
finished game is kept, its log downloadable. Before: one address created 423 six-bot games
in 20 s, and no game was ever deleted."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rr.server.expiry import before
from rr.server.games import Games
from rr.server.requests import new_game
from rr.server.store import Store
from rr.server.store_postgres import PostgresStore
from rr.server.store_sqlite import SqliteStore
from rr.server.tokens import hash_of
from tests.server import postgres
from tests.server.harness import Client, Server
from tests.server.play import create

EXPIRE_DAYS = 4 / 86400
"""Four seconds (looked at every second)."""


def test_new_games_beyond_the_addresss_quota_are_refused(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--games-per-hour", "5"])
    try:
        with httpx.Client(timeout=30) as http:
            statuses = [http.post(f"{server.url}/api/games", json={
                "players": ["Ana", "Bo"], "bots": {"0": "random", "1": "random"}}).status_code
                for _ in range(7)]
            refused = http.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]})
        assert statuses == [201] * 5 + [429] * 2, statuses
        assert refused.status_code == 429 and "new games" in refused.json()["error"]["message"]
    finally:
        server.stop()


def test_unfinished_games_expire_and_finished_ones_stay(tmp_path: Path) -> None:
    """A game waiting for a choice, and one whose open seat was never taken, are deleted
    once unchanged for the expiry (their tokens 401, said in the server's output); a game of
    bots, over when created, stays and its log downloads."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path,
                    extra=["--expire-days", f"{EXPIRE_DAYS!r}"])
    client = Client([server])
    try:
        waiting = create(client, players=["Ana", "Bo"])
        never = create(client, players=["Ana", "Bo"], open=[1])
        finished = create(client, players=["Ana", "Bo"], bots={"0": "random", "1": "random"})
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and client.call(
                "GET", f"/api/games/{waiting['id']}", waiting["spectator"]).status_code == 200:
            time.sleep(0.5)
        gone = client.call("GET", f"/api/games/{waiting['id']}", waiting["spectator"])
        assert gone.status_code == 401, gone.text
        assert client.call("GET", f"/api/games/{never['id']}/invitation",
                           never["invitation"]).status_code == 401
        log = client.call("GET", f"/api/games/{finished['id']}/log", finished["spectator"])
        assert log.status_code == 200 and len(log.content) > 1000
        assert "game(s) not finished and unchanged for" in server.output()
    finally:
        client.close()
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        made: Store = SqliteStore(tmp_path / "games.sqlite")
    else:
        pg: postgres.Cluster | str = request.getfixturevalue("pg")
        if isinstance(pg, str):
            pytest.skip(pg)
        made = PostgresStore(pg.database())
    try:
        yield made
    finally:
        made.close()


def test_each_store_expires_the_unfinished_games_only(store: Store) -> None:
    """Dated by their last change: the unfinished game older than the cut-off goes with its
    events, tokens and the rows another table keeps by game (the lobby's); a finished one as
    old, and an unfinished one changed since, stay."""
    games = Games(store)
    old = games.create(new_game({"players": ["Ana", "Bo"]}))
    mark = "?" if isinstance(store, SqliteStore) else "%s"
    db = store._db()  # type: ignore[attr-defined]
    db.execute("CREATE TABLE notes (game TEXT NOT NULL, text TEXT NOT NULL)")
    db.execute(f"INSERT INTO notes VALUES ({mark}, 'kept by game')", (old["id"],))
    over = games.create(new_game({"players": ["Ana", "Bo"], "bots": {"0": "random",
                                                                      "1": "random"}}))
    assert store.expire("2000-01-01T00:00:00Z") == []
    cutoff = before(-1 / 86400)  # a second from now: both games older
    time.sleep(1.2)
    recent = games.create(new_game({"players": ["Ana", "Bo"]}))
    time.sleep(1.2)
    assert store.expire(cutoff) == [old["id"]]
    assert store.row(old["id"]) is None and store.events(old["id"]) == []
    assert store.access(hash_of(old["spectator"])) is None
    assert db.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
    assert store.row(over["id"]) is not None and store.row(recent["id"]) is not None
