"""The OpenAPI 3.1 document of the server's routes, built here from the code's own limits
and error table, written to ``examples/server/openapi.json`` (a test checks it is up to
date) and served at ``GET /api/openapi.json``.

    python -m rr.server.openapi > examples/server/openapi.json
"""

from __future__ import annotations

import json
from typing import Any

from rr import __version__
from rr.server import lobby_openapi, scorepads, web
from rr.server.errors import STATUS
from rr.server.limits import MAX_BODY
from rr.server.requests import MAX_NAME
from rr.server.bots import KINDS
from rr.wire import HEADER, SERVED, UNVERSIONED, WIRE_VERSION

_ERROR = {"$ref": "#/components/schemas/Error"}
_ANSWER = {"$ref": "#/components/schemas/SeatAnswer"}
_GAME_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
_SINCE = {"name": "since", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 0},
          "description": "the first record the answer brings (default: none)"}


def _errors(*codes: int) -> dict[str, Any]:
    types: dict[int, list[str]] = {}
    for kind, code in STATUS:
        types.setdefault(code, []).append(kind.__name__)
    return {str(code): {"description": "error types: " + ", ".join(types.get(code, [])),
                        "content": {"application/json": {"schema": _ERROR}}}
            for code in codes}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _schemas() -> dict[str, Any]:
    integer, string = {"type": "integer"}, {"type": "string"}
    return {
        "Error": {"type": "object", "required": ["error"], "properties": {"error": {
            "type": "object", "required": ["type", "message", "rule"], "properties": {
                "type": {"type": "string", "description": "the error's type, as rr stdio "
                                                          "names it"},
                "message": string, "rule": {"type": ["string", "null"]}}}}},
        "NewGame": {"type": "object", "required": ["players"], "additionalProperties": False,
                    "properties": {
                        "players": {"type": "array", "minItems": 1, "maxItems": 6, "items": {
                            "type": ["string", "null"], "minLength": 1,
                            "maxLength": MAX_NAME, "description": "null: an open seat, "
                            "named by its taker (\"Seat N\" until then)"}},
                        "seed": {"type": ["integer", "string"], "minimum": 0,
                                 "pattern": "^[0-9]{1,19}$",
                                 "description": "an integer, or its digits as a string (a "
                                                "browser's numbers lose digits above 2^53); "
                                                "only with practice: true (the creator then "
                                                "may know every card, and every seat is told "
                                                "so); default: drawn at random, secret until "
                                                "the game is over"},
                        "practice": {"type": "boolean",
                                     "description": "an open practice game, whose creator "
                                                    "may choose the seed"},
                        "ruleset": {"type": "string", "examples": ["official"]},
                        "solo": {"type": "object", "properties": {
                            "level": {"type": "integer", "minimum": 1, "maximum": 6}}},
                        "bots": {"type": "object", "description": "seat (as a string): agent",
                                 "additionalProperties": {"enum": list(KINDS)}},
                        "signed": {"type": "boolean",
                                   "description": "a signed game (issue #29): every person's "
                                                  "seat registers an Ed25519 key and a "
                                                  "contribution (POST .../seat) and signs its "
                                                  "choices; it is dealt from the server's "
                                                  "committed secret and the contributions "
                                                  "once all have (rr.seatkeys)"},
                        "open": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                 "description": "seats (from 0, not a bot's) left open "
                                                "(issue #28): whoever opens the game's "
                                                "invitation takes one, naming the player "
                                                "(POST .../invitation); their names in "
                                                "players (or null) stand until then; the game is "
                                                "dealt once every open seat is taken (and, "
                                                "signed, every key registered)"}}},
        "Created": {"type": "object", "required": ["id", "seats", "spectator"], "properties": {
            "id": string,
            "seats": {"type": "array", "items": {"type": "object", "properties": {
                "seat": integer, "name": string, "token": {"type": ["string", "null"]},
                "bot": {"type": ["string", "null"]},
                "open": {"type": "boolean", "description": "left open: no token here (its "
                                                           "taker gets it)"}}}},
            "spectator": string,
            "invitation": {"type": "string", "description": "with open seats: the game's "
                                                            "invitation (one per game), a "
                                                            "Bearer token for "
                                                            ".../invitation only"}}},
        "Invitation": {"type": "object", "required": ["game", "seats", "free", "full", "dealt"],
                       "description": "what an invitation shows: the seats by name, no card "
                                      "and no seat's token (once full, the spectator's, "
                                      "to watch)",
                       "properties": {
                           "game": string, "free": {"type": "array", "items": integer},
                           "full": {"type": "boolean", "description": "every open seat "
                                                                      "taken"},
                           "dealt": {"type": "boolean"},
                           "watch": {"type": ["string", "null"], "description": "once "
                                     "full: the spectator's token, to watch the game"},
                           "practice": {"type": ["object", "null"], "description": "a "
                                        "practice game (its creator chose the seed): in "
                                        "words, before a seat is taken"},
                           "seats": {"type": "array", "items": {"type": "object", "properties": {
                               "seat": integer, "name": {"type": ["string", "null"],
                                                         "description": "null: free"},
                               "bot": {"type": ["string", "null"]},
                               "open": {"type": "boolean"}}}}}},
        "Take": {"type": "object", "required": ["name"], "additionalProperties": False,
                 "properties": {"name": {"type": "string", "minLength": 1,
                                         "maxLength": MAX_NAME},
                                "seat": {"type": "integer", "minimum": 0,
                                         "description": "default: the first free seat"}}},
        "Taken": {"allOf": [{"$ref": "#/components/schemas/Invitation"}, {
            "type": "object", "required": ["seat", "name", "token"], "properties": {
                "seat": integer, "name": string,
                "token": {"type": "string", "description": "the seat's token: its link "
                                                           "/#game=ID&token=T"}}}]},
        "Choice": {"type": "object", "required": ["action", "decision"],
                   "additionalProperties": False,
                   "properties": {"action": integer, "decision": integer,
                                  "signature": {"type": "string", "description":
                                                "base64 Ed25519 signature of the decision's "
                                                "message (rr.seatkeys); required from a seat "
                                                "that registered a key"}}},
        "SeatKey": {"type": "object", "required": ["key", "contribution", "signature"],
                    "additionalProperties": False, "properties": {
                        "key": {"type": "string", "description": "raw public key, base64"},
                        "contribution": {"type": "string", "description": "32 bytes, hex"},
                        "signature": {"type": "string", "description": "base64, over the "
                                      "registration message (rr.seatkeys)"}}},
        "Seat": {"type": "object", "properties": {
            "game": string, "seat": {"type": ["integer", "null"]}, "signed": {"type": "boolean"},
            "key": {"type": ["string", "null"], "description": "the seat key's fingerprint"},
            "server_commitment": {"type": ["string", "null"]},
            "waiting": {"type": "array", "items": integer},
            "open": {"type": "array", "items": integer,
                     "description": "open seats not taken yet (the deal waits for them)"},
            "dealt": {"type": "boolean"},
            "players": {"type": "array", "description": "who sits where: name (null: an "
                        "open seat not taken yet), bot, open, joined (taken and, signed, "
                        "its key registered)", "items": {"type": "object"}},
            "practice": {"type": ["object", "null"], "description": "before the deal: a "
                         "practice game's words (its creator chose the seed)"},
            "released": {"type": "boolean", "description": "a transfer code waits to move "
                                                            "the seat to another device"},
            "decision": integer, "log_hash": {"type": ["string", "null"]}}},
        "SeatRelease": {"type": "object", "required": ["code_hash", "signature"],
                        "additionalProperties": False, "properties": {
                            "code_hash": {"type": "string", "description": "SHA-256 of the "
                                          "transfer code's 16 bytes, hex"},
                            "signature": {"type": "string", "description": "base64, by the "
                                          "seat's key over the release (rr.seatmoves)"}}},
        "SeatMove": {"type": "object", "required": ["key", "code", "signature"],
                     "additionalProperties": False, "properties": {
                         "key": {"type": "string", "description": "the new raw public key, "
                                 "base64"},
                         "code": {"type": "string", "description": "the transfer code, hex"},
                         "signature": {"type": "string", "description": "base64, by the new "
                                       "key over the move (rr.seatmoves)"}}},
        "Told": {"type": "object", "required": ["record", "event", "text"], "properties": {
            "record": integer,
            "event": {"type": "array", "description": "[tag, payload], redacted for the seat"},
            "text": {"type": "string", "description": "the record's line of story"},
            "rule": {"type": ["string", "null"],
                     "description": "the rule that asked a choice (its id), or null"}}},
        "SeatAnswer": {
            "type": "object",
            "description": "what a seat is shown after a change (rr.seat_answer, the same "
                           "as rr stdio's answer); its JSON Schema is "
                           "docs/schema/answer.schema.json",
            "required": ["seat", "records", "decision", "over", "since", "new", "view",
                         "face_down", "scorepad", "everything"],
            "properties": {
                "seat": {"type": ["integer", "null"]},
                "records": {"type": "integer", "description": "the records the game holds"},
                "decision": {"type": "integer",
                             "description": "the decisions made: the number a choice names"},
                "over": {"type": "boolean"},
                "since": {"type": "integer", "description": "the first record of new"},
                "new": {"type": "array", "items": {"$ref": "#/components/schemas/Told"}},
                "view": {"type": "object",
                         "description": "rr.views.View; its pending is the decision as the "
                                        "seat is shown it, options only for the seat that "
                                        "decides, each with index, action and text"},
                "face_down": {"type": "array", "items": {"type": "array", "items": {
                    "type": "boolean"}}},
                "scorepad": {"type": ["array", "null"],
                             "description": "each player's name and rows, once the game is "
                                            "over"},
                "everything": {"type": "boolean"}}},
    }


_VERSIONS = {"type": "integer", "enum": list(SERVED)}
_WIRE = {"$ref": "#/components/parameters/Wire"}


def _wire_parameter() -> dict[str, Any]:
    return {"name": HEADER, "in": "header", "required": False, "schema": _VERSIONS,
            "description": f"the wire version the client speaks (rr.wire; docs/JSON.md, "
                           f"\"Wire versions\"): {WIRE_VERSION} is the newest; none: "
                           f"version {UNVERSIONED}, answered as before versions, without the "
                           f"{HEADER} header; a version not served: 400 BadRequest"}


def _wire_header() -> dict[str, Any]:
    return {"schema": _VERSIONS,
            "description": f"the wire version the request named in its {HEADER} header "
                           f"(absent when it named none, or {UNVERSIONED})"}


def _versioned(paths: dict[str, Any]) -> dict[str, Any]:
    """Every ``/api/`` operation (the WebSocket aside) with the request header ``RR-Wire``,
    the answer header ``RR-Wire`` on each of its answers, and the 400 of a version not
    served (:mod:`rr.server.wire_version`)."""
    for path, operations in paths.items():
        if not path.startswith("/api/") or path.endswith("/ws"):
            continue
        for operation in operations.values():
            operation["parameters"] = [*operation.get("parameters", []), _WIRE]
            answers = operation.setdefault("responses", {})
            answers.setdefault("400", _errors(400)["400"])
            for answer in answers.values():
                answer["headers"] = {**answer.get("headers", {}),
                                     HEADER: {"$ref": "#/components/headers/Wire"}}
            operation["responses"] = dict(sorted(answers.items()))
    return paths


def document() -> dict[str, Any]:
    """The OpenAPI document."""
    bearer: list[dict[str, list[str]]] = [{"token": []}]
    return {
        "openapi": "3.1.0",
        "info": {"title": "rr game server", "version": __version__,
                 "description": "Red Rising games over HTTP and WebSocket. Every request "
                                "body is JSON of at most "
                                f"{MAX_BODY} bytes; every error has the typed body Error and "
                                "changes nothing. See examples/server/README.md."},
        "components": {"schemas": _schemas(), "parameters": {"Wire": _wire_parameter()},
                       "headers": {"Wire": _wire_header()}, "securitySchemes": {
            "token": {"type": "http", "scheme": "bearer",
                      "description": "a seat's or the spectator's token (or, for "
                                     ".../invitation only, a game's invitation)"}}},
        "paths": _versioned({
            "/api/games": {
                "post": {"summary": "create a game", "requestBody": {"required": True,
                         "content": {"application/json": {"schema": {
                             "$ref": "#/components/schemas/NewGame"}}}},
                         "responses": {"201": _json({"$ref": "#/components/schemas/Created"},
                                                    "the game, a token per seat"),
                                       **_errors(400, 408, 413, 422, 429)}},
                "get": {"summary": "the games of the tokens given (Bearer T1,T2,...)",
                        "security": bearer,
                        "responses": {"200": _json({"type": "object"}, "the games"),
                                      **_errors(400, 401, 429)}}},
            "/api/games/{id}": {"get": {
                "summary": "the token's seat's answer: the game as it sees it, with the "
                           "records from `since` on", "security": bearer,
                "parameters": [_GAME_ID, _SINCE],
                "responses": {"200": _json(_ANSWER, "the seat answer"),
                              **_errors(400, 401, 403, 422, 429)}}},
            "/api/games/{id}/choose": {"post": {
                "summary": "choose an option of the pending decision", "security": bearer,
                "parameters": [_GAME_ID], "requestBody": {"required": True, "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Choice"}}}},
                "responses": {"200": _json(_ANSWER, "the seat answer after the bots answered, "
                                                    "with the records since the choice"),
                              **_errors(400, 401, 403, 408, 409, 413, 422, 429)}}},
            "/api/games/{id}/seat": {
                "get": {"summary": "what the seat signs with: its key's fingerprint, the "
                                   "server's commitment, the seats the deal waits for, the "
                                   "pending decision's number and the log's hash",
                        "security": bearer, "parameters": [_GAME_ID],
                        "responses": {"200": _json({"$ref": "#/components/schemas/Seat"},
                                                   "the seat"), **_errors(401, 403, 429)}},
                "post": {"summary": "register the seat's key and contribution (a signed game, "
                                    "before its deal); the last person's deals the game",
                         "security": bearer, "parameters": [_GAME_ID],
                         "requestBody": {"required": True, "content": {"application/json": {
                             "schema": {"$ref": "#/components/schemas/SeatKey"}}}},
                         "responses": {"200": _json({"$ref": "#/components/schemas/Seat"},
                                                    "the seat after it"),
                                       **_errors(400, 401, 403, 408, 409, 413, 422, 429)}}},
            "/api/games/{id}/seat/release": {"post": {
                "summary": "release the seat to another device: the hash of a one-time "
                           "transfer code, signed by the seat's key (rr.seatmoves)",
                "security": bearer, "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/SeatRelease"}}}},
                "responses": {"200": _json({"$ref": "#/components/schemas/Seat"},
                                           "the seat after it"),
                              **_errors(400, 401, 403, 408, 409, 413, 422, 429)}}},
            "/api/games/{id}/seat/move": {"post": {
                "summary": "move the seat to this device's new key with the transfer code "
                           "its release was made for; from the next decision on the seat "
                           "signs with the new key",
                "security": bearer, "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/SeatMove"}}}},
                "responses": {"200": _json({"$ref": "#/components/schemas/Seat"},
                                           "the seat after it"),
                              **_errors(400, 401, 403, 408, 409, 413, 422, 429)}}},
            "/api/games/{id}/rematch": {"post": {
                "summary": "this seat's place in the finished game's rematch (the same "
                           "players, bots and rules, a new deal; made by the first seat to "
                           "ask, every person's seat open to its player): the new game's id "
                           "and this seat's token there; dealt once every person has come",
                "security": bearer, "parameters": [_GAME_ID],
                "responses": {"200": _json({"$ref": "#/components/schemas/Taken"},
                                           "the seat taken in the rematch"),
                              **_errors(401, 403, 409, 429)}}},
            "/api/games/{id}/invitation": {
                "get": {"summary": "what the game's invitation (Bearer: the invitation, "
                                   "counted by address as an unknown token is) shows: the "
                                   "seats, which are free, whether the game is full",
                        "security": bearer, "parameters": [_GAME_ID],
                        "responses": {"200": _json({"$ref": "#/components/schemas/Invitation"},
                                                   "the seats"), **_errors(400, 401, 429)}},
                "post": {"summary": "take a free open seat as the player named: its token "
                                    "(a taken seat or a full game: 409 SeatTakenError); the "
                                    "last seat taken deals a game that is not signed",
                         "security": bearer, "parameters": [_GAME_ID],
                         "requestBody": {"required": True, "content": {"application/json": {
                             "schema": {"$ref": "#/components/schemas/Take"}}}},
                         "responses": {"200": _json({"$ref": "#/components/schemas/Taken"},
                                                    "the seat taken"),
                                       **_errors(400, 401, 408, 409, 413, 422, 429)}}},
            "/api/games/{id}/log": {"get": {
                "summary": "the .rrlog of a finished game", "security": bearer,
                "parameters": [_GAME_ID],
                "responses": {"200": {"description": "the log",
                                      "content": {"application/octet-stream": {}}},
                              **_errors(401, 403, 409)}}},
            "/api/games/{id}/log.sig": {"get": {
                "summary": "the log's signature file (a server started with --key)",
                "security": bearer, "parameters": [_GAME_ID],
                "responses": {"200": _json({"type": "object"}, "the .sig file"),
                              **_errors(401, 403, 404, 409)}}},
            "/api/games/{id}/ws": {"get": {
                "summary": "WebSocket (?token=): one SeatAnswer message now (the records from "
                           "?since=, default 0) and one after every change (the records since "
                           "the last); a bad token gets an Error message, then close code "
                           "4000 + status. A socket that names a wire version (?wire= or "
                           f"the {HEADER} header of its upgrade) gets it first in every "
                           "message, an Error's too: {\"wire\": N, ...}",
                "parameters": [_GAME_ID, {"name": "token", "in": "query", "required": True,
                                          "schema": {"type": "string"}},
                               {**_SINCE, "description": "the first record the first message "
                                                         "brings (default 0)"},
                               {"name": "wire", "in": "query", "required": False,
                                "schema": _VERSIONS,
                                "description": "the wire version the client speaks (as the "
                                               f"{HEADER} header, which browsers cannot "
                                               "send on a WebSocket; both given, they must "
                                               "agree)"}, _WIRE],
                "responses": {"101": {"description": "switching to WebSocket"}}}},
            "/api/health": {"get": {"summary": "whether the server answers (any route: a "
                                               "request with too many or too large headers "
                                               "is a 431, a connection past the server's "
                                               "limit a 503)",
                                    "responses": {"200": _json({"type": "object"}, "ok"),
                                                  **_errors(431, 503)}}},
            **web.openapi_paths(),  # the web table's and the replay viewer's (issue #16)
            **scorepads.openapi_paths(),  # the scorepad page and its API
            **lobby_openapi.paths(),  # the lobby, ratings, clocks, chat, webhooks
        }),
    }


def text() -> str:
    """The document as written to ``examples/server/openapi.json``."""
    return json.dumps(document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(text(), end="")
