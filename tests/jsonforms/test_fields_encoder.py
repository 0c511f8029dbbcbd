"""The seat answer's fast JSON form is built from the attrs fields
(:func:`rr.seat_answer.fields_encoder`), not listed by hand: a field added to a view is in the
form with no edit to the encoder, in the form ``to_json`` gives it."""

from __future__ import annotations

import enum

import attrs
import orjson
from attrs import frozen

from rr.engine import Game
from rr.jsonforms import to_json
from rr.model import CardId, Location, Seat
from rr.seat_answer import Marks, SeatAnswer, answer_json, fields_encoder
from rr.views import KnownCard, PublicPlayer, View, view


class Mood(enum.Enum):
    CALM = "calm"


@frozen
class ToyView:
    """A view with one field of each kind the encoder knows."""

    seat: Seat | None
    players: tuple[PublicPlayer, ...]
    stacks: tuple[tuple[Location, tuple[CardId, ...]], ...]
    mood: Mood
    mood_then: Mood | None
    known: tuple[KnownCard, ...] = ()
    hands: tuple[tuple[CardId, ...], ...] | None = None
    added: tuple[int, ...] = (1, 2)
    """A field the encoder never heard of."""


def test_a_toy_view_encodes_as_to_json_does() -> None:
    state = Game.new(["Ana", "Bo"], seed=1).state
    seen = view(state, 0)
    toy = ToyView(seat=0, players=seen.players, stacks=seen.locations, mood=Mood.CALM,
                  mood_then=None, hands=(("a", "b"), ()))
    made = fields_encoder(ToyView)(toy)
    assert list(made) == [f.name for f in attrs.fields(ToyView)]
    assert orjson.dumps(made) == orjson.dumps(to_json(toy))


def test_the_view_form_has_every_view_field_in_order() -> None:
    game = Game.new(["Ana", "Bo", "Cy"], seed=2)
    made = answer_json(game, 0, None, Marks())
    assert list(made["view"]) == [f.name for f in attrs.fields(View)]
    assert list(made) == [f.name for f in attrs.fields(SeatAnswer)]
