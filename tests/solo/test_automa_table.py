"""Tull Au Toma's table and solo state as data (``rr.automa``): the levels, the removed
characters, the priority letters and the Luna pairing, the arrows, her piles."""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.automa import (
    LEVELS, Arrow, AutomaCard, Extra, Parity, Pick, SoloState, automa_table,
)
from rr.engine import Game
from rr.errors import BadInputError
from rr.model import LOCATIONS, Location

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


@pytest.mark.rule("RR-SOLO-16")
def test_the_six_levels_and_their_points() -> None:
    table = automa_table()
    assert LEVELS == (1, 2, 3, 4, 5, 6) == tuple(level.level for level in table.levels)
    assert [(v.matching, v.nonmatching) for v in map(table.level, LEVELS)] == [
        (5, 2), (6, 3), (8, 4), (10, 5), (12, 6), (14, 7)]
    assert table.level(1).name == "High Red" and table.level(6).name == "Peerless Scarred"
    assert table.normal_level == 2 and table.base_score == 70
    with pytest.raises(KeyError):
        table.level(7)
    for level in LEVELS:
        game = Game.new(["Ana"], seed=1, level=level)
        assert game.state.solo is not None and game.state.solo.level == level
    for level in (0, 7):
        with pytest.raises(BadInputError, match="level is 1 to 6"):
            Game.new(["Ana"], seed=1, level=level)


@pytest.mark.rule("RR-SOLO-5", "RR-SOLO-17")
def test_the_removed_characters_and_the_variant() -> None:
    table = automa_table()
    assert table.removed_characters(False) == (
        "auctioneer", "eo", "loan_shark", "psychologist", "roque")
    assert table.removed_characters(True) == ("loan_shark",)


@pytest.mark.rule("RR-SOLO-2", "RR-SOLO-10", "RR-SOLO-11")
def test_her_22_cards() -> None:
    """Cards 1..22, each picked by its id; a section is a location icon or a letter A-D."""
    table = automa_table()
    assert table.ids() == tuple(range(1, 23))
    assert table.set_aside == 4 and table.letters == ("A", "B", "C", "D")
    for card_id in table.ids():
        card = table.card(card_id)
        assert isinstance(card, AutomaCard) and card.id == card_id
        for pick in (card.deploy, card.gain):
            assert (pick.location is None) != (pick.letter is None)
            assert pick.letter in (None, *table.letters)
    first = table.card(1)
    assert (first.deploy, first.gain, first.arrow, first.extra) == (
        Pick(location=M), Pick(letter="A"), Arrow.LEFT, Extra.BONUS)
    assert table.card(3).extra is Extra.BANISH and table.card(5).doubt == "RULING-T1"
    assert {c.extra for c in table.cards} <= {Extra.BONUS, Extra.BANISH, Extra.NONE}


def test_a_pick_reads_as_its_location_or_letter() -> None:
    assert str(Pick(location=I)) == "The Institute" and str(Pick(location=M)) == "Mars"
    assert str(Pick(letter="C")) == "C"


@pytest.mark.rule("RR-SOLO-11")
def test_arrows_step_toward_jupiter_or_the_institute() -> None:
    """Left is toward Jupiter (back along the board), right toward The Institute."""
    assert LOCATIONS[0] is J and LOCATIONS[-1] is I
    assert Arrow.LEFT.step == -1 and Arrow.RIGHT.step == 1


@pytest.mark.rule("RR-SOLO-7")
def test_parity_of_a_count() -> None:
    assert [Parity.of(n) for n in (0, 1, 2, 7)] == [
        Parity.EVEN, Parity.ODD, Parity.EVEN, Parity.ODD]


@pytest.mark.rule("RR-SOLO-3", "RR-SOLO-4")
def test_priority_letters_and_the_luna_card() -> None:
    """A letter names the location holding it; the Luna card shows the location holding
    Luna's letter's partner (A with D, B with C)."""
    solo = SoloState(seat=1, level=2, priority=("B", "D", "A", "C"))
    assert [solo.location_of(x) for x in "ABCD"] == [L, J, I, M]
    assert solo.luna_card() is M  # Luna holds A; D is on Mars
    assert evolve(solo, priority=("A", "B", "C", "D")).luna_card() is M  # C: B is on Mars
    assert evolve(solo, priority=("C", "D", "B", "A")).luna_card() is J  # B: its partner C
    assert automa_table().luna_pairing == {"A": "D", "D": "A", "B": "C", "C": "B"}


@pytest.mark.rule("RR-SOLO-2")
def test_her_next_shuffle_holds_every_card_of_hers() -> None:
    """At setup every card of the table; later every card she has, wherever it lies."""
    empty = SoloState(seat=1, level=2)
    assert empty.all_cards == () and empty.to_shuffle == tuple(range(1, 23))
    solo = SoloState(seat=1, level=2, deck=(3, 1), set_aside=(7,), discard=(9, 2), drawn=(5,))
    assert solo.all_cards == (3, 1, 7, 9, 2, 5)
    assert solo.to_shuffle == (3, 1, 7, 9, 2, 5)
