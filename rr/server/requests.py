"""Reading request bodies: strict, like ``rr stdio`` and with its readers
(:mod:`rr.request_fields`: an unknown field is an error, ``null`` means "not given", ``true``
is not an integer, a solo game is ``"solo": {"level": n}``). A body that cannot be read is a
``BadRequest`` (400); a value the rules refuse (seven players, level 9) is a
``BadInputError`` (422)."""

from __future__ import annotations

import json
from typing import Any

from attrs import frozen
from starlette.requests import ClientDisconnect, Request

from rr.errors import BadInputError, BadRequest, RequestTooLargeError
from rr.server.errors import RequestCutOffError
from rr import names
from rr.names import check_players, normalise
from rr.request_fields import (
    check_fields,
    flag,
    is_int,
    ruleset,
    solo_level,
    solo_players,
    wrong,
)
from rr.ruleset import Ruleset
from rr.server.bots import KINDS
from rr.untrusted import load_json, size_text

MAX_NAME = names.MAX_NAME
"""The longest player name, in characters (:data:`rr.names.MAX_NAME`)."""


@frozen
class NewGame:
    players: tuple[str, ...]
    seed: int | None
    """A seed the creator chose: only for a practice game (RR-VIEW-10)."""
    ruleset: Ruleset
    level: int | None
    """Au Toma's level in a solo game, else ``None``."""
    bots: dict[int, str]
    practice: bool = False
    """An open practice game: its creator may choose the seed, and every seat is told so."""
    signed: bool = False
    """A signed game (issue #29): each person's seat registers a key and a contribution to
    the deal, and signs its decisions; the game is dealt once they all have."""
    open: tuple[int, ...] = ()
    """The person's seats left open (issue #28): taken by whoever opens the game's
    invitation, who names the player; the game is dealt once they all are."""


@frozen
class Take:
    """``POST /api/games/{id}/invitation``: the name of the player taking an open seat, and
    the seat (``None``: the first free one)."""

    name: str
    seat: int | None


@frozen
class Choice:
    action: int
    decision: int
    signature: str | None = None
    """The seat's signature of the choice (base64; a signed game's seats, issue #29)."""


async def read_body(request: Request, most: int) -> bytes:
    """A request's body, of at most ``most`` bytes (counted as it comes:
    :class:`RequestTooLargeError` past it); :class:`RequestCutOffError` if the client stops
    sending it (went away, or was cut off as too slow)."""
    parts, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > most:
                raise RequestTooLargeError(f"a request body holds at most {size_text(most)}")
            parts.append(chunk)
    except ClientDisconnect:
        raise RequestCutOffError("the request's body stopped before its end") from None
    return b"".join(parts)


def body_of(raw: bytes) -> dict[str, Any]:
    """The JSON object a request body holds."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
    data = load_json(text, "the request body", BadRequest)
    if not isinstance(data, dict):
        raise BadRequest("the request body is a JSON object")
    return data


def new_game(data: dict[str, Any], allowed: tuple[str, ...] = KINDS) -> NewGame:
    """``POST /api/games``: ``{"players": [names], "seed"?, "practice"?, "ruleset"?,
    "solo"?: {"level": n}, "bots"?: {seat: kind}, "signed"?, "open"?: [seats]}``; a bot's
    kind must be one of ``allowed``; ``"signed": true`` makes a signed game
    (:mod:`rr.server.signed`); ``"open"`` lists the seats (from 0) left to whoever takes them
    with the game's invitation (their names in ``players`` stand until then; ``null`` there
    names an open seat "Seat N"). The seed is
    an integer or its decimal digits as a string (as the web table sends it).
    A ``seed`` is refused unless ``"practice": true``: whoever chooses the seed can know
    every card (RR-VIEW-10)."""
    check_fields(data, ("players", "seed", "practice", "ruleset", "solo", "bots", "signed", "open"),
            "a new game")
    players = data.get("players")
    if not (isinstance(players, list) and players
            and all(isinstance(p, str) or p is None for p in players)):
        raise wrong("players", "a list of player names", players)
    # An open seat needs no name (null): its taker names it; "Seat N" stands until then.
    unnamed = [seat for seat, name in enumerate(players) if name is None]
    opened = data.get("open")
    if unnamed and not (isinstance(opened, list) and set(unnamed) <= set(opened)):
        raise BadInputError(f"player {unnamed[0] + 1} has no name: only an open seat "
                            "(\"open\") may be left without one")
    players = [f"Seat {seat + 1}" if name is None else name for seat, name in enumerate(players)]
    for name in players:
        check_name(name)
    players = list(check_players(players))
    seed = data.get("seed")
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 19:
        seed = int(seed)  # a string of digits: a browser's numbers lose digits above 2**53
    if seed is not None and not (is_int(seed) and 0 <= seed < 2**63):
        raise wrong("seed", "an integer from 0 to 2**63 - 1 (or its digits as a string)", seed)
    practice = flag(data, "practice")
    if seed is not None and not practice:
        raise BadInputError("a seed may be chosen only for an open practice game "
                            "(\"practice\": true), whose seats are all told that its creator "
                            "chose the seed: whoever knows the seed knows every card",
                            "RR-VIEW-10")
    signed = flag(data, "signed")
    if signed and seed is not None:
        raise BadInputError("a signed game's seed is dealt from the server's secret and every "
                            "person's contribution: nobody chooses it", "RR-VIEW-10")
    rules = ruleset(data.get("ruleset"))
    bots = _bots(data.get("bots"), players, allowed)
    level = solo_level(data.get("solo"))
    solo_players(level, len(players))
    return NewGame(tuple(players), seed, rules, level, bots, practice, signed,
                   _open(data.get("open"), players, bots))


def check_name(name: str) -> None:
    """A player's name (:func:`rr.names.check_name`, as ``rr stdio`` reads it), not the
    automaton's (:class:`BadInputError`)."""
    names.check_name(name)
    check_players([name])


def _open(seats: Any, players: list[str], bots: dict[int, str]) -> tuple[int, ...]:
    if seats is None:
        return ()
    if not (isinstance(seats, list) and all(is_int(s) for s in seats)):
        raise wrong("open", "a list of seat numbers (from 0)", seats)
    for seat in seats:
        if not 0 <= seat < len(players):
            raise BadInputError(f"open: {seat} is not a seat of this game (0 to "
                                f"{len(players) - 1})")
        if seat in bots:
            raise BadInputError(f"open: seat {seat} is a bot's; an open seat is a person's")
    if len(set(seats)) != len(seats):
        raise BadInputError("open: a seat is listed twice")
    return tuple(sorted(seats))


def take(data: dict[str, Any]) -> Take:
    """``POST /api/games/{id}/invitation``: ``{"name": text, "seat"?: n}``."""
    check_fields(data, ("name", "seat"), "taking a seat")
    name, seat = data.get("name"), data.get("seat")
    if not isinstance(name, str):
        raise wrong("name", "the player's name", name)
    check_name(name)
    if seat is not None and not (is_int(seat) and seat >= 0):
        raise wrong("seat", "a seat number (from 0)", seat)
    return Take(normalise(name), seat)


def _bots(bots: Any, players: list[str], allowed: tuple[str, ...]) -> dict[int, str]:
    if bots is None:
        return {}
    if not isinstance(bots, dict):
        raise wrong("bots", 'an object {"1": "random"} (seat: agent)', bots)
    found: dict[int, str] = {}
    for key, kind in bots.items():
        # ASCII digits only: "²" is a digit to str.isdigit, and not to int.
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2
                and int(key) < len(players)):
            raise BadInputError(f"bots: {json.dumps(key)[:20]} is not a seat of this game "
                                f"(0 to {len(players) - 1})")
        if kind not in allowed:
            raise BadInputError(f"bots: unknown agent {json.dumps(kind)[:60]} (agents: "
                                f"{', '.join(allowed)})")
        found[int(key)] = str(kind)
    return found


def choice(data: dict[str, Any]) -> Choice:
    """``POST /api/games/{id}/choose``: ``{"action": n, "decision": k, "signature"?}``
    (the signature: base64, a signed game's seats, :mod:`rr.seatkeys`)."""
    check_fields(data, ("action", "decision", "signature"), "a choice")
    for name in ("action", "decision"):
        if not is_int(data.get(name)):
            raise wrong(name, "an integer", data.get(name))
    signature = data.get("signature")
    if signature is not None and not isinstance(signature, str):
        raise wrong("signature", "base64 text", signature)
    return Choice(int(data["action"]), int(data["decision"]), signature)


def json_content(request: Request) -> None:
    """A :class:`BadRequest` unless the request says its body is JSON. A page of another
    site can send a form or plain text to this server without asking, never JSON (the
    browser asks first, and the server does not allow it): the token-less routes that cost
    work or storage take only JSON."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise BadRequest("this route takes a JSON body sent with 'Content-Type: "
                         "application/json'")
