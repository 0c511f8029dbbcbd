"""RR-LEAD-*: deploy, the deploy ability, and the final gain step.

Deploy abilities are stand-ins (``stubs``) written with the effect vocabulary, so these tests
check the turn rules whatever the real card handlers do.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rr.decisions import Ask, ByCard, ByRule
from rr.effects import END_TURN, Ability, Play, gain_helium, move, place
from rr.events.types import (
    AbilityMissing, CardDeployed, CardGained, CardMoved, CardPlaced, DecisionMade, DieRolled,
    Event, FleetAdvanced, HeliumGained, InfluencePlaced, TurnEnded,
)
from rr.model import Bonus, CardId, Location, Zone
from rr.options import Answer, GainTop, Lead, Scout
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type, seed_rolling

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE
DECK = GainTop(None)


@pytest.mark.rule("RR-LEAD-1", "RR-LEAD-10")
def test_lead_deploys_the_card_face_up_on_top_of_the_location() -> None:
    """Given Judge in hand and Howlers, Pax on Mars, when P0 leads Judge on Mars, then
    CardDeployed puts Judge on top of Mars, out of the hand."""
    game = (Scenario(2).hand(0, "judge", "martyr").at(M, "the_howlers", "pax_au_telemanus")
            .at(L, "justice").turn(0))
    events = play(game, Lead("judge", M))
    assert events == (DecisionMade(0, ByRule("RR-TURN-1"), Lead("judge", M)),
                      CardDeployed(0, "judge", M))
    assert game.state.stack(M) == ("the_howlers", "pax_au_telemanus", "judge")
    assert game.state.hand(0) == ("martyr",)


@pytest.mark.rule("RR-LEAD-2")
def test_deploy_ability_resolves_after_the_deploy_and_before_the_final_step(stubs: Stubs
                                                                           ) -> None:
    """Given a deploy ability "Gain 2 Helium. You may gain 1 more.", when P0 leads it and
    says yes, then the Helium comes after the deploy and before the final gain step."""

    def ability(p: Play) -> Ability:
        yield from gain_helium(p.table, p.seat, 2)
        answer = yield from p.ask(Ask.CONFIRM, "Gain 1 more Helium?", [Answer.YES, Answer.NO])
        if answer is Answer.YES:
            yield from gain_helium(p.table, p.seat, 1)
        return None

    stubs.deploy("uncle_narol", ability)
    game = Scenario(2).hand(0, "uncle_narol").at(L, "judge").turn(0)
    events = play(game, Lead("uncle_narol", M))
    assert events[-2:] == (CardDeployed(0, "uncle_narol", M), HeliumGained(0, 2))
    assert game.pending is not None
    assert (game.pending.seat, game.pending.ask, game.pending.source) == (
        0, Ask.CONFIRM, ByCard(CardId("uncle_narol")))
    events = play(game, Answer.YES)
    assert events == (DecisionMade(0, ByCard("uncle_narol"), Answer.YES), HeliumGained(0, 1))
    assert game.pending is not None and game.pending.source == ByRule("RR-LEAD-3")


@pytest.mark.rule("RR-LEAD-2")
def test_declining_a_you_may_part_skips_it(stubs: Stubs) -> None:
    """Given the same "you may" ability, when P0 says no, then no Helium is gained for it and
    the final step follows."""

    def ability(p: Play) -> Ability:
        answer = yield from p.ask(Ask.CONFIRM, "Gain 1 Helium?", [Answer.YES, Answer.NO])
        if answer is Answer.YES:
            yield from gain_helium(p.table, p.seat, 1)
        return None

    stubs.deploy("uncle_narol", ability)
    game = Scenario(2).hand(0, "uncle_narol").at(L, "judge").turn(0)
    play(game, Lead("uncle_narol", M))
    assert play(game, Answer.NO) == (DecisionMade(0, ByCard("uncle_narol"), Answer.NO),)
    assert game.state.players[0].helium == 0
    assert game.pending is not None and game.pending.source == ByRule("RR-LEAD-3")


@pytest.mark.rule("RR-LEAD-2")
def test_a_card_without_deploy_text_has_no_ability_and_a_missing_handler_is_recorded(
        stubs: Stubs) -> None:
    """Given Judge (no deploy text) and Uncle Narol with no handler, when each is led, then
    Judge resolves nothing and Uncle Narol records AbilityMissing."""
    stubs.without_handler("uncle_narol")
    game = Scenario(2).hand(0, "judge").at(L, "martyr").turn(0)
    assert play(game, Lead("judge", M))[-1] == CardDeployed(0, "judge", M)
    game = Scenario(2).hand(0, "uncle_narol").at(L, "martyr").turn(0)
    assert play(game, Lead("uncle_narol", M))[-2:] == (
        CardDeployed(0, "uncle_narol", M), AbilityMissing("uncle_narol", "deploy"))


@pytest.mark.rule("RR-LEAD-3")
def test_final_step_offers_every_other_location_with_a_card_and_the_deck() -> None:
    """Given cards on Mars, Luna and The Institute (Jupiter empty), when P0 deploys on Mars,
    then the final step offers exactly Luna, The Institute and the deck."""
    game = (Scenario(2).hand(0, "judge").at(M, "martyr").at(L, "justice")
            .at(INS, "pax_au_telemanus").turn(0))
    play(game, Lead("judge", M))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.GAIN, ByRule("RR-LEAD-3"))
    assert decision.options == (GainTop(L), GainTop(INS), DECK)


@pytest.mark.rule("RR-LEAD-3", "RR-BONUS-4")
def test_final_step_gains_the_top_card_then_the_location_bonus() -> None:
    """Given Pax under Howlers on The Institute, when P0 leads and gains from The Institute,
    then P0 gains the top card (Howlers) and places 1 Influence."""
    game = (Scenario(2).hand(0, "judge").at(L, "martyr")
            .at(INS, "pax_au_telemanus", "the_howlers").turn(0))
    play(game, Lead("judge", M))
    events = play(game, GainTop(INS))
    assert events == (DecisionMade(0, ByRule("RR-LEAD-3"), GainTop(INS)),
                      CardGained(0, "the_howlers", Zone.at(INS)), InfluencePlaced(0, 1),
                      TurnEnded(0))
    assert game.state.stack(INS) == ("pax_au_telemanus",)
    assert game.state.hand(0) == ("the_howlers",)


def deck_gain(seed: int, cards: Sequence[str] = ()) -> tuple[Event, ...]:
    """P0 leads Judge on Mars and takes the deck's top card (Martyr), with ``seed``."""
    game = Scenario(2).hand(0, "judge").at(L, *cards).deck_top("martyr").turn(0, seed)
    return play(game, Lead("judge", M), DECK) if cards else play(game, Lead("judge", M))


@pytest.mark.rule("RR-LEAD-4", "RR-DIE-2")
def test_gaining_from_the_deck_rolls_the_die_and_gains_its_bonus() -> None:
    """Given a roll showing Helium, when P0 leads and takes from the deck, then P0 gains the
    deck's top card, the die is rolled and P0 gains 1 Helium, with no location bonus."""
    seed = seed_rolling([Bonus.HELIUM], lambda s: deck_gain(s, ["justice"]))
    events = deck_gain(seed, ["justice"])
    assert events[2:] == (DecisionMade(0, ByRule("RR-LEAD-3"), DECK),
                          CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.HELIUM),
                          HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-LEAD-4", "RR-DIE-2")
def test_deck_is_the_only_choice_when_no_location_has_a_card() -> None:
    """Given all other locations empty, when P0 leads, then the deck gain is taken at once
    (a forced choice is not asked) and the die shows Fleet: P0 advances."""
    seed = seed_rolling([Bonus.FLEET], deck_gain)
    events = deck_gain(seed)
    assert events[2:] == (CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.FLEET),
                          FleetAdvanced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-LEAD-5")
def test_lead_with_an_empty_hand_skips_the_deploy() -> None:
    """Given an empty hand, when the turn starts, then the options are Lead(nothing) and
    Scout; leading goes straight to a final step offering every location with a card."""
    game = (Scenario(2).at(J, "judge").at(M, "martyr").at(L, "justice").at(INS, "the_howlers")
            .turn(0))
    assert game.pending is not None and game.pending.options == (Lead(None, None), Scout())
    events = play(game, Lead(None, None))
    assert events == (DecisionMade(0, ByRule("RR-TURN-1"), Lead(None, None)),)
    assert game.pending is not None
    assert game.pending.options == (GainTop(J), GainTop(M), GainTop(L), GainTop(INS), DECK)


@pytest.mark.rule("RR-LEAD-5", "RR-SCOUT-2", "RULING-B1")
def test_empty_hand_and_empty_deck_leaves_only_lead() -> None:
    """Given an empty hand and an empty deck, when the turn starts, then Lead(nothing) is
    the only action, taken without asking, and the final step is asked."""
    game = Scenario(2).at(J, "judge").at(M, "martyr").deck_only().turn(0)
    assert game.events[1:] == ()
    assert game.pending is not None
    assert (game.pending.source, game.pending.options) == (
        ByRule("RR-LEAD-3"), (GainTop(J), GainTop(M)))


@pytest.mark.rule("RR-LEAD-6")
def test_end_your_turn_skips_the_final_step(stubs: Stubs) -> None:
    """Given an ability "Gain 1 Helium and end your turn.", when P0 leads it, then the turn
    ends right after the ability: no gain, no bonus, no die."""

    def ability(p: Play) -> Ability:
        yield from gain_helium(p.table, p.seat, 1)
        return END_TURN

    stubs.deploy("uncle_narol", ability)
    game = Scenario(2).hand(0, "uncle_narol").at(L, "judge").turn(0)
    events = play(game, Lead("uncle_narol", M))
    assert events[1:] == (CardDeployed(0, "uncle_narol", M), HeliumGained(0, 1), TurnEnded(0))
    assert game.is_over


@pytest.mark.rule("RR-LEAD-7", "RR-ABIL-11")
def test_a_deployed_card_that_moves_still_counts_as_deployed_where_it_went(stubs: Stubs
                                                                          ) -> None:
    """Given an ability that moves its own card from Mars to Luna, when P0 leads it on Mars,
    then Mars stays excluded from the final step and the ability's location stays Mars."""
    seen: list[Location | None] = []

    def ability(p: Play) -> Ability:
        yield from move(p.table, p.card, L)
        seen.append(p.location)
        return None

    stubs.deploy("uncle_narol", ability)
    game = Scenario(2).hand(0, "uncle_narol").at(M, "judge").at(L, "martyr").turn(0)
    events = play(game, Lead("uncle_narol", M))
    assert events[-1] == CardMoved("uncle_narol", M, L)
    assert seen == [M]
    assert game.pending is not None and game.pending.options == (GainTop(L), DECK)


@pytest.mark.rule("RR-LEAD-8", "RR-LEAD-11", "RR-ABIL-11", "RULING-A24")
def test_a_card_deployed_by_an_ability_resolves_and_the_final_step_happens_once(
        stubs: Stubs) -> None:
    """Given A: "Deploy B from your hand on Mars" and B: "Gain 1 Helium", when P0 leads A on
    Jupiter, then B is deployed by P0 and resolves, and one final step excludes both."""
    seen: list[tuple[int, Location | None]] = []

    def deploy_b(p: Play) -> Ability:
        yield from p.hooks.deploy(p, CardId("sevro"), M)
        return None

    def gain_one(p: Play) -> Ability:
        seen.append((p.seat, p.location))
        yield from gain_helium(p.table, p.seat, 1)
        return None

    stubs.deploy("calliope", deploy_b)
    stubs.deploy("sevro", gain_one)
    game = (Scenario(2).hand(0, "calliope", "sevro")
            .at(J, "judge").at(M, "martyr").at(L, "justice").at(INS, "the_howlers").turn(0))
    events = play(game, Lead("calliope", J))
    assert events[1:] == (CardDeployed(0, "calliope", J), CardDeployed(0, "sevro", M),
                          HeliumGained(0, 1))
    assert seen == [(0, M)]
    assert game.pending is not None and game.pending.options == (GainTop(L), GainTop(INS), DECK)
    events = play(game, GainTop(INS))
    assert len(of_type(events, CardGained)) == 1 and events[-1] == TurnEnded(0)


@pytest.mark.rule("RR-LEAD-9", "RULING-B2")
def test_no_final_step_possible_ends_the_turn_after_the_deploy() -> None:
    """Given every other location empty and an empty deck, when P0 leads Judge on Mars (Mars
    holding Martyr), then the turn ends after the deploy."""
    game = Scenario(2).hand(0, "judge").at(M, "martyr").deck_only().turn(0)
    events = play(game, Lead("judge", M))
    assert events == (DecisionMade(0, ByRule("RR-TURN-1"), Lead("judge", M)),
                      CardDeployed(0, "judge", M), TurnEnded(0))
    assert game.is_over


@pytest.mark.rule("RR-LEAD-10", "RULING-A19")
def test_the_card_directly_under_is_the_previous_top(stubs: Stubs) -> None:
    """Given Howlers under Pax on Mars and Luna empty, when P0 deploys on Mars and then on
    Luna, then the ability sees Pax under it on Mars and no card under it on Luna."""
    seen: list[CardId | None] = []

    def ability(p: Play) -> Ability:
        seen.append(p.under)
        return None
        yield

    stubs.deploy("uncle_narol", ability)
    stubs.deploy("sevro", ability)
    Scenario(2).hand(0, "uncle_narol").at(M, "the_howlers", "pax_au_telemanus").deploy(
        0, "uncle_narol", M)
    Scenario(2).hand(0, "sevro").deploy(0, "sevro", L)
    assert seen == ["pax_au_telemanus", None]


@pytest.mark.rule("RR-LEAD-11", "RR-ABIL-2")
def test_a_location_a_card_was_only_placed_on_is_not_deployed_to(stubs: Stubs) -> None:
    """Given an ability placing the deck's top card on Luna, when P0 leads it on Mars, then
    the placed card's ability does not resolve and Luna is still offered."""
    resolved: list[CardId] = []

    def place_top(p: Play) -> Ability:
        yield from place(p.table, p.state.deck[-1], L)
        return None

    def record(p: Play) -> Ability:
        resolved.append(p.card)
        return None
        yield

    stubs.deploy("uncle_narol", place_top)
    stubs.deploy("sevro", record)
    game = Scenario(2).hand(0, "uncle_narol").deck_top("sevro", "judge").turn(0)
    events = play(game, Lead("uncle_narol", M))
    assert events[-1] == CardPlaced("sevro", Zone.deck(), L)
    assert of_type(events, CardDeployed) == [CardDeployed(0, "uncle_narol", M)]
    assert resolved == []
    assert game.pending is not None and game.pending.options == (GainTop(L), DECK)
