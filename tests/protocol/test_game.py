"""Playing through the protocol: a whole game, pending decisions, views, events, save and load."""

from __future__ import annotations

import random

import pytest

from rr.actions import NUM_ACTIONS, action_of
from rr.engine import Game
from rr.events.codec import structure
from rr.events.log import decode_text
from rr.events.types import DecisionMade
from rr.options import Option
from rr.protocol import OPS
from tests.protocol.wire import Client, Json, play_random


def new_game(client: Client, **fields: object) -> Json:
    return client.ok({"op": "new", "players": ["Ana", "Bo", "Cy"], "seed": 11, **fields})


@pytest.mark.rule("RR-END-7")
@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_a_random_game_is_played_to_its_score_through_the_protocol(players: int,
                                                                   seed: int) -> None:
    """A random chooser that only speaks the protocol plays a game until it is scored."""
    client = Client()
    game = client.ok({"op": "new", "players": players, "seed": seed})["game"]
    choices = play_random(client, game, random.Random(seed))
    assert choices > 20
    answer = client.answer({"op": "pending", "game": game})
    view = answer["view"]
    assert answer["over"] is True and view["pending"] is None
    assert len(view["totals"]) == players and view["winners"]
    assert [p["rows"]["total"] for p in answer["scorepad"]] == view["totals"]
    events = [t["event"] for t in client.answer({"op": "events", "game": game})["new"]]
    scored = [payload for tag, payload in events if tag == "game_scored/1"]
    assert scored == [{"totals": view["totals"], "winners": view["winners"]}]
    assert events[-2] == ["phase_changed/1", {"phase": "over"}]
    assert events[-1][0] == "seed_revealed/1" and events[-1][1]["seed"] == seed


def test_the_protocol_game_is_the_engine_game() -> None:
    """The same seed and choices give the same log through the protocol as through the API."""
    client = Client()
    game = client.ok({"op": "new", "players": 3, "seed": 5})["game"]
    play_random(client, game, random.Random(5))
    log = decode_text(client.ok({"op": "save", "game": game})["log"]).events
    direct = Game.new(3, seed=5)
    for event in log:
        if isinstance(event, DecisionMade):
            direct.choose(event.option)
    assert direct.events == log


def test_new_returns_the_game_its_players_and_the_first_decision() -> None:
    """`new` gives an id, the ruleset, and the seat answer: each seat's name and house and
    who decides first."""
    client = Client()
    result = new_game(client, houses=["Apollo", "ceres", "mars"],
                      ruleset="protect_small_hands=true")
    assert result["game"] == "g1"
    answer = result["answer"]
    assert [(p["name"], p["house"]) for p in answer["view"]["players"]] == [
        ("Ana", "apollo"), ("Bo", "ceres"), ("Cy", "mars")]
    assert result["ruleset"] == "protect_small_hands=true" and result["seed"] == 11
    assert answer["over"] is False and answer["view"]["pending"]["ask"] == "turn"
    assert answer["view"]["pending"]["options"] is None  # `new` was asked as a spectator
    assert (answer["seat"], answer["decision"], answer["new"]) == (None, 0, [])


@pytest.mark.rule("RR-VIEW-1")
def test_pending_lists_the_options_only_to_the_seat_that_decides() -> None:
    """The deciding seat gets every option with its index; the others and a spectator none."""
    client = Client()
    game = new_game(client)["game"]
    seat = client.pending(game)["seat"]  # type: ignore[index]
    mine = client.pending(game, seat)
    assert mine is not None
    options = mine["options"]
    assert [o["index"] for o in options] == list(range(len(options)))
    assert all(isinstance(o["text"], str) for o in options)
    shadow = Game.new(["Ana", "Bo", "Cy"], seed=11)
    assert shadow.pending is not None
    assert [structure(o["option"], Option) for o in options] == list(shadow.pending.options)  # type: ignore[arg-type]
    for other in (None, *(s for s in range(3) if s != seat)):
        shown = client.pending(game, other)
        assert shown is not None and shown["options"] is None
        assert {k: v for k, v in shown.items() if k != "options"} == \
            {k: v for k, v in mine.items() if k != "options"}


def test_choose_by_option_or_index_returns_the_new_records_and_the_next_decision() -> None:
    """`choose` returns the records it added, numbered on from the log, and what comes next."""
    client = Client()
    game = new_game(client)["game"]
    before = client.answer({"op": "events", "game": game})["records"]
    seat = client.pending(game)["seat"]  # type: ignore[index]
    options = client.pending(game, seat)["options"]  # type: ignore[index]
    lead = next(o for o in options if o["option"][0] == "lead")
    result = client.answer({"op": "choose", "game": game, "seat": seat,
                            "option": lead["option"]})
    assert result["since"] == before and result["records"] == before + len(result["new"])
    assert [t["record"] for t in result["new"]] == list(range(before, result["records"]))
    assert result["new"][0]["event"] == ["decision_made/2", {
        "seat": seat, "source": ["rule", "RR-TURN-1"], "option": lead["option"]}]
    assert result["new"][0]["rule"] == "RR-TURN-1" and "[" not in result["new"][0]["text"]
    assert result["new"][1]["event"][0] == "card_deployed/1"
    assert result["decision"] == 1 and result["seat"] == seat
    pending = result["view"]["pending"]
    assert pending["seat"] == seat and pending["ask"] == "gain"
    assert pending["options"]  # the chooser decides again: it sees its options
    again = client.answer({"op": "choose", "game": game, "seat": seat, "index": 0})
    assert again["since"] == result["records"] and again["decision"] == 2


@pytest.mark.rule("RR-VIEW-1")
def test_view_shows_a_seat_its_own_hand_and_a_spectator_none() -> None:
    """`view` as a seat holds that seat's hand; as a spectator, no hand."""
    client = Client()
    game = new_game(client)["game"]
    shadow = Game.new(["Ana", "Bo", "Cy"], seed=11)
    for seat in range(3):
        view = client.answer({"op": "view", "game": game, "as": seat})["view"]
        assert view["seat"] == seat and view["hand"] == list(shadow.state.hand(seat))
        assert [p["hand_size"] for p in view["players"]] == \
            [len(shadow.state.hand(s)) for s in range(3)]
    spectator = client.answer({"op": "view", "game": game})["view"]
    assert spectator["seat"] is None and spectator["hand"] is None
    assert spectator["deck_size"] == len(shadow.state.deck)


@pytest.mark.rule("RR-VIEW-1")
def test_events_since_a_record_are_redacted_and_narrated() -> None:
    """`events` from `since` on hides other hands and the deck order, and narrates the rest."""
    client = Client()
    game = new_game(client)["game"]
    everything = client.answer({"op": "events", "game": game, "as": 0})
    told = everything["new"]
    assert everything["since"] == 0 and everything["records"] == len(told)
    events = [t["event"] for t in told]
    assert events[0][0] == "game_started/2"
    shuffled = [e for e in events if e[0] == "deck_shuffled/1"]
    assert shuffled and all(e[1]["order"] == [] for e in shuffled)
    dealt = [e[1] for e in events if e[0] == "card_dealt/1" and e[1]["to"]["kind"] == "hand"]
    assert {d["card"] == "?" for d in dealt if d["to"]["seat"] == 0} == {False}
    assert {d["card"] for d in dealt if d["to"]["seat"] != 0} == {"?"}
    assert told[0]["text"].startswith("A game of 3 players: Ana, Bo, Cy; the official rules")
    assert any(t["text"] == "a hidden card is dealt to Bo's hand" for t in told)
    tail = client.answer({"op": "events", "game": game, "as": 0, "since": 5})
    assert tail["new"] == told[5:] and tail["since"] == 5
    end = client.answer({"op": "events", "game": game, "since": everything["records"]})
    assert end["new"] == [] and end["records"] == everything["records"]


def test_a_saved_game_loads_and_goes_on_as_the_same_game() -> None:
    """`save` then `load` gives a new game with the same log, pending decision and future."""
    client = Client()
    game = new_game(client)["game"]
    rng = random.Random(4)
    for _ in range(15):
        seat = client.pending(game)["seat"]  # type: ignore[index]
        count = len(client.pending(game, seat)["options"])  # type: ignore[index]
        client.ok({"op": "choose", "game": game, "seat": seat, "index": rng.randrange(count)})
    saved = client.ok({"op": "save", "game": game})
    assert saved["format"] == "jsonl" and saved["records"] == len(decode_text(saved["log"]).events)
    loaded = client.ok({"op": "load", "log": saved["log"], "as": 1})
    copy = loaded["game"]
    assert copy != game and loaded["answer"]["records"] == saved["records"]
    assert loaded["answer"]["view"]["players"] == \
        client.answer({"op": "view", "game": game, "as": 1})["view"]["players"]
    for seat in (None, 0, 1, 2):
        assert client.answer({"op": "pending", "game": copy, "as": seat}) == \
            client.answer({"op": "pending", "game": game, "as": seat})
    seat = client.pending(game)["seat"]  # type: ignore[index]
    first = client.ok({"op": "choose", "game": game, "seat": seat, "index": 0})
    second = client.ok({"op": "choose", "game": copy, "seat": seat, "index": 0})
    assert {**first, "game": None} == {**second, "game": None}


def test_list_and_close_keep_track_of_the_open_games() -> None:
    """`list` shows each open game with who decides; `close` forgets one."""
    client = Client()
    first = new_game(client)["game"]
    second = client.ok({"op": "new", "players": 2})["game"]
    listed = client.ok({"op": "list"})["games"]
    assert [g["game"] for g in listed] == [first, second]
    assert listed[0]["players"] == ["Ana", "Bo", "Cy"] and listed[1]["players"] == ["P1", "P2"]
    assert listed[0]["over"] is False and listed[0]["deciding"] in (0, 1, 2)
    assert listed[0]["records"] > 0
    assert client.ok({"op": "close", "game": first}) == {"game": first, "closed": True}
    assert [g["game"] for g in client.ok({"op": "list"})["games"]] == [second]
    assert client.ok({"op": "new", "players": 2})["game"] == "g3"  # ids are never reused


def test_ops_describes_every_op_and_its_fields() -> None:
    """`ops` lists each op with a summary and its fields, as the server dispatches them."""
    result = Client().ok({"op": "ops"})
    assert result["protocol"] == 2
    assert [o["op"] for o in result["ops"]] == [op.name for op in OPS]
    assert {"ops", "new", "pending", "choose", "view", "events", "save", "load", "list",
            "close"} == {o["op"] for o in result["ops"]}
    choose = next(o for o in result["ops"] if o["op"] == "choose")
    assert [(f["name"], f["required"]) for f in choose["fields"]] == [
        ("game", True), ("seat", True), ("option", False), ("index", False), ("action", False)]


def test_the_request_id_is_echoed_whatever_json_it_is() -> None:
    """Any JSON id comes back unchanged, and a request without one gets a null id."""
    client = Client()
    for ident in ("abc", 7, None, [1, {"x": 2}], {"k": "v"}, 2.5, True):
        response = client.server.handle({"id": ident, "op": "list"})
        assert response == {"id": ident, "ok": True, "result": {"games": []}}
    assert client.server.handle({"op": "list"})["id"] is None


def test_events_from_any_record_in_any_order_match_the_whole_list() -> None:
    """Asking for records from many starting points, in any order, always gives the tail of
    the same list as seen by that seat."""
    client = Client()
    game = client.ok({"op": "new", "players": 4, "seed": 6})["game"]
    play_random(client, game, random.Random(6))
    rng = random.Random(0)
    for seat in (None, 2):
        whole = client.answer({"op": "events", "game": game, "as": seat})
        starts = list(range(0, whole["records"] + 1, 7)) * 2
        rng.shuffle(starts)
        for since in starts:
            part = client.answer({"op": "events", "game": game, "as": seat, "since": since})
            assert part["new"] == whole["new"][since:]
            assert {**part, "new": None, "since": None} == {**whole, "new": None, "since": None}


@pytest.mark.rule("RR-TURN-1")
def test_choose_by_action_picks_the_option_listed_with_that_action() -> None:
    """Each listed option carries its action integer; `choose` by `action` picks it, and an
    action not listed is an illegal choice naming the rule."""
    client = Client()
    game = new_game(client)["game"]
    seat = client.pending(game)["seat"]  # type: ignore[index]
    options = client.pending(game, seat)["options"]  # type: ignore[index]
    listed = [structure(o["option"], Option) for o in options]  # type: ignore[arg-type]
    assert [o["action"] for o in options] == [action_of(option) for option in listed]
    for wrong in (5, NUM_ACTIONS):
        error = client.error({"op": "choose", "game": game, "seat": seat, "action": wrong})
        assert error["type"] in ("IllegalChoiceError", "UnknownActionError"), error
    scout = next(o for o in options if o["option"] == ["scout", {}])
    result = client.answer({"op": "choose", "game": game, "seat": seat,
                            "action": scout["action"]})
    assert result["new"][0]["event"] == ["decision_made/2", {
        "seat": seat, "source": ["rule", "RR-TURN-1"], "option": ["scout", {}]}]
