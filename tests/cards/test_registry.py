"""The card registry: every printed deploy and end-of-game ability has a handler, and the
registry refuses a handler table that names a card twice or a card that does not exist."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rr.cards import gold, registry
from rr.cards.catalogue import catalogue
from rr.effects.play import Abilities
from rr.model import CardId


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    """The registry is cached: rebuild it around a test that changes a handler table."""
    registry.registry.cache_clear()
    yield
    registry.registry.cache_clear()


def test_every_printed_ability_has_a_handler() -> None:
    """No card of the catalogue lacks the handler of a printed deploy or end-of-game
    ability."""
    assert registry.missing() == ()


def test_a_missing_handler_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card whose printed abilities have no handler is named once per missing ability."""
    monkeypatch.setattr(registry, "abilities", lambda card: registry.NO_ABILITIES)
    missing = registry.missing()
    data = catalogue()
    assert (CardId("auctioneer"), "deploy") in missing
    assert (CardId("auctioneer"), "end_of_game") in missing
    assert {c for c, what in missing if what == "end_of_game"} == {
        c for c in data if registry.has_end_of_game_ability(c)}
    assert {c for c, what in missing if what == "deploy"} == {
        c for c, d in data.items() if d.deploy is not None}


def test_gray_and_orange_mimic_texts_are_not_end_of_game_abilities() -> None:
    """An end-of-game ability to resolve: Auctioneer's is one; the Gray/Orange end-of-game
    texts only declare what the card counts as."""
    assert registry.has_end_of_game_ability(CardId("auctioneer"))
    assert catalogue()[CardId("bridge")].end_of_game is not None
    assert not registry.has_end_of_game_ability(CardId("bridge"))


def test_an_unknown_card_is_refused(monkeypatch: pytest.MonkeyPatch,
                                    fresh_registry: None) -> None:
    monkeypatch.setattr(gold, "ABILITIES", {**gold.ABILITIES, CardId("nobody"): Abilities()})
    with pytest.raises(ValueError, match="unknown card nobody"):
        registry.registry()


def test_a_card_registered_twice_is_refused(monkeypatch: pytest.MonkeyPatch,
                                            fresh_registry: None) -> None:
    monkeypatch.setattr(gold, "ABILITIES", {**gold.ABILITIES, CardId("invictus"): Abilities()})
    with pytest.raises(ValueError, match="invictus registered twice"):
        registry.registry()
