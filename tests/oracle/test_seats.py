"""`rr audit --seats` (issue #29): every person's decision signed by its seat's key, the bots'
by the server's, the seed dealt from the server's secret and the seats' contributions. A
forged, dropped or replayed signature, a key from another game, a changed contribution and
a decision changed and replayed legally (re-chained, re-signed by the server) are caught;
a log without seat keys audits as before and says its seats did not sign."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import attrs
import pytest

from rr.cli import main
from rr.events import log, signing
from rr.events.types import DecisionMade
from rr.oracle.audit import Verdict, audit_file
from rr.randomness import SeedOrigin
from rr.seatkeys import SeatKey, derive_seed, log_hash
from rr.server import signed
from tests.oracle.games import finished
from tests.oracle.signed_games import (
    Made,
    changeable,
    forge,
    person_decisions,
    play_signed,
    register,
    write,
)


@pytest.fixture(scope="module")
def made() -> Made:
    return play_signed()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SeatKey]:
    private, _, _ = signing.keygen(tmp_path_factory.mktemp("server") / "server")
    return private, SeatKey.load(str(private))


def _section(path: Path) -> dict[str, object]:
    seats = log.decode(path.read_bytes()).header["seats"]
    assert isinstance(seats, dict)
    return seats


def _rewrite(path: Path, out: Path, **changes: object) -> Path:
    """The log at ``path`` with its header's seats section changed, written by rr's writer."""
    read = log.decode(path.read_bytes())
    out.write_bytes(log.encode(read.events, seats={**read.header["seats"], **changes}))
    return out


@pytest.mark.rule("RR-VIEW-10")
def test_a_signed_game_passes_and_says_who_signed(made: Made, server: tuple[Path, SeatKey],
                                                   tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The seed is the one derived from the server's secret and the contributions; every
    decision verifies; the report names the seat's key and the server's."""
    path = write(tmp_path / "g.rrlog", made, server[1])
    started = made.events[0]
    assert started.seed_origin is SeedOrigin.JOINT  # type: ignore[union-attr]
    assert made.events[-1].seed == derive_seed(  # type: ignore[union-attr]
        made.seats.secret, [bytes([1]) * 32])
    assert main(["audit", "--seats", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"seats signed: Ana (key {made.keys[0].fingerprint})" in out
    assert f"bots (Bo) signed by the server's key {server[1].fingerprint}" in out
    assert "contributions of Ana: recomputed" in out
    signatures = _section(path)["signatures"]
    assert isinstance(signatures, list) and all(signatures)  # persons' and bots' alike


def test_a_person_decision_forged_dropped_or_replayed_fails(
        made: Made, server: tuple[Path, SeatKey], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A signature changed, removed, or another decision's copied in: exit 1, naming the
    record, the seat and the player."""
    path = write(tmp_path / "g.rrlog", made, server[1])
    signatures = list(_section(path)["signatures"])  # type: ignore[call-overload]
    records = person_decisions(made)
    numbers = [sum(isinstance(e, DecisionMade) for e in made.events[:r]) for r in records]
    at, number = records[3], numbers[3]
    raw = bytearray(base64.b64decode(signatures[number]))
    raw[5] ^= 1
    forged = signatures.copy()
    forged[number] = base64.b64encode(bytes(raw)).decode()
    dropped = signatures.copy()
    dropped[number] = None
    replayed = signatures.copy()
    replayed[number] = signatures[numbers[2]]
    for name, changed, words in (("forged", forged, "mis-signed"),
                                 ("dropped", dropped, "unsigned"),
                                 ("replayed", replayed, "mis-signed")):
        bad = _rewrite(path, tmp_path / f"{name}.rrlog", signatures=changed)
        assert main(["audit", "--seats", str(bad)]) == 1, name
        out = capsys.readouterr().out
        assert f"record {at}, seat 0 (Ana): {words}" in out, (name, out)
        # Without --seats the log is clean (legal play): the report names the problem.
        report = audit_file(bad)
        assert report.verdict is Verdict.CLEAN and report.seat_problem is not None
        assert report.seat_problem.record == at


def test_a_server_forging_a_person_signature_with_its_own_key_is_named(
        made: Made, server: tuple[Path, SeatKey], tmp_path: Path) -> None:
    """A person's decision signed by the server's key: "signed by another key"."""
    path = write(tmp_path / "g.rrlog", made, server[1])
    at = person_decisions(made)[0]
    number = sum(isinstance(e, DecisionMade) for e in made.events[:at])
    made_event = made.events[at]
    assert isinstance(made_event, DecisionMade)
    from rr import actions
    from rr.seatkeys import b64, decision_message

    message = decision_message(made.game, number, 0, actions.action_of(made_event.option),
                               log_hash(made.events[:at], made.seats.secret))
    signatures = list(_section(path)["signatures"])  # type: ignore[call-overload]
    signatures[number] = b64(server[1].sign(message))
    report = audit_file(_rewrite(path, tmp_path / "x.rrlog", signatures=signatures), seats=True)
    assert report.verdict is Verdict.UNSIGNED and report.exit_code == 1
    assert report.seat_problem is not None
    assert "signed by another key (the server's key)" in report.seat_problem.reason


@pytest.mark.rule("RR-VIEW-10")
def test_a_decision_changed_replayed_legally_and_resigned_fails_the_seats_check(
        made: Made, server: tuple[Path, SeatKey], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #29's forger: one of Ana's decisions changed, the rest replayed legally, the log
    written by rr's writer with the bots re-signed and the file signed by the server's key.
    `rr audit --key` says verified; `--seats` fails at the changed decision."""
    public = server[0].with_suffix(".pub")
    mine = person_decisions(made)
    at = changeable(made.events, mine[len(mine) // 2:])
    events = forge(made, at)
    assert events[:at] == made.events[:at] and events[at] != made.events[at]
    path = write(tmp_path / "forged.rrlog", made, server[1], events=events)
    signing.sign(path, server[0])
    assert main(["audit", "--key", str(public), str(path)]) == 0
    assert "verified" in capsys.readouterr().out
    assert main(["audit", "--seats", "--key", str(public), str(path)]) == 1
    out = capsys.readouterr().out
    assert f"the seats' check fails at record {at}, seat 0 (Ana): mis-signed" in out


def test_a_key_from_another_game_fails(made: Made, server: tuple[Path, SeatKey],
                                       tmp_path: Path) -> None:
    """Ana's key, registration and signatures of another game put in this log: her
    registration names the other game, so the deal's check fails at record 0."""
    other = play_signed(game="another-game")
    theirs = _section(write(tmp_path / "o.rrlog", other, server[1]))
    path = write(tmp_path / "g.rrlog", made, server[1])
    section = _section(path)
    seats = section["seats"]
    assert isinstance(seats, list) and isinstance(theirs["seats"], list)
    seats = [theirs["seats"][0], *seats[1:]]
    report = audit_file(_rewrite(path, tmp_path / "x.rrlog", seats=seats), seats=True)
    assert report.verdict is Verdict.UNSIGNED and report.seat_problem is not None
    assert (report.seat_problem.record, report.seat_problem.seat) == (0, 0)
    assert "registration does not verify" in report.seat_problem.reason


@pytest.mark.rule("RR-VIEW-10")
def test_a_changed_contribution_or_secret_fails_the_deal(made: Made, tmp_path: Path) -> None:
    """The seed must be the one derived from the revealed server secret (which must open its
    commitment) and the contributions the seats signed."""
    path = write(tmp_path / "g.rrlog", made)
    seats = _section(path)["seats"]
    assert isinstance(seats, list)
    changed = [{**seats[0], "contribution": "00" * 32}, *seats[1:]]
    report = audit_file(_rewrite(path, tmp_path / "c.rrlog", seats=changed), seats=True)
    assert report.seat_problem is not None and "registration" in report.seat_problem.reason
    report = audit_file(_rewrite(path, tmp_path / "s.rrlog", server_secret="11" * 32),
                        seats=True)
    assert report.seat_problem is not None
    assert "does not open its commitment" in report.seat_problem.reason
    # A server that deals a seed of its own, keeping every signature: the reveal is named.
    other = signed.Seats.new(("Ana", "Bo"), made.seats.ruleset, None, (0,))[0]
    other = attrs.evolve(other, secret=made.seats.secret)
    register(other, made.game, 0, made.keys[0], bytes([9]) * 32)
    assert derive_seed(other.secret, [bytes([9]) * 32]) != made.events[-1].seed  # type: ignore[union-attr]
    good = _section(path)
    good_seats = good["seats"]
    assert isinstance(good_seats, list)
    swapped = [{**good_seats[0], "contribution": other.keys[0]["contribution"],
                "registration": other.keys[0]["registration"]}, *good_seats[1:]]
    report = audit_file(_rewrite(path, tmp_path / "d.rrlog", seats=swapped), seats=True)
    assert report.seat_problem is not None
    assert report.seat_problem.record == len(made.events) - 1
    assert "is not the one derived" in report.seat_problem.reason


def test_a_log_without_seat_keys_audits_as_before_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An old log: clean without --seats (saying its seats did not sign), exit 1 with
    --seats naming its first decision."""
    path = tmp_path / "old.rrlog"
    events = finished(2, 3)
    log.write(path, events)
    assert main(["audit", str(path)]) == 0
    assert "the seats did not sign" in capsys.readouterr().out
    assert main(["audit", "--seats", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    first = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade))
    assert report["seat_problem"]["record"] == first
    assert report["verdict"] == "unsigned" and report["exit_code"] == 1


def test_unsigned_seats_of_a_server_log_are_named(tmp_path: Path) -> None:
    """A server log of an unsigned game (no seat keys, no server key): the bots are marked as
    bots, the person did not sign, the deal was the server's, and --seats names the person's
    first decision."""
    events = finished(2, 3)
    path = tmp_path / "u.rrlog"
    path.write_bytes(log.encode(events, seats=signed.record("g", events, {1: "random"}, None,
                                                            None)))
    report = audit_file(path)
    assert report.ok and "did not sign: P1" in report.seats
    assert "bots (P2) unsigned" in report.seats and "chosen by the game's creator" in report.seats
    report = audit_file(path, seats=True)
    first = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade) and e.seat == 0)
    assert report.seat_problem is not None and report.seat_problem.seat == 0
    assert report.seat_problem.record == first
    assert "registered no key" in report.seat_problem.reason


@pytest.mark.rule("RR-VIEW-10")
def test_a_signed_game_of_bots_only_says_no_person_contributed(
        server: tuple[Path, SeatKey], tmp_path: Path) -> None:
    """A signed game with no person: dealt from the server's secret alone, which its report
    says; every decision is a bot's, signed by the server's key."""
    made = play_signed(bots={0: "random", 1: "random"})
    report = audit_file(write(tmp_path / "b.rrlog", made, server[1]), seats=True)
    assert report.ok, report.summary()
    assert "contributions of no person: recomputed" in report.seats
    assert "bots (Ana, Bo) signed by the server's key" in report.seats


def test_a_seat_listed_twice_or_of_another_kind_is_refused(made: Made, tmp_path: Path) -> None:
    """The seats section lists each seat once, as a person's or a bot's."""
    path = write(tmp_path / "g.rrlog", made)
    seats = _section(path)["seats"]
    assert isinstance(seats, list)
    for name, changed in (("twice", [seats[0], seats[1], seats[1]]),
                          ("kind", [{**seats[0], "kind": "ghost"}, seats[1]])):
        report = audit_file(_rewrite(path, tmp_path / f"{name}.rrlog", seats=changed),
                            seats=True)
        assert report.seat_problem is not None, name
        assert "cannot be read" in report.seat_problem.reason, name


def test_a_salt_and_a_contribution_are_read_by_one_hex_reader() -> None:
    """rr.randomness.unhex reads a game's salt and a seat's contribution alike (they were
    twins: salt_of and rr.seatkeys.unhex); a registration with a contribution that is not 32
    bytes of hex is refused naming it, and registers nothing."""
    from rr.errors import BadInputError
    from rr.randomness import SALT_BYTES, salt_of, unhex
    from rr.ruleset import Ruleset
    from rr.seatkeys import b64

    assert salt_of("ab" * SALT_BYTES) == unhex("ab" * SALT_BYTES, "a salt", SALT_BYTES)
    seats = signed.Seats.new(["Ana", "Bo"], Ruleset(), None, [0])[0]
    key = SeatKey.generate()
    for contribution, words in (("zz", "contribution is 32 bytes in hex, not 'zz'"),
                                ("00" * 31, "contribution is 32 bytes in hex, not 31 bytes"),
                                (7, "contribution is 32 bytes in hex text, not int")):
        body = {"key": b64(key.public), "contribution": contribution, "signature": "x"}
        with pytest.raises(BadInputError) as refused:
            seats.register("g", 0, body)
        assert words in str(refused.value)
        assert seats.keys == {}
    for text, words in (("zz", "a salt is 32 bytes in hex, not 'zz'"),
                        ("00", "a salt is 32 bytes in hex, not 1 bytes")):
        with pytest.raises(BadInputError, match=words):
            salt_of(text)


IDENTITY = bytes([1]) + bytes(31)
FIXED = IDENTITY + bytes(32)
"""The identity point as a key, and the "signature" (R = identity, S = 0) that the
equation alone accepts for every message by it."""


def _weak(made: Made) -> signed.Seats:
    """``made``'s seats with Ana's key replaced by the identity point and every one of her
    signatures (registration and decisions) by the fixed one, as a server that took them
    would have kept them."""
    seats = signed.Seats.of(made.seats.text())
    seats.keys[0] = {**seats.keys[0], "key": base64.b64encode(IDENTITY).decode(),
                     "registration": base64.b64encode(FIXED).decode()}
    for number in seats.signatures:
        seats.signatures[number] = base64.b64encode(FIXED).decode()
    return seats


@pytest.mark.rule("RR-VIEW-10")
def test_a_small_order_key_signs_nothing_the_seats_check_accepts(
        made: Made, server: tuple[Path, SeatKey], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's forger with a seat of small-order key: Ana's key the identity point, her
    signatures all R = identity, S = 0; one of her decisions changed, the rest replayed
    legally, the bots re-signed and the file signed by the server's key. `rr audit --key`
    verifies the file; `--seats` refuses Ana's key at record 0, in words."""
    from tests.oracle.signed_games import resigned

    public = server[0].with_suffix(".pub")
    seats = _weak(made)
    mine = person_decisions(made)
    at = changeable(made.events, mine[len(mine) // 2:])
    events = forge(made, at)
    path = write(tmp_path / "weak.rrlog", made, server[1], events=events, seats=seats)
    section = resigned(_section(path), events, server[1])
    path.write_bytes(log.encode(events, seats=section))
    signing.sign(path, server[0])
    assert main(["audit", "--key", str(public), str(path)]) == 0
    capsys.readouterr()
    assert main(["audit", "--seats", "--key", str(public), str(path)]) == 1
    out = capsys.readouterr().out
    assert ("the seats' check fails at record 0, seat 0 (Ana): its key is refused: it is a "
            "point of small order") in out, out
    assert "seats signed: Ana" not in out


def test_a_signed_decision_with_a_small_order_r_is_refused_in_words(
        made: Made, server: tuple[Path, SeatKey], tmp_path: Path) -> None:
    """Ana's real key, one of her decision signatures replaced by R = identity, S = 0."""
    path = write(tmp_path / "g.rrlog", made, server[1])
    signatures = list(_section(path)["signatures"])  # type: ignore[call-overload]
    at = person_decisions(made)[1]
    number = sum(isinstance(e, DecisionMade) for e in made.events[:at])
    signatures[number] = base64.b64encode(FIXED).decode()
    report = audit_file(_rewrite(path, tmp_path / "x.rrlog", signatures=signatures), seats=True)
    assert report.seat_problem is not None and report.exit_code == 1
    assert (report.seat_problem.record, report.seat_problem.seat) == (at, 0)
    assert report.seat_problem.reason == (
        f"mis-signed (decision {number}): the signature is refused: its R is a point of small "
        "order (its multiple by 8 is the identity), for which one signature verifies many "
        "messages")


def test_registering_a_small_order_key_is_refused_and_changes_nothing() -> None:
    """Offline, as the server registers a seat: the identity key with its fixed signature."""
    from rr.errors import WeakSignatureError

    seats = signed.Seats.new(["Ana", "Bo"], signed.Ruleset(), None, [0])[0]
    body = {"key": base64.b64encode(IDENTITY).decode(), "contribution": "00" * 32,
            "signature": base64.b64encode(FIXED).decode()}
    with pytest.raises(WeakSignatureError, match="the seat's key is refused: it is a point "
                                                 "of small order"):
        seats.register("g", 0, body)
    assert seats.keys == {} and seats.waiting == [0]
