"""The wire version on the game's WebSocket (:mod:`rr.wire`): a socket that names one —
``?wire=3`` on its URL or ``RR-Wire: 3`` on its upgrade request — gets it first in every
message, an error's too; a socket that names none gets the messages of before versions; a
version not served is refused in the words of the HTTP routes."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from rr.server.app import build
from rr.server.games import Games
from rr.server.limits import Limits
from rr.server.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's warning about httpx, its test client's
    from starlette.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    games = Games(open_store(str(tmp_path / "games.sqlite"), "NORMAL"))
    with TestClient(build(games, Limits(rate=1e6, burst=1e6))) as client:
        yield client


def _first(client: TestClient, url: str, **headers: str) -> tuple[str, Any]:
    with client.websocket_connect(url, headers=headers) as socket:
        text = socket.receive_text()
    return text, json.loads(text)


def test_a_versioned_socket_gets_its_version_in_every_message(client: TestClient) -> None:
    made = client.post("/api/games", json={"players": ["Ana", "Bo"]}).json()
    url = f"/api/games/{made['id']}/ws?token={made['spectator']}"
    plain_text, plain = _first(client, url)
    assert "wire" not in plain and plain_text.startswith('{"seat":')  # as before versions
    for way in ({"url": url + "&wire=3"}, {"url": url, "rr-wire": "3"},
                {"url": url + "&wire=3", "rr-wire": "3"}):
        text, versioned = _first(client, **way)
        assert text.startswith('{"wire":3,')
        assert versioned == {"wire": 3, **plain}
    two_text, _ = _first(client, url + "&wire=2")  # version 2 is the unversioned shape,
    assert two_text == plain_text  # as over HTTP and rr stdio


def _refused(client: TestClient, url: str, **headers: str) -> tuple[Any, int]:
    with client.websocket_connect(url, headers=headers) as socket:
        message = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    return message, closed.value.code


def test_a_version_not_served_is_refused_in_words(client: TestClient) -> None:
    made = client.post("/api/games", json={"players": ["Ana", "Bo"]}).json()
    url = f"/api/games/{made['id']}/ws?token={made['spectator']}"
    message, code = _refused(client, url + "&wire=9")
    http = client.get(f"/api/games/{made['id']}", headers={
        "authorization": f"Bearer {made['spectator']}", "rr-wire": "9"})
    assert code == 4400 and http.status_code == 400
    assert message == http.json()  # the same type and words as over HTTP
    assert "wire version 9 is not one this rr speaks" in message["error"]["message"]
    message, code = _refused(client, url + "&wire=3", **{"rr-wire": "2"})
    assert code == 4400 and "names two wire versions" in message["error"]["message"]


def test_a_versioned_sockets_error_carries_its_version(client: TestClient) -> None:
    made = client.post("/api/games", json={"players": ["Ana", "Bo"]}).json()
    message, code = _refused(client, f"/api/games/{made['id']}/ws?token=nonsense&wire=3")
    assert code == 4401
    assert list(message) == ["wire", "error"] and message["wire"] == 3
    assert message["error"]["type"] == "UnauthorizedError"
    plain, _ = _refused(client, f"/api/games/{made['id']}/ws?token=nonsense")
    assert plain == {"error": message["error"]}
