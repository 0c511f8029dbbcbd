"""The card and house catalogues read from rr/data: lookups by id and by printed name, the
Gray and Orange mimic declarations, the house tiles."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from rr.cards.catalogue import card, catalogue, houses, lookup
from rr.errors import UnknownCardError
from rr.model import Color, House


@pytest.mark.card("bridge", "artificer", "sevro")
def test_gray_and_orange_cards_are_the_mimics() -> None:
    """Gray, "You may treat this card as if it is any one other color"; Orange, "You may treat
    this card as having the same name as any ...": only the cards of that colour."""
    assert card("bridge").color is Color.GRAY
    assert card("bridge").is_gray_mimic and not card("bridge").is_orange_mimic
    assert card("artificer").is_orange_mimic and not card("artificer").is_gray_mimic
    assert not card("sevro").is_gray_mimic and not card("sevro").is_orange_mimic
    assert {c.id for c in catalogue().values() if c.is_gray_mimic} == {
        c.id for c in catalogue().values() if c.color is Color.GRAY}
    assert {c.id for c in catalogue().values() if c.is_orange_mimic} == {
        c.id for c in catalogue().values() if c.color is Color.ORANGE}


@pytest.mark.card("the_jackal")
def test_lookup_by_id_or_printed_name_in_any_case() -> None:
    """A card is found by its id or its printed name ("The Jackal"), case and surrounding
    blanks ignored; anything else is refused."""
    jackal = card("the_jackal")
    assert lookup("the_jackal") is jackal
    assert lookup("The Jackal") is jackal
    assert lookup("  tHe jAcKaL ") is jackal
    assert lookup("THE_JACKAL") is jackal
    with pytest.raises(UnknownCardError):
        lookup("Jackal")
    with pytest.raises(UnknownCardError):
        card("The Jackal")


def test_every_printed_name_finds_its_card() -> None:
    for c in catalogue().values():
        assert lookup(c.name) is c
        assert lookup(c.name.upper()) is c


def test_the_six_house_tiles() -> None:
    """Each house has its tile, with the printed name and ability of rr/data/houses.json."""
    raw = json.loads(resources.files("rr").joinpath("data/houses.json").read_text("utf-8"))
    tiles = houses()
    assert set(tiles) == set(House)
    for entry in raw:
        tile = tiles[House(entry["id"])]
        assert tile.house is House(entry["id"])
        assert (tile.name, tile.ability) == (entry["name"], entry["ability"])
