"""The card primitives every ability is built of (``rr.effects.cards``, ``rr.effects.program``):
what they hand back to the ability, how a prompt names a card, and the bugs in an ability they
refuse to carry out (a ``RulesError``, never a silently wrong event)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import attrs
import pytest

from rr.cards.catalogue import lookup
from rr.decisions import Ask, ByRule, Decision
from rr.effects.cards import gain_top_of_deck, index_under, move, named, zone_of
from rr.effects.program import RulesError, Table, ask
from rr.events.types import CardGained
from rr.model import Location, Zone
from rr.options import PickCard
from rr.scenario import Scenario

JUPITER, MARS = Location.JUPITER, Location.MARS


def card(name: str) -> str:
    return lookup(name).id


def run(program: Generator[Any, Any, Any]) -> tuple[list[Any], Any]:
    """Everything ``program`` yields, answering nothing, and what it returns."""
    yielded = []
    try:
        while True:
            yielded.append(next(program))
    except StopIteration as stop:
        return yielded, stop.value


@pytest.mark.rule("RR-VIEW-6")
def test_a_prompt_names_a_face_up_card_and_hides_a_face_down_one() -> None:
    """A face-up card is named by its printed name; a face-down one only as "a face-down
    card", since prompts are shown to every player."""
    state = Scenario(2).at(JUPITER, "sevro", "judge", face_down=["judge"]).state()
    assert named(state, card("sevro")) == lookup("sevro").name
    assert named(state, card("judge")) == "a face-down card"


@pytest.mark.rule("RR-DECK-1")
def test_gaining_the_top_of_the_deck_hands_the_card_back() -> None:
    """The deck's top card is gained and handed back to the ability; an empty deck gives
    nothing and records nothing."""
    table = Table(Scenario(2).deck_top("sevro", "judge").state())
    events, got = run(gain_top_of_deck(table, 1))
    assert (events, got) == ([CardGained(1, card("sevro"), Zone.deck())], card("sevro"))
    empty = Table(attrs.evolve(table.state, deck=()))
    assert run(gain_top_of_deck(empty, 1)) == ([], None)


@pytest.mark.rule("RR-ABIL-2")
def test_only_a_card_on_a_location_can_be_moved_or_slid_under() -> None:
    """Moving a card, or putting one under it, needs it on a location: a card in hand is a bug
    in the ability, refused by name before any event."""
    table = Table(Scenario(2).hand(0, "sevro").at(MARS, "judge").state())
    with pytest.raises(RulesError, match=f"{card('sevro')} is not on a location"):
        run(move(table, card("sevro"), JUPITER))
    with pytest.raises(RulesError, match=f"{card('sevro')} is not on a location"):
        index_under(table.state, card("sevro"), card("judge"))
    assert index_under(table.state, card("judge"), card("sevro")) == (MARS, 0)


@pytest.mark.rule("RR-ABIL-7")
def test_a_card_that_is_nowhere_is_refused() -> None:
    """An ability acting on a card that is in no zone (not dealt, or out of the game) is a
    bug: ``zone_of`` says so by name instead of handing back ``None``."""
    state = Scenario(2).deck_top("sevro").state()
    gone = attrs.evolve(state, deck=state.deck[:-1])
    assert zone_of(state, card("sevro")) == Zone.deck()
    with pytest.raises(RulesError, match=f"{card('sevro')} is nowhere"):
        zone_of(gone, card("sevro"))


@pytest.mark.rule("RR-ABIL-1")
def test_a_decision_with_no_options_is_a_bug() -> None:
    """Asking a player to choose among nothing is refused, naming the source and prompt;
    one option is taken without asking; two are asked."""
    table = Table(Scenario(2).at(MARS, "judge", "sevro").state())
    with pytest.raises(RulesError, match=r"RR-DIE-4: a decision with no options \(Banish"):
        run(ask(table, 0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", []))
    only = PickCard(card("judge"))
    assert run(ask(table, 0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", [only])) \
        == ([], only)
    two = [only, PickCard(card("sevro"))]
    asked, _ = run(ask(table, 0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", two))
    assert asked == [Decision(0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", tuple(two))]


def test_duplicate_options_are_a_bug_unless_the_caller_vouches_for_them() -> None:
    """The same option listed twice is refused, naming the source and prompt; a caller that
    builds its options distinct (the turn's Leads) skips the check, which is what it costs."""
    table = Table(Scenario(2).at(MARS, "judge", "sevro").state())
    twice = [PickCard(card("judge")), PickCard(card("judge"))]
    with pytest.raises(RulesError, match=r"RR-DIE-4: duplicate options in 'Banish"):
        run(ask(table, 0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", twice))
    asked, _ = run(ask(table, 0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", twice,
                       distinct=True))
    assert asked == [Decision(0, Ask.CARD, ByRule("RR-DIE-4"), "Banish the top card", tuple(twice))]
