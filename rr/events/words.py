"""The words event types' own lines share (:func:`rr.events.parts.tells`): a card's printed
name and a player's, read from whatever state the line is given. :mod:`rr.narrate` says them
the same way."""

from __future__ import annotations

from typing import Any

from rr.cards.catalogue import catalogue
from rr.model import CardId, Seat

__all__ = ["HIDDEN", "card_name", "player"]

HIDDEN = CardId("?")
"""Stands for a card the viewer may not see."""


def card_name(card: CardId | str) -> str:
    """The printed name of ``card``; "a hidden card" for one the viewer may not see."""
    if card == HIDDEN:
        return "a hidden card"
    found = catalogue().get(CardId(card))
    return found.name if found is not None else str(card)


def player(state: Any, seat: Seat) -> str:
    """The name of the player in ``seat`` of ``state`` (a :class:`rr.state.GameState`)."""
    return str(state.players[seat].name) if 0 <= seat < len(state.players) else f"seat {seat}"
