"""Players' identities without passwords: a player is an Ed25519 key with a name.

An **identity** is a display name, unique on a server (compared as :mod:`rr.names` compares
names: ignoring case and how letters are written), held by one or more Ed25519 keys. The key
is made where the person plays (the browser, by WebCrypto, not extractable where the browser
allows; :mod:`rr.client`, tests) and only its public half is ever sent. There is no password:
whoever can sign with a key of the identity is that player.

Every message an identity's key signs starts with a domain line, so that a signature made
for one thing is never taken for another (fields are lines of UTF-8 text, each ending in
``\\n``)::

    register   rr/identity-register/1 ‖ challenge (hex) ‖ key (base64) ‖ name
    session    rr/identity-session/1  ‖ challenge (hex) ‖ key (base64)
    release    rr/identity-release/1  ‖ name ‖ SHA-256(transfer code) (hex)
    add        rr/identity-add/1      ‖ name ‖ new key (base64) ‖ transfer code (hex)
    seat       rr/identity-seat/1     ‖ game ‖ seat ‖ seat key (base64) ‖ identity key
                                        (base64) ‖ name

**Replay.** A *challenge* is 32 random bytes the server hands out, keeps for
:data:`CHALLENGE_SECONDS` and accepts once: a register or session signature is good for one
request only, and a signature seen on the wire cannot be sent again. A session is a random
token (its SHA-256 kept by the server) that stands for the key for :data:`SESSION_SECONDS`.
A transfer code is 16 random bytes, good once, for :data:`TRANSFER_SECONDS`. A seat's binding
names the game and the seat, and game ids are never reused.

**Another device** (the same steps as a seat's move, :mod:`rr.seatmoves`): the device with
the key draws a one-time code, keeps it, and signs the code's hash (*release*); the other
device makes its own key and signs the code with it (*add*); the server checks both and adds
the new key to the identity. A browser's key cannot be read, so "moving by a file" hands the
same code in a file (:func:`transfer_file`), never the key.

**A signed game's seat** registered by a browser holding an identity carries a *binding*: the
identity's key signs the seat's key, the game, the seat and the name. The log's ``"seats"``
section records it (:class:`Binding`) and ``rr audit --seats`` checks it strictly: a binding
that does not verify, names another player than the seat's, or uses a weak key fails.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from rr import ed25519
from rr.errors import BadInputError
from rr.events.signing import fingerprint
from rr.names import name_key, normalise
from rr.randomness import unhex
from rr.seatkeys import unb64, verifies

REGISTER_DOMAIN = "rr/identity-register/1"
SESSION_DOMAIN = "rr/identity-session/1"
RELEASE_DOMAIN = "rr/identity-release/1"
ADD_DOMAIN = "rr/identity-add/1"
SEAT_DOMAIN = "rr/identity-seat/1"
FILE_KIND = "rr/identity-transfer/1"
"""The ``"kind"`` of a transfer file (:func:`transfer_file`)."""

CHALLENGE_BYTES = 32
CODE_BYTES = 16
CHALLENGE_SECONDS = 120
SESSION_SECONDS = 24 * 3600
TRANSFER_SECONDS = 15 * 60


def _lines(*parts: str) -> bytes:
    return "".join(f"{part}\n" for part in parts).encode("utf-8")


def register_message(challenge: str, key: str, name: str) -> bytes:
    """What a new identity's key signs to register ``name`` (``key``: base64)."""
    return _lines(REGISTER_DOMAIN, challenge, key, name)


def session_message(challenge: str, key: str) -> bytes:
    """What an identity's key signs to open a session."""
    return _lines(SESSION_DOMAIN, challenge, key)


def release_message(name: str, hashed: str) -> bytes:
    """What an identity's key signs to let whoever holds a transfer code add a key."""
    return _lines(RELEASE_DOMAIN, name, hashed)


def add_message(name: str, key: str, code: str) -> bytes:
    """What the new device's key signs to join the identity ``name`` (as the claim names it,
    normalised) with ``code``."""
    return _lines(ADD_DOMAIN, name, key, code)


def seat_message(game: str, seat: int, seat_key: str, key: str, name: str) -> bytes:
    """What an identity's key (``key``) signs to bind a signed game's seat key to it."""
    return _lines(SEAT_DOMAIN, game, str(seat), seat_key, key, name)


def code_hash(code: str) -> str:
    """SHA-256 (hex) of a transfer code's bytes (``code``: hex)."""
    return hashlib.sha256(unhex(code, "the transfer code", CODE_BYTES)).hexdigest()


def public_key(text: Any, what: str = "the identity's key") -> bytes:
    """A raw Ed25519 public key from base64, refused (:class:`BadInputError`) if strict
    verification would refuse it (:mod:`rr.ed25519`)."""
    raw = unb64(text, what, 32)
    ed25519.check_key(raw, what)
    return raw


def signature(text: Any, what: str = "the signature") -> bytes:
    raw = unb64(text, what, 64)
    ed25519.check_signature(raw, what)
    return raw


def same_name(one: str, other: str) -> bool:
    """Whether two names are one (:func:`rr.names.name_key`)."""
    return name_key(normalise(one)) == name_key(normalise(other))


def transfer_file(server: str, name: str, code: str) -> dict[str, Any]:
    """The file that moves an identity to another device: the one-time code, not the key
    (a browser's key cannot be read out)."""
    return {"kind": FILE_KIND, "server": server, "name": name, "code": code}


@frozen
class Binding:
    """A seat's key bound to an identity, as the log's ``"seats"`` section records it."""

    name: str
    key: str
    """The identity's public key (base64)."""
    signature: str
    """The identity key's signature over :func:`seat_message` (base64)."""

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "key": self.key, "signature": self.signature}

    @classmethod
    def of(cls, data: Any) -> Binding:
        if not isinstance(data, Mapping) or set(data) != {"name", "key", "signature"} or \
                not all(isinstance(v, str) for v in data.values()):
            raise BadInputError("a seat's identity is {\"name\", \"key\", \"signature\"}, "
                                f"not {json.dumps(data, default=str)[:80]}")
        return cls(data["name"], data["key"], data["signature"])

    @property
    def fingerprint(self) -> str:
        return fingerprint(unb64(self.key, "the identity's key", 32))

    def problem(self, game: str, seat: int, seat_key: str | None, player: str) -> str | None:
        """Why this binding of ``seat`` (played by ``player`` with ``seat_key``) does not
        hold; ``None`` if it does."""
        if seat_key is None:
            return "it binds a seat that registered no key"
        try:
            key = unb64(self.key, "the identity's key", 32)
            raw = unb64(self.signature, "the binding's signature", 64)
        except BadInputError as err:
            return str(err)
        weak = ed25519.key_problem(key)
        if weak is not None:
            return f"the identity's key is refused: it is {weak}"
        weak = ed25519.signature_problem(raw)
        if weak is not None:
            return f"the binding's signature is refused: {weak}"
        if not same_name(self.name, player):
            return (f"it names the identity \u201c{self.name}\u201d, but the seat is "
                    f"\u201c{player}\u201d's")
        if not verifies(key, raw, seat_message(game, seat, seat_key, self.key, self.name)):
            return ("its signature is not the identity key's over this game, this seat, the "
                    "seat's key and the name")
        return None


def bind(game: str, seat: int, seat_key: str, player: str, data: Any) -> Binding:
    """The binding a seat's registration brings (``data``: ``{"name", "key",
    "signature"}``), checked against ``seat``'s key and player (:class:`BadInputError`
    naming what is wrong)."""
    if not isinstance(data, Mapping):
        raise BadInputError("field 'identity' takes {\"name\", \"key\", \"signature\"}")
    binding = Binding.of(data)
    public_key(binding.key)
    signature(binding.signature, "the binding's signature")
    problem = binding.problem(game, seat, seat_key, player)
    if problem is not None:
        raise BadInputError(f"the seat's binding to the identity is refused: {problem}")
    return binding
