"""The OpenAPI entries of the lobby's, the ratings', the clocks', the chat's and the webhooks'
routes (:mod:`rr.server.lobby`, :mod:`rr.server.clocks`, :mod:`rr.server.chat`,
:mod:`rr.server.webhooks`); :mod:`rr.server.openapi` adds them."""

from __future__ import annotations

from typing import Any

_ERROR = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
_TOKEN: list[dict[str, list[str]]] = [{"token": []}]


def _errors(*codes: int) -> dict[str, Any]:
    return {str(code): {"description": "a typed error" if code != 408 else
                        "RequestCutOffError: the body stopped before its end", **_ERROR}
            for code in codes}


def _ok(what: str, code: str = "200") -> dict[str, Any]:
    return {code: {"description": what, "content": {"application/json": {}}}}


def _body(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "required": required, "additionalProperties": False,
        "properties": properties}}}}


_CLOCK = {"type": ["object", "null"], "description": '{"kind": "real", "minutes", "increment", '
          '"at_zero"?} or {"kind": "days", "days", "at_zero"?}; at_zero: "forfeit" or a bot'}


def _page(what: str) -> dict[str, Any]:
    return {"get": {"summary": what, "responses": {"200": {
        "description": "the page", "content": {"text/html": {}}}}}}


def paths() -> dict[str, Any]:
    name = {"type": "string", "maxLength": 40}
    return {
        "/lobby": _page("the public lobby: games to join and to watch, quick match, new game"),
        "/ratings": _page("the ratings, each player's history, the rated games' logs"),
        "/api/lobby": {"get": {
            "summary": "the lobby's games not over: {games: [{id, players (null: a free "
                       "seat), seats, free, ruleset, clock, rated, dealt, invitation (while a "
                       "seat is free), spectator (once dealt, if watching is allowed)}], "
                       "poll_ms}",
            "responses": _ok("the lobby")}},
        "/api/lobby/games": {"post": {
            "summary": "a lobby game: the creator's seat first, the others open to its "
                       "invitation; {id, seat, name, token, invitation, spectator}",
            "requestBody": _body({"name": name, "players": {"type": "integer"},
                                  "rated": {"type": "boolean"}, "watch": {"type": "boolean"},
                                  "ruleset": {"type": "string"}, "clock": _CLOCK,
                                  "signed": {"type": "boolean"}}, ["name", "players"]),
            "responses": {**_ok("the game made", "201"), **_ok("the game made"),
                          **_errors(400, 408, 413, 422, 429)}}},
        "/api/lobby/quick": {"post": {
            "summary": "a seat in the oldest lobby game of that many seats (rated and with "
                       "the clock as asked; no clock if none is asked for) with one free, "
                       "else a new one: {id, seat, name, token, created}",
            "requestBody": _body({"name": name, "players": {"type": "integer"},
                                  "rated": {"type": "boolean"}, "clock": _CLOCK},
                                 ["name", "players"]),
            "responses": {**_ok("the seat"), **_errors(400, 408, 413, 422, 429)}}},
        "/api/ratings": {"get": {
            "summary": "openskill Plackett-Luce over the finished rated games in the order "
                       "they finished: {games, ratings: [{name, mu, sigma, games}], "
                       "by_players: {N: {games, ratings}} (each player count's games rated "
                       "apart)}, what `rr ratings --json` prints over their logs",
            "responses": _ok("the ratings")}},
        "/api/ratings/players/{name}": {"get": {
            "summary": "a player's rating and history: {name, rating (null: no rated game "
                       "yet), by_players: {N: {name, mu, sigma, games}}, history: [{game, "
                       "players, rank, mu, sigma}]}",
            "parameters": [{"name": "name", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": _ok("the player")}},
        "/api/rated": {"get": {
            "summary": "the finished rated games: {games: [{number, id, file, log}]}",
            "responses": _ok("the rated games")}},
        "/api/rated/{id}/log": {"get": {
            "summary": "a finished rated game's .rrlog, named NNNNNN-ID.rrlog in the order "
                       "they finished",
            "parameters": [_ID],
            "responses": {"200": {"description": "the log",
                                  "content": {"application/octet-stream": {}}},
                          **_errors(403)}}},
        "/api/clocks/{id}": {"get": {
            "summary": "the game's clock (null: none): {kind, text, seat, players, left_ms, "
                       "running, now, at_zero, timeouts, forfeited, ...}",
            "parameters": [_ID], "responses": _ok("the clock")}},
        "/api/games/{id}/chat": {
            "get": {"summary": "the chat the token may read from message ?since= on: "
                               "{messages: [{seq, at, room, seat, name, text}]}",
                    "security": _TOKEN,
                    "parameters": [_ID, {"name": "since", "in": "query", "required": False,
                                         "schema": {"type": "integer"}}],
                    "responses": {**_ok("the messages"), **_errors(400, 401, 403)}},
            "post": {"summary": "a message: a seat's in the players' room under its name, the "
                                "spectators' in theirs",
                     "security": _TOKEN, "parameters": [_ID],
                     "requestBody": _body({"text": {"type": "string", "maxLength": 300},
                                           "name": name}, ["text"]),
                     "responses": {**_ok("the message"),
                                   **_errors(400, 401, 403, 408, 413, 422, 429)}}},
        "/api/games/{id}/webhook": {"post": {
            "summary": "the seat's webhook, told when the turn passes to it (null: none)",
            "security": _TOKEN, "parameters": [_ID],
            "requestBody": _body({"url": {"type": ["string", "null"]}}, ["url"]),
            "responses": {**_ok("set"), **_errors(400, 401, 403, 408, 413, 422)}}},
    }
