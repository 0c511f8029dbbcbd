"""What the table is told about face-down cards: where they lie (public), never which card
(unless the seat knows it)."""

from __future__ import annotations

from rr.jsonforms import to_json
from rr.model import Location
from rr.scenario import Scenario
from rr.seat_answer import seat_answer


def test_face_down_cards_are_flagged_and_hidden() -> None:
    """A face-down card on Mars is flagged for every seat, and named to none that does not
    know it; the face-up card under it is named to all."""
    game = Scenario(2).hand(0, "uncle_narol").at(Location.MARS, "judge", "sevro",
                                                 face_down=["sevro"]).turn(0)
    for seat in (0, 1, None):
        answer = to_json(seat_answer(game, seat))
        mars = dict(answer["view"]["locations"])["mars"]
        flags = answer["face_down"][[loc for loc, _ in answer["view"]["locations"]].index("mars")]
        assert flags == [False, True]
        assert mars == ["judge", "?"]
