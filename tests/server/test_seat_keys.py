"""Signed games over HTTP (issue #29), on real ``rr server`` processes — SQLite, and
PostgreSQL with two processes taking turns — played by rr.client with a key per seat: the
deal waits for every person's key and contribution; a choice whose signature is missing,
wrong or another decision's is refused with 403 and changes nothing; the log passes
``rr audit --seats``. Clients without keys keep working, and their logs say so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rr.client import Client, ClientError
from rr.events import log
from rr.seatkeys import SeatKey, b64, decision_message, derive_seed, log_hash
from tests.server.harness import ROOT, Deployment, rr_env


def _audit(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", "audit", *flags, str(path)],
                          capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=120)


def _play(client: Client) -> int:
    """Play the seat to the end (its first option each time); the decisions it made."""
    made = 0
    while not (answer := client.show())["over"]:
        pending = answer["view"]["pending"]
        if pending["options"] is not None:
            client.choose(pending["options"][-1]["action"])
            made += 1
    return made


def _state(client: Client) -> tuple[int, int]:
    answer = client.show()
    return answer["records"], answer["decision"]


def test_a_signed_game_against_a_bot_passes_the_seats_audit(
        deployment: Deployment, tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """The game waits for the person's key; every choice is signed; the log holds the key,
    the contribution and the signatures, and passes `rr audit --seats --key`."""
    url = deployment.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    assert created["signed"]["waiting"] == [0]
    # On PostgreSQL the seat plays through the other process than the one that created it.
    ana = Client(deployment.client.base(), created["id"], created["seats"][0]["token"],
                 SeatKey.generate())
    with pytest.raises(ClientError) as refused:
        ana.show()
    assert refused.value.status == 409 and refused.value.kind == "DealPendingError"
    joined = ana.join(bytes(range(32)))
    assert joined["key"] == ana.key.fingerprint and joined["dealt"]  # type: ignore[union-attr]
    assert joined["server_commitment"] == created["signed"]["server_commitment"]
    first_records = ana.show()["records"]
    assert _play(ana) > 5
    path = tmp_path / "game.rrlog"
    path.write_bytes(ana.log())
    (tmp_path / "game.rrlog.sig").write_text(_sig(deployment, created))
    read = log.decode(path.read_bytes())
    seats = read.header["seats"]
    secret = bytes.fromhex(seats["server_secret"])
    assert read.events[-1].seed == derive_seed(secret, [bytes(range(32))])  # type: ignore[union-attr]
    # The hash a seat signs is keyed with the server's secret: it tells the seat nothing of
    # the cards it has not seen (the hash of the records alone would let it try hands).
    shown = joined["log_hash"]
    assert shown == log_hash(read.events[:first_records], secret)
    assert shown != log_hash(read.events[:first_records])
    result = _audit(path, "--seats", "--key", str(keys[1]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"seats signed: Ana (key {ana.key.fingerprint})" in result.stdout  # type: ignore[union-attr]
    assert "Traceback" not in deployment.output()


def _sig(deployment: Deployment, created: dict[str, Any]) -> str:
    response = deployment.client.call("GET", f"/api/games/{created['id']}/log.sig",
                                      created["spectator"])
    assert response.status_code == 200
    return response.text


def test_bad_signatures_are_refused_and_change_nothing(sqlite: Deployment) -> None:
    """No signature, a signature by another key, one over another action, and a replay of the
    previous decision's signature: each 403, the game as it was."""
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    key = SeatKey.generate()
    ana = Client(url, created["id"], created["seats"][0]["token"], key)
    ana.join()
    answer = ana.show()
    options = answer["view"]["pending"]["options"]
    ana.choose(options[0]["action"])
    answer = ana.show()
    while answer["view"]["pending"]["options"] is None:
        answer = ana.show()
    options = answer["view"]["pending"]["options"]
    seat = ana.seat()
    action = options[0]["action"]
    right = decision_message(created["id"], seat["decision"], 0, action, seat["log_hash"])
    previous = decision_message(created["id"], seat["decision"] - 1, 0, action,
                                seat["log_hash"])
    other = options[1]["action"] if len(options) > 1 else action + 1
    bodies = {
        "none": {"action": action, "decision": seat["decision"]},
        "other key": {"action": action, "decision": seat["decision"],
                      "signature": b64(SeatKey.generate().sign(right))},
        "other action": {"action": other, "decision": seat["decision"],
                         "signature": b64(key.sign(right))},
        "replayed": {"action": action, "decision": seat["decision"],
                     "signature": b64(key.sign(previous))},
        "not base64": {"action": action, "decision": seat["decision"], "signature": "!!"},
    }
    before = _state(ana)
    for name, body in bodies.items():
        response = sqlite.client.call("POST", f"/api/games/{created['id']}/choose",
                                      created["seats"][0]["token"], body)
        assert response.status_code == 403, (name, response.text)
        assert response.json()["error"]["type"] == "SignatureRefusedError", name
        assert _state(ana) == before, name
    ana.choose(action)  # the right signature is accepted
    assert _state(ana) != before


def test_registration_is_checked(sqlite: Deployment) -> None:
    """A registration over another commitment, a second one, a spectator's, or one in an
    unsigned game is refused; a two-person game is dealt only when both have registered."""
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo", "Cy"], bots={2: "greedy"}, signed=True)
    assert created["signed"]["waiting"] == [0, 1]
    ana = Client(url, created["id"], created["seats"][0]["token"], SeatKey.generate())
    bo = Client(url, created["id"], created["seats"][1]["token"], SeatKey.generate())
    body = {"key": b64(bo.key.public), "contribution": "00" * 32,  # type: ignore[union-attr]
            "signature": b64(bo.key.sign(b"rr/seat-key/1\nsomething else\n"))}  # type: ignore[union-attr]
    response = sqlite.client.call("POST", f"/api/games/{created['id']}/seat",
                                  created["seats"][1]["token"], body)
    assert response.status_code == 403 and bo.seat()["key"] is None
    response = sqlite.client.call("POST", f"/api/games/{created['id']}/seat",
                                  created["spectator"], body)
    assert response.status_code == 403
    first = ana.join()
    assert first["waiting"] == [1] and not first["dealt"]
    with pytest.raises(ClientError) as again:
        ana.join()
    assert again.value.status == 409
    second = bo.join()
    assert second["waiting"] == [] and second["dealt"] and second["log_hash"]
    assert ana.show()["records"] > 0
    plain = Client.create(url, ["Ana", "Bo"], bots={1: "random"})
    with pytest.raises(ClientError) as unsigned:
        Client(url, plain["id"], plain["seats"][0]["token"], SeatKey.generate()).join()
    assert unsigned.value.status == 409 and unsigned.value.kind == "SeatKeyError"


def test_a_game_without_keys_works_as_before_and_its_log_says_so(
        sqlite: Deployment, tmp_path: Path) -> None:
    """An unsigned game played without keys: its log audits clean, says the seat did not
    sign and that the bot's decisions are the server's; `--seats` exits 1 naming Ana's
    first decision."""
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"})
    ana = Client(url, created["id"], created["seats"][0]["token"])
    assert _play(ana) > 5
    path = tmp_path / "plain.rrlog"
    path.write_bytes(ana.log())
    result = _audit(path)
    assert result.returncode == 0 and "did not sign: Ana" in result.stdout
    assert "seed was drawn by the server alone" in result.stdout
    result = _audit(path, "--seats")
    assert result.returncode == 1
    assert "seat 0 (Ana): unsigned: this person's seat registered no key" in result.stdout


IDENTITY = bytes([1]) + bytes(31)
FIXED = IDENTITY + bytes(32)
"""The identity point as a key, and R = identity, S = 0: a "signature" the equation alone
accepts for every message by that key."""


def test_a_small_order_key_and_a_small_order_r_are_refused_in_words(sqlite: Deployment) -> None:
    """Strict verification on a real server: the identity point registered as a seat's key
    with its fixed signature is refused (403, in words, the seat still waiting); a choice
    signed R = identity, S = 0 by a seat of a real key is refused and changes nothing."""
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    token = created["seats"][0]["token"]
    body = {"key": b64(IDENTITY), "contribution": "00" * 32, "signature": b64(FIXED)}
    response = sqlite.client.call("POST", f"/api/games/{created['id']}/seat", token, body)
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert error["type"] == "WeakSignatureError"
    assert error["message"] == ("the seat's key is refused: it is a point of small order (its "
                                "multiple by 8 is the identity), for which one signature "
                                "verifies many messages")
    ana = Client(url, created["id"], token, SeatKey.generate())
    assert ana.seat()["key"] is None
    ana.join()
    answer = ana.show()
    while answer["view"]["pending"]["options"] is None:
        answer = ana.show()
    seat = ana.seat()
    before = _state(ana)
    response = sqlite.client.call("POST", f"/api/games/{created['id']}/choose", token, {
        "action": answer["view"]["pending"]["options"][0]["action"],
        "decision": seat["decision"], "signature": b64(FIXED)})
    assert response.status_code == 403
    assert response.json()["error"]["message"] == (
        "the signature of seat 0's choice is refused: its R is a point of small order (its "
        "multiple by 8 is the identity), for which one signature verifies many messages")
    assert _state(ana) == before
    assert "Traceback" not in sqlite.output()
