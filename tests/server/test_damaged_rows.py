"""A game whose stored rows were damaged after they were written (SQLite keeps whatever type
a value is written with): an event stored as text, a record missing, a column of the wrong
type. The server answers a typed error in words naming the game and the record — never a
500 "a bug in rr" with a traceback — and serves the store's other games."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.server.harness import Deployment


def _damage(deployment: Deployment, statement: str, game: str) -> None:
    deployment.kill()
    with sqlite3.connect(deployment.db) as db:
        assert db.execute(statement, (game,)).rowcount >= 1
    db.close()
    for server in deployment.servers:
        server.start()


@pytest.mark.parametrize(("statement", "words"), [
    ("UPDATE events SET data = CAST(data AS TEXT) WHERE game = ? AND seq = 2",
     "its record 2 is stored as text, not as bytes"),
    ("UPDATE events SET data = CAST(x'ff00fe' AS TEXT) WHERE game = ? AND seq = 0",
     "its record 0 is stored as text, not as bytes"),
    ("DELETE FROM events WHERE game = ? AND seq = 1", "its record 1 is missing"),
    ("UPDATE games SET seed = 'forty-two' WHERE id = ?", "its seed column holds str"),
    ("UPDATE games SET players = '[' WHERE id = ?", "its row cannot be read"),
])
def test_a_damaged_row_is_a_typed_error_in_words(sqlite: Deployment, statement: str,
                                                 words: str) -> None:
    client = sqlite.client
    damaged = client.ok("POST", "/api/games", body={"players": ["Ana", "Bo"],
                                                    "bots": {"1": "random"}})
    other = client.ok("POST", "/api/games", body={"players": ["Cy", "Di"],
                                                  "bots": {"1": "random"}})
    _damage(sqlite, statement, damaged["id"])
    token = damaged["seats"][0]["token"]
    for path in (f"/api/games/{damaged['id']}", f"/api/games/{damaged['id']}/scores-now"):
        answer = client.call("GET", path, token)
        assert answer.status_code == 422, (path, answer.status_code, answer.text)
        error = answer.json()["error"]
        assert error["type"] == "DamagedStoreError"
        assert error["message"].startswith(f"game {damaged['id']} is damaged in the store: "
                                           f"{words}"), error["message"]
    assert client.call("GET", f"/api/games/{other['id']}",
                       other["seats"][0]["token"]).status_code == 200
    assert "Traceback" not in sqlite.output() and "a bug in rr" not in sqlite.output()


def test_a_store_can_be_read_after_a_damaged_row_is_put_right(tmp_path: Path) -> None:
    """The check reads; it writes nothing: the row put right, the game is served again."""
    from rr.server.games import Games
    from rr.server.requests import new_game
    from rr.server.store_sqlite import SqliteStore
    from rr.server.errors import DamagedStoreError

    path = tmp_path / "games.sqlite"
    store = SqliteStore(path)
    created = Games(store).create(new_game({"players": ["Ana", "Bo"]}))
    game = created["id"]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET data = CAST(data AS TEXT) WHERE game = ? AND seq = 0",
                   (game,))
    db.close()
    with pytest.raises(DamagedStoreError, match="its record 0 is stored as text"):
        store.events(game)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET data = CAST(data AS BLOB) WHERE game = ? AND seq = 0",
                   (game,))
    db.close()
    assert len(store.events(game)) > 0
    store.close()
