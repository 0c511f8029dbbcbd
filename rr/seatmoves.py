"""A seat moved to another device: its key handed on, and the hand-over in the log.

A seat's key (:mod:`rr.seatkeys`) lives where the person first played: a browser keeps it
unreadable, so the seat cannot simply be opened elsewhere. To play on, the person **moves**
the seat, in two steps, each signed:

1. **release** (on the device holding the key): it draws a one-time *transfer code* (16
   random bytes, in hex), keeps it, and signs, with the seat's key, the code's SHA-256::

       rr/seat-release/1 ‖ game ‖ seat ‖ SHA-256(code) (hex)

   The server keeps the hash and that signature (a later release replaces it). The code
   itself goes to the other device only: in a link, or typed.
2. **move** (on the other device): it makes its own key and signs, with it::

       rr/seat-move/1 ‖ game ‖ seat ‖ new public key (base64) ‖ code (hex) ‖ decision

   *decision* is the number of the first decision the new key signs (the game's next). The
   server checks the code against the released hash and both signatures; from that decision
   on, the seat's choices are the new key's, and the release is used up.

The old key thus vouches for whoever holds the code, and the new key shows it held it: a
judge needs no word of the server's. The log's ``"seats"`` section lists the moves
(:class:`Move`), in order; ``rr audit --seats`` checks each against the key in force before
it, and each decision against the key in force at its number.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from rr.errors import BadInputError
from rr.randomness import unhex
from rr import ed25519
from rr.seatkeys import b64, unb64, verifies

RELEASE_DOMAIN = "rr/seat-release/1"
MOVE_DOMAIN = "rr/seat-move/1"
CODE_BYTES = 16


def _lines(*parts: str) -> bytes:
    return "".join(f"{part}\n" for part in parts).encode("utf-8")


def code_hash(code: str) -> str:
    """SHA-256 (hex) of a transfer code's bytes (``code``: hex)."""
    return hashlib.sha256(unhex(code, "the transfer code", CODE_BYTES)).hexdigest()


def release_message(game: str, seat: int, hashed: str) -> bytes:
    """What the seat's key signs to release the seat to whoever holds the code."""
    return _lines(RELEASE_DOMAIN, game, str(seat), hashed)


def move_message(game: str, seat: int, key: str, code: str, decision: int) -> bytes:
    """What the new key signs to take the seat from ``decision`` on (``key``: base64)."""
    return _lines(MOVE_DOMAIN, game, str(seat), key, code, str(decision))


@frozen
class Move:
    """One move of a seat, as the server keeps it and the log's header records it."""

    seat: int
    decision: int
    """The first decision the new key signs."""
    key: str
    """The new public key (base64 of 32 bytes)."""
    code: str
    """The transfer code (hex), revealed by the move."""
    release: str
    """The old key's signature over the code's hash (base64)."""
    signature: str
    """The new key's signature over the move (base64)."""

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.decision, "key": self.key,
                "code": self.code, "release": self.release, "signature": self.signature}

    @classmethod
    def of(cls, data: Any) -> Move:
        """A move as JSON holds it; :class:`BadInputError` if malformed."""
        if not isinstance(data, Mapping):
            raise BadInputError("a seat's move is a JSON object")
        try:
            move = cls(**{k: data[k] for k in ("seat", "decision", "key", "code", "release",
                                               "signature")})
        except KeyError as err:
            raise BadInputError(f"a seat's move has no {err}") from None
        if type(move.seat) is not int or type(move.decision) is not int or not all(
                isinstance(t, str) for t in (move.key, move.code, move.release,
                                             move.signature)):
            raise BadInputError("a seat's move is malformed")
        return move

    def problem(self, game: str, previous: bytes) -> str | None:
        """Why this move does not hold, with ``previous`` the seat's key before it (raw);
        ``None`` if it does."""
        try:
            new = unb64(self.key, "the new key", 32)
            hashed = code_hash(self.code)
            release = unb64(self.release, "the release", 64)
            signature = unb64(self.signature, "the move's signature", 64)
        except BadInputError as err:
            return str(err)
        # Strict, as every key and signature rr reads (rr.ed25519): a small-order new key
        # would make one fixed "signature" verify every later decision.
        weak = ed25519.key_problem(new)
        if weak is not None:
            return f"its new key is refused: it is {weak}"
        for what, raw in (("its release", release), ("its signature", signature)):
            weak = ed25519.signature_problem(raw)
            if weak is not None:
                return f"{what} is refused: {weak}"
        if not verifies(previous, release, release_message(game, self.seat, hashed)):
            return "its release is not signed by the seat's key before it"
        if not verifies(new, signature, move_message(game, self.seat, b64(new), self.code,
                                                     self.decision)):
            return "it is not signed by the new key over this game, seat, code and decision"
        return None


def key_at(seat: int, decision: int, first: bytes, moves: Sequence[Move]) -> bytes:
    """The key (raw) ``seat`` signs decision number ``decision`` with: its registered key
    ``first``, or the newest move's from a decision at or before it."""
    key = first
    for move in moves:
        if move.seat == seat and move.decision <= decision:
            key = unb64(move.key, "a moved seat's key", 32)
    return key
