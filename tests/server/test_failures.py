"""Requests that made rr fail with a 500 ("a bug in rr") get the typed refusal their mistake
deserves; and a failure that is rr's own is written to the server's log with its traceback
(before, nothing at all was logged)."""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        yield running
    finally:
        running.stop()


def _post(server: Server, path: str, body: str) -> httpx.Response:
    """A body sent as it is written (so that a lone surrogate's escape reaches the server)."""
    return httpx.post(f"{server.url}{path}", content=body.encode("ascii"),
                      headers={"content-type": "application/json"}, timeout=30)


def test_a_superscript_digit_is_no_seat_and_no_record(server: Server) -> None:
    """`"²"` is a digit to Python's str.isdigit and not to int: as a `bots` seat it is a
    BadInputError (422), as `?since=` of a game's answer a BadRequest (400); neither is a
    500."""
    bots = _post(server, "/api/games", '{"players": ["Ana", "Bo"], "bots": {"\\u00b2": '
                                       '"random"}}')
    assert bots.status_code == 422, bots.text
    assert bots.json()["error"]["type"] == "BadInputError" and "seat" in bots.text
    created = httpx.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]},
                         timeout=30).json()
    story = httpx.get(f"{server.url}/api/games/{created['id']}",
                      params={"since": "²"}, timeout=30,
                      headers={"authorization": f"Bearer {created['spectator']}"})
    assert story.status_code == 400 and story.json()["error"]["type"] == "BadRequest"
    assert "Traceback" not in server.output()


@pytest.mark.parametrize("field", ["key", "signature"])
def test_a_lone_surrogate_in_a_replay_is_a_bad_request(server: Server, field: str) -> None:
    """JSON's `"\\ud800"` is no text (it cannot be encoded): a field holding it is refused as
    a bad request (400), wherever it is."""
    log = base64.b64encode(b"not a log").decode("ascii")
    answer = _post(server, "/api/replay", f'{{"log": "{log}", "audit": true, '
                                          f'"{field}": "\\ud800"}}')
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["type"] == "BadRequest" and "surrogate" in answer.text
    named = _post(server, "/api/games", '{"players": ["An\\udfffa", "Bo"]}')
    assert named.status_code == 400 and "surrogate" in named.text


def test_a_failure_of_rr_is_logged_with_its_traceback(server: Server, tmp_path: Path) -> None:
    """The store loses a table under a running server: the views fail (500, "a bug in rr"),
    and each failure is in the server's log with the route and the traceback — and no
    token."""
    created = httpx.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]},
                         timeout=30).json()
    token = created["spectator"]
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        db.execute("DROP TABLE games")
    db.close()
    answer = httpx.get(f"{server.url}/api/games/{created['id']}", timeout=30,
                       headers={"authorization": f"Bearer {token}"})
    assert answer.status_code == 500
    assert answer.json()["error"]["type"] == "InternalError"
    assert "no such table" not in answer.text  # the client is told nothing of the inside
    logged = server.output()
    assert f"rr server: GET /api/games/{created['id']} failed" in logged
    assert "Traceback (most recent call last)" in logged
    assert "sqlite3.OperationalError: no such table: games" in logged
    assert token not in logged
