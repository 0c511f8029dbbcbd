"""Play a seat of an ``rr server`` game over HTTP, signing every decision with the seat's key.

A small client for programs (the web table does the same in the browser, issue #29)::

    from rr.client import Client, SeatKey

    created = Client.create("http://127.0.0.1:8000", ["Ana", "Bo"], bots={1: "random"},
                            signed=True)
    ana = Client("http://127.0.0.1:8000", created["id"], created["seats"][0]["token"],
                 SeatKey.generate())          # or SeatKey.load("ana.key") (rr keygen)
    ana.join()                                # registers the key and a contribution
    while not (answer := ana.show())["over"]:
        if answer["view"]["pending"]["options"] is not None:   # this seat's decision
            ana.choose(answer["view"]["pending"]["options"][0]["action"])
    open("game.rrlog", "wb").write(ana.log())  # rr audit --seats game.rrlog

:meth:`Client.join` sends the seat's public key and 32 random bytes of contribution to the
deal, signed with the server's commitment (:mod:`rr.seatkeys`); :meth:`Client.choose` asks
the server for the decision's number and the hash of the log so far, and signs the choice
over them. The private key never leaves the program. A client without a key (``key=None``)
plays an unsigned game as before. Errors are :class:`ClientError` with the server's error
type, message, rule and HTTP status. Only the standard library (``urllib``) speaks HTTP; the
key needs ``cryptography`` (the ``sign`` extra).
"""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any

from rr.errors import RRError
from rr import identities
from rr.seatkeys import CONTRIBUTION_BYTES, SeatKey, b64, decision_message, key_message

__all__ = ["Client", "ClientError", "SeatKey"]


class ClientError(RRError):
    """An error the server answered (``kind``: its error type; ``status``: the HTTP
    status)."""

    def __init__(self, status: int, kind: str, message: str, rule: str | None) -> None:
        super().__init__(f"{kind} ({status}): {message}", rule)
        self.status, self.kind = status, kind


def _request(method: str, url: str, token: str | None = None,
             body: Mapping[str, Any] | None = None, raw: bool = False) -> Any:
    headers = {"accept": "application/json"}
    data = None
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    if body is not None:
        headers["content-type"] = "application/json"
        data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            payload = response.read()
    except urllib.error.HTTPError as err:
        text = err.read()
        try:
            error = json.loads(text)["error"]
        except (ValueError, KeyError, TypeError):
            error = {"type": "HTTPError", "message": text[:200].decode("utf-8", "replace"),
                     "rule": None}
        raise ClientError(err.code, error["type"], error["message"], error.get("rule")
                          ) from None
    return payload if raw else json.loads(payload)


class Client:
    """One seat of one game on a server (``token``: the seat's; ``key``: its private key,
    ``None`` for an unsigned game)."""

    def __init__(self, server: str, game: str, token: str, key: SeatKey | None = None) -> None:
        self.server, self.game, self.token, self.key = server.rstrip("/"), game, token, key

    @staticmethod
    def create(server: str, players: Sequence[str], bots: Mapping[int, str] | None = None,
               signed: bool = False, **more: Any) -> dict[str, Any]:
        """``POST /api/games``: the new game's id, seats (with their tokens) and spectator
        token."""
        body: dict[str, Any] = {"players": list(players), **more}
        if bots:
            body["bots"] = {str(seat): kind for seat, kind in bots.items()}
        if signed:
            body["signed"] = True
        created: dict[str, Any] = _request("POST", f"{server.rstrip('/')}/api/games",
                                           body=body)
        return created

    def _url(self, tail: str = "") -> str:
        return f"{self.server}/api/games/{self.game}{tail}"

    def seat(self) -> dict[str, Any]:
        """``GET .../seat``: the seat's key fingerprint, the server's commitment, the seats
        the deal waits for, the pending decision's number and the log's hash."""
        found: dict[str, Any] = _request("GET", self._url("/seat"), self.token)
        return found

    def join(self, contribution: bytes | None = None,
             identity: tuple[str, SeatKey] | None = None) -> dict[str, Any]:
        """Register this seat's key with a contribution to the deal (32 random bytes unless
        given), bound to the player's ``identity`` (its name and key, :mod:`rr.identities`)
        if given; the seat's answer after it."""
        if self.key is None:
            raise RRError("joining a signed game needs a key (SeatKey)")
        contribution = contribution or secrets.token_bytes(CONTRIBUTION_BYTES)
        seat = self.seat()
        key = b64(self.key.public)
        message = key_message(self.game, seat["seat"], key, contribution.hex(),
                              seat["server_commitment"])
        body: dict[str, Any] = {"key": key, "contribution": contribution.hex(),
                                "signature": b64(self.key.sign(message))}
        if identity is not None:
            name, held = identity
            body["identity"] = {"name": name, "key": b64(held.public), "signature": b64(
                held.sign(identities.seat_message(self.game, seat["seat"], key,
                                                  b64(held.public), name)))}
        answer: dict[str, Any] = _request("POST", self._url("/seat"), self.token, body)
        return answer

    def show(self, since: int | None = None) -> dict[str, Any]:
        """The seat's answer (``GET /api/games/{id}``)."""
        tail = "" if since is None else f"?since={since}"
        answer: dict[str, Any] = _request("GET", self._url(tail), self.token)
        return answer

    def choose(self, action: int) -> dict[str, Any]:
        """Make the pending decision (``action``: the option's integer), signed if this
        client has a key."""
        seat = self.seat()
        body: dict[str, Any] = {"action": action, "decision": seat["decision"]}
        if self.key is not None:
            message = decision_message(self.game, seat["decision"], seat["seat"], action,
                                       seat["log_hash"])
            body["signature"] = b64(self.key.sign(message))
        answer: dict[str, Any] = _request("POST", self._url("/choose"), self.token, body)
        return answer

    def log(self) -> bytes:
        """The finished game's ``.rrlog`` (its header holds the seats' keys and
        signatures)."""
        data: bytes = _request("GET", self._url("/log"), self.token, raw=True)
        return data


def identity_session(server: str, key: SeatKey, register: str | None = None
                     ) -> dict[str, Any]:
    """A session of the identity ``key`` holds on ``server`` (``register``: register that
    name for it first): ``{"name", "key", "fingerprint", "token", "expires_in"}``; the key
    signs a fresh challenge (:mod:`rr.identities`)."""
    base = server.rstrip("/")
    challenge = _request("POST", f"{base}/api/identities/challenge", body={})["challenge"]
    public = b64(key.public)
    if register is not None:
        message = identities.register_message(challenge, public, register)
        path, body = "/api/identities", {"name": register}
    else:
        message, path, body = identities.session_message(challenge, public), \
            "/api/identities/session", {}
    found: dict[str, Any] = _request("POST", base + path, body={
        **body, "key": public, "challenge": challenge, "signature": b64(key.sign(message))})
    return found
