"""A seat moved to another device (rr.seatmoves) over HTTP, on a real ``rr server``: the
device holding the seat's key releases it with a one-time transfer code; another device's new
key takes the seat with that code; the old key's choices are refused from then on, the new
key's accepted; the log records the move, and ``rr audit --seats`` checks the old key's
signatures before it and the new key's after. A wrong code, a used code, a release not signed
by the seat's key, and a move of an unsigned game are refused and change nothing; a log whose
move was tampered with fails the audit at the move's record."""

from __future__ import annotations

import hashlib
import json
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

from rr.client import Client
from rr.events import log
from rr.events.types import DecisionMade
from rr.seatkeys import SeatKey, b64
from rr.seatmoves import move_message, release_message
from tests.server.harness import ROOT, Deployment, rr_env


def _audit(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", "audit", *flags, str(path)],
                          capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=120)


def _release(deployment: Deployment, game: str, token: str, key: SeatKey,
             seat: int = 0) -> tuple[str, Any]:
    code = secrets.token_bytes(16).hex()
    hashed = hashlib.sha256(bytes.fromhex(code)).hexdigest()
    response = deployment.client.call("POST", f"/api/games/{game}/seat/release", token, {
        "code_hash": hashed, "signature": b64(key.sign(release_message(game, seat, hashed)))})
    return code, response


def _move(deployment: Deployment, game: str, token: str, key: SeatKey, code: str,
          decision: int, seat: int = 0) -> Any:
    public = b64(key.public)
    return deployment.client.call("POST", f"/api/games/{game}/seat/move", token, {
        "key": public, "code": code,
        "signature": b64(key.sign(move_message(game, seat, public, code, decision)))})


def _my_turn(client: Client) -> dict[str, Any]:
    answer = client.show()
    while not answer["over"] and answer["view"]["pending"]["options"] is None:
        answer = client.show()
    return answer


def test_a_seat_moved_mid_game_passes_the_seats_audit(sqlite: Deployment, tmp_path: Path
                                                      ) -> None:
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    game, token = created["id"], created["seats"][0]["token"]
    first = Client(url, game, token, SeatKey.generate())
    first.join()
    for _ in range(3):
        answer = _my_turn(first)
        first.choose(answer["view"]["pending"]["options"][0]["action"])
    code, released = _release(sqlite, game, token, first.key)  # type: ignore[arg-type]
    assert released.status_code == 200, released.text
    assert released.json()["released"] is True
    second = Client(url, game, token, SeatKey.generate())
    decision = second.seat()["decision"]
    moved = _move(sqlite, game, token, second.key, code, decision)  # type: ignore[arg-type]
    assert moved.status_code == 200, moved.text
    assert moved.json()["key"] == second.key.fingerprint  # type: ignore[union-attr]
    assert moved.json()["released"] is False
    # The code works once.
    again = _move(sqlite, game, token, SeatKey.generate(), code, decision)
    assert again.status_code == 409 and again.json()["error"]["type"] == "SeatKeyError"
    # The first device's key signs no more; the second's does.
    answer = _my_turn(second)
    action = answer["view"]["pending"]["options"][0]["action"]
    refused = sqlite.client.call("POST", f"/api/games/{game}/choose", token, {
        "action": action, "decision": answer["decision"],
        "signature": _signature(first, game, answer["decision"], action)})
    assert refused.status_code == 403, refused.text
    assert second.show()["decision"] == answer["decision"]
    while not (answer := _my_turn(second))["over"]:
        second.choose(answer["view"]["pending"]["options"][-1]["action"])
    path = tmp_path / "moved.rrlog"
    path.write_bytes(second.log())
    read = log.decode(path.read_bytes())
    moves = read.header["seats"]["moves"]
    assert [(m["seat"], m["decision"], m["code"]) for m in moves] == [(0, decision, code)]
    before = [i for i, e in enumerate(read.events) if isinstance(e, DecisionMade)]
    assert sum(1 for i in before[:decision] if read.events[i].seat == 0) >= 3  # type: ignore[attr-defined]
    passed = _audit(path, "--seats")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert f"seats signed: Ana (key {first.key.fingerprint})" in passed.stdout  # type: ignore[union-attr]
    assert (f"Ana's seat moved to another device from decision {decision} "
            f"(key {second.key.fingerprint})") in passed.stdout  # type: ignore[union-attr]
    # Tampered: the move said to start a decision earlier (the old key's last signature then
    # falls under the new key), or its release forged by another key.
    for name, change in (("earlier", {"decision": decision - 1}),
                         ("forged release", {"release": b64(SeatKey.generate().sign(
                             release_message(game, 0, hashlib.sha256(
                                 bytes.fromhex(code)).hexdigest())))})):
        header = json.loads(json.dumps(read.header))
        header["seats"]["moves"][0].update(change)
        forged = tmp_path / f"{name}.rrlog"
        forged.write_bytes(log.encode(read.events, seats=header["seats"]))
        failed = _audit(forged, "--seats")
        assert failed.returncode == 1, (name, failed.stdout)
        assert "seat 0 (Ana)" in failed.stdout, (name, failed.stdout)


def _signature(client: Client, game: str, decision: int, action: int) -> str:
    from rr.seatkeys import decision_message
    seat = client.seat()
    assert client.key is not None
    return b64(client.key.sign(decision_message(game, decision, 0, action, seat["log_hash"])))


def test_bad_moves_are_refused_and_change_nothing(sqlite: Deployment) -> None:
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    game, token = created["id"], created["seats"][0]["token"]
    first = Client(url, game, token, SeatKey.generate())
    first.join()
    before = first.seat()
    newcomer = SeatKey.generate()
    # No release yet.
    unreleased = _move(sqlite, game, token, newcomer, secrets.token_hex(16), before["decision"])
    assert unreleased.status_code == 409, unreleased.text
    # A release signed by another key.
    _, stranger = _release(sqlite, game, token, SeatKey.generate())
    assert stranger.status_code == 403 and stranger.json()["error"]["type"] == \
        "SignatureRefusedError"
    code, released = _release(sqlite, game, token, first.key)  # type: ignore[arg-type]
    assert released.status_code == 200
    # A wrong code; a move signed over another decision; a field it does not take.
    wrong = _move(sqlite, game, token, newcomer, secrets.token_hex(16), before["decision"])
    assert wrong.status_code == 403, wrong.text
    stale = _move(sqlite, game, token, newcomer, code, before["decision"] + 1)
    assert stale.status_code == 403, stale.text
    extra = sqlite.client.call("POST", f"/api/games/{game}/seat/move", token,
                               {"key": b64(newcomer.public), "code": code, "signature": "x",
                                "seat": 1})
    assert extra.status_code == 422, extra.text
    assert first.seat()["key"] == first.key.fingerprint  # type: ignore[union-attr]
    assert first.seat()["released"] is True  # the release still waits for its code
    # An unsigned game has nothing to move: its link opens it anywhere.
    plain = Client.create(url, ["Cy", "Dee"], bots={1: "random"})
    refused = sqlite.client.call("POST", f"/api/games/{plain['id']}/seat/release",
                                 plain["seats"][0]["token"],
                                 {"code_hash": "00" * 32, "signature": b64(bytes(64))})
    assert refused.status_code == 409 and "no keys" in refused.json()["error"]["message"]
