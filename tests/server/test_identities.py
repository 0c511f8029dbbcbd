"""Players' identities without passwords (rr.identities, rr.server.identities) on real ``rr
server`` processes: a name registered by a key that signs a challenge, unique ignoring case
and how letters are written; challenges good once; a session for the key; another device
added with a one-time code (once, and only the right code); the name kept for its identity
in the lobby; and a signed game's seat key bound to the identity, in the log, checked by
``rr audit --seats`` (a tampered binding fails it in words)."""

from __future__ import annotations

import hashlib
import json
import secrets
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

from rr import identities as ids
from rr.client import Client, identity_session
from rr.events import log
from rr.seatkeys import SeatKey, b64
from tests.server.harness import ROOT, Deployment, rr_env


def _challenge(deployment: Deployment) -> str:
    found: str = deployment.client.ok("POST", "/api/identities/challenge")["challenge"]
    return found


def _register(deployment: Deployment, name: str, key: SeatKey,
              challenge: str | None = None, signed_name: str | None = None) -> Any:
    challenge = challenge or _challenge(deployment)
    public = b64(key.public)
    return deployment.client.call("POST", "/api/identities", body={
        "name": name, "key": public, "challenge": challenge,
        "signature": b64(key.sign(ids.register_message(challenge, public,
                                                       signed_name or name)))})


def _error(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"]["type"] == kind, response.text
    message: str = response.json()["error"]["message"]
    return message


def test_a_name_is_registered_once_by_a_key_that_signs_a_challenge(
        deployment: Deployment) -> None:
    ana = SeatKey.generate()
    made = _register(deployment, "  Ana ", ana, signed_name="Ana")  # normalised, then signed
    assert made.status_code == 201, made.text
    session = made.json()
    assert session["name"] == "Ana" and session["fingerprint"] == ana.fingerprint
    me = deployment.client.ok("GET", "/api/identities/me", session["token"])
    assert me["name"] == "Ana" and me["key"] == b64(ana.public)
    # The name is taken, in any case and however its letters are written.
    for other in ("ANA", "ana"):
        refused = _register(deployment, other, SeatKey.generate())
        assert (f"the name \u201c{other}\u201d is taken: another player registered "
                "\u201cAna\u201d") in _error(refused, 409, "NameTakenError")
    cafe = _register(deployment, "Café", SeatKey.generate())
    assert cafe.status_code == 201
    decomposed = unicodedata.normalize("NFD", "CAFÉ")
    assert decomposed != "CAFÉ"
    refused = _register(deployment, decomposed, SeatKey.generate(),
                        signed_name=unicodedata.normalize("NFC", decomposed))
    assert "\u201cCafé\u201d" in _error(refused, 409, "NameTakenError")
    assert deployment.client.ok("GET", "/api/identities/CAFE\u0301")["name"] == "Café"
    named = deployment.client.ok("GET", "/api/identities?name=ana&name=Zed&name=caf%C3%A9")
    assert named["identities"] == {"ana": {"name": "Ana", "keys": [ana.fingerprint]},
                                   "café": {"name": "Café", "keys": [named["identities"][
                                       "café"]["keys"][0]]}}
    assert deployment.client.ok("GET", "/api/identities/Zed") == {"name": "Zed", "keys": []}
    # The automaton's name is nobody's.
    _error(_register(deployment, "Tull Au Toma", SeatKey.generate()), 422, "BadInputError")
    # Another session for the key: a fresh challenge, signed.
    again = identity_session(deployment.client.base(), ana)
    assert again["name"] == "Ana" and again["token"] != session["token"]
    # An unknown token opens nothing.
    _error(deployment.client.call("GET", "/api/identities/me", "not-a-session"), 401,
           "UnauthorizedError")


def test_a_wrong_or_replayed_signature_is_refused(sqlite: Deployment) -> None:
    key = SeatKey.generate()
    challenge = _challenge(sqlite)
    # Signed by another key, over another name, or over another challenge.
    other = SeatKey.generate()
    public = b64(key.public)
    forged = sqlite.client.call("POST", "/api/identities", body={
        "name": "Bo", "key": public, "challenge": challenge,
        "signature": b64(other.sign(ids.register_message(challenge, public, "Bo")))})
    assert "not this key's" in _error(forged, 403, "SignatureRefusedError")
    # The challenge was used by that attempt: good once, even when the signature failed.
    reused = _register(sqlite, "Bo", key, challenge)
    assert "unknown, used or expired" in _error(reused, 403, "SignatureRefusedError")
    made = _register(sqlite, "Bo", key, (fresh := _challenge(sqlite)))
    assert made.status_code == 201
    # A signature seen on the wire, sent again: its challenge is spent.
    replay = _register(sqlite, "Bo", key, fresh)
    _error(replay, 403, "SignatureRefusedError")
    unknown = _register(sqlite, "Bo2", SeatKey.generate(), secrets.token_hex(32))
    _error(unknown, 403, "SignatureRefusedError")
    # A session's signature over another key's message.
    challenge = _challenge(sqlite)
    wrong = sqlite.client.call("POST", "/api/identities/session", body={
        "key": public, "challenge": challenge,
        "signature": b64(key.sign(ids.register_message(challenge, public, "Bo")))})
    _error(wrong, 403, "SignatureRefusedError")
    # A key that holds no identity gets no session.
    stranger = SeatKey.generate()
    challenge = _challenge(sqlite)
    alone = sqlite.client.call("POST", "/api/identities/session", body={
        "key": b64(stranger.public), "challenge": challenge,
        "signature": b64(stranger.sign(ids.session_message(challenge,
                                                            b64(stranger.public))))})
    assert "holds no identity" in _error(alone, 404, "NotFoundError")
    # A key of small order is refused before any signature is looked at.
    weak = sqlite.client.call("POST", "/api/identities", body={
        "name": "Weak", "key": b64(bytes(32)), "challenge": _challenge(sqlite),
        "signature": b64(bytes(64))})
    assert weak.status_code in (403, 422), weak.text


def _release(deployment: Deployment, session: dict[str, Any], key: SeatKey) -> str:
    code = secrets.token_hex(16)
    hashed = hashlib.sha256(bytes.fromhex(code)).hexdigest()
    deployment.client.ok("POST", "/api/identities/transfer", session["token"], {
        "code_hash": hashed,
        "signature": b64(key.sign(ids.release_message(session["name"], hashed)))})
    return code


def _claim(deployment: Deployment, name: str, code: str, key: SeatKey) -> Any:
    public = b64(key.public)
    return deployment.client.call("POST", "/api/identities/transfer/claim", body={
        "name": name, "code": code, "key": public,
        "signature": b64(key.sign(ids.add_message(name, public, code)))})


def test_an_identity_moves_to_another_device_with_a_one_time_code(
        deployment: Deployment) -> None:
    first = SeatKey.generate()
    session = identity_session(deployment.client.base(), first, register="Dee")
    code = _release(deployment, session, first)
    second = SeatKey.generate()
    # A wrong code, a right code for another name, a claim signed by another key.
    assert "not one this identity made" in _error(
        _claim(deployment, "Dee", secrets.token_hex(16), second), 403, "SignatureRefusedError")
    identity_session(deployment.client.base(), SeatKey.generate(), register="Eve")
    _error(_claim(deployment, "Eve", code, second), 403, "SignatureRefusedError")
    public = b64(second.public)
    forged = deployment.client.call("POST", "/api/identities/transfer/claim", body={
        "name": "Dee", "code": code, "key": public,
        "signature": b64(first.sign(ids.add_message("Dee", public, code)))})
    _error(forged, 403, "SignatureRefusedError")
    moved = _claim(deployment, "dee", code, second)  # the name in any case
    assert moved.status_code == 200, moved.text
    assert moved.json()["name"] == "Dee" and moved.json()["fingerprint"] == second.fingerprint
    # Used: the code works once.
    _error(_claim(deployment, "Dee", code, SeatKey.generate()), 403, "SignatureRefusedError")
    # Both devices now sign as Dee.
    assert identity_session(deployment.client.base(), second)["name"] == "Dee"
    assert identity_session(deployment.client.base(), first)["name"] == "Dee"
    shown = deployment.client.ok("GET", "/api/identities/Dee")
    assert shown["name"] == "Dee" and len(shown["keys"]) == 2
    assert set(shown["keys"]) == {first.fingerprint, second.fingerprint}
    # A release needs a session, and the session's key's signature.
    hashed = "00" * 32
    _error(deployment.client.call("POST", "/api/identities/transfer", None, {
        "code_hash": hashed, "signature": b64(bytes(64))}), 401, "UnauthorizedError")
    _error(deployment.client.call("POST", "/api/identities/transfer", session["token"], {
        "code_hash": hashed, "signature": b64(second.sign(
            ids.release_message("Eve", hashed)))}), 403, "SignatureRefusedError")


def test_a_registered_name_is_played_by_its_identity_only(sqlite: Deployment) -> None:
    client = sqlite.client
    ana = identity_session(client.base(), SeatKey.generate(), register="Ana")
    # Nobody else creates, joins or quick-matches as Ana, in any case.
    refused = client.call("POST", "/api/lobby/games", body={"name": "ana", "players": 2})
    assert "registered player's name" in _error(refused, 409, "NameTakenError")
    _error(client.call("POST", "/api/lobby/quick", body={"name": "ANA", "players": 2}), 409,
           "NameTakenError")
    made = client.ok("POST", "/api/lobby/games", body={"name": "Bo", "players": 2})
    taken = client.call("POST", f"/api/games/{made['id']}/invitation", made["invitation"],
                        {"name": "Ana"})
    _error(taken, 409, "NameTakenError")
    # Ana's session plays as Ana; a name other than hers is refused.
    _error(client.call("POST", f"/api/lobby/games/{made['id']}/seat", ana["token"],
                       {"name": "Cy"}), 422, "BadInputError")
    joined = client.ok("POST", f"/api/lobby/games/{made['id']}/seat", ana["token"], {})
    assert joined["name"] == "Ana" and joined["seat"] == 1
    listed = client.ok("GET", "/api/lobby")["games"]
    assert listed == [] or all(g["id"] != made["id"] or g["free"] == 0 for g in listed)
    # The chat names her by her identity's name.
    client.ok("POST", f"/api/games/{made['id']}/chat", joined["token"], {"text": "hello"})
    said = client.ok("GET", f"/api/games/{made['id']}/chat", made["token"])
    assert [m["name"] for m in said["messages"]] == ["Ana"]
    own = client.ok("POST", "/api/lobby/games", ana["token"], {"players": 2})
    assert own["name"] == "Ana"
    # An invitation of any game takes a seat as the identity, with its session.
    plain = client.ok("POST", "/api/games", body={"players": ["Cy", None], "open": [1]})
    bo = identity_session(client.base(), SeatKey.generate(), register="Bo")
    path = f"/api/games/{plain['id']}/invitation/identity"
    _error(client.call("POST", path, None, {"invitation": plain["invitation"]}), 401,
           "UnauthorizedError")
    assert "unknown invitation" in _error(
        client.call("POST", path, bo["token"], {"invitation": "wrong"}), 401,
        "UnauthorizedError")
    seated = client.ok("POST", path, bo["token"], {"invitation": plain["invitation"]})
    assert seated["name"] == "Bo" and seated["seat"] == 1


def _audit(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", "audit", "--seats", str(path)],
                          capture_output=True, text=True, env=rr_env(), cwd=ROOT, timeout=120)


def test_a_seat_key_bound_to_an_identity_is_in_the_log_and_audited(
        sqlite: Deployment, tmp_path: Path) -> None:
    url = sqlite.client.base()
    held = SeatKey.generate()
    identity_session(url, held, register="Ana")
    # A binding by a key that holds no identity, or naming another seat's player: refused.
    for name, key, players in (("Ana", SeatKey.generate(), ["Ana", "Bo"]),
                               ("Ana", held, ["Cy", "Bo"])):
        created = Client.create(url, players, bots={1: "random"}, signed=True)
        seat = Client(url, created["id"], created["seats"][0]["token"], SeatKey.generate())
        try:
            seat.join(identity=(name, key))
        except Exception as err:  # noqa: BLE001 - rr.client.ClientError
            assert getattr(err, "status", None) == 403 or "403" in str(err), err
        else:
            raise AssertionError("a binding that does not hold was accepted")
    created = Client.create(url, ["Ana", "Bo"], bots={1: "random"}, signed=True)
    game = created["id"]
    player = Client(url, game, created["seats"][0]["token"], SeatKey.generate())
    player.join(identity=("Ana", held))
    answer = player.show()
    while not answer["over"]:
        if answer["view"]["pending"]["options"]:
            answer = player.choose(answer["view"]["pending"]["options"][0]["action"])
        else:
            answer = player.show()
    path = tmp_path / "bound.rrlog"
    path.write_bytes(player.log())
    read = log.decode(path.read_bytes())
    bound = read.header["seats"]["seats"][0]["identity"]
    assert bound["name"] == "Ana" and bound["key"] == b64(held.public)
    passed = _audit(path)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert (f"Ana (key {player.key.fingerprint}, identity Ana key {held.fingerprint})"  # type: ignore[union-attr]
            in passed.stdout), passed.stdout
    # Bound anew by another key: it holds, and the audit names that key's fingerprint (not
    # the one the server lists for Ana: GET /api/identities/Ana).
    header = json.loads(json.dumps(read.header))
    seat_key = header["seats"]["seats"][0]["key"]
    other = SeatKey.generate()
    header["seats"]["seats"][0]["identity"] = {"name": "Ana", "key": b64(other.public),
                                               "signature": b64(other.sign(ids.seat_message(
                                                   game, 0, seat_key, b64(other.public),
                                                   "Ana")))}
    (tmp_path / "rebound.rrlog").write_bytes(log.encode(read.events, seats=header["seats"]))
    rebound = _audit(tmp_path / "rebound.rrlog")
    assert rebound.returncode == 0 and f"identity Ana key {other.fingerprint}" in \
        rebound.stdout
    assert sqlite.client.ok("GET", "/api/identities/Ana")["keys"] == [held.fingerprint]
    # Tampered: signed by another key, naming another player, or bound to another seat key.
    for what, change in (
            ("another key", {"key": b64(other.public)}),
            ("another name", {"name": "Bo"}),
            ("another seat key", {"signature": b64(held.sign(ids.seat_message(
                game, 0, b64(other.public), b64(held.public), "Ana")))})):
        header = json.loads(json.dumps(read.header))
        header["seats"]["seats"][0]["identity"].update(change)
        forged = tmp_path / f"{what}.rrlog"
        forged.write_bytes(log.encode(read.events, seats=header["seats"]))
        failed = _audit(forged)
        assert failed.returncode == 1, (what, failed.stdout)
        assert "seat 0 (Ana)" in failed.stdout and "binding to the identity does not hold" \
            in failed.stdout, (what, failed.stdout)
