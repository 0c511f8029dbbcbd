"""RR-LOC-*: the four locations, their order, stacks, empty locations and face-down cards."""

from __future__ import annotations

import pytest

from rr.effects import Ability, Play, banish, color_of, move, move_under
from rr.events.types import CardBanished, CardGained, CardMoved
from rr.model import LOCATIONS, Color, House, Location, Zone
from rr.options import GainTop, Lead, Scout
from rr.scenario import Scenario, play
from tests.rules.support import Stubs

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


@pytest.mark.rule("RR-LOC-1", "RR-LOC-2")
def test_four_locations_in_board_order_and_the_deck_is_not_one() -> None:
    """Given every location stocked, then Lead offers exactly the four locations in board
    order, and the final step lists them in that order with the deck apart (no location)."""
    assert LOCATIONS == (J, M, L, INS)
    game = (Scenario(2).hand(0, "judge").at(J, "martyr").at(M, "justice").at(L, "sevro")
            .at(INS, "the_howlers").turn(0))
    assert game.pending is not None
    assert game.pending.options == (*(Lead("judge", loc) for loc in LOCATIONS), Scout())
    play(game, Lead("judge", L))
    assert game.pending is not None
    assert game.pending.options == (GainTop(J), GainTop(M), GainTop(INS), GainTop(None))


@pytest.mark.rule("RR-LOC-3")
def test_a_stack_has_a_top_a_bottom_and_cards_directly_under(stubs: Stubs) -> None:
    """Given Judge then Martyr on Mars, when an ability moves Sevro from Luna to directly
    under Martyr and Justice from Luna to Mars' top, then Mars reads Judge, Sevro, Martyr,
    Justice from the bottom."""

    def ability(p: Play) -> Ability:
        yield from move_under(p.table, "martyr", "sevro")
        yield from move(p.table, "justice", M)
        return None

    stubs.deploy("uncle_narol", ability)
    game = (Scenario(2).hand(0, "uncle_narol").at(M, "judge", "martyr")
            .at(L, "sevro", "justice").deploy(0, "uncle_narol", J))
    assert game.events[-2:] == (CardMoved("sevro", L, M, 1), CardMoved("justice", L, M))
    assert game.state.stack(M) == ("judge", "sevro", "martyr", "justice")
    assert game.state.top(M) == "justice"
    assert game.state.stack(L) == ()


@pytest.mark.rule("RR-LOC-4")
def test_an_empty_location_cannot_be_gained_from_but_can_be_deployed_to() -> None:
    """Given Jupiter and Mars empty, when P0 leads Judge on empty Jupiter, then the final step
    offers Luna and the deck but never the empty Mars."""
    game = Scenario(2).hand(0, "judge").at(L, "martyr").turn(0)
    play(game, Lead("judge", J))
    assert game.state.stack(J) == ("judge",)
    assert game.pending is not None and game.pending.options == (GainTop(L), GainTop(None))


@pytest.mark.rule("RR-LOC-6", "RULING-A1")
def test_a_face_down_card_has_no_colour_and_turns_face_up_in_a_hand() -> None:
    """Given Sevro (Gold) face down on Mars, then it has no colour; when P0 gains it, it is
    face up in hand with its colour back."""
    game = (Scenario(2).house(0, House.MARS).at(M, "sevro", face_down=["sevro"])
            .at(L, "martyr").turn(0))
    assert color_of(game.state, "sevro") is None
    play(game, Lead(None, None), GainTop(M))
    assert CardGained(0, "sevro", Zone.at(M)) in game.events
    assert game.state.face_down == frozenset()
    assert color_of(game.state, "sevro") is Color.GOLD


@pytest.mark.rule("RR-LOC-6")
def test_a_face_down_card_stays_face_down_when_moved_and_face_up_when_banished(
        stubs: Stubs) -> None:
    """Given Sevro face down on Mars and Judge face down on Luna, when an ability moves Sevro
    to Jupiter and banishes Judge, then Sevro is still face down and Judge is not."""
    def ability(p: Play) -> Ability:
        yield from move(p.table, "sevro", J)
        yield from banish(p.table, "judge")
        return None

    stubs.deploy("uncle_narol", ability)
    game = (Scenario(2).hand(0, "uncle_narol").at(M, "sevro", face_down=["sevro"])
            .at(L, "judge", face_down=["judge"]).deploy(0, "uncle_narol", INS))
    assert game.events[-2:] == (CardMoved("sevro", M, J), CardBanished("judge", Zone.at(L)))
    assert game.state.face_down == frozenset({"sevro"})
    assert color_of(game.state, "sevro") is None
