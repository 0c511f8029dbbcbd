"""WebSocket pushes: a seat's socket gets its view when it opens and after every change,
whichever server process made the change; a bad token gets an error and a close code."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.harness import Deployment
from tests.server.play import create, step, tokens


def ws_url(deployment: Deployment, index: int, game: str, token: str) -> str:
    base = deployment.servers[index].url.replace("http://", "ws://")
    return f"{base}/api/games/{game}/ws?token={token}"


def test_a_seat_is_pushed_its_view_after_every_change(deployment: Deployment) -> None:
    """Seat 1's socket (on the last server process) gets its view at once, then one after
    each of ten choices made over HTTP (on every process in turn): each newer than the last,
    each seat 1's own (its hand, options only when it decides)."""
    client = deployment.client
    created = create(client, players=["Ana", "Bo"], seed=9)
    game, token = created["id"], tokens(created)[1]
    rng = random.Random(2)
    with connect(ws_url(deployment, -1, game, token), open_timeout=10) as socket:
        first: dict[str, Any] = json.loads(socket.recv(timeout=10))
        assert first["seat"] == 1 and first["view"]["hand"]
        assert first == client.ok("GET", f"/api/games/{game}", token)
        last = first["events"]
        for _ in range(10):
            answer = step(client, created, rng)
            assert answer is not None
            pushed = json.loads(socket.recv(timeout=10))
            while pushed["events"] < answer["events"]:  # a push may fall between two
                pushed = json.loads(socket.recv(timeout=10))
            assert pushed["events"] == answer["events"] > last
            assert pushed == client.ok("GET", f"/api/games/{game}", token)
            last = pushed["events"]


@pytest.mark.parametrize("token,code", [("", 4401), ("nope", 4401), (None, 4403)])
def test_a_socket_with_a_bad_token_is_told_why_and_closed(sqlite: Deployment,
                                                          token: str | None, code: int) -> None:
    """No token or an unknown one: an UnauthorizedError message, then close code 4401;
    another game's token: ForbiddenError, 4403."""
    client = sqlite.client
    created, other = create(client, players=["Ana", "Bo"]), create(client, players=["Cy"])
    given = other["spectator"] if token is None else token
    with connect(ws_url(sqlite, 0, created["id"], given), open_timeout=10) as socket:
        error = json.loads(socket.recv(timeout=10))["error"]
        assert error["type"] == ("ForbiddenError" if code == 4403 else "UnauthorizedError")
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code
