"""Strict Ed25519 (rr.ed25519): a public key or R of small order, an encoding that is not
canonical, and S not below the group's order are refused before the equation, as libsodium's
strict verification refuses them.

The vectors are ed25519-speccheck's (Chalkias, Garillot and Nikolaenko, "Taming the many
EdDSAs", SSR 2020; its cases.json, 15 cases). Its results table: libsodium accepts case 6
alone; PyCA (``cryptography`` on OpenSSL, which rr used alone before) accepts 1, 3, 5, 6
and 14 — a small-order key or R, or a key whose encoding is not canonical."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from rr import ed25519, seatkeys
from rr.cli import main
from rr.events import log, signing
from rr.ed25519 import L
from rr.errors import WeakSignatureError
from rr.seatkeys import SeatKey
from tests.oracle.games import finished

# (message, public key, signature), hex, in the order of cases.json.
SPECCHECK = [
    ("2a66241a42a9ee12994d8068dcf1bb7dfc6637b45450acd43711f637fa5080fc",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"
     "0000000000000000000000000000000000000000000000000000000000000000"),
    ("8c93255d71dcab10e8f379c26200f3c7bd5f09d9bc3068d3ef4edeb4853022b6",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"
     "0000000000000000000000000000000000000000000000000000000000000000"),
    ("9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43"
     "a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"),
    ("9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43"
     "a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"),
    ("9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"
     "182ef1a5b928da07fec769cc8a12db6bcf70dab3f3227fa315e9d5e3e01a3405"),
    ("aebf3f2601a0c8c5d39cc7d8911642f740b78168218da8471772b35f9d35b9ab",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"
     "8c4bd45aecaca5b24fb97bc10ac27ac8751a7dfe1baff8b953ec9f5833ca260e"),
    ("9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79",
     "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
     "9046a64750444938de19f227bb80485e92b83fdb4b6506c160484c016cc1852f"
     "87909e14428a7a1d62e9f22f3d3ad7802db02eb2e688b6c52fcd6648a98bd009"),
    ("e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c",
     "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
     "160a1cb0dc9c0258cd0a7d23e94d8fa878bcb1925f2c64246b2dee1796bed512"
     "5ec6bc982a269b723e0668e540911a9a6a58921d6925e434ab10aa7940551a09"),
    ("e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c",
     "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
     "21122a84e0b5fca4052f5b1235c80a537878b38f3142356b2c2384ebad4668b7"
     "e40bc836dac0f71076f9abe3a53f9c03c1ceeeddb658d0030494ace586687405"),
    ("85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40",
     "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623",
     "e96f66be976d82e60150baecff9906684aebb1ef181f67a7189ac78ea23b6c0e"
     "547f7690a0e2ddcd04d87dbc3490dc19b3b3052f7ff0538cb68afb369ba3a514"),
    ("85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40",
     "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623",
     "8ce5b96c8f26d0ab6c47958c9e68b937104cd36e13c33566acd2fe8d38aa1942"
     "7e71f98a473474f2f13f06f97c20d58cc3f54b8bd0d272f42b695dd7e89a8c22"),
    ("9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
     "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "03be9678ac102edcd92b0210bb34d7428d12ffc5df5f37e359941266a4e35f0f"),
    ("9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
     "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
     "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ca8c5b64cd208982aa38d4936621a4775aa233aa0505711d8fdcfdaa943d4908"),
    ("e96b7021eb39c1a163b6da4e3093dcd3f21387da4cc4572be588fafae23c155b",
     "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dc"
     "a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"),
    ("39a591f5321bbe07fd5a23dc2f39d025d74526615746727ceefd6e82ae65c06f",
     "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dc"
     "a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"),
]
LIBSODIUM_ACCEPTS = {6}
PYCA_ACCEPTS = {1, 3, 5, 6, 14}

IDENTITY = bytes([1]) + bytes(31)
"""The identity point (x = 0, y = 1): the key of issue's repro."""
SMALL_ORDER = [
    IDENTITY,
    bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  # (0, -1)
    bytes(32),  # y = 0: an order-4 point
    bytes(31) + b"\x80",  # the other order-4 point
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"),
    bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
    bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85"),
]
"""The eight points of small order, canonically encoded."""
NON_CANONICAL = [
    bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  # y = p
    bytes.fromhex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  # p + 1
    bytes.fromhex("0100000000000000000000000000000000000000000000000000000000000080"),  # -0
    bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"),
]
"""Encodings of points that are not canonical (y ≥ p, or x = 0 with its sign bit)."""


P = ed25519.P
_SQRT_M1 = pow(2, (P - 1) // 4, P)


def _decode(raw: bytes) -> tuple[int, int]:
    """The point a canonical 32-byte encoding names (RFC 8032, 5.1.3), the long way."""
    y = int.from_bytes(raw, "little") & ((1 << 255) - 1)
    d = -121665 * pow(121666, P - 2, P) % P  # RFC 8032's d, written again
    x2 = (y * y - 1) * pow(d * y * y + 1, P - 2, P) % P
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * _SQRT_M1 % P
    assert (x * x - x2) % P == 0, "not a point of the curve"
    return (P - x if x & 1 != raw[31] >> 7 else x), y


def _times_8(point: tuple[int, int]) -> tuple[int, int]:
    """8·point, by three doublings (twisted Edwards, a = -1)."""
    for _ in range(3):
        (x, y), d = point, -121665 * pow(121666, P - 2, P) % P
        t = d * x * x * y * y % P
        point = (2 * x * y * pow(1 + t, P - 2, P) % P, (y * y + x * x) * pow(1 - t, P - 2, P) % P)
    return point


KEYS = [SeatKey(Ed25519PrivateKey.from_private_bytes(bytes([n]) * 32)) for n in range(16)]
"""Sixteen keys, the same at every run."""


def _case(index: int) -> tuple[bytes, bytes, bytes]:
    message, key, signature = SPECCHECK[index]
    return bytes.fromhex(key), bytes.fromhex(signature), bytes.fromhex(message)


@pytest.mark.parametrize("index", range(len(SPECCHECK)))
def test_the_speccheck_vectors_pass_where_libsodiums_strict_verification_does(
        index: int) -> None:
    key, signature, message = _case(index)
    assert ed25519.verifies(key, signature, message) is (index in LIBSODIUM_ACCEPTS)
    assert seatkeys.verifies(key, signature, message) is (index in LIBSODIUM_ACCEPTS)
    # The equation alone (cryptography's, OpenSSL's) accepts what the results table says.
    assert ed25519._equation(key, signature, message) is (index in PYCA_ACCEPTS)


def test_the_identity_key_and_its_fixed_signature_are_refused_in_words() -> None:
    """The issue's repro: the identity as key, R = identity and S = 0 as signature, which the
    equation alone accepts for every message."""
    fixed = IDENTITY + bytes(32)
    for message in (b"one", b"another", b"rr/seat-decision/1\n"):
        assert ed25519._equation(IDENTITY, fixed, message)
        assert not ed25519.verifies(IDENTITY, fixed, message)
    with pytest.raises(WeakSignatureError) as refused:
        ed25519.verify(IDENTITY, fixed, b"one")
    assert str(refused.value) == ("the public key is refused: it is a point of small order (its "
                                  "multiple by 8 is the identity), for which one signature "
                                  "verifies many messages")
    with pytest.raises(WeakSignatureError, match="its R is a point of small order"):
        ed25519.check_signature(fixed)


@pytest.mark.parametrize("point", SMALL_ORDER)
def test_every_point_of_small_order_is_refused_as_key_and_as_r(point: bytes) -> None:
    assert _times_8(_decode(point)) == (0, 1)  # the long way: 8·point is the identity
    assert _decode(point)[1] in ed25519.SMALL_ORDER_Y
    assert ed25519.key_problem(point) is not None
    assert "small order" in str(ed25519.key_problem(point))
    assert "its R is a point of small order" in str(ed25519.signature_problem(point + bytes(32)))


@pytest.mark.parametrize("encoding", NON_CANONICAL)
def test_encodings_that_are_not_canonical_are_refused(encoding: bytes) -> None:
    assert "not the canonical encoding" in str(ed25519.key_problem(encoding))
    assert "its R is not the canonical encoding" in str(
        ed25519.signature_problem(encoding + bytes(32)))


def test_a_good_signature_verifies_and_its_s_plus_l_does_not() -> None:
    key = SeatKey.generate()
    signature = key.sign(b"message")
    assert ed25519.verify(key.public, signature, b"message")
    assert not ed25519.verify(key.public, signature, b"messages")
    s = int.from_bytes(signature[32:], "little")
    high = signature[:32] + (s + L).to_bytes(32, "little")
    assert ed25519.signature_problem(high) == ("its S is not below the group's order (a "
                                               "scalar not reduced)")
    with pytest.raises(WeakSignatureError, match="the signature is refused: its S"):
        ed25519.verify(key.public, high, b"message")
    off = bytes.fromhex("02" + "00" * 31)  # y = 2: no x on the curve
    assert ed25519.key_problem(off) == "not a point of the curve"
    assert ed25519.signature_problem(off + bytes(32)) is None  # left to the equation
    assert not ed25519.verifies(key.public, off + bytes(32), b"message")
    assert ed25519.key_problem(b"\x00" * 31) == "31 bytes, not the 32 of an Ed25519 public key"


def _identity_pem() -> bytes:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Ed25519PublicKey.from_public_bytes(IDENTITY).public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def test_rr_audit_key_refuses_a_small_order_key_and_its_fixed_signature(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`rr audit --key` with the identity point as the key and a `.sig` of R = identity,
    S = 0: the equation alone says "verified" for any log; strict verification refuses the
    key in words (exit 1)."""
    path = tmp_path / "game.rrlog"
    path.write_bytes(log.encode(finished(2, 3)))
    public = tmp_path / "identity.pub"
    public.write_bytes(_identity_pem())
    (tmp_path / "game.rrlog.sig").write_text(json.dumps({
        "format": "rr-signature", "version": 1, "algorithm": "ed25519",
        "key": signing.fingerprint(IDENTITY),
        "signature": base64.b64encode(IDENTITY + bytes(32)).decode()}))
    assert main(["audit", "--key", str(public), str(path)]) == 1
    out = capsys.readouterr().out
    assert (f"the key given ({signing.fingerprint(IDENTITY)}) is refused: it is a point of "
            "small order") in out, out
    assert "verified" not in out and "Traceback" not in out


def test_rr_audit_key_refuses_a_signature_with_s_not_reduced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.rrlog"
    path.write_bytes(log.encode(finished(2, 3)))
    private, public, _ = signing.keygen(tmp_path / "k")
    sig = signing.sign(path, private)
    data = json.loads(sig.read_text())
    raw = base64.b64decode(data["signature"])
    s = int.from_bytes(raw[32:], "little") + L
    data["signature"] = base64.b64encode(raw[:32] + s.to_bytes(32, "little")).decode()
    sig.write_text(json.dumps(data))
    assert main(["audit", "--key", str(public), str(path)]) == 1
    assert "the signature is refused: its S is not below the group's order" in (
        capsys.readouterr().out)


def test_keys_on_the_curve_pass_and_their_points_are_of_large_order() -> None:
    for key in KEYS:
        assert ed25519.key_problem(key.public) is None
        assert _times_8(_decode(key.public)) != (0, 1)
        assert _decode(key.public)[1] not in ed25519.SMALL_ORDER_Y
    off = [y for y in range(2, 40) if ed25519.key_problem(y.to_bytes(32, "little"))
           == "not a point of the curve"]
    assert off == [2, 7, 8, 11, 12, 13, 17, 20, 22, 31, 34, 36, 38]
    for y in off:  # none of these decodes, the long way
        with pytest.raises(AssertionError, match="not a point of the curve"):
            _decode(y.to_bytes(32, "little"))
    for y in set(range(2, 40)) - set(off):
        _decode(y.to_bytes(32, "little"))


def test_s_must_be_below_the_groups_order_exactly() -> None:
    r = KEYS[0].sign(b"m")[:32]
    assert ed25519.signature_problem(r + (L - 1).to_bytes(32, "little")) is None
    assert ed25519.signature_problem(r + L.to_bytes(32, "little")) == (
        "its S is not below the group's order (a scalar not reduced)")
    assert L == 2**252 + 27742317777372353535851937790883648493  # RFC 8032's ℓ
    assert ed25519.signature_problem(r) == "it is 32 bytes, not the 64 of an Ed25519 signature"


def test_without_cryptography_verification_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from rr.errors import BadInputError

    real = importlib.import_module

    def missing(name: str, *args: object) -> object:
        if name.startswith("cryptography"):
            raise ImportError(name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(BadInputError, match="Ed25519 needs the 'cryptography' package"):
        ed25519.verifies(KEYS[0].public, KEYS[0].sign(b"m"), b"m")


def test_a_seat_move_to_a_small_order_key_is_refused() -> None:
    """A seat moved to another device (rr.seatmoves) is checked as strictly as a registered
    key: a move to the identity point, with the fixed signature that verifies every message
    for it, does not hold — on the server and in `rr audit --seats`, which both ask
    `Move.problem`."""
    from rr.seatkeys import SeatKey, b64
    from rr.seatmoves import Move, code_hash, release_message

    old = SeatKey.generate()
    code = "00" * 16
    release = old.sign(release_message("g", 0, code_hash(code)))
    fixed = IDENTITY + bytes(32)
    move = Move(0, 7, b64(IDENTITY), code, b64(release), b64(fixed))
    assert move.problem("g", old.public) == (
        f"its new key is refused: it is {ed25519.key_problem(IDENTITY)}")
    assert ed25519.key_problem(IDENTITY) is not None
