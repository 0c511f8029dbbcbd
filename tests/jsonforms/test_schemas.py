"""The JSON Schemas of docs/schema/ are what rr.schemas generates, and every document
rr.jsonforms writes validates against its schema."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rr.engine import Game
from rr.jsonforms import to_json
from rr.schemas import FORMS, schema, schema_text
from rr.seat_answer import Marks, seat_answer
from rr.views import redacted

jsonschema = pytest.importorskip("jsonschema")

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "schema"


@pytest.mark.parametrize("form", FORMS)
def test_the_committed_schema_is_the_generated_one(form: str) -> None:
    """docs/schema/FORM.schema.json is `python -m rr.schemas` output, and a valid schema."""
    assert (FOLDER / f"{form}.schema.json").read_text() == schema_text(form)
    jsonschema.Draft202012Validator.check_schema(schema(form))


def _validators() -> dict[str, Any]:
    return {f: jsonschema.Draft202012Validator(schema(f)) for f in FORMS}


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 8)])
def test_every_document_of_a_game_validates(players: int, seed: int) -> None:
    """Options, decisions and views at a sample of decisions, and every event of the whole
    game (and as a seat sees it), validate against their schemas."""
    check = _validators()
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    asked = 0
    while game.pending is not None:
        decision = game.pending
        if asked % 7 == 0:
            check["decision"].validate(to_json(decision))
            for option in decision.options:
                check["option"].validate(to_json(option))
            for seat in (decision.seat, None):
                check["view"].validate(to_json(game.view(seat)))
        asked += 1
        game.choose(rng.choice(decision.options))
    check["view"].validate(to_json(game.view(0)))
    for event in game.events:
        check["event"].validate(to_json(event))
    for event in redacted(game.events, 1):
        check["event"].validate(to_json(event))


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 9)])
def test_every_seat_answer_of_a_game_validates(players: int, seed: int) -> None:
    """The seat answer after every choice, for the chooser, another seat and the spectator,
    with the records since the last answer, and the final one with its scorepad, validate;
    so does the whole story as the holder of the log sees it."""
    check = _validators()["answer"]
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    marks = Marks()
    since = {seat: 0 for seat in (0, 1, None)}
    while game.pending is not None:
        game.choose(rng.choice(game.pending.options))
        for seat in since:
            answer = seat_answer(game, seat, since[seat], marks)
            check.validate(to_json(answer))
            since[seat] = answer.records
    assert answer.scorepad is not None
    check.validate(to_json(seat_answer(game, None, 0, everything=True)))


def test_a_solo_view_validates() -> None:
    """A solo game's view (with its solo part) and events validate."""
    check = _validators()
    game = Game.new(["Ana"], seed=2)
    check["view"].validate(to_json(game.view(0)))
    for event in game.events:
        check["event"].validate(to_json(event))


def test_the_schemas_refuse_what_the_reader_refuses() -> None:
    """The schemas are closed: an unknown key, a wrong type, an unknown card are invalid."""
    check = _validators()
    game = Game.new(3, seed=1)
    assert game.pending is not None
    good = to_json(game.pending)
    for bad in ({**good, "extra": 1}, {**good, "seat": "0"},
                {**good, "options": [{**good["options"][0], "action": -1}]}):
        assert not check["decision"].is_valid(bad)
    assert not check["option"].is_valid(["card", {"card": "sevr0"}])
    assert not check["event"].is_valid(["die_rolled/1", {"seat": 0, "face": "moon"}])
    answer = to_json(seat_answer(game, 0, 0))
    told = answer["new"][1]
    for bad in ({**answer, "extra": 1}, {**answer, "decision": "0"},
                {**answer, "new": [{**told, "event": ["die_rolled/1", {"seat": 0}]}]}):
        assert not check["answer"].is_valid(bad)
