"""Seat keys, signed decisions and a deal no single party chooses (issue #29).

A **signed game** (``rr server``: ``POST /api/games`` with ``"signed": true``) gives every
person's seat an Ed25519 key of its own: the key is made where the person plays (the browser,
or :mod:`rr.client`), never by the server, and only its public half is sent, when the seat
*registers*. Each registration also brings a **contribution** (32 random bytes) to the deal.

Every message a seat signs starts with a domain line, so that a signature made for one thing
is never taken for another; fields are lines of text (UTF-8), each ending in ``\\n``::

    registration   rr/seat-key/1 ‖ game ‖ seat ‖ public key (base64) ‖ contribution (hex)
                   ‖ server commitment (hex)
    decision       rr/seat-decision/1 ‖ game ‖ decision number ‖ seat ‖ action ‖ log hash (hex)

*decision number* counts the game's decisions from 0 (the ``decision`` of a choice);
*action* is the option's integer in :mod:`rr.actions` (the choice as recorded: the
``DecisionMade`` option maps to exactly one action); *log hash* is :func:`log_hash` of the
records before the decision, keyed with the server's secret (so that it tells a seat nothing
of the cards it has not seen), which covers record 0 and so the commitment to the game's
randomness (RR-VIEW-10). The server checks each signature before it accepts a choice.

**The deal.** When a signed game is created the server draws a secret of 32 bytes and shows
every seat only :func:`server_commitment` of it; each seat's registration signs that
commitment beside its own contribution. Once every person's seat has registered, the seed is
:func:`derive_seed` of the server's secret and the contributions in seat order: the server
fixed its part before it saw any contribution, and no seat saw the others' or the server's
secret, so no one alone chose the seed. The game then starts as any other (its record 0
commits to the seed, origin :attr:`rr.randomness.SeedOrigin.JOINT`).

**In the log.** The server writes what a judge needs into the log's header, under
``"seats"`` (:class:`SeatsRecord`): the game's id, each seat's kind (a person or a bot),
key, contribution and registration signature, the server's secret (revealed with the log,
once the game is over), the server's public key if it has one, and one signature per decision
(``None`` where the seat did not sign). A bot's decisions are signed by the server's key over
the same message. ``rr audit --seats`` (:mod:`rr.oracle.seats`) checks all of it. A log without
the section (older logs, other hosts) says its seats did not sign.

The cryptography is ``cryptography``'s (a run-time dependency), imported when a key is used.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import importlib
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from rr import ed25519
from rr.errors import BadInputError
from rr.events.codec import encode_event
from rr.events.signing import HINT, fingerprint
from rr.events.types import Event

KEY_DOMAIN = "rr/seat-key/1"
DECISION_DOMAIN = "rr/seat-decision/1"
DEAL_DOMAIN = b"rr/deal/1"
LOG_DOMAIN = b"rr/log-prefix/2"
SECRET_BYTES = 32
CONTRIBUTION_BYTES = 32
VERSION = 1
"""The version of the header's ``"seats"`` section."""


# --- the messages ---------------------------------------------------------------------------

class LogHash:
    """The hash of a log's first records, kept up to date as records are added::

        c(0) = SHA-256("rr/log-prefix/2" ‖ 0);  c(n+1) = SHA-256(c(n) ‖ record n's msgpack)
        h(n) = HMAC-SHA-256(key, "rr/log-prefix/2" ‖ 0 ‖ n (8 bytes, big-endian) ‖ c(n))

    (each record as :func:`rr.events.codec.encode_event` writes it); ``h(n)`` is what a seat
    is shown and signs, the chain ``c`` is never shown. The records hold cards a seat has not
    seen, so a hash of them alone would let a seat try the few hands an opponent may hold
    until one gives the hash it was shown (RR-VIEW-1): the ``key`` is the server's secret of
    a signed game, which no seat knows until the log reveals it at the end, and without which
    the hashes say nothing of the records. Every hash shown is keyed, not only the first: a
    seat given ``h(n)`` and later ``h(m)`` cannot extend the one to the other over its guesses
    of the records between (version 1 keyed only ``c(0)`` and showed the chain itself, which
    let a seat recompute the next hash from the last and so test which card an opponent took
    from the deck)."""

    def __init__(self, key: bytes = b"") -> None:
        self._key = key
        self._digest = hashlib.sha256(LOG_DOMAIN + b"\x00").digest()
        self.records = 0

    def extend(self, events: Iterable[Event]) -> LogHash:
        digest = self._digest
        for event in events:
            digest = hashlib.sha256(digest + encode_event(event)).digest()
            self.records += 1
        self._digest = digest
        return self

    def hex(self) -> str:
        return hmac.new(self._key, LOG_DOMAIN + b"\x00" + self.records.to_bytes(8, "big")
                        + self._digest, hashlib.sha256).hexdigest()


def log_hash(events: Sequence[Event], key: bytes = b"") -> str:
    """:class:`LogHash` of ``events`` (with ``key``), in hex."""
    return LogHash(key).extend(events).hex()


def decision_message(game: str, decision: int, seat: int, action: int, prefix: str) -> bytes:
    """What a seat signs to make decision number ``decision`` (module notes)."""
    return _lines(DECISION_DOMAIN, game, str(decision), str(seat), str(action), prefix)


def key_message(game: str, seat: int, key: str, contribution: str, commitment: str) -> bytes:
    """What a seat signs when it registers its key (module notes); ``key`` in base64."""
    return _lines(KEY_DOMAIN, game, str(seat), key, contribution, commitment)


def _lines(*parts: str) -> bytes:
    return "".join(f"{part}\n" for part in parts).encode("utf-8")


# --- the deal -------------------------------------------------------------------------------

def new_secret() -> bytes:
    """The server's part of a deal: 32 bytes from the operating system's randomness."""
    return secrets.token_bytes(SECRET_BYTES)


def server_commitment(secret: bytes) -> str:
    """SHA-256 (hex) of the deal's domain tag and the server's secret: shown to every seat
    before it contributes."""
    return hashlib.sha256(DEAL_DOMAIN + b"\x00secret\x00" + secret).hexdigest()


def derive_seed(secret: bytes, contributions: Sequence[bytes]) -> int:
    """The seed of a deal: the first 63 bits of SHA-256(domain ‖ 0 ‖ secret ‖ each
    contribution, in seat order)."""
    digest = hashlib.sha256(DEAL_DOMAIN + b"\x00seed\x00" + secret + b"".join(contributions))
    return int.from_bytes(digest.digest()[:8], "big") >> 1


# --- keys -----------------------------------------------------------------------------------

def _ed25519() -> Any:
    try:
        return importlib.import_module("cryptography.hazmat.primitives.asymmetric.ed25519")
    except ImportError:
        raise BadInputError(f"seat keys need the 'cryptography' package: {HINT}") from None


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(text: Any, what: str, size: int | None = None) -> bytes:
    """``text`` as base64 (of ``size`` bytes); :class:`BadInputError` naming ``what``."""
    if not isinstance(text, str):
        raise BadInputError(f"{what} is base64 text")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise BadInputError(f"{what} is not base64") from None
    if size is not None and len(raw) != size:
        raise BadInputError(f"{what} is {size} bytes, not {len(raw)}")
    return raw


def verifies(public: bytes, signature: bytes, message: bytes) -> bool:
    """Whether ``signature`` is the Ed25519 signature of ``message`` by the raw public key
    ``public`` (32 bytes), by strict verification (:mod:`rr.ed25519`: a key or an R of small
    order, an encoding that is not canonical, or S not below the group's order never
    verifies)."""
    return ed25519.verifies(public, signature, message)


class SeatKey:
    """An Ed25519 private key held by whoever plays a seat (:mod:`rr.client`, tests)."""

    def __init__(self, private: Any) -> None:
        self._private = private
        ser = importlib.import_module("cryptography.hazmat.primitives.serialization")
        self.public: bytes = private.public_key().public_bytes(ser.Encoding.Raw,
                                                               ser.PublicFormat.Raw)

    @classmethod
    def generate(cls) -> SeatKey:
        return cls(_ed25519().Ed25519PrivateKey.generate())

    @classmethod
    def load(cls, path: str) -> SeatKey:
        """A private key written by ``rr keygen`` (PEM)."""
        from rr.events.signing import _load_key

        return cls(_load_key(path, private=True))

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public)

    def sign(self, message: bytes) -> bytes:
        signed: bytes = self._private.sign(message)
        return signed


# --- the header's section -------------------------------------------------------------------

PERSON, BOT = "person", "bot"


@frozen
class SeatEntry:
    """One seat, as the log's header records it."""

    seat: int
    kind: str
    """``"person"`` or ``"bot"``."""
    agent: str | None = None
    """A bot's agent."""
    key: str | None = None
    """A person's public key (base64 of 32 bytes), if the seat registered one."""
    contribution: str | None = None
    """Its contribution to the deal (hex)."""
    registration: str | None = None
    """Its signature over the registration message (base64)."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        for name in ("agent", "key", "contribution", "registration"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


@frozen
class SeatsRecord:
    """The header's ``"seats"`` section (module notes)."""

    game: str
    seats: tuple[SeatEntry, ...]
    deal: str
    """How the seed was made: ``"joint"`` (server secret and contributions), ``"server"``
    (drawn by the server alone) or ``"chosen"`` (the creator's)."""
    server_commitment: str | None = None
    server_secret: str | None = None
    """Hex; in a log handed out once the game is over."""
    server_key: str | None = None
    """The server's public key (base64), which signed the bots' decisions."""
    signatures: tuple[str | None, ...] = field(default=())
    """Per decision number, its signature (base64), or ``None``."""
    moves: tuple[Mapping[str, Any], ...] = field(default=())
    """The seats moved to another device, in order (:class:`rr.seatmoves.Move`'s JSON);
    written only when there is one."""

    def as_json(self) -> dict[str, Any]:
        out = {"version": VERSION, "game": self.game,
               "seats": [s.as_json() for s in self.seats], "deal": self.deal,
               "server_commitment": self.server_commitment,
               "server_secret": self.server_secret, "server_key": self.server_key,
               "signatures": list(self.signatures)}
        if self.moves:
            out["moves"] = [dict(m) for m in self.moves]
        return out

    @classmethod
    def of(cls, data: Any) -> SeatsRecord:
        """The section as a header holds it; :class:`BadInputError` if it is malformed."""
        if not (isinstance(data, Mapping) and data.get("version") == VERSION):
            raise BadInputError("the header's seats section is not version 1")
        try:
            seats = tuple(SeatEntry(**{k: v for k, v in s.items()}) for s in data["seats"])
            record = cls(data["game"], seats, data["deal"], data.get("server_commitment"),
                         data.get("server_secret"), data.get("server_key"),
                         tuple(data.get("signatures", ())), tuple(data.get("moves", ())))
        except (KeyError, TypeError, AttributeError) as err:
            raise BadInputError(f"the header's seats section is malformed: {err}") from None
        texts = [record.game, record.deal] + [s.kind for s in seats]
        if not all(isinstance(t, str) for t in texts) or not all(
                s is None or isinstance(s, str) for s in record.signatures) or not all(
                type(s.seat) is int for s in seats):
            raise BadInputError("the header's seats section is malformed")
        return record
