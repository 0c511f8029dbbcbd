"""Strict Ed25519 verification: the checks libsodium's ``crypto_sign_verify_detached`` makes
before the signature's equation, made here before ``cryptography``'s (OpenSSL's) verify.

OpenSSL verifies the equation ``S·B = R + k·A`` (cofactorless) and refuses ``S ≥ L``, but it
takes any point as a key: a public key of **small order** (one of the eight points whose
multiple by 8 is the identity, such as the identity itself) makes ``k·A`` one of a handful of
points whatever the message, so a fixed "signature" (R = the identity, S = 0, for the
identity as key) verifies every message and proves nothing of who signed. Strict
verification refuses, with the reason in words (:class:`WeakSignatureError`):

- a **public key** that is not the canonical encoding of a point (its ``y`` not below
  ``p = 2²⁵⁵ − 19``, or ``x = 0`` with the sign bit set), not a point of the curve, or a
  point of small order;
- a **signature** whose ``R`` is such an encoding or point (small order, non-canonical, off
  the curve), or whose ``S`` is not below the group's order ``L``;

then the equation, by ``cryptography``. These are the rules of libsodium's strict
verification; the "Taming the many EdDSAs" vectors (Chalkias, Garillot and Nikolaenko,
2020) in ``tests/oracle/test_ed25519.py`` pass exactly where libsodium's do. The point arithmetic
is plain Python on integers (decoding and three doublings: microseconds).
"""

from __future__ import annotations

import importlib
from typing import Any

from rr.errors import WeakSignatureError

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
"""The order of the base point's group."""
_D = -121665 * pow(121666, P - 2, P) % P
_SQRT_M1 = pow(2, (P - 1) // 4, P)

Point = tuple[int, int]


def _decode(raw: bytes) -> Point | str:
    """The point a 32-byte encoding names, or why it names none canonically (in words)."""
    y = int.from_bytes(raw, "little") & ((1 << 255) - 1)
    sign = raw[31] >> 7
    if y >= P:
        return "not the canonical encoding of a point (its y is not below 2^255 - 19)"
    u, v = (y * y - 1) % P, (_D * y * y + 1) % P
    x2 = u * pow(v, P - 2, P) % P
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P != 0:
        x = x * _SQRT_M1 % P
        if (x * x - x2) % P != 0:
            return "not a point of the curve"
    if x == 0 and sign:
        return "not the canonical encoding of a point (x is 0 and its sign bit is set)"
    if x & 1 != sign:
        x = P - x
    return x, y


def _add(a: Point, b: Point) -> Point:
    """Twisted Edwards addition (a = -1; complete: every pair of curve points)."""
    (x1, y1), (x2, y2) = a, b
    t = _D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + x2 * y1) * pow(1 + t, P - 2, P) % P,
            (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P) % P)


def small_order(point: Point) -> bool:
    """Whether ``8·point`` is the identity (the point is one of the eight of small order)."""
    for _ in range(3):
        point = _add(point, point)
    return point == (0, 1)


def _point_problem(raw: bytes) -> str | None:
    point = _decode(raw)
    if isinstance(point, str):
        return point
    if small_order(point):
        return ("a point of small order (its multiple by 8 is the identity), for which one "
                "signature verifies many messages")
    return None


def key_problem(public: bytes) -> str | None:
    """Why strict verification refuses the raw public key ``public`` (in words), or ``None``."""
    if len(public) != 32:
        return f"{len(public)} bytes, not the 32 of an Ed25519 public key"
    return _point_problem(public)


def signature_problem(signature: bytes) -> str | None:
    """Why strict verification refuses ``signature`` whatever it signs (in words), or
    ``None``."""
    if len(signature) != 64:
        return f"it is {len(signature)} bytes, not the 64 of an Ed25519 signature"
    if int.from_bytes(signature[32:], "little") >= L:
        return "its S is not below the group's order (a scalar not reduced)"
    problem = _point_problem(signature[:32])
    return None if problem is None else f"its R is {problem}"


def check_key(public: bytes, what: str = "the public key") -> None:
    """:class:`WeakSignatureError` naming ``what`` if strict verification refuses the key."""
    problem = key_problem(public)
    if problem is not None:
        raise WeakSignatureError(f"{what} is refused: it is {problem}")


def check_signature(signature: bytes, what: str = "the signature") -> None:
    """:class:`WeakSignatureError` naming ``what`` if strict verification refuses it."""
    problem = signature_problem(signature)
    if problem is not None:
        raise WeakSignatureError(f"{what} is refused: {problem}")


def verify(public: bytes, signature: bytes, message: bytes) -> bool:
    """Strict verification: :class:`WeakSignatureError` (in words) for a key or signature
    refused before the equation; else whether the equation holds (``cryptography``'s)."""
    check_key(public)
    check_signature(signature)
    return _equation(public, signature, message)


def verifies(public: bytes, signature: bytes, message: bytes) -> bool:
    """Whether strict verification accepts ``signature`` of ``message`` by ``public``."""
    if key_problem(public) is not None or signature_problem(signature) is not None:
        return False
    return _equation(public, signature, message)


def _equation(public: bytes, signature: bytes, message: bytes) -> bool:
    ed: Any = _module("cryptography.hazmat.primitives.asymmetric.ed25519")
    exceptions: Any = _module("cryptography.exceptions")
    try:
        ed.Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except (exceptions.InvalidSignature, ValueError):
        return False
    return True


def _module(name: str) -> Any:
    from rr.errors import BadInputError
    from rr.events.signing import HINT

    try:
        return importlib.import_module(name)
    except ImportError:
        raise BadInputError(f"Ed25519 needs the 'cryptography' package: {HINT}") from None
