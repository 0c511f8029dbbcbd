"""rr.quick_init: the quicker __init__ makes the same frozen values attrs' own would."""

from __future__ import annotations

import attrs
import pytest
from attrs import define, field, frozen

from rr.decisions import Ask, ByRule, Decision
from rr.events.types import EVENT_TYPES, CardPlaced, TurnEnded
from rr.model import Location, Zone
from rr.options import Lead, PickCard
from rr.quick_init import quick_init


@frozen
class _Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@quick_init
@frozen
class _Quick:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


def test_the_values_are_those_attrs_makes() -> None:
    """Positional, keyword and default arguments land in the same fields, and the value is
    frozen, compared and printed as attrs makes it."""
    for args, kwargs in (((1,), {}), ((1, "x"), {}), ((), {"a": 2, "c": (3,)}),
                         ((4,), {"c": (5,), "b": "y"})):
        plain, quick = _Plain(*args, **kwargs), _Quick(*args, **kwargs)
        assert attrs.astuple(plain) == attrs.astuple(quick)
        assert repr(quick).replace("_Quick", "_Plain") == repr(plain)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        _Quick(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick(1, "b", (), 4)  # type: ignore[call-arg]


def test_the_rules_values_use_it() -> None:
    """Every event, the decision and the options the rules make by the thousand have it, and
    they still compare by value."""
    assert all("quick_init" in cls.__init__.__code__.co_filename for cls in EVENT_TYPES)
    assert CardPlaced("sevro", Zone.deck(), Location.MARS, None, False, 0) == CardPlaced(
        card="sevro", source=Zone.deck(), location=Location.MARS, seat=0)
    assert CardPlaced("sevro", Zone.deck(), Location.MARS).face_down is False
    assert TurnEnded(1) == TurnEnded(seat=1) != TurnEnded(2)
    assert Lead("sevro", Location.LUNA) == Lead(card="sevro", location=Location.LUNA)
    assert {PickCard("roque"), PickCard("roque")} == {PickCard("roque")}
    decision = Decision(0, Ask.TURN, ByRule("RR-TURN-1"), "Lead or Scout", ())
    assert (decision.seat, decision.ask, decision.options) == (0, Ask.TURN, ())


def test_classes_whose_init_does_more_are_refused() -> None:
    """A validator, a converter, a factory, an init hook or a class without slots keeps
    attrs' own __init__: quick_init refuses it."""
    @frozen
    class Validated:
        a: int = field(validator=attrs.validators.instance_of(int))

    @frozen
    class Converted:
        a: int = field(converter=int)

    @define
    class Made:
        a: list[int] = field(factory=list)

    @frozen
    class Hooked:
        a: int

        def __attrs_post_init__(self) -> None:
            pass

    @frozen(slots=False)
    class Unslotted:
        a: int

    for cls in (Validated, Converted, Made, Hooked, Unslotted, int):
        with pytest.raises(TypeError):
            quick_init(cls)
