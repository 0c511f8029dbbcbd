"""Which fields of each event hold cards, declared by their types.

A field *holds a card* when its value can tell a character card's identity, which a seat may
not be allowed to see (RR-VIEW-*). That is decided by the field's annotated type, never by
its name, so that a new field typed as a card is declared wherever it appears:

- ``CardId`` (or ``CardId | None``): one card (:attr:`Holds.CARD`);
- ``tuple[CardId, ...]``: cards (:attr:`Holds.CARDS`);
- :data:`rr.options.Option`: a choice, which names a card when it is a :class:`PickCard` or a
  :class:`Lead` (:attr:`Holds.OPTION`; :data:`OPTIONS_WITH_CARDS` lists, by their types too,
  the option classes that hold one);
- :data:`rr.decisions.Source`: the rule or card that asked, a card when it is a
  :class:`ByCard` (:attr:`Holds.SOURCE`);
- ``AutomaCardNumber`` and tuples of them: Tull Au Toma's own cards (RR-SOLO-2), hidden
  while in her deck (:attr:`Holds.AUTOMA_CARD`, :attr:`Holds.AUTOMA_CARDS`).

The redactor (:func:`rr.views.redact`), the sampler's relabelling
(:func:`rr.sampling.relabel_event`) and the leak oracles (``fuzz/oracle.py``, ``fuzz/seen.py``,
``fuzz/worlds.py``) read :func:`card_fields`. A card anywhere else in an event (inside another
attrs class, a union, a nested container) is refused with ``TypeError`` when the event type's
fields are declared — at import for every type of :data:`rr.events.types.Event` — until it is
given a kind here and a reading in each of those. A field of text (``str``, ``Any``) could
carry a card id unseen: ``tests/meta/test_card_fields.py`` fails on one that is neither a card
nor listed in :data:`NOT_CARDS` with the reason it is not one.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any

import attrs
from attrs import frozen

from rr.decisions import Source
from rr.events.types import EVENT_TYPES
from rr.model import AutomaCardNumber, CardId
from rr.options import OPTION_TYPES, Option


class Holds(enum.Enum):
    """What a card field holds."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    CARD = "card"
    """A card id (or ``None``)."""
    CARDS = "cards"
    """A tuple of card ids."""
    OPTION = "option"
    """An option picked, which may name cards (:data:`OPTIONS_WITH_CARDS`)."""
    SOURCE = "source"
    """A decision's source, a card when it is a :class:`rr.decisions.ByCard`."""
    AUTOMA_CARD = "automa_card"
    """One of Au Toma's own numbered cards."""
    AUTOMA_CARDS = "automa_cards"
    """A tuple of Au Toma's own numbered cards."""


@frozen
class CardField:
    """A field of an event type that holds a card, and what it holds."""

    name: str
    holds: Holds


NOT_CARDS: dict[str, str] = {
    "GameStarted.players": "the players' names, given by the players",
    "GameStarted.commitment": "a SHA-256 digest in hex (RR-VIEW-10)",
    "SeedRevealed.salt": "random bytes in hex (RR-VIEW-10)",
    "PriorityCardsDealt.letters": "Au Toma's priority letters A-D (RR-SOLO-3), public",
    "AbilityMissing.ability": "which ability (deploy, end of game) of the card in `card`",
    "Declaration.name": "an Orange's borrowed printed name, declared aloud at the end "
                        "(RULING-A9): a name, public",
    "PickName.name": "a printed name picked (an Orange's, a Roque guess), said aloud "
                     "(RULING-B10): public",
    "ByRule.rule": "a spec rule id (RR-TURN-1)",
}
"""Every field of text reachable from an event's fields (``Class.field``) that holds no card,
with the reason: the meta-test fails on any other."""


def card_fields(cls: type) -> tuple[CardField, ...]:
    """The fields of the attrs class ``cls`` (an event type) that hold cards, in field order.

    Raises ``TypeError`` for a card in a place no kind covers (see the module)."""
    return _declared(cls)


@functools.cache
def _declared(cls: type) -> tuple[CardField, ...]:
    hints = typing.get_type_hints(cls)
    found = []
    for field in attrs.fields(cls):
        holds = kind_of(hints[field.name], f"{cls.__name__}.{field.name}")
        if holds is not None:
            found.append(CardField(field.name, holds))
    return tuple(found)


def kind_of(tp: Any, where: str) -> Holds | None:
    """What a field of type ``tp`` holds, or ``None`` if it can hold no card."""
    if tp is CardId:
        return Holds.CARD
    if tp is AutomaCardNumber:
        return Holds.AUTOMA_CARD
    if tp == Option:
        return Holds.OPTION
    if tp == Source:
        return Holds.SOURCE
    args = typing.get_args(tp)
    if _is_union(tp):
        kinds = {kind_of(arg, where) for arg in args if arg is not type(None)}
        if kinds == {None}:
            return None
        if len(args) == 2 and type(None) in args:  # X | None
            return kinds.pop()
        raise TypeError(f"{where}: a card in a union of types: give it a kind "
                        "(rr.events.card_fields)")
    origin = typing.get_origin(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = kind_of(args[0], where)
        if inner is None:
            return None
        if inner is Holds.CARD:
            return Holds.CARDS
        if inner is Holds.AUTOMA_CARD:
            return Holds.AUTOMA_CARDS
        raise TypeError(f"{where}: a tuple of {inner.value}: give it a kind "
                        "(rr.events.card_fields)")
    if origin is not None:
        if any(kind_of(arg, where) is not None for arg in args if arg is not Ellipsis):
            raise TypeError(f"{where}: a card in a {origin.__name__}: give it a kind "
                            "(rr.events.card_fields)")
        return None
    if isinstance(tp, type) and attrs.has(tp):
        if any(kind_of(t, f"{tp.__name__}.{n}") is not None
               for n, t in typing.get_type_hints(tp).items()):
            raise TypeError(f"{where}: a card inside {tp.__name__}: give it a kind "
                            "(rr.events.card_fields)")
        return None
    return None


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) is typing.Union or isinstance(tp, types.UnionType)


def option_card_fields(cls: type) -> tuple[str, ...]:
    """The fields of the option class ``cls`` that hold a card (``CardId`` or ``CardId |
    None``), by their types."""
    hints = typing.get_type_hints(cls)
    return tuple(f.name for f in attrs.fields(cls)
                 if kind_of(hints[f.name], f"{cls.__name__}.{f.name}") is Holds.CARD)


OPTIONS_WITH_CARDS: dict[type, tuple[str, ...]] = {
    cls: names for cls in OPTION_TYPES
    if attrs.has(cls) and (names := option_card_fields(cls))}
"""The option classes that hold cards, and their card fields (``PickCard.card``,
``Lead.card``)."""

CARD_FIELDS: dict[type, tuple[CardField, ...]] = {cls: card_fields(cls) for cls in EVENT_TYPES}
"""The card fields of every event type, declared at import (so a card no kind covers fails
at once)."""
