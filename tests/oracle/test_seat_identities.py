"""A signed game's seat key bound to its player's identity (rr.identities), without HTTP: the
registration's binding is checked and kept (a binding by a key the server does not know for
that name, or for another player, is refused and registers nothing); the log's seats section
carries it and ``rr audit --seats`` names the identity with its key's fingerprint; a binding
that is malformed, weak, on a bot's seat or not signed over this seat fails the audit at record
0, in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rr import identities as ids
from rr.errors import SignatureRefusedError
from rr.events import log
from rr.oracle.audit import audit_file
from rr.ruleset import Ruleset
from rr.seatkeys import SeatKey, b64, key_message
from rr.server import signed
from tests.oracle.signed_games import GAME, Made, play_signed, write


def _body(seats: signed.Seats, seat: int, key: SeatKey, identity: SeatKey | None,
          name: str) -> dict[str, Any]:
    contribution = bytes([seat + 1]) * 32
    public = b64(key.public)
    body: dict[str, Any] = {"key": public, "contribution": contribution.hex(),
                            "signature": b64(key.sign(key_message(
                                GAME, seat, public, contribution.hex(), seats.commitment)))}
    if identity is not None:
        body["identity"] = {"name": name, "key": b64(identity.public), "signature": b64(
            identity.sign(ids.seat_message(GAME, seat, public, b64(identity.public), name)))}
    return body


def test_a_binding_is_kept_only_for_the_identity_the_server_knows() -> None:
    held = SeatKey.generate()
    known = {b64(held.public): "Ana"}
    seats = signed.Seats.new(["Ana", "Bo"], Ruleset(), None, [0])[0]
    stranger = SeatKey.generate()
    for identity, name, words in ((stranger, "Ana", "holds no identity named"),
                                  (held, "Bo", "the seat is \u201cAna\u201d's")):
        with pytest.raises(SignatureRefusedError, match=words):
            seats.register(GAME, 0, _body(seats, 0, SeatKey.generate(), identity, name),
                           known.get)
        assert seats.keys == {}
    seats.register(GAME, 0, _body(seats, 0, SeatKey.generate(), held, "ana"), known.get)
    assert seats.keys[0]["identity"]["key"] == b64(held.public)


@pytest.fixture(scope="module")
def bound() -> tuple[Made, SeatKey]:
    made = play_signed()
    held = SeatKey.generate()
    seat_key = made.seats.keys[0]["key"]
    made.seats.keys[0]["identity"] = {"name": "Ana", "key": b64(held.public), "signature": b64(
        held.sign(ids.seat_message(GAME, 0, seat_key, b64(held.public), "Ana")))}
    return made, held


def test_the_audit_names_the_identity_that_played_the_seat(
        bound: tuple[Made, SeatKey], tmp_path: Path) -> None:
    made, held = bound
    report = audit_file(write(tmp_path / "g.rrlog", made), seats=True)
    assert report.seat_problem is None, report.seat_problem
    assert f"Ana (key {made.keys[0].fingerprint}, identity Ana key {held.fingerprint})" in \
        report.seats


def test_a_binding_that_does_not_hold_fails_the_audit_in_words(
        bound: tuple[Made, SeatKey], tmp_path: Path) -> None:
    made, held = bound
    path = write(tmp_path / "g.rrlog", made)
    read = log.decode(path.read_bytes())
    good = read.header["seats"]["seats"][0]["identity"]
    cases: dict[str, tuple[int, Any, str]] = {
        "not an object": (0, "Ana", "a seat's identity is"),
        "a field missing": (0, {"name": "Ana", "key": good["key"]}, "a seat's identity is"),
        "a small-order key": (0, {**good, "key": b64(bytes(32))},
                              "the identity's key is refused"),
        "another seat's": (0, {**good, "signature": b64(held.sign(ids.seat_message(
            GAME, 1, read.header["seats"]["seats"][0]["key"], good["key"], "Ana")))},
                           "its signature is not the identity key's"),
        "on a bot's seat": (1, good, "a bot's seat names an identity"),
    }
    for what, (seat, identity, words) in cases.items():
        section = {**read.header["seats"]}
        section["seats"] = [dict(s) for s in section["seats"]]
        section["seats"][seat]["identity"] = identity
        forged = tmp_path / f"{what}.rrlog"
        forged.write_bytes(log.encode(read.events, seats=section))
        report = audit_file(forged, seats=True)
        assert report.seat_problem is not None, what
        assert report.seat_problem.record == 0 and report.seat_problem.seat == seat, what
        assert words in report.seat_problem.reason, (what, report.seat_problem.reason)
