"""WebSocket pushes: a seat's socket gets its view when it opens and after every change,
whichever server process made the change; a bad token gets an error and a close code."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.harness import Deployment
from tests.server.play import Answer, create, download, leaks, step, tokens


def ws_url(deployment: Deployment, index: int, game: str, token: str) -> str:
    base = deployment.servers[index].url.replace("http://", "ws://")
    return f"{base}/api/games/{game}/ws?token={token}"


def test_a_seat_is_pushed_its_view_after_every_change(deployment: Deployment,
                                                      tmp_path: Path) -> None:
    """A whole game over HTTP with a socket open for each seat and the spectator (on the last
    server process, while the choices alternate between processes): each socket gets its
    view at once, then after each choice one at least as new as the choice's answer, equal
    to what GET shows; the last push shows the game over; and no push names a card its seat
    did not know then."""
    client = deployment.client
    created = create(client, players=["Ana", "Bo"], seed=9, practice=True)
    game = created["id"]
    viewers = {**{seat: token for seat, token in tokens(created).items()},
               None: created["spectator"]}
    rng = random.Random(2)
    pushed: list[Answer] = []
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(connect(ws_url(deployment, -1, game, token),
                                                     open_timeout=10))
                   for seat, token in viewers.items()}
        latest = {}
        for seat, socket in sockets.items():
            latest[seat] = json.loads(socket.recv(timeout=10))
            assert latest[seat]["seat"] == seat and latest[seat]["since"] == 0
            assert latest[seat] == client.ok("GET", f"/api/games/{game}?since=0", viewers[seat])
            pushed.append((seat, latest[seat]))
        last: dict[str, Any] | None = None
        while (last := step(client, created, rng, last=last)) is not None:
            for seat, socket in sockets.items():
                while latest[seat]["records"] < last["records"]:  # a push may fall between two
                    told = latest[seat]["records"]
                    latest[seat] = json.loads(socket.recv(timeout=10))
                    assert latest[seat]["since"] == told  # each push: the records since the last
                    pushed.append((seat, latest[seat]))
                assert latest[seat]["records"] == last["records"]
        for seat in sockets:
            assert latest[seat]["over"] and latest[seat]["view"]["pending"] is None
            assert latest[seat]["scorepad"]  # the last push brings the scorepad
            assert latest[seat] == client.ok(
                "GET", f"/api/games/{game}?since={latest[seat]['since']}", viewers[seat])
    assert len(pushed) > 100
    assert leaks(download(client, created, tmp_path), pushed) == []


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
