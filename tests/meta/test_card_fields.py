"""Every field of an event that could hold a card is declared by its type (issue #26 point 2):
the redactor, the sampler and the leak oracles read :mod:`rr.events.card_fields`, never a
field's name, so a card field under any name is redacted, relabelled and checked."""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, ClassVar

import attrs
import pytest
from attrs import frozen

from fuzz.seen import cards_named
from rr.events.card_fields import CARD_FIELDS, NOT_CARDS, Holds, CardField, card_fields, kind_of
from rr.events.types import EVENT_TYPES, CardRevealed, GameStarted
from rr.model import CardId, Location, Seat
from rr.options import OPTION_TYPES
from rr.ruleset import Ruleset
from rr.state import fold
from rr.views import HIDDEN, redact

TEXT: tuple[Any, ...] = (str, Any, object)
"""Types whose values could be a card id without being typed as one."""


def _text_fields(tp: Any, where: str, seen: set[type]) -> list[str]:
    """The places (``Class.field``) reachable from a field of type ``tp`` that hold text and
    are not typed as a card. Declared card kinds are walked into too (an option's or a
    source's other fields may hold text)."""
    if tp in TEXT:
        return [where]
    if tp is CardId or tp is type(None) or tp in (int, bool, float, bytes):
        return []
    if typing.get_origin(tp) is typing.Union or isinstance(tp, types.UnionType) \
            or typing.get_origin(tp) is not None:
        return [w for arg in typing.get_args(tp) if arg is not Ellipsis
                for w in _text_fields(arg, where, seen)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return []
    if isinstance(tp, type) and attrs.has(tp):
        if tp in seen:
            return []
        seen.add(tp)
        hints = typing.get_type_hints(tp)
        return [w for f in attrs.fields(tp)
                for w in _text_fields(hints[f.name], f"{tp.__name__}.{f.name}", seen)]
    if getattr(tp, "__supertype__", None) is not None:  # a NewType other than CardId
        return _text_fields(tp.__supertype__, where, seen)
    raise AssertionError(f"{where}: a type the meta-test cannot read: {tp!r}")


def test_every_text_field_of_an_event_is_a_declared_card_or_says_why_not() -> None:
    """A field of text anywhere in an event (an option's, a source's, a ruleset's too) is
    either typed as a card or listed in NOT_CARDS with the reason it holds none."""
    seen: set[type] = set()
    found = {w for cls in EVENT_TYPES for f in attrs.fields(cls)
             for w in _text_fields(typing.get_type_hints(cls)[f.name],
                                   f"{cls.__name__}.{f.name}", seen)}
    assert found - set(NOT_CARDS) == set(), \
        "fields of text neither typed as cards nor listed in rr.events.card_fields.NOT_CARDS"
    assert set(NOT_CARDS) - found == set(), "NOT_CARDS lists fields that are no longer text"


def test_every_event_type_is_declared() -> None:
    assert set(CARD_FIELDS) == set(EVENT_TYPES)
    assert CardField("card", Holds.CARD) in CARD_FIELDS[CardRevealed]


def test_every_option_holding_a_card_is_found_by_type() -> None:
    from rr.events.card_fields import OPTIONS_WITH_CARDS
    from rr.options import Lead, PickCard

    assert {Lead: ("card",), PickCard: ("card",)} == OPTIONS_WITH_CARDS
    assert set(OPTIONS_WITH_CARDS) <= set(OPTION_TYPES)


@frozen
class _Loot:
    """A test event whose card field has a name no reader knows."""

    TAG: ClassVar[str] = "loot/1"
    seat: Seat
    loot: CardId
    spoils: tuple[CardId, ...]


def test_a_card_field_is_found_by_its_type_whatever_its_name() -> None:
    assert card_fields(_Loot) == (CardField("loot", Holds.CARD), CardField("spoils", Holds.CARDS))
    jackal, sevro = CardId("the_jackal"), CardId("sevro")
    event = _Loot(0, jackal, (sevro,))
    assert cards_named(event) == {jackal, sevro}  # type: ignore[arg-type]
    state = fold([GameStarted(("Ann", "Bob"), Ruleset())])  # no card seen yet
    hidden = redact(event, state, 0, after=state)  # type: ignore[arg-type]
    assert hidden == _Loot(0, HIDDEN, (HIDDEN,))


@pytest.mark.parametrize("tp", [dict[str, CardId], list[CardId], CardId | Location,
                                tuple[tuple[CardId, ...], ...]])
def test_a_card_in_a_place_no_kind_covers_is_refused(tp: Any) -> None:
    with pytest.raises(TypeError, match="give it a kind"):
        kind_of(tp, "Test.field")


def test_a_card_inside_an_attrs_class_is_refused() -> None:
    @frozen
    class Inner:
        card: CardId

    with pytest.raises(TypeError, match="a card inside Inner"):
        kind_of(Inner, "Test.field")
