"""Turn notifications against a real ``rr server``: a turn-based game's webhook reaches a
receiver on this machine each time the turn passes to its seat (the operator allows private
addresses, as ``RR_WEBHOOKS_PRIVATE=1`` says), with who is to move and nothing hidden; a
server that does not allow them refuses loopback and private addresses; a failing receiver is
called again."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Client, Server


class _Receiver:
    """An HTTP server on 127.0.0.1 keeping what it is sent (path, JSON); its first
    ``fail_first`` requests are answered 500."""

    def __init__(self, fail_first: int = 0) -> None:
        self.got: list[tuple[str, dict[str, Any]]] = []
        self.fail_first = fail_first
        self.calls = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                outer.calls += 1
                if outer.calls <= outer.fail_first:
                    self.send_response(500)
                    self.end_headers()
                    return
                outer.got.append((self.path, json.loads(body)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def receiver() -> Iterator[_Receiver]:
    running = _Receiver(fail_first=1)
    yield running
    running.close()


def _server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private: bool) -> Server:
    if private:
        monkeypatch.setenv("RR_WEBHOOKS_PRIVATE", "1")
    else:
        monkeypatch.delenv("RR_WEBHOOKS_PRIVATE", raising=False)
    return Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--rate", "100000"])


def _wait(what: Any, seconds: float = 30.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not in time")


def test_each_turn_reaches_the_seats_webhook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             receiver: _Receiver) -> None:
    server = _server(tmp_path, monkeypatch, private=True)
    client = Client([server])
    try:
        made = client.ok("POST", "/api/lobby/games", body={
            "name": "Ana", "players": 2, "clock": {"kind": "days", "days": 1}})
        game = made["id"]
        path = f"/api/games/{game}/webhook"
        client.ok("POST", path, made["token"], {"url": f"{receiver.url}/ana"})
        taken = client.ok("POST", f"/api/games/{game}/invitation", made["invitation"],
                          {"name": "Bo"})
        client.ok("POST", path, taken["token"], {"url": f"{receiver.url}/bo"})
        tokens = {0: made["token"], 1: taken["token"]}
        passes: list[tuple[str, int]] = []  # (receiver path, decision) the turn passed at
        last_seat = None
        for _ in range(30):
            seats = [client.ok("GET", f"/api/games/{game}", tokens[s]) for s in (0, 1)]
            mine = next(a for a in seats if a["view"]["pending"]["options"])
            seat = seats.index(mine)
            if seat != last_seat:
                passes.append(("/ana" if seat == 0 else "/bo", mine["decision"]))
                last_seat = seat
            client.ok("POST", f"/api/games/{game}/choose", tokens[seat],
                      {"action": mine["view"]["pending"]["options"][0]["action"],
                       "decision": mine["decision"]})
        seats = [client.ok("GET", f"/api/games/{game}", tokens[s]) for s in (0, 1)]
        now = next(seats.index(a) for a in seats if a["view"]["pending"]["options"])
        if now != last_seat:
            passes.append(("/ana" if now == 0 else "/bo", seats[now]["decision"]))
        assert len(passes) >= 4
        # Every pass of the turn, in order; the first (at the deal, when Bo took his seat)
        # may have come before Bo's webhook was set.
        _wait(lambda: len(receiver.got) >= len(passes) - 1)
        time.sleep(2.0)  # a retried call (the receiver fails its first) comes later
        got = sorted(((p, b["decision"]) for p, b in receiver.got), key=lambda g: g[1])
        # The first turn is told once the clock sees the deal (within its tick), perhaps at a
        # later decision of the same seat if it moved at once; every later pass exactly.
        assert got[-(len(passes) - 1):] == passes[1:], (got, passes)
        assert len(got) == len(passes) - 1 or (len(got) == len(passes)
                                                and got[0][0] == passes[0][0]), (got, passes)
        path0, body = receiver.got[0]
        assert set(body) == {"content", "text", "game", "seat", "decision"}
        assert body["content"] == body["text"] and "your turn" in body["content"]
        assert ("Ana" if path0 == "/ana" else "Bo") in body["content"]
        assert receiver.calls == len(receiver.got) + 1  # the first call failed: retried
    finally:
        client.close()
        server.stop()


def test_private_addresses_are_refused_unless_allowed(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    server = _server(tmp_path, monkeypatch, private=False)
    client = Client([server])
    try:
        made = client.ok("POST", "/api/lobby/games", body={
            "name": "Ana", "players": 2, "clock": {"kind": "days", "days": 1}})
        path = f"/api/games/{made['id']}/webhook"
        for url in ("http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x",
                    "http://[::1]/x", "http://169.254.169.254/latest", "http://192.168.0.1/"):
            refused = client.call("POST", path, made["token"], {"url": url})
            assert refused.status_code == 422, url
            assert "private" in refused.json()["error"]["message"]
        assert client.call("POST", path, made["token"],
                           {"url": "ftp://example.org/"}).status_code == 422
        assert client.call("POST", path, made["spectator"],
                           {"url": None}).status_code == 403
        assert client.ok("POST", path, made["token"], {"url": None})["webhook"] is False
    finally:
        client.close()
        server.stop()


def test_the_flag_allows_private_addresses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           receiver: _Receiver) -> None:
    """``rr server --webhooks-private`` allows what ``RR_WEBHOOKS_PRIVATE=1`` allows."""
    monkeypatch.delenv("RR_WEBHOOKS_PRIVATE", raising=False)
    server = Server(str(tmp_path / "games.sqlite"), tmp_path,
                    extra=["--rate", "100000", "--webhooks-private"])
    client = Client([server])
    try:
        made = client.ok("POST", "/api/lobby/games", body={
            "name": "Ana", "players": 2, "clock": {"kind": "days", "days": 1}})
        set_ = client.ok("POST", f"/api/games/{made['id']}/webhook", made["token"],
                         {"url": f"{receiver.url}/ana"})
        assert set_["webhook"] is True
    finally:
        client.close()
        server.stop()
