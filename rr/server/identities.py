"""Players' identities on a server (the formats: :mod:`rr.identities`): registered names held
by Ed25519 keys, sessions opened by signing a challenge, a key added on another device with
a one-time code, and the names an identity holds kept for it.

* ``POST /api/identities/challenge``: ``{"challenge": hex, "expires_in": s}``, good once.
* ``POST /api/identities`` ``{"name", "key", "challenge", "signature"}``: register ``name``
  for the key (the signature over the register message); answers a session (below). A name
  another identity holds (ignoring case and how letters are written) is refused in words.
* ``POST /api/identities/session`` ``{"key", "challenge", "signature"}``: a session for a
  registered key: ``{"name", "key", "fingerprint", "token", "expires_in"}``. The token is
  the identity's ``Authorization: Bearer`` on the identity's and the lobby's routes.
* ``GET /api/identities/me`` (Bearer: a session): the identity.
* ``GET /api/identities/{name}``: a registered name and its keys' fingerprints (public; no
  keys: nobody registered it);
  ``GET /api/identities?name=A&name=B``: those of the names identities hold (the lobby and the
  ratings page mark them).
* ``POST /api/identities/transfer`` (Bearer: a session) ``{"code_hash", "signature"}``: let
  whoever holds the code add a key (the session's key signs the release message).
* ``POST /api/identities/transfer/claim`` ``{"name", "code", "key", "signature"}``: add the
  new key (its signature over the add message) with the code, once; answers a session.
* ``POST /api/games/{id}/invitation/identity`` (Bearer: a session) ``{"invitation",
  "seat"?}``: an open seat taken with the game's invitation under the identity's name (the
  invitation page's, for a browser with an identity).

The rows are in the games' database beside :mod:`rr.server.tables`' (none has a ``game``
column: a game's expiry never deletes an identity). A name an identity holds is taken in the
lobby and through an invitation only by a request with that identity's session
(:meth:`Identities.check_name`, :mod:`rr.server.lobby`); the seat key a browser with an
identity registers in a signed game carries its binding (:mod:`rr.server.signed`).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import anyio.to_thread
from attrs import frozen
from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from rr import identities as ids
from rr.errors import BadInputError, BadRequest, SignatureRefusedError
from rr.events.signing import fingerprint
from rr.names import name_key, normalise
from rr.request_fields import check_fields
from rr.seatkeys import b64, unb64, verifies
from rr.server import requests
from rr.server.errors import (
    NameTakenError,
    NotFoundError,
    RateLimitedError,
    UnauthorizedError,
)
from rr.server.games import Games
from rr.server.http import JSON, answers, bearer
from rr.server.limits import Buckets, Limits
from rr.server.requests import Take
from rr.server.tables import Run, Tables
from rr.server.tokens import hash_of, new_token

SCHEMA = """
CREATE TABLE IF NOT EXISTS identities (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_keys (
    key TEXT PRIMARY KEY,
    name_key TEXT NOT NULL,
    added BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_challenges (
    challenge TEXT PRIMARY KEY,
    expires BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_sessions (
    hash TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_transfers (
    hash TEXT PRIMARY KEY,
    name_key TEXT NOT NULL,
    release TEXT NOT NULL,
    expires BIGINT NOT NULL
)
"""
LOCK = "identities"
MOST_NAMES = 200
"""The most names ``GET /api/identities`` looks up at once."""


@frozen
class Identity:
    """A registered player, as a session shows it."""

    name: str
    key: str
    """The key (base64) the session was opened with."""

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "key": self.key,
                "fingerprint": fingerprint(unb64(self.key, "key", 32))}


def _now() -> int:
    return int(time.time())


def _quoted(name: str) -> str:
    return f"\u201c{name}\u201d"


class Identities:
    """The identities of a server's database."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        with tables.transaction("schema") as run:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    run(statement)

    # --- challenges and sessions ------------------------------------------------------------

    def challenge(self) -> dict[str, Any]:
        text = secrets.token_hex(ids.CHALLENGE_BYTES)
        now = _now()
        with self.tables.transaction(LOCK) as run:
            run("DELETE FROM identity_challenges WHERE expires <= ?", (now,))
            run("INSERT INTO identity_challenges (challenge, expires) VALUES (?, ?)",
                (text, now + ids.CHALLENGE_SECONDS))
        return {"challenge": text, "expires_in": ids.CHALLENGE_SECONDS}

    def _spend(self, challenge: Any) -> str:
        """Use up ``challenge`` (good once, until it expires); :class:`SignatureRefusedError`
        if it is not one the server handed out, was used, or expired."""
        if not isinstance(challenge, str) or not challenge:
            raise BadRequest("field 'challenge' takes the challenge the server handed out "
                             "(POST /api/identities/challenge)")
        with self.tables.transaction(LOCK) as run:  # used up, whatever follows
            found = run("SELECT expires FROM identity_challenges WHERE challenge = ?",
                        (challenge.lower(),))
            run("DELETE FROM identity_challenges WHERE challenge = ?", (challenge.lower(),))
        if not found or found[0][0] <= _now():
            raise SignatureRefusedError("this challenge is unknown, used or expired: ask for a "
                                        "new one (each is good once, for "
                                        f"{ids.CHALLENGE_SECONDS} s)")
        return challenge.lower()

    def _session(self, run: Run, key: str, name: str) -> dict[str, Any]:
        token = new_token()
        now = _now()
        run("DELETE FROM identity_sessions WHERE expires <= ?", (now,))
        run("INSERT INTO identity_sessions (hash, key, expires) VALUES (?, ?, ?)",
            (hash_of(token), key, now + ids.SESSION_SECONDS))
        return {**Identity(name, key).as_json(), "token": token,
                "expires_in": ids.SESSION_SECONDS}

    def register(self, data: dict[str, Any]) -> dict[str, Any]:
        """A new identity: ``name`` held by ``key``, proved by its signature over a fresh
        challenge; a session for it."""
        check_fields(data, ("name", "key", "challenge", "signature"), "a new identity")
        name = data.get("name")
        if not isinstance(name, str):
            raise BadRequest("field 'name' takes the name to register")
        requests.check_name(name)
        name = normalise(name)
        key = ids.public_key(data.get("key"))
        signature = _signature(data.get("signature"))
        challenge = self._spend(data.get("challenge"))
        if not verifies(key, signature, ids.register_message(challenge, b64(key), name)):
            raise SignatureRefusedError("the signature is not this key's over the challenge, "
                                        "the key and the name (rr.identities)")
        with self.tables.transaction(LOCK) as run:
            held = run("SELECT name FROM identities WHERE name_key = ?", (name_key(name),))
            if held:
                raise NameTakenError(f"the name {_quoted(name)} is taken: another player "
                                     f"registered {_quoted(held[0][0])} (names are compared "
                                     "ignoring case and how their letters are written)")
            if run("SELECT 1 FROM identity_keys WHERE key = ?", (b64(key),)):
                raise NameTakenError("this key holds an identity already")
            run("INSERT INTO identities (name_key, name, created) VALUES (?, ?, ?)",
                (name_key(name), name, _now()))
            run("INSERT INTO identity_keys (key, name_key, added) VALUES (?, ?, ?)",
                (b64(key), name_key(name), _now()))
            return self._session(run, b64(key), name)

    def session(self, data: dict[str, Any]) -> dict[str, Any]:
        """A session for a registered key that signed a fresh challenge."""
        check_fields(data, ("key", "challenge", "signature"), "a session")
        key = ids.public_key(data.get("key"))
        signature = _signature(data.get("signature"))
        challenge = self._spend(data.get("challenge"))
        if not verifies(key, signature, ids.session_message(challenge, b64(key))):
            raise SignatureRefusedError("the signature is not this key's over the challenge "
                                        "and the key (rr.identities)")
        with self.tables.transaction(LOCK) as run:
            name = self._name_of(run, b64(key))
            if name is None:
                raise NotFoundError("this key holds no identity on this server: register a "
                                    "name, or add this device with a transfer code")
            return self._session(run, b64(key), name)

    @staticmethod
    def _name_of(run: Run, key: str) -> str | None:
        found = run("SELECT i.name FROM identity_keys k JOIN identities i ON "
                    "i.name_key = k.name_key WHERE k.key = ?", (key,))
        return str(found[0][0]) if found else None

    def who(self, token: str | None) -> Identity | None:
        """The identity a session token stands for (``None``: no token);
        :class:`UnauthorizedError` for a token that is unknown or expired."""
        if token is None:
            return None
        found = self.tables.run("SELECT key, expires FROM identity_sessions WHERE hash = ?",
                                (hash_of(token),))
        if not found or found[0][1] <= _now():
            raise UnauthorizedError("this identity session is unknown or expired: sign in "
                                    "again (the browser signs a new challenge)")
        key = str(found[0][0])
        name = self._name_of(self.tables.run, key)
        if name is None:
            raise UnauthorizedError("this session's key holds no identity any more")
        return Identity(name, key)

    # --- names ------------------------------------------------------------------------------

    def holder(self, name: str) -> str | None:
        """The registered name that ``name`` is (ignoring case...), or ``None``."""
        found = self.tables.run("SELECT name FROM identities WHERE name_key = ?",
                                (name_key(normalise(name)),))
        return str(found[0][0]) if found else None

    def check_name(self, name: str, holder: str | None) -> None:
        """Refuse (:class:`NameTakenError`) to seat ``name`` for a request of the identity
        ``holder`` (``None``: none) if another identity holds it."""
        held = self.holder(name)
        if held is not None and (holder is None or not ids.same_name(held, holder)):
            raise NameTakenError(f"{_quoted(held)} is a registered player's name: only their "
                                 "identity plays under it (make your own identity in the "
                                 "lobby, or choose another name)")

    def name_of_key(self, key: str) -> str | None:
        """The identity a key (base64) holds, or ``None``."""
        return self._name_of(self.tables.run, key)

    def named(self, names: list[str]) -> dict[str, Any]:
        """Which of ``names`` (at most :data:`MOST_NAMES`) identities hold: ``{"identities":
        {name as asked: {"name", "keys"}}}``, the others left out."""
        if len(names) > MOST_NAMES:
            raise BadRequest(f"at most {MOST_NAMES} names at once")
        keys = {name_key(normalise(n)): n for n in names}
        if not keys:
            return {"identities": {}}
        marks = ", ".join("?" for _ in keys)
        found: dict[str, dict[str, Any]] = {}
        for key_of, held, key in self.tables.run(
                "SELECT i.name_key, i.name, k.key FROM identities i JOIN identity_keys k ON "
                f"k.name_key = i.name_key WHERE i.name_key IN ({marks}) ORDER BY k.added, "
                "k.key", tuple(keys)):
            entry = found.setdefault(keys[key_of], {"name": held, "keys": []})
            entry["keys"].append(fingerprint(unb64(key, "key", 32)))
        return {"identities": found}

    def public(self, name: str) -> dict[str, Any]:
        held = self.holder(name)
        if held is None:  # not an error: a name nobody registered (yet)
            return {"name": normalise(name), "keys": []}
        keys = self.tables.run("SELECT key FROM identity_keys WHERE name_key = ? ORDER BY "
                               "added, key", (name_key(held),))
        return {"name": held, "keys": [fingerprint(unb64(k, "key", 32)) for (k,) in keys]}

    # --- another device ---------------------------------------------------------------------

    def release(self, who: Identity, data: dict[str, Any]) -> dict[str, Any]:
        """Let whoever holds a transfer code add a key to ``who``'s identity."""
        check_fields(data, ("code_hash", "signature"), "an identity's release")
        hashed = data.get("code_hash")
        if not isinstance(hashed, str) or len(hashed) != 64 or \
                any(c not in "0123456789abcdef" for c in hashed.lower()):
            raise BadRequest("field 'code_hash' takes the SHA-256 of the transfer code (hex)")
        hashed = hashed.lower()
        signature = _signature(data.get("signature"))
        if not verifies(unb64(who.key, "key", 32), signature,
                        ids.release_message(who.name, hashed)):
            raise SignatureRefusedError("the release is not signed by this identity's key "
                                        "over its name and the code's hash")
        now = _now()
        with self.tables.transaction(LOCK) as run:
            run("DELETE FROM identity_transfers WHERE expires <= ?", (now,))
            run("INSERT INTO identity_transfers (hash, name_key, release, expires) "
                "VALUES (?, ?, ?, ?)", (hashed, name_key(who.name), b64(signature),
                                        now + ids.TRANSFER_SECONDS))
        return {"name": who.name, "expires_in": ids.TRANSFER_SECONDS}

    def claim(self, data: dict[str, Any]) -> dict[str, Any]:
        """Add a new device's key with a transfer code (once); a session for it."""
        check_fields(data, ("name", "code", "key", "signature"), "a transfer claim")
        name, code = data.get("name"), data.get("code")
        if not isinstance(name, str) or not isinstance(code, str):
            raise BadRequest("a transfer claim takes the identity's name and the code")
        code = code.strip().lower()
        try:
            hashed = ids.code_hash(code)
        except BadInputError:
            raise SignatureRefusedError("this is not a transfer code (32 hex digits)") from None
        key = ids.public_key(data.get("key"), "the new key")
        signature = _signature(data.get("signature"))
        now = _now()
        with self.tables.transaction(LOCK) as run:
            held = run("SELECT name FROM identities WHERE name_key = ?",
                       (name_key(normalise(name)),))
            found = run("SELECT name_key, expires FROM identity_transfers WHERE hash = ?",
                        (hashed,))
            if not held or not found or found[0][0] != name_key(normalise(name)) or \
                    found[0][1] <= now:
                raise SignatureRefusedError("this transfer code is not one this identity "
                                            "made, or it was used or expired (each works "
                                            f"once, for {ids.TRANSFER_SECONDS // 60} min)")
            registered = str(held[0][0])
            if not verifies(key, signature, ids.add_message(normalise(name), b64(key), code)):
                raise SignatureRefusedError("the claim is not signed by the new key over the "
                                            "name, the key and the code")
            run("DELETE FROM identity_transfers WHERE hash = ?", (hashed,))
            if run("SELECT 1 FROM identity_keys WHERE key = ?", (b64(key),)):
                raise NameTakenError("this key holds an identity already")
            run("INSERT INTO identity_keys (key, name_key, added) VALUES (?, ?, ?)",
                (b64(key), name_key(registered), now))
            return self._session(run, b64(key), registered)


def _signature(text: Any) -> bytes:
    try:
        return ids.signature(text)
    except BadInputError as err:
        raise SignatureRefusedError(str(err)) from None


def session_token(request: Request) -> str | None:
    """The request's identity session (its one Bearer token), or ``None``."""
    tokens = bearer(request)
    if len(tokens) > 1:
        raise BadRequest("this route takes one identity session token")
    return tokens[0] if tokens else None


def routes(identities: Identities, limits: Limits, games: Games) -> list[BaseRoute]:
    """The identities' routes."""
    per_address = Buckets(limits.create_rate, limits.create_burst)

    def counted(request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many identity requests from this address; wait a "
                                   "moment")

    async def run(func: Any, *args: Any) -> Any:
        return await anyio.to_thread.run_sync(func, *args)

    async def body(request: Request) -> dict[str, Any]:
        requests.json_content(request)
        return requests.body_of(await requests.read_body(request, limits.body))

    async def signed_in(request: Request) -> Identity:
        who = await run(identities.who, session_token(request))
        if who is None:
            raise UnauthorizedError("this needs an identity session: 'Authorization: Bearer "
                                    "TOKEN' (POST /api/identities/session)")
        assert isinstance(who, Identity)
        return who

    @answers
    async def challenge(request: Request) -> Any:
        counted(request)
        return await run(identities.challenge)

    @answers
    async def register(request: Request) -> Any:
        counted(request)
        return JSON(await run(identities.register, await body(request)), 201)

    @answers
    async def session(request: Request) -> Any:
        counted(request)
        return await run(identities.session, await body(request))

    @answers
    async def me(request: Request) -> Any:
        return (await signed_in(request)).as_json()

    @answers
    async def named(request: Request) -> Any:
        return await run(identities.named, request.query_params.getlist("name"))

    @answers
    async def public(request: Request) -> Any:
        return await run(identities.public, request.path_params["name"])

    @answers
    async def release(request: Request) -> Any:
        who = await signed_in(request)
        return await run(identities.release, who, await body(request))

    @answers
    async def invited(request: Request) -> Any:
        who = await signed_in(request)
        data = await body(request)
        check_fields(data, ("invitation", "seat"), "a seat taken as an identity")
        invitation, seat = data.get("invitation"), data.get("seat")
        if not isinstance(invitation, str):
            raise BadRequest("field 'invitation' takes the game's invitation")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise BadRequest("field 'seat' takes a seat number (from 0)")
        counted(request)  # an invitation may be guessed at: counted by address
        return await run(games.take, request.path_params["id"], invitation,
                         Take(who.name, seat), who.name)

    @answers
    async def claim(request: Request) -> Any:
        counted(request)
        return await run(identities.claim, await body(request))

    return [
        Route("/api/identities/challenge", challenge, methods=["POST"]),
        Route("/api/identities", register, methods=["POST"]),
        Route("/api/identities", named, methods=["GET"]),
        Route("/api/identities/session", session, methods=["POST"]),
        Route("/api/identities/me", me, methods=["GET"]),
        Route("/api/identities/transfer", release, methods=["POST"]),
        Route("/api/identities/transfer/claim", claim, methods=["POST"]),
        Route("/api/identities/{name}", public, methods=["GET"]),
        Route("/api/games/{id}/invitation/identity", invited, methods=["POST"]),
    ]

