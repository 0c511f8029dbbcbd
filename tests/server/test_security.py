"""Tokens (random, stored only as hashes, never in the server's output), rate and size
limits, and the seed kept secret while a game is under way."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import sqlite3
from pathlib import Path

import pytest

from rr.events import log
from rr.oracle.audit import audit_file
from rr.randomness import Secret

from tests.server.harness import Deployment, Server, Client
from tests.server.play import Answer, create, download, step, tokens
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
        answers = [client.call("GET", f"/api/games/{created['id']}", created["spectator"])
                   for _ in range(40)]
        statuses = [a.status_code for a in answers]
        assert statuses[0] == 200 and 429 in statuses
        # The refusal's body, taken from the burst itself: a request sent after it may
        # rightly be served again on a loaded machine, once the bucket has refilled.
        error = answers[statuses.index(429)].json()["error"]
        assert error["type"] == "RateLimitedError" and error["message"], error
        client.ok("GET", f"/api/games/{created['id']}", tokens(created)[0])
    finally:
        client.close()
        server.stop()


@pytest.mark.rule("RR-VIEW-10")
def test_the_seed_is_not_shown_while_the_game_is_under_way(sqlite: Deployment,
                                                           tmp_path: Path) -> None:
    """A game created without a seed gets a random one (two games are dealt differently);
    no answer to a seat or the spectator before the end — views, choices, the story —
    names the seed or the salt the server stored, though every seat and the spectator
    are shown the commitment; the log given at the end reveals them, opens the commitment and audits
    clean with every random outcome checked."""
    client = sqlite.client
    first, second = create(client, players=["Ana", "Bo"]), create(client, players=["Ana", "Bo"])
    views = [client.ok("GET", f"/api/games/{g['id']}", tokens(g)[0]) for g in (first, second)]
    assert views[0]["view"]["hand"] != views[1]["view"]["hand"]
    db = sqlite3.connect(sqlite.db)
    seed, salt = db.execute("SELECT seed, salt FROM games WHERE id = ?",
                            (first["id"],)).fetchone()
    db.close()
    secret = Secret(seed, bytes.fromhex(salt))
    assert views[0]["view"]["commitment"] == secret.commitment
    assert views[0]["view"]["seed_origin"] == "drawn"
    seen: list[Answer] = []
    said: list[str] = [json.dumps(first)]
    rng = random.Random(3)
    last = None
    while (last := step(client, first, rng, seen, last)) is not None:
        if last["view"]["pending"] is None:
            break
    for viewer in [first["spectator"], *tokens(first).values()]:
        story = client.ok("GET", f"/api/games/{first['id']}?since=0", viewer)["new"]
        said.append(json.dumps(story[:-1]))  # the last record is the reveal
        # The story says in words that the seed was committed; the hash itself is the
        # view's `commitment`, shown to every seat and the spectator.
        assert "committed before the first decision" in story[0]["text"]
        shown = client.ok("GET", f"/api/games/{first['id']}", viewer)["view"]["commitment"]
        assert shown == secret.commitment
    said += [json.dumps(answer) for _, answer in seen if answer["view"]["pending"] is not None]
    for text in said:
        assert str(seed) not in re.findall(r"\d+", text) and salt not in text
    path = download(client, first, tmp_path)
    read = log.read(path)
    assert read.secret == secret and read.header["commitment"] == secret.commitment
    report = audit_file(path)
    assert report.ok and report.seed_checked, report.summary()
    assert f"seed {seed} revealed in record" in report.randomness


@pytest.mark.rule("RR-VIEW-10")
def test_a_chosen_seed_needs_a_practice_game_and_every_seat_is_told(
        sqlite: Deployment) -> None:
    """Whoever chooses the seed can know every card: the server refuses a seed unless the
    game is an open practice game, and then every view and the story say the creator chose
    it."""
    client = sqlite.client
    refused(client, 422, "BadInputError", "POST", "/api/games", None,
            {"players": ["Ana", "Bo"], "seed": 5})
    made = create(client, players=["Ana", "Bo"], seed=5, practice=True)
    shown = client.ok("GET", f"/api/games/{made['id']}", tokens(made)[1])
    assert shown["view"]["seed_origin"] == "chosen"
    story = client.ok("GET", f"/api/games/{made['id']}?since=0", made["spectator"])["new"]
    assert "seed chosen by the creator" in story[0]["text"]
