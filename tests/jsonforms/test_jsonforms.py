"""The documented JSON forms (rr.jsonforms): round trips over whole games, strict reading."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.decisions import Decision
from rr.engine import Game
from rr.errors import BadInputError, BadJsonError
from rr.events.types import DieRolled
from rr.jsonforms import from_json, to_json
from rr.options import PickCard, PickPlayer
from rr.views import PendingView, View, redacted


def through_json(value: Any) -> Any:
    """``to_json(value)`` written and read back as JSON text."""
    data = to_json(value)
    text = json.dumps(data)
    assert json.loads(text) == data  # plain lists and dicts, nothing JSON would change
    return json.loads(text)


def played(players: int, seed: int, limit: int | None = None) -> Game:
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while game.pending is not None and (limit is None or len(game.events) < limit):
        decision = game.pending
        assert from_json(through_json(decision), Decision) == decision
        for seat in (decision.seat, (decision.seat + 1) % len(game.state.players), None):
            shown = game.view(seat)
            assert from_json(through_json(shown), View) == shown
        game.choose(rng.choice(decision.options))
    return game


@pytest.mark.rule("RR-VIEW-1")
@settings(max_examples=3, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10 ** 6))
def test_everything_a_whole_game_shows_survives_json(players: int, seed: int) -> None:
    """Every decision, every view (decider, another seat, spectator) and every event, whole
    and as each seat may see it, comes back equal from its JSON form."""
    game = played(players, seed)
    assert game.is_over
    for event in game.events:
        assert from_json(through_json(event), "event") == event
    for seat in range(players):
        for event in redacted(game.events, seat):
            assert from_json(through_json(event), "event") == event
    for seat in (0, None):
        assert from_json(through_json(game.view(seat)), View) == game.view(seat)


@pytest.mark.rule("RR-SOLO-1")
def test_a_solo_game_survives_json() -> None:
    """Au Toma's public components (the view's solo part) and her events come back equal."""
    game = Game.new(["Ana"], seed=3)
    rng = random.Random(3)
    for _ in range(30):
        assert game.pending is not None
        game.choose(rng.choice(game.pending.options))
    assert game.view(0).solo is not None
    assert from_json(through_json(game.view(0)), View) == game.view(0)
    for event in game.events:
        assert from_json(through_json(event), "event") == event


def test_an_option_entry_carries_its_action_and_text() -> None:
    """A decision lists each option with its index, action integer and words."""
    game = Game.new(3, seed=1)
    assert game.pending is not None
    data = to_json(game.pending)
    assert [o["index"] for o in data["options"]] == list(range(len(game.pending.options)))
    assert sorted(o["action"] for o in data["options"]) == game.legal_actions()
    assert data["options"][-1] == {"index": len(data["options"]) - 1, "action": 449,
                                   "option": ["scout", {}], "text": "scout"}


def test_pending_view_options_are_null_for_others() -> None:
    """The view of a seat that does not decide has the decision with null options."""
    game = Game.new(3, seed=1)
    assert game.pending is not None
    other = (game.pending.seat + 1) % 3
    data = to_json(game.view(other))
    assert data["pending"]["options"] is None
    assert from_json(data["pending"], PendingView).options is None
    with pytest.raises(BadJsonError, match=r"\$\.options"):
        from_json(data["pending"], Decision)  # a decision always lists its options


def _decision() -> dict[str, Any]:
    game = Game.new(3, seed=1)
    assert game.pending is not None
    data: dict[str, Any] = to_json(game.pending)
    return data


def _changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(_decision())
    here: Any = doc
    for key in path[:-1]:
        here = here[key]
    if value is KeyError:
        del here[path[-1]]
    else:
        here[path[-1]] = value
    return doc


@pytest.mark.parametrize(("path", "value", "says"), [
    (("seat",), True, r"whole number.*\$\.seat"),
    (("seat",), "0", r"whole number.*\$\.seat"),
    (("ask",), "dance", r"\$\.ask"),
    (("prompt",), 5, r"text.*\$\.prompt"),
    (("options", 2, "action"), 5, r"action.*\$\.options\[2\]\.action"),
    (("options", 2, "action"), 118.0, r"\$\.options\[2\]\.action"),
    (("options", 1, "index"), 0, r"\$\.options\[1\]\.index"),
    (("options", 0, "text"), "scout", r"\$\.options\[0\]\.text"),
    (("options", 0, "option", 1, "card"), "sevr0", r"unknown card 'sevr0'.*\$\.options\[0\]"
                                                   r"\.option\[1\]\.card"),
    (("options", 0, "option", 1, "location"), "venus", r"\$\.options\[0\]\.option\[1\]"),
    (("options", 0, "option", 0), "dance", r"unknown option kind"),
    (("options", 0, "extra"), 1, r"\$\.options\[0\]"),
    (("prompt",), KeyError, r"missing: prompt"),
    (("extra",), 1, r"unknown: extra"),
])
def test_a_bad_decision_document_is_refused_naming_the_field(path: tuple[Any, ...], value: Any,
                                                            says: str) -> None:
    """A wrong type, value, card, kind, key or a disagreeing action raises BadJsonError (a
    BadInputError) that names the field."""
    with pytest.raises(BadInputError, match=says):
        from_json(_changed(path, value), Decision)


@pytest.mark.parametrize(("data", "says"), [
    (["die_rolled/1", {"seat": 0, "face": "moon"}], r"\$\.face"),
    (["die_rolled/1", {"seat": 0}], r"face"),
    (["die_rolled/1", {"seat": 0, "face": "fleet", "x": 1}], r"x"),
    (["die_rolled/9", {"seat": 0, "face": "fleet"}], r"unknown event tag"),
    (["card_deployed/1", {"seat": 0, "card": "nobody", "location": "mars", "source": None}],
     r"unknown card 'nobody'.*\$\.card"),
    ({"die_rolled/1": {}}, r"\[tag, payload\]"),
    (["die_rolled/1", []], r"payload is an object"),
])
def test_a_bad_event_document_is_refused(data: Any, says: str) -> None:
    """An event with a wrong field, an unknown tag or card, or the wrong shape is refused."""
    with pytest.raises(BadJsonError, match=says):
        from_json(data, "event")


def test_options_and_events_read_back_exactly() -> None:
    """A few forms written out in full, as the docs show them."""
    assert to_json(PickPlayer(1)) == ["player", {"seat": 1}]
    sevro = PickCard("sevro")  # type: ignore[arg-type]
    assert from_json(["card", {"card": "sevro"}], "option") == sevro
    from rr.model import Bonus
    assert to_json(DieRolled(0, Bonus.FLEET)) == ["die_rolled/1", {"seat": 0, "face": "fleet"}]
    with pytest.raises(BadJsonError, match=r"whole number.*\$\[1\]\.seat"):
        from_json(["player", {"seat": True}], "option")
    with pytest.raises(TypeError):
        to_json(object())  # type: ignore[arg-type]


def test_an_unknown_card_is_reported_as_such() -> None:
    """A well-formed option naming no card says which card (the protocol reports it as an
    illegal choice); a malformed one does not."""
    with pytest.raises(BadJsonError) as caught:
        from_json(["lead", {"card": "sevr0", "location": "mars"}], "option")
    assert caught.value.unknown_card == "sevr0"
    with pytest.raises(BadJsonError) as caught:
        from_json(_changed(("options", 0, "option", 1, "card"), "sevr0"), Decision)
    assert caught.value.unknown_card == "sevr0"
    with pytest.raises(BadJsonError) as caught:
        from_json(["lead", {"card": 5, "location": "mars"}], "option")
    assert caught.value.unknown_card is None


def test_other_attrs_values_and_the_state_survive_json() -> None:
    """A view's parts and a whole GameState (sets written as sorted lists) come back equal;
    a value with no JSON form is a TypeError."""
    from rr.state import GameState
    from rr.views import PublicPlayer

    game = played(3, 12, limit=150)
    state = game.state
    assert from_json(through_json(state), GameState) == state
    part = game.view(0).players[1]
    assert from_json(through_json(part), PublicPlayer) == part
    with pytest.raises(TypeError):
        from_json({}, int)  # type: ignore[call-overload]


def test_errors_say_where_inside_a_view_and_what_was_read() -> None:
    """An error in a decision nested in a view names the whole path; a malformed option or
    event names what it should have been."""
    game = Game.new(3, seed=1)
    assert game.pending is not None
    data = to_json(game.view(game.pending.seat))
    data["pending"]["options"][1]["option"][1]["card"] = "sevr0"
    with pytest.raises(BadJsonError, match=r"^bad View: unknown card 'sevr0' @ "
                                           r"\$\.pending\.options\[1\]\.option\[1\]\.card$"):
        from_json(data, View)
    for bad in (["scout"], ["scout", {}, 1], "scout"):
        with pytest.raises(BadJsonError, match=r"^bad option: an option is \[kind, value\]"):
            from_json(bad, "option")
    with pytest.raises(BadJsonError, match=r"^bad die_rolled/1 event: .* @ \$\.seat$"):
        from_json(["die_rolled/1", {"seat": "0", "face": "fleet"}], "event")
