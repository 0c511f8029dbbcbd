"""Tokens (random, stored only as hashes, never in the server's output), rate and size
limits, and the seed kept secret while a game is under way."""

from __future__ import annotations

import base64
import hashlib
import sqlite3
from pathlib import Path

from tests.server.harness import Deployment, Server, Client
from tests.server.play import create, tokens
from tests.server.test_errors import refused


def test_tokens_are_random_and_stored_only_as_hashes(sqlite: Deployment) -> None:
    """Every token carries at least 128 random bits; the SQLite file holds none of them,
    only their SHA-256."""
    client = sqlite.client
    made = [create(client, players=["Ana", "Bo", "Cy"]) for _ in range(3)]
    given = [t for m in made for t in [*tokens(m).values(), m["spectator"]]]
    assert len(set(given)) == len(given) == 12
    for token in given:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
    sqlite.close()  # every connection closed: the WAL is folded into the file
    data = b"".join(p.read_bytes() for p in Path(sqlite.db).parent.glob("games.sqlite*"))
    for token in given:
        assert token.encode() not in data
        assert hashlib.sha256(token.encode()).hexdigest().encode() in data
    db = sqlite3.connect(sqlite.db)
    stored = {h for (h,) in db.execute("SELECT hash FROM tokens")}
    db.close()
    assert stored == {hashlib.sha256(t.encode()).hexdigest() for t in given}


def test_no_token_reaches_the_server_output(sqlite: Deployment) -> None:
    """After requests with tokens in headers, errors and a WebSocket's query string, the
    server's output names none of them."""
    from websockets.sync.client import connect

    client = sqlite.client
    created = create(client, players=["Ana", "Bo"])
    for token in [*tokens(created).values(), created["spectator"]]:
        client.ok("GET", f"/api/games/{created['id']}", token)
        client.call("GET", f"/api/games/{created['id']}/log", token)
    url = sqlite.servers[0].url.replace("http", "ws")
    with connect(f"{url}/api/games/{created['id']}/ws?token={created['spectator']}",
                 open_timeout=10) as socket:
        socket.recv(timeout=10)
    sqlite.close()
    out = sqlite.output()
    assert "listening on" in out
    for token in [*tokens(created).values(), created["spectator"]]:
        assert token not in out


def test_a_token_that_asks_too_often_is_told_to_wait(tmp_path: Path) -> None:
    """With --rate 5, a burst of 40 requests with one token meets 429 RateLimitedError;
    another token is still served."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--rate", "5"])
    client = Client([server])
    try:
        created = create(client, players=["Ana", "Bo"])
        statuses = [client.call("GET", f"/api/games/{created['id']}",
                                created["spectator"]).status_code for _ in range(40)]
        assert statuses[0] == 200 and 429 in statuses
        refused(client, 429, "RateLimitedError", "GET", f"/api/games/{created['id']}",
                created["spectator"])
        client.ok("GET", f"/api/games/{created['id']}", tokens(created)[0])
    finally:
        client.close()
        server.stop()


def test_the_seed_is_not_shown_while_the_game_is_under_way(sqlite: Deployment) -> None:
    """A game created without a seed gets a random one (two games are dealt differently), and
    no answer before the end names it."""
    client = sqlite.client
    first, second = create(client, players=["Ana", "Bo"]), create(client, players=["Ana", "Bo"])
    views = [client.ok("GET", f"/api/games/{g['id']}", tokens(g)[0]) for g in (first, second)]
    assert views[0]["view"]["hand"] != views[1]["view"]["hand"]
    assert "seed" not in str(views[0]) and "seed" not in str(first)
