"""The words event types' own lines share (:func:`rr.events.parts.tells`): a card's printed
name and a player's, read from whatever state the line is given. :mod:`rr.narrate` says them
the same way."""

from __future__ import annotations

import enum
import re
from typing import Any

import attrs

from rr.cards.catalogue import catalogue
from rr.model import CardId, Seat

__all__ = ["HIDDEN", "card_name", "event_words", "player"]

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


_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")
_UNSAID = frozenset({"commitment"})
"""Fields an event's words leave out: a hash is for checking, not for reading."""


def _value_words(kind: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if "Seat" in kind and isinstance(value, int):
        return f"player {value + 1}"
    if "Seat" in kind and isinstance(value, tuple):
        return ", ".join(f"player {v + 1}" for v in value) or "none"
    if isinstance(value, enum.Enum):
        said = str(value)
        return (str(value.value).replace("_", " ") if said.startswith(f"{type(value).__name__}.")
                else said)
    if "CardId" in kind and isinstance(value, str):
        return card_name(value)
    if "CardId" in kind and isinstance(value, tuple):
        return ", ".join(card_name(c) for c in value) or "none"
    if isinstance(value, tuple):
        return ", ".join(_value_words("", v) for v in value) or "none"
    if callable(getattr(value, "words", None)):
        return str(value.words())
    if attrs.has(type(value)) and "__str__" not in vars(type(value)):
        return f"({_fields_words(value)})"  # no words of its own: its fields'
    return str(value)


def _annotation(value: Any, field: Any) -> str:
    """The field's type as written (``"Seat"``, ``"tuple[CardId, ...]"``): the class's own
    annotation, which stays a string when attrs or cattrs resolve ``field.type`` to the
    types behind the aliases."""
    for cls in type(value).__mro__:
        written = vars(cls).get("__annotations__", {}).get(field.name)
        if written is not None:
            return str(written)
    return str(field.type)


def _fields_words(value: Any) -> str:
    said = []
    for field in attrs.fields(type(value)):
        got = getattr(value, field.name)
        if got is None or got is False or field.name in _UNSAID:
            continue
        name = field.name.replace("_", " ")
        if got is True:
            said.append(name)
            continue
        words = _value_words(_annotation(value, field), got)
        said.append(words if field.name in ("seat", "player") else f"{name} {words}")
    return ", ".join(said)


def event_words(event: Any) -> str:
    """An event in words for people, without a game's state: its kind ("Helium gained"),
    then each field said, seats as "player N" counted from 1, cards by their printed
    names, a yes-or-no field by its name when it holds (``str()`` of every event type).
    A game's story, with the players' names, is :func:`rr.narrate.narration`'s."""
    said = _fields_words(event)
    kind = _CAMEL.sub(" ", type(event).__name__).capitalize()
    return f"{kind}: {said}" if said else kind
