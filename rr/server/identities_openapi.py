"""The OpenAPI entries of the identities' routes (:mod:`rr.server.identities`);
:mod:`rr.server.openapi` adds them."""

from __future__ import annotations

from typing import Any

from rr.server.lobby_openapi import _body, _errors, _ok

_SESSION: list[dict[str, list[str]]] = [{"token": []}]
_ANSWER = ("a session: {name, key, fingerprint, token (the identity's Bearer), expires_in}")


def paths() -> dict[str, Any]:
    name = {"type": "string", "maxLength": 40}
    text = {"type": "string"}
    out: dict[str, Any] = {
        "/api/identities/challenge": {"post": {
            "summary": "a challenge for an identity's key to sign, good once: {challenge "
                       "(hex), expires_in}",
            "responses": {**_ok("the challenge"), **_errors(429)}}},
        "/api/identities": {"post": {
            "summary": "register a name (unique ignoring case and how letters are written) "
                       "for an Ed25519 key, which signs 'rr/identity-register/1', the "
                       "challenge, the key and the name, each on a line (rr.identities); "
                       + _ANSWER,
            "requestBody": _body({"name": name, "key": text, "challenge": text,
                                  "signature": text}, ["name", "key", "challenge",
                                                       "signature"]),
            "responses": {**_ok(_ANSWER, "201"),
                          **_errors(400, 403, 408, 409, 413, 422, 429)}}},
        "/api/identities/session": {"post": {
            "summary": "a session for a registered key, which signs "
                       "'rr/identity-session/1', the challenge and the key; " + _ANSWER,
            "requestBody": _body({"key": text, "challenge": text, "signature": text},
                                 ["key", "challenge", "signature"]),
            "responses": {**_ok(_ANSWER), **_errors(400, 403, 404, 408, 413, 422, 429)}}},
        "/api/identities/me": {"get": {
            "summary": "the session's identity: {name, key, fingerprint}",
            "security": _SESSION, "responses": {**_ok("the identity"), **_errors(401)}}},
        "/api/identities/{name}": {"get": {
            "summary": "a registered name and its keys' fingerprints: {name, keys} (no "
                       "keys: nobody registered the name)",
            "parameters": [{"name": "name", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": _ok("the identity")}},
        "/api/identities/transfer": {"post": {
            "summary": "let whoever holds a one-time code add a key to the session's "
                       "identity: its key signs 'rr/identity-release/1', the name and the "
                       "code's SHA-256 (hex); {name, expires_in}",
            "security": _SESSION,
            "requestBody": _body({"code_hash": text, "signature": text},
                                 ["code_hash", "signature"]),
            "responses": {**_ok("released"), **_errors(400, 401, 403, 408, 413, 422)}}},
        "/api/identities/transfer/claim": {"post": {
            "summary": "add a new device's key to the identity with its one-time code "
                       "(once): the new key signs 'rr/identity-add/1', the name, the key and "
                       "the code; " + _ANSWER,
            "requestBody": _body({"name": name, "code": text, "key": text, "signature": text},
                                 ["name", "code", "key", "signature"]),
            "responses": {**_ok(_ANSWER), **_errors(400, 403, 408, 409, 413, 422, 429)}}},
        "/api/games/{id}/invitation/identity": {"post": {
            "summary": "an open seat taken with the game's invitation under the name of the "
                       "session's identity (Bearer): as POST .../invitation takes it",
            "security": _SESSION,
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": _body({"invitation": text, "seat": {"type": "integer"}},
                                 ["invitation"]),
            "responses": {**_ok("the seat"), **_errors(400, 401, 403, 404, 408, 409, 413,
                                                        422, 429)}}},
        "/api/lobby/games/{id}/seat": {"post": {
            "summary": "a free seat of a lobby game, for the name given or the identity of "
                       "the session (Bearer): as the game's invitation gives it",
            "security": _SESSION,
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": _body({"name": name, "seat": {"type": "integer"}}, []),
            "responses": {**_ok("the seat"), **_errors(400, 401, 404, 408, 409, 413, 422,
                                                        429)}}},
    }
    out["/api/identities"]["get"] = {
        "summary": "the names of ?name=A&name=B... (at most 200) that identities hold: "
                   "{identities: {name as asked: {name, keys}}}",
        "parameters": [{"name": "name", "in": "query", "required": False,
                        "schema": {"type": "array", "items": {"type": "string"}},
                        "style": "form", "explode": True}],
        "responses": {**_ok("the identities"), **_errors(400)}}
    return out
