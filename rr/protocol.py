"""The rr protocol: JSON requests in, JSON responses out, for front-ends not written in Python.

A :class:`Session` turns one request into one response and holds the games by id; it does
no I/O. ``rr stdio`` (``rr.cli.stdio``) runs one over stdin and stdout, one JSON object per
line each way, in order. ``rr server`` (``rr.server``) shows games over HTTP with the same
seat answers and the same error types.

Requests and responses
----------------------
A request is a JSON object ``{"id": ID, "op": OP, ...fields}``. ``id`` is any JSON value (or
absent: ``null``); the response echoes it::

    {"id": ID, "ok": true, "result": {...}}
    {"id": ID, "ok": false, "error": {"type": TYPE, "message": TEXT, "rule": RULE}}

``type`` is the name of the :class:`rr.errors.RRError` subclass raised (``IllegalChoiceError``,
``WrongPlayerError``, ``NoDecisionPendingError``, ``CorruptLogError``, ``DivergenceError``,
``BadInputError``, ...), ``BadRequest`` for a request the protocol cannot read (not JSON, not an
object, an unknown op, an unknown game, a missing, unknown or wrong-typed field), or
``EngineBugError``/``InternalError`` for a failure of rr itself; every one is in
:mod:`rr.errors`. ``rule`` is the spec rule id
the error cites, or ``null``. A failed request changes nothing: the game is as it was.

Fields are strict: a field an op does not take is a ``BadRequest`` (it catches typos), and
``null`` means "not given". Integers are JSON integers (``true`` and ``1.0`` are not).

Wire versions
-------------
A request may name the wire version it speaks (:mod:`rr.wire`): ``{"wire": 3, "id": ...,
"op": ...}``; the response then names it first, ``{"wire": 3, "id": ..., "ok": ...}``. A
request that names none is answered as version 2, exactly as before versions, and a version
not served is a ``BadRequest`` naming the ones that are (docs/JSON.md, "Wire versions").

Seats and viewers
-----------------
Seats are numbered from 0 in play order, as in the engine and in the events. ``as`` names
the seat whose eyes a response is for; without it (or ``null``) the response is for a
spectator. A seat sees what ``rr.views`` shows it under RR-VIEW-1..4: its own hand, the
face-up and banished cards, every count; not another hand, the deck's order or a face-down
card. Everyone sees whose decision is pending, its kind, source and prompt; its options are
shown only to the seat that decides.

The server trusts its one client (the host). A host that relays players' requests must send
each player's requests with ``as`` set to that player's seat, and keep ``save`` (the whole,
unredacted log) to itself.

Wire forms
----------
Options, decisions, views and events are sent in the forms :mod:`rr.jsonforms` documents
(JSON Schemas in ``docs/schema/``), and options a client sends are read by it. An event is
``[tag, payload]`` (``["card_deployed/1", {"seat": 0, "card": "sevro", ...}]``), as in
``.jsonl`` logs; a card the viewer may not see is ``"?"``. An option is ``[kind, value]``:
``["lead", {"card": "sevro", "location": "mars"}]``, ``["scout", {}]``,
``["gain", {"location": null}]``, ``["card", {"card": "sevro"}]``, ``["player", {"seat": 1}]``,
``["face_down", {"location": "mars", "depth": 0}]``, ``["name", {"name": "Sevro"}]``,
``["location", "mars"]``, ``["color", "gold"]``, ``["face", "fleet"]``, ``["answer", "yes"]``,
``["position", "top"]``.

What a seat is shown of a game — by ``new``, ``load``, ``pending``, ``view``, ``events`` and
``choose`` — is its **seat answer** (:func:`rr.seat_answer.seat_answer`, as ``answer``), the
one ``rr server`` sends too::

    {"seat": 1, "records": 37, "decision": 4, "over": false,
     "view": {..., "pending": {"seat": 1, "ask": "turn", "source": "RR-TURN-1",
                               "prompt": "Lead or Scout",
                               "options": [{"index": 0, "action": 116,
                                            "option": ["lead", {...}], "text": "lead ..."},
                                           ...]}},
     "face_down": [[false, true], [], [], []],
     "since": 30, "new": [{"record": 30, "event": ["decision_made/1", {...}],
                          "text": "Bo chooses to scout [RR-TURN-1]"}, ...],
     "scorepad": null, "everything": false}

``view`` is what the seat may see, its ``pending`` the decision it waits for: ``options`` is
``null`` unless the viewer is the seat that decides, each option with its ``index``, its
``action`` (its integer in the fixed action space, :mod:`rr.actions`) and its words.
``decision`` counts the decisions made; ``records`` the records the game holds (the next
``since``); ``new`` holds the records from ``since`` on as the viewer may see them, each with
its line of story; ``face_down`` says which cards of each stack lie face down (public);
``scorepad`` is every player's scorepad column once the game is over (``over`` true; the
totals and winners are the view's). ``docs/JSON.md`` shows the form;
``docs/schema/answer.schema.json`` is its schema.

Ops
---
``ops``
    The ops and their fields (this list, as data).
``new`` players, [seed], [ruleset], [houses], [solo], [level], [as]
    A new game: ``players`` is a list of 2-6 names (each 1 to 40 printable characters, not
    only spaces), distinct ignoring case and kept in NFC without surrounding spaces, none
    "Tull Au Toma" (:mod:`rr.names`), or a count (P1, P2, ...);
    one player with ``"solo": {"level": n}`` (Au Toma's level 1-6, default 2; the shape
    ``rr server`` takes too) plays against Tull Au Toma, seat 1 (``"solo": true`` and a
    top-level ``level``, the first shape, work as before; :mod:`rr.request_fields`);
    ``ruleset`` is ``"official"`` or overrides such as ``"protect_small_hands=true"``;
    ``houses`` one house name per player; ``seed`` a chosen seed (without it, one is drawn
    from the operating system's randomness). Returns ``game`` (its id), ``ruleset`` and the
    seat answer of ``as`` (players and houses, ``seed_origin`` and ``commitment``,
    RR-VIEW-10, are in its view). Only without ``as`` (the host) does it return ``seed``:
    the seed is secret until the game is over, and a seat must never get it.
``pending`` game, [as]
    The seat answer of ``as``, with no records (the same as ``view``; kept by its name).
``choose`` game, seat, option | index | action
    ``seat`` picks an option of the pending decision, given in wire form, by its index, or by
    its action integer (:mod:`rr.actions`). Returns ``seat``'s answer with the records the
    choice added (``since``: the record number of the first).
``view`` game, [as]
    The seat answer of ``as`` (the spectator without it), with no records.
``events`` game, [as], [since]
    The seat answer of ``as`` with the records from ``since`` (default 0) on. No record holds
    the seed before the last (``seed_revealed/1``, once the game is over).
``save`` game
    The game's whole text log (``.jsonl``), to keep or to ``load`` later. Unredacted, and
    while the game is not over its header holds the secret seed: the host's alone.
``load`` log, [as]
    A new game from a text log, re-adjudicated: every recorded event must be what the rules
    produce (else ``DivergenceError``), and it goes on from the log's last record. Returns
    ``game``, ``ruleset`` and the seat answer of ``as``.
``list``
    The open games: id, players, record count, whether over, the seat that decides.
``close`` game
    Forget a game.

A worked session is in ``examples/protocol.md``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from attrs import frozen

from rr.actions import option_of
from rr.engine import Game
from rr.errors import (
    BadInputError,
    BadJsonError,
    IllegalChoiceError,
    NoDecisionPendingError,
    RequestTooLargeError,
    RRError,
    WrongPlayerError,
)
from rr.errors import BadRequest as BadRequest  # importable from here, as before
from rr.events.codec import OPTION_KINDS
from rr.events.log import decode_text, encode_text
from rr.model import MAX_PLAYERS, MIN_PLAYERS, Seat
from rr.jsonforms import option_from_json, to_json
from rr.options import Option
from rr.names import check_name
from rr.request_fields import check_fields, is_int, ruleset, solo_level, solo_players, wrong
from rr.seat_answer import Marks, seat_answer
from rr.untrusted import load_json
from rr.wire import SERVED, UNVERSIONED, WIRE_VERSION, version_of

PROTOCOL_VERSION = WIRE_VERSION
"""The newest wire version (:data:`rr.wire.WIRE_VERSION`); ``ops`` reports the version it was
asked in (``protocol``) and, from version 3, every version served (``wire_versions``)."""


@frozen
class Field:
    """One field of a request."""

    name: str
    kind: str
    """The JSON type it takes, in words (for ``ops`` and error messages)."""
    required: bool
    doc: str


@frozen
class Op:
    """One operation: its name, what it does, and the fields it takes."""

    name: str
    summary: str
    fields: tuple[Field, ...] = ()


_GAME = Field("game", "string", True, "a game id from new or load")
_AS = Field("as", "integer or null", False,
            "the seat whose view this is (0 = first seat); absent or null: a spectator")

OPS: tuple[Op, ...] = (
    Op("ops", "the ops and their fields"),
    Op("new", "start a game; returns its id, its ruleset and the seat answer", (
        Field("players", "list of strings or integer", True,
              "2-6 player names, distinct ignoring case, or a count (names P1, P2, ...)"),
        Field("seed", "integer", False,
              "a chosen seed, for tests and practice (default: drawn at random, and secret "
              "until the game is over; without 'as' the answer tells the host which)"),
        Field("ruleset", "string", False,
              "'official' (default) or overrides such as 'protect_small_hands=true'"),
        Field("houses", "list of strings", False, "one house per player (default: dealt)"),
        Field("solo", "object or boolean", False,
              "one player against Tull Au Toma, who takes seat 1: {\"level\": n}, her "
              "level 1-6 (default 2), as rr server takes it; true (with 'level') as before"),
        Field("level", "integer", False,
              "solo: Au Toma's level, 1-6 (default 2); the first shape, beside 'solo': true"),
        _AS)),
    Op("pending", "the seat answer (the same as view): the pending decision, its options "
                  "only for the seat that decides", (_GAME, _AS)),
    Op("choose", "pick an option of the pending decision; returns the chooser's seat answer "
                 "with the records the choice added", (
        _GAME,
        Field("seat", "integer", True, "the seat that chooses"),
        Field("option", "[kind, value]", False,
              "the option in wire form (or give index or action)"),
        Field("index", "integer", False, "the option's index in the pending options"),
        Field("action", "integer", False, "the option's action integer (rr.actions)"))),
    Op("view", "the seat answer: the game as a seat (or a spectator) sees it", (_GAME, _AS)),
    Op("events", "the seat answer with the records from 'since' on, as the seat may see "
                 "them, with their lines", (
        _GAME, _AS, Field("since", "integer", False, "the first record wanted (default 0)"))),
    Op("save", "the game's whole text log (.jsonl), unredacted", (_GAME,)),
    Op("load", "a new game from a text log, re-adjudicated", (
        Field("log", "string", True, "a .jsonl text log, as save returns it"), _AS)),
    Op("list", "the open games"),
    Op("close", "forget a game", (_GAME,)),
)

_BY_NAME: dict[str, Op] = {op.name: op for op in OPS}

Result = dict[str, Any]


# --- reading a request ------------------------------------------------------------------------


class _Request:
    """A request's fields, checked against its op and read with their types."""

    def __init__(self, data: dict[str, Any], op: Op, version: int = UNVERSIONED) -> None:
        self.op = op
        self.version = version
        self._data = data
        check_fields(data, sorted(f.name for f in op.fields), f"op {op.name!r}",
                     ignored=("id", "op", "wire"))
        for f in op.fields:
            if f.required and data.get(f.name) is None:
                raise BadRequest(f"op {op.name!r} needs the field {f.name!r} ({f.kind})")

    def get(self, name: str) -> Any:
        return self._data.get(name)

    def wrong(self, name: str, want: str) -> BadRequest:
        return wrong(name, want, self._data[name])

    def integer(self, name: str, default: int) -> int:
        value = self.get(name)
        if value is None:
            return default
        if not is_int(value):
            raise self.wrong(name, "an integer")
        return int(value)

    def string(self, name: str, default: str = "") -> str:
        value = self.get(name)
        if value is None:
            return default
        if not isinstance(value, str):
            raise self.wrong(name, "a string")
        return value

    def strings(self, name: str) -> list[str] | None:
        value = self.get(name)
        if value is None:
            return None
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise self.wrong(name, "a list of strings")
        return list(value)

    def seat(self, name: str, game: Game) -> Seat | None:
        value = self.get(name)
        if value is None:
            return None
        if not is_int(value):
            raise self.wrong(name, "a seat number (an integer)")
        count = len(game.state.players)
        if not 0 <= value < count:
            raise BadRequest(f"field {name!r}: there is no seat {value} "
                             f"(this game has seats 0 to {count - 1})")
        return int(value)


# --- the session ------------------------------------------------------------------------------


class Session:
    """The games by id, and the handler of one request. No I/O: the caller reads and writes."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._opened = 0
        self._marks: dict[str, Marks] = {}
        """Per game, the states at the record counts last answered: a client asking for the
        records since its last answer needs no fold of the whole log."""
        self._handlers: dict[str, Callable[[_Request], Result]] = {
            "ops": self._ops, "new": self._new, "pending": self._view, "choose": self._choose,
            "view": self._view, "events": self._events, "save": self._save,
            "load": self._load, "list": self._list, "close": self._close,
        }

    # --- the entry points -----------------------------------------------------------------

    def handle_line(self, line: str | bytes) -> str:
        """The response (one line of JSON, without its newline) to one request line."""
        try:
            text = line.decode("utf-8") if isinstance(line, bytes) else line
        except UnicodeDecodeError as err:
            return _dump(_failure(None, BadRequest(f"the request is not UTF-8 text: {err}")))
        try:
            request = load_json(text.removeprefix("\ufeff").rstrip("\r\n"), "the request",
                                BadRequest)
        except BadRequest as err:
            return _dump(_failure(None, err))
        return _dump(self.handle(request))

    def handle(self, request: Any) -> Result:
        """The response to one request (already parsed from JSON), in the wire version the
        request names (:mod:`rr.wire`: its ``"wire"`` field; none, the unversioned shape)."""
        ident = request.get("id") if isinstance(request, dict) else None
        wire = request.get("wire") if isinstance(request, dict) else None
        try:
            version = version_of(wire)
        except BadRequest as err:
            return _failure(ident, err)
        return _versioned(version, self._handle(request, ident, version))

    def _handle(self, request: Any, ident: Any, version: int) -> Result:
        try:
            if not isinstance(request, dict):
                raise BadRequest("a request is a JSON object: {\"id\": ..., \"op\": ...}")
            name = request.get("op")
            op = _BY_NAME.get(name) if isinstance(name, str) else None
            if op is None:
                raise BadRequest(f"unknown op {json.dumps(name)[:40]}; the ops are: "
                                 + ", ".join(o.name for o in OPS))
            result = self._handlers[op.name](_Request(request, op, version))
        except RRError as err:  # EngineBugError too: named as such
            return _failure(ident, err)
        except Exception as err:  # noqa: BLE001 - never let one request end the server
            return _failure(ident, err, "InternalError")
        return {"id": ident, "ok": True, "result": result}

    # --- games by id ----------------------------------------------------------------------

    def _open(self, game: Game) -> str:
        self._opened += 1
        game_id = f"g{self._opened}"
        self._games[game_id] = game
        return game_id

    def _answer(self, game_id: str, game: Game, viewer: Seat | None,
                since: int | None = None, **more: Any) -> Result:
        """``viewer``'s seat answer, with the records from ``since`` on (``None``: none),
        after the game's id and ``more``."""
        marks = self._marks.setdefault(game_id, Marks())
        return {"game": game_id, **more,
                "answer": to_json(seat_answer(game, viewer, since, marks))}

    def _game(self, req: _Request) -> tuple[str, Game]:
        game_id = req.get("game")
        if not isinstance(game_id, str):
            raise req.wrong("game", "a game id (a string)")
        game = self._games.get(game_id)
        if game is None:
            open_ = ", ".join(list(self._games)[-10:]) or "none"
            raise BadRequest(f"no game {game_id!r} (open games: {open_})")
        return game_id, game

    # --- the ops --------------------------------------------------------------------------

    def _ops(self, req: _Request) -> Result:
        versions = {} if req.version == UNVERSIONED else {"wire_versions": list(SERVED)}
        return {"protocol": req.version, **versions, "ops": [
            {"op": op.name, "summary": op.summary,
             "fields": [{"name": f.name, "type": f.kind, "required": f.required, "doc": f.doc}
                        for f in op.fields]}
            for op in OPS]}

    def _new(self, req: _Request) -> Result:
        players = req.get("players")
        # Both doors' solo shape, "solo": {"level": n}, and this door's first one (RR-SOLO-1).
        level = solo_level(req.get("solo"), req.get("level"), first_shape=True)
        solo = level is not None
        if is_int(players):
            if not 1 <= players <= (1 if solo else MAX_PLAYERS):
                raise BadInputError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                                    f"not {players} (or 1, solo against Tull Au Toma)",
                                    "RR-SETUP-7")
        elif not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise req.wrong("players", "a list of names or a count")
        else:
            for name in players:
                check_name(name)  # as rr server reads one
            solo_players(level, len(players))
        seed = None if req.get("seed") is None else req.integer("seed", 0)
        game = Game.new(players, seed=seed, ruleset=ruleset(req.get("ruleset")),
                        houses=req.strings("houses"), level=level)
        viewer = req.seat("as", game)
        host = {} if req.get("as") is not None else {"seed": game.seed}  # RR-VIEW-10
        game_id = self._open(game)
        return self._answer(game_id, game, viewer, **_ruleset(game), **host)

    def _choose(self, req: _Request) -> Result:
        game_id, game = self._game(req)
        seat = req.seat("seat", game)
        assert seat is not None  # a required field
        option = self._option(req, game, seat)
        start = len(game.events)
        game.choose(option, seat=seat)
        return self._answer(game_id, game, seat, start)

    def _option(self, req: _Request, game: Game, seat: Seat) -> Option:
        """The option a choose request names, by wire form, index or action."""
        wire, index, action = req.get("option"), req.get("index"), req.get("action")
        if [wire, index, action].count(None) != 2:
            raise BadRequest("op 'choose' needs exactly one of the fields 'option', 'index' "
                             "and 'action'")
        # The engine's checks, in its order, made here so both forms name the same errors
        # (and seats as the protocol numbers them).
        decision = game.pending
        if decision is None:
            raise NoDecisionPendingError("the game is over; no decision is pending")
        rule = decision.rule
        if seat != decision.seat:
            raise WrongPlayerError(f"seat {seat} may not choose now: the decision is seat "
                                   f"{decision.seat}'s ({decision.prompt})", rule)
        if wire is not None:
            try:
                return option_from_json(wire)  # the engine says whether it is listed
            except BadJsonError as err:
                if err.unknown_card is not None:  # well formed, naming no card: not listed
                    raise IllegalChoiceError(
                        f"{json.dumps(wire)[:80]} is not a legal option for: {decision.prompt}"
                        f" (unknown card {err.unknown_card!r})", rule) from None
                kinds = ", ".join(OPTION_KINDS)
                raise BadRequest(f"field 'option' is not an option's wire form [kind, value] "
                                 f"(kinds: {kinds}): {json.dumps(wire)[:80]}: {err}") from None
        if action is not None:
            if not is_int(action):
                raise req.wrong("action", "an integer")
            return option_of(action)  # an action outside the space: UnknownActionError
        if not is_int(index):
            raise req.wrong("index", "an integer")
        position, count = int(index), len(decision.options)
        if not 0 <= position < count:
            raise IllegalChoiceError(f"option index {position} does not exist: the decision "
                                     f"lists {count} options, 0 to {count - 1}", rule)
        return decision.options[position]

    def _view(self, req: _Request) -> Result:
        game_id, game = self._game(req)
        return self._answer(game_id, game, req.seat("as", game))

    def _events(self, req: _Request) -> Result:
        game_id, game = self._game(req)
        viewer = req.seat("as", game)
        since = req.integer("since", 0)
        records = len(game.events)
        if not 0 <= since <= records:
            raise BadRequest(f"field 'since': there is no record {since} "
                             f"(the game has records 0 to {records - 1})")
        return self._answer(game_id, game, viewer, since)

    def _save(self, req: _Request) -> Result:
        game_id, game = self._game(req)
        return {"game": game_id, "format": "jsonl", "records": len(game.events),
                "log": encode_text(game.events, game.secret)}

    def _load(self, req: _Request) -> Result:
        log = decode_text(req.string("log"))
        game = Game.resume(log.events, secret=log.secret)
        viewer = req.seat("as", game)
        return self._answer(self._open(game), game, viewer, **_ruleset(game))

    def _list(self, req: _Request) -> Result:
        return {"games": [
            {"game": game_id, "players": [p.name for p in game.state.players],
             "records": len(game.events), "over": game.is_over,
             "deciding": None if game.pending is None else game.pending.seat}
            for game_id, game in self._games.items()]}

    def _close(self, req: _Request) -> Result:
        game_id, _ = self._game(req)
        del self._games[game_id]
        self._marks.pop(game_id, None)
        return {"game": game_id, "closed": True}


# --- building results -------------------------------------------------------------------------


def _ruleset(game: Game) -> Result:
    """The rules the game is played under (its players, houses and the commitment to its
    randomness are in every seat answer's view; never its seed, RR-VIEW-10)."""
    return {"ruleset": game.state.ruleset.describe()}


# --- writing a response -----------------------------------------------------------------------


def _versioned(version: int, response: Result) -> Result:
    """``response`` in wire ``version``: from version 3 on, it carries its version first."""
    return response if version == UNVERSIONED else {"wire": version, **response}



def _failure(ident: Any, err: Exception, kind: str | None = None) -> Result:
    rule = err.rule if isinstance(err, RRError) else None
    message = str(err)
    if rule and message.endswith(f" [{rule}]"):
        message = message[:-len(rule) - 3]  # the rule has its own field
    if kind == "InternalError":
        message = f"rr failed on this request (a bug in rr): {err!r}"
    return {"id": ident, "ok": False,
            "error": {"type": kind or type(err).__name__, "message": message, "rule": rule}}


MAX_REQUEST_BYTES = 8 * 1024 * 1024
"""The longest request line ``rr stdio`` reads: 8 MiB (the longest log a ``load`` brings is
far shorter). A longer line is skipped, never held whole, and answered with
:func:`too_long`."""


def too_long() -> str:
    """The response (one line, without its newline) to a request line longer than
    :data:`MAX_REQUEST_BYTES`: a ``RequestTooLargeError``; the session goes on."""
    return _dump(_failure(None, RequestTooLargeError(
        f"the request line is longer than {MAX_REQUEST_BYTES // (1024 * 1024)} MiB "
        f"({MAX_REQUEST_BYTES:,} bytes), the most rr stdio reads: it was skipped unread")))


def _dump(response: Result) -> str:
    try:
        return json.dumps(response)
    except (TypeError, ValueError) as err:  # an id JSON cannot write back (NaN is refused)
        return json.dumps(_failure(None, err, "InternalError"))


Server = Session
"""The name :class:`Session` had before 0.2.0 (it is no server: it does no I/O)."""
