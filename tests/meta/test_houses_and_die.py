"""The house tiles and the Rising die are the project's own data, checked against shared/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cards.catalogue import houses
from rr.model import DIE_FACES, LOCATION_BONUS, Bonus, House

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.mark.rule("RR-HOUSE-1")
def test_six_house_tiles_one_per_house() -> None:
    """There are six house tiles, one per House, each with its printed ability."""
    tiles = houses()
    assert set(tiles) == set(House) and len(tiles) == 6
    assert all("Sovereign token" in t.ability for t in tiles.values())
    assert "first and the last turns" in tiles[House.APOLLO].ability
    assert "+1 card" in tiles[House.CERES].ability


@pytest.mark.skipif(not (SHARED / "data" / "houses.json").exists(), reason="no shared/")
def test_houses_match_the_shared_data() -> None:
    """rr/data/houses.json holds the same house names and ability texts as shared/."""
    shared = json.loads((SHARED / "data" / "houses.json").read_text())
    assert {h["id"]: h["ability"] for h in shared} == {
        t.house.value: t.ability for t in houses().values()}


@pytest.mark.rule("RR-DIE-1")
def test_the_rising_die_has_six_distinct_faces() -> None:
    """The Rising die has six faces: the four location bonuses, banish, reveal-and-place."""
    assert len(DIE_FACES) == 6 and len(set(DIE_FACES)) == 6
    assert set(LOCATION_BONUS.values()) | {Bonus.BANISH, Bonus.REVEAL_PLACE} == set(DIE_FACES)


@pytest.mark.skipif(not (SHARED / "rules" / "rising-die.md").exists(), reason="no shared/")
def test_die_faces_match_the_shared_encoding() -> None:
    """The faces are the ones rising-die.md's suggested encoding lists, in the same order."""
    text = (SHARED / "rules" / "rising-die.md").read_text()
    start = text.index('"faces": [') + len('"faces": ')
    faces = json.loads(text[start:text.index("]", start) + 1])
    mapping = {"banish_top_of_location": "banish", "reveal_top_of_deck_and_place": "reveal_place"}
    assert [mapping.get(f, f) for f in faces] == [b.value for b in DIE_FACES]
