"""Every kind of bad request gets an error response, the game is left unchanged, and the
server goes on serving."""

from __future__ import annotations

import json
import random
from typing import Any
from collections.abc import Iterator

import pytest
from attrs import evolve

from rr.engine import EngineBugError, Game
from rr.events.log import decode_text, encode_text
from rr.events.types import HeliumGained
from rr.protocol import Session
from tests.protocol.wire import Client, Json, play_random


@pytest.fixture
def client() -> Client:
    return Client()


@pytest.fixture
def game(client: Client) -> Iterator[str]:
    """A 3-player game; after the test, its log must be exactly what it was."""
    game_id: str = client.ok({"op": "new", "players": ["Ana", "Bo", "Cy"], "seed": 3})["game"]
    log = client.ok({"op": "save", "game": game_id})["log"]
    yield game_id
    assert client.ok({"op": "save", "game": game_id})["log"] == log, "the game changed"


def decider(client: Client, game: str) -> Json:
    """The pending decision as the seat that decides sees it."""
    seat = client.pending(game)["seat"]  # type: ignore[index]
    pending = client.pending(game, seat)
    assert pending is not None
    return pending


def raw(server: Session, line: str | bytes) -> Json:
    response: Json = json.loads(server.handle_line(line))
    return response


# --- requests the protocol cannot read ------------------------------------------------------


@pytest.mark.parametrize("line,says", [
    ("{\"id\": 1, \"op\": ", "not JSON"),
    ("", "not JSON"),
    ("{'id': 1}", "not JSON"),
    ("{\"id\": NaN, \"op\": \"list\"}", "NaN is not a JSON number"),
    ("[\"list\"]", "a request is a JSON object"),
    ("42", "a request is a JSON object"),
    ("\"list\"", "a request is a JSON object"),
    ("null", "a request is a JSON object"),
    ("[" * 100000, "not JSON"),
    ("{\"id\": " + "9" * 5000 + "}", "not JSON"),
])
def test_a_line_that_is_not_a_json_object_is_a_bad_request(line: str, says: str) -> None:
    """Malformed JSON, or JSON that is not an object, gets a BadRequest with a null id."""
    server = Session()
    response = raw(server, line)
    assert response["id"] is None and response["ok"] is False
    assert response["error"]["type"] == "BadRequest" and says in response["error"]["message"]
    assert raw(server, '{"id": 2, "op": "list"}')["ok"] is True


def test_a_line_that_is_not_utf8_is_a_bad_request() -> None:
    """Bytes that are not UTF-8 get a BadRequest, not a crash."""
    response = raw(Session(), b'{"id": 1, "op": "\xff"}\n')
    assert response["error"]["type"] == "BadRequest" and "UTF-8" in response["error"]["message"]


@pytest.mark.parametrize("request_,says", [
    ({"id": 1}, "unknown op null"),
    ({"id": 1, "op": "dance"}, "unknown op \"dance\""),
    ({"id": 1, "op": 3}, "unknown op 3"),
    ({"id": 1, "op": "new"}, "needs the field 'players'"),
    ({"id": 1, "op": "new", "players": None}, "needs the field 'players'"),
    ({"id": 1, "op": "new", "players": "Ana"}, "field 'players' takes a list of names"),
    ({"id": 1, "op": "new", "players": ["Ana", 2]}, "field 'players' takes"),
    ({"id": 1, "op": "new", "players": True}, "field 'players' takes"),
    ({"id": 1, "op": "new", "players": 2, "seed": "7"}, "field 'seed' takes an integer"),
    ({"id": 1, "op": "new", "players": 2, "seed": 7.0}, "field 'seed' takes an integer"),
    ({"id": 1, "op": "new", "players": 2, "seed": False}, "field 'seed' takes an integer"),
    ({"id": 1, "op": "new", "players": 2, "ruleset": ["official"]}, "field 'ruleset' takes"),
    ({"id": 1, "op": "new", "players": 2, "houses": "mars"}, "field 'houses' takes a list"),
    ({"id": 1, "op": "new", "players": 2, "as": "0"}, "field 'as' takes a seat number"),
    ({"id": 1, "op": "new", "players": 2, "as": 2}, "there is no seat 2"),
    ({"id": 1, "op": "new", "players": 2, "sede": 7}, "takes no field 'sede'"),
    ({"id": 1, "op": "list", "game": "g1"}, "takes no field 'game'"),
    ({"id": 1, "op": "load"}, "needs the field 'log'"),
    ({"id": 1, "op": "load", "log": 5}, "field 'log' takes a string"),
    ({"id": 1, "op": "pending"}, "needs the field 'game'"),
    ({"id": 1, "op": "pending", "game": 1}, "field 'game' takes a game id"),
    ({"id": 1, "op": "pending", "game": "g9"}, "no game 'g9'"),
    ({"id": 1, "op": "close", "game": "g9"}, "no game 'g9'"),
])
def test_a_request_with_a_bad_op_or_field_is_a_bad_request(request_: Json, says: str) -> None:
    """An unknown op, a missing, unknown or wrong-typed field, an unknown game: BadRequest."""
    server = Session()
    response = server.handle(request_)
    assert response["id"] == 1 and response["ok"] is False, response
    assert response["error"] == {"type": "BadRequest", "message": response["error"]["message"],
                                 "rule": None}
    assert says in response["error"]["message"], response["error"]["message"]
    assert server.handle({"op": "list"})["result"] == {"games": []}  # no game was opened


@pytest.mark.parametrize("fields,says", [
    ({"as": 3}, "there is no seat 3"),
    ({"as": -1}, "there is no seat -1"),
    ({"as": True}, "field 'as' takes a seat number"),
    ({"as": 0, "seat": 0}, "takes no field 'seat'"),
])
def test_a_viewer_that_is_not_a_seat_is_a_bad_request(client: Client, game: str,
                                                      fields: Json, says: str) -> None:
    """`as` must be one of the game's seats, numbered from 0."""
    for op in ("pending", "view", "events"):
        error = client.error({"op": op, "game": game, **fields})
        assert error["type"] == "BadRequest" and says in error["message"]


@pytest.mark.parametrize("since", [-1, 10 ** 6, "0", 1.5])
def test_events_since_a_record_that_does_not_exist_is_a_bad_request(client: Client, game: str,
                                                                   since: Any) -> None:
    """`since` must be a record number from 0 to the record count."""
    error = client.error({"op": "events", "game": game, "since": since})
    assert error["type"] == "BadRequest" and "since" in error["message"]


def test_a_closed_game_is_unknown(client: Client) -> None:
    """Once closed, a game's id is a BadRequest for every op."""
    game = client.ok({"op": "new", "players": 2})["game"]
    client.ok({"op": "close", "game": game})
    for op in ("pending", "view", "events", "save", "close"):
        error = client.error({"op": op, "game": game})
        assert error["type"] == "BadRequest" and f"no game {game!r}" in error["message"]


# --- choices ------------------------------------------------------------------------------------


@pytest.mark.parametrize("how,says", [
    ({}, "exactly one of the fields 'option', 'index' and 'action'"),
    ({"index": 0, "action": 449}, "exactly one of"),
    ({"action": "449"}, "field 'action' takes an integer"),
    ({"option": ["scout", {}], "index": 0}, "exactly one of"),
    ({"index": "0"}, "field 'index' takes an integer"),
    ({"index": 0.0}, "field 'index' takes an integer"),
    ({"option": "scout"}, "not an option's wire form"),
    ({"option": ["scout"]}, "not an option's wire form"),
    ({"option": ["dance", {}]}, "not an option's wire form"),
    ({"option": [{"a": 1}, {}]}, "not an option's wire form"),
    ({"option": ["lead", {"card": "sevro"}]}, "not an option's wire form"),
    ({"option": ["lead", {"card": "sevro", "location": "venus"}]}, "not an option's wire form"),
    ({"option": ["lead", {"card": 5, "location": "mars", "extra": 1}]},
     "not an option's wire form"),
    ({"option": ["location", "venus"]}, "not an option's wire form"),
])
def test_a_choice_that_names_no_option_is_a_bad_request(client: Client, game: str, how: Json,
                                                       says: str) -> None:
    """A choose with neither or both of option and index, or a malformed one: BadRequest."""
    seat = decider(client, game)
    error = client.error({"op": "choose", "game": game, "seat": seat["seat"], **how})
    assert error["type"] == "BadRequest" and says in error["message"], error


@pytest.mark.rule("RR-TURN-1")
def test_an_option_that_is_not_listed_is_an_illegal_choice(client: Client, game: str) -> None:
    """A well-formed option the decision does not list: IllegalChoiceError citing the rule."""
    pending = decider(client, game)
    held = {o["option"][1]["card"] for o in pending["options"] if o["option"][0] == "lead"}
    other = next(c for c in ("sevro", "darrow", "mustang", "the_jackal") if c not in held)
    for option in (["lead", {"card": other, "location": "mars"}], ["answer", "yes"],
                   ["gain", {"location": None}], ["card", {"card": "no_such_card"}]):
        error = client.error({"op": "choose", "game": game, "seat": pending["seat"],
                              "option": option})
        assert error["type"] == "IllegalChoiceError" and error["rule"] == "RR-TURN-1"
        assert "is not a legal option" in error["message"]


@pytest.mark.rule("RR-TURN-1")
@pytest.mark.parametrize("index", [-1, 10 ** 9])
def test_an_index_out_of_range_is_an_illegal_choice(client: Client, game: str,
                                                    index: int) -> None:
    """An index that is not one of the listed options': IllegalChoiceError."""
    pending = decider(client, game)
    error = client.error({"op": "choose", "game": game, "seat": pending["seat"],
                          "index": index})
    assert error["type"] == "IllegalChoiceError" and error["rule"] == "RR-TURN-1"
    assert f"lists {len(pending['options'])} options" in error["message"]


@pytest.mark.rule("RR-TURN-1")
def test_a_choice_by_a_seat_that_does_not_decide_is_refused(client: Client, game: str) -> None:
    """Another seat's choice, by option or by index, is a WrongPlayerError naming the decider."""
    pending = decider(client, game)
    other = (pending["seat"] + 1) % 3
    for how in ({"index": 0}, {"option": pending["options"][0]["option"]}):
        error = client.error({"op": "choose", "game": game, "seat": other, **how})
        assert error["type"] == "WrongPlayerError" and error["rule"] == "RR-TURN-1"
        assert error["message"].startswith(f"seat {other} may not choose now: the decision is "
                                           f"seat {pending['seat']}'s")
    for seat in (None, 3, "0"):
        error = client.error({"op": "choose", "game": game, "seat": seat, "index": 0})
        assert error["type"] == "BadRequest"


def test_a_choice_after_the_end_is_refused(client: Client) -> None:
    """Once the game is scored, a choice is a NoDecisionPendingError."""
    game = client.ok({"op": "new", "players": 2, "seed": 8})["game"]
    play_random(client, game, random.Random(8))
    for how in ({"index": 0}, {"option": ["scout", {}]}):
        error = client.error({"op": "choose", "game": game, "seat": 0, **how})
        assert error["type"] == "NoDecisionPendingError" and error["rule"] is None


# --- games that cannot be made ------------------------------------------------------------------


@pytest.mark.parametrize("fields,rule,says", [
    ({"players": 0}, "RR-SETUP-7", "2 to 6 players, not 0"),
    ({"players": 2, "solo": True}, "RR-SETUP-7", "2 to 6 players, not 2"),
    ({"players": ["Ana", "Bo"], "level": 3}, "RR-SOLO-1", "a solo game has one player"),
    ({"players": 1, "level": 9}, "RR-SOLO-16", "level is 1 to 6"),
    ({"players": 10 ** 12}, "RR-SETUP-7", "2 to 6 players"),
    ({"players": ["Ana"] * 7}, "RR-SETUP-7", "2 to 6 players, not 7"),
    ({"players": ["Ana", "Ana"]}, None, "player names must differ"),
    ({"players": ["Ana", " ANA"]}, None, "player names must differ"),
    ({"players": ["Zo\u00e9", "Zoe\u0301"]}, None, "player names must differ"),
    ({"players": ["Ana", "Tull Au Toma"]}, "RR-SOLO-1", "the solo automaton's name"),
    ({"players": ["tull au toma"], "solo": True}, "RR-SOLO-1", "the solo automaton's name"),
    ({"players": 2, "houses": ["apollo"]}, "RR-SETUP-3", "one distinct house per player"),
    ({"players": 2, "houses": ["apollo", "apollo"]}, "RR-SETUP-3", "one distinct house"),
    ({"players": 2, "houses": ["apollo", "pluto"]}, None, "houses are"),
    ({"players": 2, "ruleset": "no_such_ruling=true"}, None, "unknown ruleset option"),
    ({"players": 2, "ruleset": "protect_small_hands=maybe"}, None, "takes true or false"),
])
def test_a_game_the_rules_do_not_allow_is_a_bad_input(fields: Json, rule: str | None,
                                                      says: str) -> None:
    """Player counts, names, houses and rulesets the rules refuse: BadInputError."""
    client = Client()
    error = client.error({"op": "new", **fields})
    assert error["type"] == "BadInputError" and error["rule"] == rule
    assert says in error["message"] and not error["message"].endswith("]")
    assert client.ok({"op": "list"}) == {"games": []}


# --- logs ---------------------------------------------------------------------------------------


def saved_log(seed: int = 4) -> str:
    game = Game.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        assert game.pending is not None
        game.choose(rng.choice(game.pending.options))
    return encode_text(game.events, game.secret)  # as the save op writes it


@pytest.mark.parametrize("damage,says", [
    (lambda log: "", "the log is empty"),
    (lambda log: "hello\n", "the header is not JSON"),
    (lambda log: '{"format": "other"}\n', "bad header"),
    (lambda log: log.replace('"version": 1', '"version": 9', 1), "version 9"),
    (lambda log: log.rsplit("\n", 3)[0][:-5] + "\n", "not JSON"),
    (lambda log: log.replace("card_dealt/1", "card_dealt/7", 1), "unknown event tag"),
    (lambda log: log.replace('"commitment": "', '"commitment": "0', 1), "does not match record 0"),
    (lambda log: log.replace('"secret": {"seed": 4', '"secret": {"seed": 5', 1),
     "does not open record 0's commitment"),
])
def test_a_log_that_cannot_be_read_is_a_corrupt_log(damage: Any, says: str) -> None:
    """An empty, non-JSON, truncated or mislabelled log: CorruptLogError, and no game opened."""
    client = Client()
    error = client.error({"op": "load", "log": damage(saved_log())})
    assert error["type"] == "CorruptLogError" and says in error["message"], error
    assert client.ok({"op": "list"}) == {"games": []}


def test_a_log_the_rules_do_not_produce_is_a_divergence() -> None:
    """A log with one outcome altered does not load: DivergenceError at that record."""
    events = list(decode_text(saved_log()).events)
    index, gained = next((i, e) for i, e in enumerate(events) if isinstance(e, HeliumGained))
    events[index] = evolve(gained, amount=gained.amount + 5)
    client = Client()
    error = client.error({"op": "load", "log": encode_text(events)})
    assert error["type"] == "DivergenceError" and f"record {index}:" in error["message"]
    assert client.ok({"op": "list"}) == {"games": []}


# --- failures of rr itself ----------------------------------------------------------------------


def test_a_failure_of_the_rules_is_reported_and_the_game_kept(client: Client, game: str,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """An engine bug during a choice is an EngineBugError response; the server goes on."""
    def broken(self: Game, *args: object, **kwargs: object) -> None:
        raise EngineBugError("the rules failed after scout: boom")

    pending = decider(client, game)
    monkeypatch.setattr(Game, "choose", broken)
    error = client.error({"op": "choose", "game": game, "seat": pending["seat"], "index": 0})
    assert error == {"type": "EngineBugError", "message": "the rules failed after scout: boom",
                     "rule": None}
    monkeypatch.undo()
    assert client.pending(game)["seat"] == pending["seat"]  # type: ignore[index]


def test_an_unexpected_failure_is_an_internal_error(client: Client,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Any other exception in a handler is an InternalError response, never a crash."""
    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("boom")

    game = client.ok({"op": "new", "players": 2})["game"]
    monkeypatch.setattr("rr.protocol.seat_answer", broken)
    error = client.error({"op": "view", "game": game})
    assert error["type"] == "InternalError" and "ZeroDivisionError('boom')" in error["message"]
    monkeypatch.undo()
    assert client.answer({"op": "view", "game": game})["view"]["seat"] is None
