"""The wire format's versions (rr.wire): a client written against the shapes before versions
(tests/protocol/client_wire2.py) plays whole games against ``rr stdio`` and ``rr server``
unchanged; a client naming version 3 gets it named back; a version not served is refused in
the same words by both doors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rr.protocol import Session
from rr.wire import SERVED, WIRE_VERSION
from tests.protocol import client_wire2
from tests.server.harness import ROOT, Server, rr_env

PLAYERS = ["Ana", "Bo", "Cy"]


@pytest.fixture
def stdio() -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen([sys.executable, "-m", "rr", "stdio"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT, env=rr_env())
    try:
        yield process
    finally:
        process.kill()
        process.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--rate", "100000"])
    try:
        yield running
    finally:
        running.stop()


def test_a_version_2_client_plays_a_whole_game_over_stdio(
        stdio: subprocess.Popen[str]) -> None:
    last = client_wire2.play_over_stdio(stdio, PLAYERS, seed=11)
    assert last["over"] is True and last["scorepad"] is not None
    assert "wire" not in last


def test_a_version_2_client_plays_a_whole_game_over_http(server: Server) -> None:
    last = client_wire2.play_over_http(server.url, PLAYERS, seed=11)
    assert last["over"] is True and last["scorepad"] is not None


def test_an_unversioned_request_is_answered_as_before_versions() -> None:
    """Byte for byte: no ``wire`` field, ``ops`` still says protocol 2."""
    session = Session()
    ops = json.loads(session.handle_line('{"id": 1, "op": "ops"}'))
    assert list(ops) == ["id", "ok", "result"] and ops["result"]["protocol"] == 2
    assert "wire_versions" not in ops["result"]
    new = json.loads(session.handle_line('{"id": 2, "op": "new", "players": 2, "seed": 1}'))
    assert list(new) == ["id", "ok", "result"]
    assert new["result"]["answer"]["view"]["pending"]["seat"] in (0, 1)


def test_version_3_is_named_in_every_answer_over_stdio() -> None:
    session = Session()
    ops = session.handle({"id": 1, "op": "ops", "wire": 3})
    assert list(ops)[:2] == ["wire", "id"] and ops["wire"] == 3
    assert ops["result"]["protocol"] == 3 and ops["result"]["wire_versions"] == list(SERVED)
    failed = session.handle({"id": 2, "op": "view", "game": "nope", "wire": 3})
    assert failed["wire"] == 3 and failed["ok"] is False
    new = session.handle({"id": 3, "op": "new", "players": 2, "seed": 1, "wire": 3})
    assert new["wire"] == 3 and new["result"]["answer"]["decision"] == 0
    assert WIRE_VERSION == 3


def test_version_3_is_named_in_every_answer_over_http(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/games", headers={"RR-Wire": "3"},
                            json={"players": ["Ana", "Bo"], "seed": 1, "practice": True})
        assert created.status_code == 201 and created.headers["rr-wire"] == "3"
        plain = http.get(f"/api/games/{created.json()['id']}",
                         headers={"authorization": f"Bearer {created.json()['spectator']}"})
        assert plain.status_code == 200 and "rr-wire" not in plain.headers
        versioned = http.get(f"/api/games/{created.json()['id']}",
                             headers={"authorization": f"Bearer {created.json()['spectator']}",
                                      "RR-Wire": "3"})
        assert versioned.headers["rr-wire"] == "3" and versioned.content == plain.content


@pytest.mark.parametrize("version", [1, 4, "three"])
def test_a_version_not_served_is_refused_in_the_same_words_by_both_doors(
        server: Server, version: object) -> None:
    over_stdio = Session().handle({"id": 1, "op": "ops", "wire": version})["error"]
    with httpx.Client(base_url=server.url, timeout=30) as http:
        answer = http.post("/api/games", headers={"RR-Wire": str(version)},
                           json={"players": ["Ana", "Bo"]})
    assert answer.status_code == 400 and "rr-wire" not in answer.headers
    over_http = answer.json()["error"]
    assert over_stdio["type"] == over_http["type"] == "BadRequest"
    shown = repr(version) if isinstance(version, str) else version
    assert over_stdio["message"] == over_http["message"] == (
        f"wire version {shown} is not one this rr speaks (it speaks 2 and 3; 3 is the newest)")
