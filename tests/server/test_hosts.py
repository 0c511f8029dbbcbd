"""The host names ``rr server`` answers to (rr.server.hosts), on real server processes: a
request under another name — what a page of another site reaching the server by DNS
rebinding sends — is refused with 400 in words and changes nothing; this machine's names, the
address it listens on and the names given with ``--allowed-hosts`` are served."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rr.server.hosts import AllowedHosts, allowed, host_of
from tests.server.harness import Server


def _call(server: Server, method: str, path: str, host: str,
          body: object = None) -> httpx.Response:
    return httpx.request(method, f"{server.url}{path}", headers={"host": host}, json=body,
                         timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "games.sqlite"), tmp_path,
                     extra=["--allowed-hosts", "rr.example,Games.Example."])
    yield running
    running.stop()


def test_another_host_name_is_refused_in_words_and_changes_nothing(server: Server) -> None:
    port = server.url.rsplit(":", 1)[1]
    game = {"players": ["Ana", "Bo"], "bots": {"1": "random"}}
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example",
                 "localhost.evil.example"):
        for method, path, body in (("POST", "/api/games", game), ("GET", "/api/health", None),
                                   ("GET", "/", None), ("POST", "/api/replays", None)):
            answer = _call(server, method, path, host, body)
            assert answer.status_code == 400, (host, path, answer.status_code)
            error = answer.json()["error"]
            assert error["type"] == "BadRequest"
            assert error["message"].startswith(
                f"this server does not answer to the host name {host_of(host)!r}")
            assert "--allowed-hosts" in error["message"]
    # Nothing was created: the first game made now is the store's only one.
    for host in ("127.0.0.1", f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST",
                 f"[::1]:{port}", "rr.example", f"games.example:{port}"):
        assert _call(server, "GET", "/api/health", host).status_code == 200, host
    created = _call(server, "POST", "/api/games", "localhost", game)
    assert created.status_code == 201
    with sqlite3.connect(server.db) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)
    db.close()
    assert "Traceback" not in server.output()


def test_a_websocket_under_another_host_name_is_refused(server: Server) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    created = _call(server, "POST", "/api/games", "localhost",
                    {"players": ["Ana", "Bo"], "bots": {"1": "random"}}).json()
    url = (f"{server.url.replace('http', 'ws')}/api/games/{created['id']}/ws?token="
           f"{created['seats'][0]['token']}")
    with connect(url, additional_headers={"Host": "localhost"}) as socket:
        assert socket.recv(timeout=30)
    with pytest.raises(InvalidStatus), connect(url, additional_headers={"Host": "evil.example"}):
        pass


def test_the_names_allowed_by_default() -> None:
    """On 127.0.0.1: this machine's names only. On every address (0.0.0.0): any address
    written as digits too (a phone on the network), never a name that is not given."""
    app = AllowedHosts(lambda *_: None, allowed("127.0.0.1"))  # type: ignore[arg-type]
    assert [app.allows(h) for h in ("127.0.0.1:8000", "localhost", "[::1]:80", "::1",
                                    "localhost.", "192.168.1.5:8000", "evil.example")] == [
        True, True, True, True, True, False, False]
    every = AllowedHosts(lambda *_: None, allowed("0.0.0.0"))  # type: ignore[arg-type]
    assert [every.allows(h) for h in ("192.168.1.5:8000", "[fe80::1]:8000", "localhost",
                                      "evil.example", "192.168.1.5.nip.io")] == [
        True, True, True, False, False]
    star = AllowedHosts(lambda *_: None, allowed("127.0.0.1", ["*"]))  # type: ignore[arg-type]
    assert star.allows("anything.example")
