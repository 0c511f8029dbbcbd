"""The explicit registry of card handlers, by card id. No registration by import side effect.

Each colour module exports ``ABILITIES``; a card whose printed deploy or end-of-game ability
has no handler here is reported by :func:`missing` (and ``rr cards``) and, if it comes up in a
game, the engine records an ``AbilityMissing`` event instead of silently skipping it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from rr.cards import (
    blue,
    brown,
    copper,
    gold,
    gray,
    green,
    obsidian,
    orange,
    pink,
    red,
    silver,
    violet,
    white,
    yellow,
)
from rr.cards.catalogue import catalogue
from rr.effects.play import Abilities
from rr.model import CardId, Color

MODULES = (gold, silver, copper, white, blue, yellow, green, violet, orange, gray, brown,
           obsidian, pink, red)

NO_ABILITIES = Abilities()


@functools.cache
def registry() -> Mapping[CardId, Abilities]:
    merged: dict[CardId, Abilities] = {}
    for module in MODULES:
        for card_id, abilities in module.ABILITIES.items():
            if card_id in merged:
                raise ValueError(f"{card_id} registered twice")
            if card_id not in catalogue():
                raise ValueError(f"{module.__name__} registers unknown card {card_id}")
            merged[card_id] = abilities
    return merged


def abilities(card: CardId) -> Abilities:
    return registry().get(card, NO_ABILITIES)


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_GRAY, _ORANGE = Color.GRAY, Color.ORANGE


def has_end_of_game_ability(card: CardId) -> bool:
    """An end-of-game ability to resolve (the Gray/Orange mimic texts are declarations)."""
    data = catalogue()[card]
    return data.end_of_game is not None and data.color is not _GRAY and data.color is not _ORANGE


def missing() -> tuple[tuple[CardId, str], ...]:
    """Every (card, "deploy" | "end_of_game") printed ability that has no handler yet."""
    out: list[tuple[CardId, str]] = []
    for card_id, data in catalogue().items():
        found = abilities(card_id)
        if data.deploy is not None and found.deploy is None:
            out.append((card_id, "deploy"))
        if has_end_of_game_ability(card_id) and found.end_of_game is None:
            out.append((card_id, "end_of_game"))
    return tuple(out)
