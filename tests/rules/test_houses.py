"""RR-HOUSE-*: the six house abilities, triggered by gaining the Sovereign token."""

from __future__ import annotations

import pytest

from rr.decisions import Ask, ByRule
from rr.effects import Ability, Play, gain_sovereign
from rr.engine import Game
from rr.events.types import (
    CardBanished, CardGained, CardPlaced, CardRevealed, DecisionMade, DieRolled, Event,
    FleetAdvanced, HeliumGained, InfluencePlaced, SovereignTaken, TurnEnded,
)
from rr.model import Bonus, House, Location, Zone
from rr.options import GainTop, Lead, PickCard
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, seed_rolling

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def luna(scenario: Scenario, house: House, seed: int = 0) -> Game:
    """P0 of ``house`` (empty hand) leads and takes Luna's top card, Judge."""
    game = scenario.house(0, house).house(1, House.DIANA).at(L, "judge").turn(0, seed)
    if game.pending is not None and game.pending.source == ByRule("RR-TURN-1"):
        play(game, Lead(None, None))
    if game.pending is not None and game.pending.source == ByRule("RR-LEAD-3"):
        play(game, GainTop(L))
    return game


def after_gain(game: Game) -> tuple[Event, ...]:
    """The events after P0 gained Judge from Luna."""
    events = game.events
    return events[events.index(CardGained(0, "judge", Zone.at(L))) + 1:]


@pytest.mark.rule("RR-HOUSE-1", "RR-HOUSE-6")
def test_token_first_then_house_mars_gains_helium() -> None:
    """Given House Mars, when P0 gains the token from Luna, then SovereignTaken comes first,
    then 1 Helium, with nothing asked."""
    game = luna(Scenario(2).deck_only(), House.MARS)
    assert after_gain(game) == (SovereignTaken(0), HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-1")
def test_a_card_ability_gaining_the_token_triggers_the_house(stubs: Stubs) -> None:
    """Given an ability "Gain the Sovereign token", when House Mars' P0 deploys it, then P0
    takes the token and gains 1 Helium."""

    def ability(p: Play) -> Ability:
        yield from gain_sovereign(p.table, p.seat)
        return None

    stubs.deploy("uncle_narol", ability)
    game = Scenario(2).house(0, House.MARS).hand(0, "uncle_narol").deploy(0, "uncle_narol", M)
    assert game.events[2:] == (SovereignTaken(0), HeliumGained(0, 1))


@pytest.mark.rule("RR-HOUSE-2", "RR-DIE-3")
def test_apollo_reveals_the_deck_top_and_places_it_without_a_bonus() -> None:
    """Given House Apollo and Martyr on top of the deck, when P0 gains the token, then Martyr
    is revealed and placed on the location P0 picks (Mars), with no Mars bonus."""
    game = luna(Scenario(2).deck_only("martyr"), House.APOLLO)
    assert after_gain(game) == (SovereignTaken(0), CardRevealed("martyr", Zone.deck(), 0))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source, decision.options) == (
        0, Ask.LOCATION, ByRule("RR-HOUSE-2"), (J, M, L, INS))
    assert play(game, M) == (DecisionMade(0, ByRule("RR-HOUSE-2"), M),
                             CardPlaced("martyr", Zone.deck(), M), TurnEnded(0))
    assert game.state.players[0].helium == 0


@pytest.mark.rule("RR-HOUSE-2", "RR-DECK-1")
def test_apollo_with_an_empty_deck_does_nothing() -> None:
    """Given House Apollo and an empty deck, when P0 gains the token, then nothing follows."""
    game = luna(Scenario(2).deck_only(), House.APOLLO)
    assert after_gain(game) == (SovereignTaken(0), TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-3", "RULING-A3", "RR-LOC-5")
def test_ceres_banishes_any_card_of_any_location() -> None:
    """Given House Ceres with Pax under Howlers on Jupiter and Justice on Mars, when P0 gains
    the token, then every card on every location is offered and the buried Pax is banished."""
    game = luna(Scenario(2).deck_only().at(J, "pax_au_telemanus", "the_howlers")
                .at(M, "justice"), House.CERES)
    assert after_gain(game) == (SovereignTaken(0),)
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.CARD, ByRule("RR-HOUSE-3"))
    assert decision.options == (PickCard("pax_au_telemanus"), PickCard("the_howlers"),
                                PickCard("justice"))
    assert play(game, PickCard("pax_au_telemanus"))[1:] == (
        CardBanished("pax_au_telemanus", Zone.at(J)), TurnEnded(0))
    assert game.state.stack(J) == ("the_howlers",)


@pytest.mark.rule("RR-HOUSE-3", "RULING-A3")
def test_ceres_top_only_under_the_alternative_ruling() -> None:
    """Given ceres_banish_any_position=False, when Ceres gains the token, then only the top
    cards are offered."""
    scenario = (Scenario(2, Ruleset(ceres_banish_any_position=False)).deck_only()
                .at(J, "pax_au_telemanus", "the_howlers").at(M, "justice"))
    game = luna(scenario, House.CERES)
    assert game.pending is not None
    assert game.pending.options == (PickCard("the_howlers"), PickCard("justice"))


@pytest.mark.rule("RR-HOUSE-3", "RR-LOC-4")
def test_ceres_with_every_location_empty_banishes_nothing() -> None:
    """Given House Ceres and no card left on any location, when P0 gains the token, then
    nothing is banished."""
    game = luna(Scenario(2).deck_only(), House.CERES)
    assert after_gain(game) == (SovereignTaken(0), TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-4")
@pytest.mark.parametrize(("placed", "then"), [(3, (InfluencePlaced(0, 1),)), (10, ())])
def test_diana_places_one_influence(placed: int, then: tuple[Event, ...]) -> None:
    """Given House Diana with 3 (or all 10) Influence placed, when P0 gains the token, then
    P0 places 1 more (or nothing)."""
    game = luna(Scenario(2).house(1, House.MARS).deck_only().tokens(0, influence=placed),
                House.DIANA)
    assert after_gain(game) == (SovereignTaken(0), *then, TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-5")
@pytest.mark.parametrize(("fleet", "then"), [(0, (FleetAdvanced(0, 1),)), (10, ())])
def test_house_jupiter_advances_the_fleet(fleet: int, then: tuple[Event, ...]) -> None:
    """Given House Jupiter at Fleet 0 (or 10), when P0 gains the token from Luna, then P0
    advances 1 (or nothing) and gains no Jupiter-location card."""
    game = luna(Scenario(2).deck_only().tokens(0, fleet=fleet), House.JUPITER)
    assert after_gain(game) == (SovereignTaken(0), *then, TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-6")
def test_house_mars_gains_one_helium() -> None:
    """Given House Mars with 5 Helium, when P0 gains the token, then P0 has 6 Helium."""
    game = luna(Scenario(2).deck_only().tokens(0, helium=5), House.MARS)
    assert after_gain(game) == (SovereignTaken(0), HeliumGained(0, 1), TurnEnded(0))
    assert game.state.players[0].helium == 6


@pytest.mark.rule("RR-HOUSE-7", "RR-DIE-2")
def test_minerva_rolls_the_die_and_gains_the_bonus() -> None:
    """Given House Minerva and a roll of Helium, when P0 gains the token, then the die is
    rolled and P0 gains 1 Helium."""
    seed = seed_rolling([Bonus.HELIUM], lambda s: luna(Scenario(2).deck_only(), House.MINERVA,
                                                       s).events)
    game = luna(Scenario(2).deck_only(), House.MINERVA, seed)
    assert after_gain(game) == (SovereignTaken(0), DieRolled(0, Bonus.HELIUM),
                                HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-7")
def test_minerva_rolling_the_sovereign_face_chooses_another_bonus() -> None:
    """Given House Minerva and a roll of the Sovereign face, when P0 gains the token, then P0
    picks one of the five other faces (Fleet) and gains it; the token is not gained again."""
    seed = seed_rolling([Bonus.SOVEREIGN], lambda s: luna(Scenario(2).deck_only(),
                                                          House.MINERVA, s).events)
    game = luna(Scenario(2).deck_only(), House.MINERVA, seed)
    assert after_gain(game) == (SovereignTaken(0), DieRolled(0, Bonus.SOVEREIGN))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.FACE, ByRule("RR-HOUSE-7"))
    assert decision.options == (Bonus.FLEET, Bonus.HELIUM, Bonus.INFLUENCE, Bonus.BANISH,
                                Bonus.REVEAL_PLACE)
    assert play(game, Bonus.FLEET) == (DecisionMade(0, ByRule("RR-HOUSE-7"), Bonus.FLEET),
                                       FleetAdvanced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-HOUSE-7", "RR-DIE-4")
def test_minerva_banish_face_banishes_a_top_card() -> None:
    """Given House Minerva, Martyr alone on Mars and a roll of Banish, when P0 gains the
    token, then Martyr (the only top card) is banished."""
    def make(s: int) -> Game:
        return luna(Scenario(2).deck_only().at(M, "martyr"), House.MINERVA, s)

    game = make(seed_rolling([Bonus.BANISH], lambda s: make(s).events))
    assert after_gain(game) == (SovereignTaken(0), DieRolled(0, Bonus.BANISH),
                                CardBanished("martyr", Zone.at(M)), TurnEnded(0))
