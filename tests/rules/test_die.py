"""RR-DIE-*: the Rising die — faces, when it is rolled, and what each face does."""

from __future__ import annotations

import collections
from collections.abc import Callable

import pytest

from rr.decisions import Ask, ByRule
from rr.effects import roll_die
from rr.effects.program import Program, Table
from rr.engine import Game
from rr.errors import DivergenceError
from rr.events.types import (
    RANDOM_OUTCOMES, BlockUsed, CardBanished, CardGained, CardPlaced, CardRevealed, DecisionMade,
    DieRolled, Event, FleetAdvanced, HeliumGained, InfluencePlaced, SovereignTaken, TurnEnded,
)
from rr.model import DIE_FACES, Bonus, House, Location, Zone
from rr.options import GainTop, Lead, PickCard
from rr.scenario import Scenario, play
from tests.oracle.games import finished
from tests.rules.support import seed_rolling

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE
DECK = GainTop(None)


def deck_gain(scenario: Callable[[], Scenario], face: Bonus) -> tuple[Game, tuple[Event, ...]]:
    """P0 (empty hand) leads and takes the deck's top card, with a seed rolling ``face``;
    the game and the events from the deck gain on."""

    def run(seed: int) -> tuple[Game, tuple[Event, ...]]:
        game = scenario().turn(0, seed)
        events = play(game, Lead(None, None))
        if game.pending is not None and game.pending.source == ByRule("RR-LEAD-3"):
            events += play(game, DECK)
        return game, events[events.index(next(e for e in events if isinstance(e, CardGained))):]

    seed = seed_rolling([face], lambda s: run(s)[1])
    return run(seed)


def base() -> Scenario:
    """P0 of House Mars (its ability: 1 Helium) against Minerva; Judge on Luna; Martyr then
    Justice on top of the deck."""
    return (Scenario(2).house(0, House.MARS).house(1, House.MINERVA).at(L, "judge")
            .deck_top("martyr", "justice"))


@pytest.mark.rule("RR-DIE-1")
def test_six_faces_each_about_one_in_six_and_recorded() -> None:
    """Given 600 rolls with seeds 0..599, then all six faces come up, each 60 to 140 times,
    and every roll is a recorded random outcome."""

    def roll(table: Table) -> Program[None]:
        yield from roll_die(table, 0)

    faces = collections.Counter()
    for seed in range(600):
        game = Scenario(2).run(roll, seed)
        (rolled,) = game.events
        assert isinstance(rolled, DieRolled) and rolled.seat == 0
        faces[rolled.face] += 1
    assert set(faces) == set(DIE_FACES) == set(Bonus)
    assert all(60 <= n <= 140 for n in faces.values()), faces
    assert DieRolled in RANDOM_OUTCOMES


@pytest.mark.rule("RR-DIE-2", "RR-BONUS-1")
def test_fleet_face() -> None:
    """Given a roll of Fleet, when P0 gains from the deck, then P0 advances 1."""
    _, events = deck_gain(base, Bonus.FLEET)
    assert events == (CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.FLEET),
                      FleetAdvanced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-DIE-2")
def test_fleet_face_at_ten_is_lost_without_a_reroll() -> None:
    """Given P0 at Fleet 10 and a roll of Fleet, then nothing is gained and the die is not
    rolled again."""
    _, events = deck_gain(lambda: base().tokens(0, fleet=10), Bonus.FLEET)
    assert events == (CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.FLEET),
                      TurnEnded(0))


@pytest.mark.rule("RR-DIE-2", "RR-BONUS-2")
def test_helium_face() -> None:
    """Given a roll of Helium, then P0 gains 1 Helium."""
    _, events = deck_gain(base, Bonus.HELIUM)
    assert events[1:] == (DieRolled(0, Bonus.HELIUM), HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-DIE-2", "RR-BONUS-4")
def test_influence_face_and_its_cap() -> None:
    """Given a roll of Influence, then P0 places 1; with all 10 placed, nothing happens."""
    _, events = deck_gain(base, Bonus.INFLUENCE)
    assert events[1:] == (DieRolled(0, Bonus.INFLUENCE), InfluencePlaced(0, 1), TurnEnded(0))
    _, events = deck_gain(lambda: base().tokens(0, influence=10), Bonus.INFLUENCE)
    assert events[1:] == (DieRolled(0, Bonus.INFLUENCE), TurnEnded(0))


@pytest.mark.rule("RR-DIE-5", "RR-HOUSE-1", "RR-HOUSE-6")
def test_sovereign_face_gains_the_token_and_triggers_the_house() -> None:
    """Given a roll of the Sovereign token, then P0 takes the token and House Mars gives 1
    Helium."""
    _, events = deck_gain(base, Bonus.SOVEREIGN)
    assert events[1:] == (DieRolled(0, Bonus.SOVEREIGN), SovereignTaken(0), HeliumGained(0, 1),
                          TurnEnded(0))


@pytest.mark.rule("RR-DIE-5", "RR-BLOCK-3")
def test_sovereign_face_can_be_blocked_by_the_holder() -> None:
    """Given P1 holds the token and Martyr and P0 rolls the Sovereign face, when P1 blocks,
    then P1 keeps the token, banishes Martyr and gains the deck's top card; P0 gets nothing."""
    scenario = (Scenario(2).house(0, House.MARS).house(1, House.MINERVA).at(L, "judge")
                .hand(1, "martyr").deck_top("justice", "the_howlers").sovereign(1))
    game, events = deck_gain(lambda: scenario, Bonus.SOVEREIGN)
    assert events == (CardGained(0, "justice", Zone.deck()), DieRolled(0, Bonus.SOVEREIGN))
    assert game.pending is not None
    assert (game.pending.seat, game.pending.ask, game.pending.source) == (1, Ask.BLOCK,
                                                                          ByRule("RR-BLOCK-3"))
    events = play(game, PickCard("martyr"))
    assert events == (DecisionMade(1, ByRule("RR-BLOCK-3"), PickCard("martyr")),
                      BlockUsed(1, "martyr", 0), CardBanished("martyr", Zone.hand(1)),
                      CardGained(1, "the_howlers", Zone.deck()), TurnEnded(0))
    assert game.state.sovereign == 1


@pytest.mark.rule("RR-DIE-4", "RR-ABIL-7")
def test_banish_face_offers_the_top_card_of_each_location() -> None:
    """Given cards on Jupiter (Pax under Howlers), Luna and The Institute, when the die shows
    Banish, then P0 picks among exactly the three top cards and the pick is banished."""
    game, events = deck_gain(
        lambda: base().at(J, "pax_au_telemanus", "the_howlers").at(INS, "sevro"), Bonus.BANISH)
    assert events[-1] == DieRolled(0, Bonus.BANISH)
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask) == (0, Ask.CARD)
    assert decision.options == (PickCard("the_howlers"), PickCard("judge"), PickCard("sevro"))
    events = play(game, PickCard("the_howlers"))
    assert events[1:] == (CardBanished("the_howlers", Zone.at(J)), TurnEnded(0))
    assert game.state.stack(J) == ("pax_au_telemanus",)
    assert "the_howlers" in game.state.banished


@pytest.mark.rule("RR-DIE-4", "RR-DIE-2", "RR-LOC-4")
def test_banish_face_with_every_location_empty_is_lost() -> None:
    """Given every location empty, when the die shows Banish, then nothing is banished."""
    _, events = deck_gain(lambda: Scenario(2).house(0, House.MARS).deck_top("martyr"),
                          Bonus.BANISH)
    assert events == (CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.BANISH),
                      TurnEnded(0))


@pytest.mark.rule("RR-DIE-3", "RR-ABIL-5")
def test_reveal_and_place_face_places_the_next_card_with_no_bonus() -> None:
    """Given Martyr then Justice on the deck, when P0 takes Martyr and rolls Reveal & place,
    then Justice is revealed and placed on the chosen location (any of the four), and no
    bonus follows."""
    game, events = deck_gain(base, Bonus.REVEAL_PLACE)
    assert events[-2:] == (DieRolled(0, Bonus.REVEAL_PLACE),
                           CardRevealed("justice", Zone.deck(), 0))
    assert game.pending is not None
    assert (game.pending.ask, game.pending.options) == (Ask.LOCATION, (J, M, L, INS))
    events = play(game, M)
    assert events[1:] == (CardPlaced("justice", Zone.deck(), M), TurnEnded(0))
    assert game.state.players[0].helium == 0


@pytest.mark.rule("RR-DIE-3", "RR-DECK-1", "RR-DIE-2")
def test_reveal_and_place_with_an_empty_deck_does_nothing() -> None:
    """Given a deck of one card, when P0 takes it and rolls Reveal & place, then nothing is
    revealed or placed."""
    _, events = deck_gain(lambda: base().deck_only("martyr"), Bonus.REVEAL_PLACE)
    assert events == (CardGained(0, "martyr", Zone.deck()), DieRolled(0, Bonus.REVEAL_PLACE),
                      TurnEnded(0))


@pytest.mark.rule("RR-DIE-1")
def test_a_recorded_roll_must_be_the_rolling_players() -> None:
    """A log that records the die as rolled by another player than the one rolling is refused
    at that record when the game is resumed; the true record is taken as it stands."""
    events = list(finished(3, 5))
    i = next(k for k, e in enumerate(events) if isinstance(e, DieRolled))
    roll = events[i]
    assert isinstance(roll, DieRolled)
    assert Game.resume(events[:i + 1]).events[i] == roll
    events[i] = DieRolled((roll.seat + 1) % 3, roll.face)
    with pytest.raises(DivergenceError, match="a random outcome for the Rising die") as caught:
        Game.resume(events[:i + 1])
    assert caught.value.index == i
