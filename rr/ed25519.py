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
- a **signature** whose ``R`` is of small order or not canonically encoded, or whose ``S``
  is not below the group's order ``L`` (an ``R`` off the curve fails the equation);

then the equation, by ``cryptography``. These are the rules of libsodium's strict
verification; the "Taming the many EdDSAs" vectors (Chalkias, Garillot and Nikolaenko,
2020) in ``tests/oracle/test_ed25519.py`` pass exactly where libsodium's do. The checks of R
and S compare integers (a point is of small order exactly when its y is one of five values);
a key's is also decoded (one square root), once per key.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from rr.errors import WeakSignatureError

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
"""The order of the base point's group."""
_D = -121665 * pow(121666, P - 2, P) % P
"""The curve's d: points (x, y) with -x² + y² = 1 + d·x²·y²."""


def _on_curve(y: int) -> bool:
    """Whether some x puts (x, y) on the curve: x² = (y² - 1) / (d·y² + 1) has a square root
    modulo ``P`` (it is 0, or Euler's criterion says so)."""
    inverse = pow(_D * y * y + 1, P - 2, P)
    x2 = (y * y - 1) * inverse % P
    return x2 == 0 or pow(x2, P // 2, P) == 1  # P // 2 = (P - 1) / 2: P is odd


_Y8 = 0x7A03AC9277FDC74EC6CC392CFA53202A0F67100D760B3CBA4FD84D3D706A17C7
"""The y of the points of order 8 (their y is this or ``P - _Y8``)."""
SMALL_ORDER_Y = frozenset({0, 1, P - 1, _Y8, P - _Y8})
"""The y coordinates of the eight points of small order: the identity (1), the point of order
2 (-1), those of order 4 (0) and 8. A point's negation has the same y and order, so a point
is of small order exactly when its y is one of these (``tests/oracle/test_ed25519.py``
checks it the long way, by point arithmetic)."""


def _encoding_problem(raw: bytes) -> str | None:
    """Why the 32 bytes ``raw`` are not the canonical encoding of a point of large order, as
    far as integers tell (no field arithmetic): y not below ``P``, x = 0 (y = ±1) with the
    sign bit set, or a point of small order."""
    y = int.from_bytes(raw, "little") & ((1 << 255) - 1)
    if y >= P:
        return "not the canonical encoding of a point (its y is not below 2^255 - 19)"
    if y in (1, P - 1) and raw[31] >> 7:
        return "not the canonical encoding of a point (x is 0 and its sign bit is set)"
    if y in SMALL_ORDER_Y:
        return ("a point of small order (its multiple by 8 is the identity), for which one "
                "signature verifies many messages")
    return None


@functools.lru_cache(maxsize=1024)
def key_problem(public: bytes) -> str | None:
    """Why strict verification refuses the raw public key ``public`` (in words), or ``None``
    (remembered: a seat's key is checked at each of its choices)."""
    if len(public) != 32:
        return f"{len(public)} bytes, not the 32 of an Ed25519 public key"
    problem = _encoding_problem(public)
    if problem is None and not _on_curve(int.from_bytes(public, "little") & ((1 << 255) - 1)):
        return "not a point of the curve"
    return problem


def signature_problem(signature: bytes) -> str | None:
    """Why strict verification refuses ``signature`` whatever it signs (in words), or
    ``None``. (An R off the curve is left to the equation, which then fails.)"""
    if len(signature) != 64:
        return f"it is {len(signature)} bytes, not the 64 of an Ed25519 signature"
    if int.from_bytes(signature[32:], "little") >= L:
        return "its S is not below the group's order (a scalar not reduced)"
    problem = _encoding_problem(signature[:32])
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
