"""Events print in words for people (``str()``): their kind, seats as players counted from 1,
cards by their printed names, no reprs, ids or hashes; the machine forms (the log's tags and
fields, the story of rr.narrate) are untouched."""

from __future__ import annotations

import random

import rr
from rr.cards.catalogue import catalogue
from rr.events.types import EVENT_TYPES, CardDeployed, HeliumGained
from rr.model import CardId, Location


def test_an_event_says_its_kind_its_player_and_its_numbers() -> None:
    assert str(HeliumGained(seat=1, amount=3)) == "Helium gained: player 2, amount 3"


def test_a_card_is_said_by_its_printed_name() -> None:
    card = next(c for c in catalogue().values() if c.name.lower() != str(c.id))
    said = str(CardDeployed(seat=0, card=CardId(card.id), location=Location.JUPITER))
    assert said == f"Card deployed: player 1, card {card.name}, location Jupiter"
    assert repr(CardDeployed(seat=0, card=CardId(card.id), location=Location.JUPITER)) != said


def test_every_event_of_a_whole_game_is_in_words() -> None:
    game = rr.Game.new(["Ana", "Bo", "Cy"], seed=5)
    pick = random.Random(1)
    while not game.is_over:
        game.choose_index(pick.randrange(len(game.legal_actions())))
    kinds = set()
    for event in game.events:
        said = str(event)
        kinds.add(type(event))
        assert "=" not in said and "<" not in said and "CardId" not in said, said
        assert "commitment" not in said, said
        assert said.split(":")[0] == said.split(":")[0].capitalize(), said
    assert len(kinds) > 15 and kinds <= set(EVENT_TYPES)


def test_the_words_hold_once_the_field_types_are_resolved() -> None:
    """cattrs (the JSON encoders) resolves attrs' field types to what the aliases stand for
    (``Seat`` is an ``int``): the words read the types as written, whoever ran first."""
    import attrs

    attrs.resolve_types(HeliumGained)
    assert str(HeliumGained(seat=1, amount=3)) == "Helium gained: player 2, amount 3"
