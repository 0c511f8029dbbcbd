"""Tull Au Toma's turn (RR-SOLO-8 to RR-SOLO-13): two cards, each a full Lead, no decision."""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.automa import Arrow
from rr.decisions import Ask, ByRule
from rr.engine import Game
from rr.events.types import (
    AbilityMissing, AutomaCardDrawn, AutomaCardsDiscarded, AutomaCardsSetAside,
    AutomaDeckShuffled, BlockUsed, CardBanished, CardDeployed, CardGained, DecisionMade,
    FleetAdvanced, GameEndTriggered, GameScored, GameStarted, HeliumGained, HeliumLost,
    InfluencePlaced, SovereignTaken, TurnEnded, TurnStarted,
)
from rr.model import House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.rules.game import is_deadlocked, play_from
from rr.rules.solo import along
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from rr.state import GameState

from .support import HER, ME, her_turn, my_turn, of_type, solo

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def board() -> Scenario:
    """Two known cards on each location, Harmony then Deanna on top of the deck."""
    return (Scenario(2).at(J, "sevro", "mustang").at(M, "cassius", "victra")
            .at(L, "tactus", "octavia").at(I, "romulus", "nero")
            .deck_top("harmony", "deanna", "dancer", "quietus"))


@pytest.mark.rule("RR-SOLO-8")
@pytest.mark.rule("RR-SOLO-1")
def test_her_turn_draws_two_cards_resolves_them_and_discards_them() -> None:
    """Her turn carries out her top 2 Au Toma cards in order, discards both, and asks nothing."""
    game = her_turn(solo(board(), deck=(1, 2, 3)))
    assert game.is_over  # no decision was asked
    events = game.events
    assert not of_type(events, DecisionMade)
    assert [e.automa_card for e in of_type(events, AutomaCardDrawn)] == [1, 2]
    assert of_type(events, AutomaCardsDiscarded) == [AutomaCardsDiscarded((1, 2))]
    assert events[0] == TurnStarted(HER) and events[-1] == TurnEnded(HER)
    drawn = [i for i, e in enumerate(events) if isinstance(e, AutomaCardDrawn)]
    second_gain = next(i for i, e in enumerate(events) if isinstance(e, CardGained))
    assert drawn[0] < second_gain < drawn[1]  # the first card is done before the second
    solo_state = game.state.solo
    assert solo_state is not None and solo_state.deck == (3,) and solo_state.discard == (1, 2)


@pytest.mark.rule("RR-SOLO-2")
def test_an_empty_deck_is_reshuffled_with_the_set_aside_cards() -> None:
    """With her deck empty, all 22 cards are shuffled (recorded) and 4 are set aside again."""
    game = her_turn(solo(board(), deck=(), discard=tuple(range(1, 19)),
                         set_aside=(19, 20, 21, 22)))
    shuffled = of_type(game.events, AutomaDeckShuffled)
    assert len(shuffled) == 1 and sorted(shuffled[0].automa_cards) == list(range(1, 23))
    assert of_type(game.events, AutomaCardsSetAside)[0].automa_cards == \
        shuffled[0].automa_cards[-4:]
    solo_state = game.state.solo
    assert solo_state is not None
    assert len(solo_state.set_aside) == 4 and len(solo_state.deck) == 16


@pytest.mark.rule("RR-SOLO-9")
def test_she_deploys_the_character_decks_top_card_without_its_ability() -> None:
    """Card 1 ("deploy Mars") puts the deck's top card, Harmony, on Mars; its ability ("An
    opponent of your choice loses 1 Helium") does not happen."""
    state = solo(board().tokens(ME, helium=3), deck=(1, 2))
    game = her_turn(state)
    assert of_type(game.events, CardDeployed)[0] == CardDeployed(HER, "harmony", M, Zone.deck())
    assert not of_type(game.events, HeliumLost) and not of_type(game.events, AbilityMissing)


@pytest.mark.rule("RR-SOLO-10")
@pytest.mark.rule("RR-SOLO-11")
def test_she_gains_the_top_card_of_the_lettered_location_on_top_of_her_hand() -> None:
    """Card 1 gains from A (Jupiter here), face down on top of her hand, then Jupiter's bonus."""
    state = solo(board().hand(HER, "judge", "quicksilver"), deck=(1, 14), priority="ABCD")
    game = her_turn(state)
    assert of_type(game.events, CardGained)[0] == CardGained(HER, "mustang", Zone.at(J))
    assert game.state.hand(HER)[:3] == ("judge", "quicksilver", "mustang")
    assert of_type(game.events, FleetAdvanced) == [FleetAdvanced(HER, 1)]


@pytest.mark.rule("RR-SOLO-10")
@pytest.mark.rule("RULING-T11")
def test_banish_extra_and_gaining_the_card_she_just_deployed() -> None:
    """Card 3 (deploy A, gain A, banish) gains the card it just deployed, then banishes the
    deck's new top card."""
    game = her_turn(solo(board(), deck=(3, 14), priority="ABCD"))
    assert of_type(game.events, CardDeployed)[0].card == "harmony"
    assert of_type(game.events, CardGained)[0] == CardGained(HER, "harmony", Zone.at(J))
    assert of_type(game.events, CardBanished)[0] == CardBanished("deanna", Zone.deck())


@pytest.mark.rule("RR-SOLO-11")
@pytest.mark.rule("RULING-T2")
def test_an_empty_location_is_skipped_along_the_arrow_with_wrap_around() -> None:
    """Gaining from an empty location follows the arrow: left toward Jupiter, right toward
    The Institute, wrapping between them."""
    assert along(J, Arrow.LEFT.step) == (J, I, L, M)
    assert along(I, Arrow.RIGHT.step) == (I, J, M, L)
    # card 13: deploy Mars, gain D, arrow left; D is Luna, which is empty -> Mars
    empty_luna = (Scenario(2).at(J, "sevro").at(M, "cassius").at(I, "romulus")
                  .deck_top("harmony", "deanna", "dancer"))
    game = her_turn(solo(empty_luna, deck=(13, 14), priority="ABDC"))
    assert of_type(game.events, CardGained)[0] == CardGained(HER, "harmony", Zone.at(M))
    # card 16: deploy B (Mars), gain The Institute, arrow right; The Institute empty -> wrap
    empty_institute = Scenario(2).at(J, "sevro").deck_top("harmony", "deanna", "dancer")
    game = her_turn(solo(empty_institute, deck=(16, 14), priority="ABCD"))
    assert of_type(game.events, CardDeployed)[0].location is M
    assert of_type(game.events, CardGained)[0] == CardGained(HER, "sevro", Zone.at(J))


@pytest.mark.rule("RULING-T4")
def test_with_no_card_anywhere_her_card_does_nothing() -> None:
    """With the deck and every location empty she deploys, gains and banishes nothing."""
    game = her_turn(solo(Scenario(2).deck_only(), deck=(1, 3)))
    assert not of_type(game.events, CardDeployed) and not of_type(game.events, CardGained)
    assert not of_type(game.events, CardBanished) and not of_type(game.events, FleetAdvanced)
    assert game.is_over


@pytest.mark.rule("RR-SOLO-12")
def test_a_bonus_she_has_10_of_is_replaced_along_the_arrow() -> None:
    """At 10 on the Fleet Track, card 2's Jupiter bonus becomes Mars's (right arrow): Helium."""
    state = solo(board().tokens(HER, fleet=10), deck=(2, 14), priority="ABCD")
    game = her_turn(state)
    assert of_type(game.events, CardGained)[0].source == Zone.at(J)  # the card is unchanged
    assert not of_type(game.events, FleetAdvanced)
    assert of_type(game.events, HeliumGained) == [HeliumGained(HER, 1)]


@pytest.mark.rule("RR-SOLO-12")
def test_ten_influence_is_replaced_too() -> None:
    """With all 10 Influence placed, card 11's Institute bonus (gain C, left arrow) becomes
    Luna's: the Sovereign token and the Luna card's bonus; with 9 she places her tenth."""
    full = her_turn(solo(board().tokens(HER, influence=10), deck=(11, 14), priority="ABDC"))
    assert of_type(full.events, CardGained)[0].source == Zone.at(I)
    assert not of_type(full.events, InfluencePlaced)
    assert of_type(full.events, SovereignTaken) == [SovereignTaken(HER)]
    nine = her_turn(solo(board().tokens(HER, influence=9), deck=(11, 14), priority="ABDC"))
    assert of_type(nine.events, InfluencePlaced) == [InfluencePlaced(HER, 1)]


def capped(scenario: Scenario, ruleset: Ruleset | None = None) -> GameState:
    """Her Fleet and Helium at 10; card 2 (gain A = Jupiter, right arrow, bonus), priority
    ABCD: the Jupiter bonus moves on past Mars to Luna, and the Luna card (C at Luna, paired
    with B: Mars) shows a capped bonus whose walk right from Mars reaches Luna next."""
    state = solo(scenario.tokens(HER, fleet=10, helium=10), deck=(2, 14), priority="ABCD")
    return state if ruleset is None else evolve(state, ruleset=ruleset)


SECOND_TRY = Ruleset(luna_substitute_stops_on_luna=True)
"""RULING-T5 the other way: the walk for the Luna card's substitute stops on Luna."""


@pytest.mark.rule("RR-SOLO-12")
@pytest.mark.rule("RR-SOLO-13")
@pytest.mark.rule("RULING-T5")
def test_the_luna_cards_capped_bonus_is_replaced_past_luna() -> None:
    """The Sovereign token "in addition to the substitute bonus": the Luna card's capped Mars
    bonus is replaced by the next bonus past Luna, The Institute's Influence; she tries for
    the token once."""
    game = her_turn(capped(board()))
    assert not of_type(game.events, HeliumGained) and not of_type(game.events, FleetAdvanced)
    assert of_type(game.events, SovereignTaken) == [SovereignTaken(HER)]
    assert of_type(game.events, InfluencePlaced) == [InfluencePlaced(HER, 1)]
    assert game.state.sovereign == HER


@pytest.mark.rule("RULING-T5")
def test_with_every_other_bonus_capped_the_luna_card_gives_nothing_more() -> None:
    """With her Fleet, Helium and Influence all at 10, the Luna card's substitute finds no
    location past Luna: the token alone."""
    game = her_turn(capped(board().tokens(HER, influence=10)))
    assert of_type(game.events, SovereignTaken) == [SovereignTaken(HER)]
    assert not of_type(game.events, InfluencePlaced)


@pytest.mark.rule("RULING-T5")
def test_under_the_option_the_substitute_stops_on_luna_for_a_second_try() -> None:
    """``luna_substitute_stops_on_luna``: the walk stops on Luna, which gives the Sovereign
    token again and nothing else (the Luna card does not act again)."""
    game = her_turn(capped(board(), SECOND_TRY))
    assert of_type(game.events, SovereignTaken) == [SovereignTaken(HER)] * 2
    assert not of_type(game.events, InfluencePlaced)
    assert game.state.sovereign == HER


@pytest.mark.rule("RULING-T5", "RR-SOLO-13", "RR-BLOCK-3")
@pytest.mark.card("martyr")
def test_a_blocked_token_stays_blocked_and_the_luna_card_gives_another_bonus() -> None:
    """Martyr, "If an opponent tries to take the Sovereign token from you, you may block them
    by revealing and banishing this card, then gain the top card of the deck": the player
    blocks her Luna bonus and keeps the token; the Luna card's substitute is The Institute's
    Influence, not a second try."""
    game = her_turn(capped(board().hand(ME, "martyr").sovereign(ME)))
    events = play(game, PickCard("martyr"))
    assert BlockUsed(ME, "martyr", HER) in events and game.state.sovereign == ME
    assert of_type(game.events, InfluencePlaced) == [InfluencePlaced(HER, 1)]
    assert not of_type(game.events, SovereignTaken)
    assert [d.source for d in of_type(game.events, DecisionMade)] == [ByRule("RR-BLOCK-3")]


@pytest.mark.rule("RULING-T5", "RR-SOLO-13", "RR-BLOCK-3")
@pytest.mark.card("martyr", "justice")
def test_under_the_option_a_second_try_undoes_a_block() -> None:
    """``luna_substitute_stops_on_luna``: after the player blocks with Martyr, the Luna
    card's substitute is a second try at the token: with no block card left she takes it;
    with Justice too the player spends both cards on one Luna bonus and keeps it."""
    game = her_turn(capped(board().hand(ME, "martyr").sovereign(ME), SECOND_TRY))
    events = play(game, PickCard("martyr"))
    assert BlockUsed(ME, "martyr", HER) in events
    assert game.pending is not None and game.pending.options == (Answer.NO,)  # RULING-B8
    events = play(game, Answer.NO)
    assert of_type(events, SovereignTaken) == [SovereignTaken(HER)]
    assert game.state.sovereign == HER  # the block is undone
    both = her_turn(capped(board().hand(ME, "martyr", "justice").sovereign(ME), SECOND_TRY))
    events = play(both, PickCard("martyr"), PickCard("justice"))
    assert [e.card for e in of_type(events, BlockUsed)] == ["martyr", "justice"]
    assert both.state.sovereign == ME and not of_type(events, SovereignTaken)


@pytest.mark.rule("RULING-T5")
def test_a_ruleset_recorded_before_the_option_reads_the_second_try() -> None:
    """A solo game recorded before RULING-T5 was decided again names no
    ``luna_substitute_stops_on_luna``: it reads True, and the log replays as it was played."""
    from rr.events.codec import structure_event, unstructure_event

    tag, payload = unstructure_event(Game.new(["Ana"], seed=1, level=2).events[0])
    del payload["ruleset"]["luna_substitute_stops_on_luna"]
    old = structure_event([tag, payload])
    assert isinstance(old, GameStarted) and old.ruleset.luna_substitute_stops_on_luna


@pytest.mark.rule("RR-SOLO-13")
def test_luna_bonus_brings_the_luna_cards_bonus() -> None:
    """Gaining from Luna (A here, paired with D at The Institute) gives the Sovereign token
    and The Institute's bonus."""
    game = her_turn(solo(board(), deck=(4, 14), priority="CBAD"))
    assert of_type(game.events, CardGained)[0].source == Zone.at(L)
    assert of_type(game.events, SovereignTaken) == [SovereignTaken(HER)]
    assert of_type(game.events, InfluencePlaced) == [InfluencePlaced(HER, 1)]


@pytest.mark.rule("RR-SOLO-13")
@pytest.mark.rule("RULING-T6")
@pytest.mark.card("martyr")
def test_a_blocked_luna_bonus_still_gives_the_luna_cards_bonus() -> None:
    """Martyr, "If an opponent tries to take the Sovereign token from you, you may block them
    by revealing and banishing this card, then gain the top card of the deck": the player's
    block is the only decision of her turn, and she still gains the Luna card's bonus."""
    state = solo(board().hand(ME, "martyr").sovereign(ME), deck=(4, 14), priority="CBAD")
    game = her_turn(state)
    assert game.pending is not None and game.pending.seat == ME
    assert game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("martyr"))
    assert BlockUsed(ME, "martyr", HER) in events
    assert game.state.sovereign == ME
    assert of_type(events, InfluencePlaced) == [InfluencePlaced(HER, 1)]


@pytest.mark.rule("RULING-B7")
@pytest.mark.rule("RR-SOLO-9")
def test_her_hand_does_not_prevent_the_deadlock_end() -> None:
    """With the deck, the locations and the player's hand empty, her hand cannot be played,
    so the game ends (RULING-B7) instead of going round for ever."""
    state = solo(Scenario(2).deck_only().hand(HER, "sevro"))
    assert is_deadlocked(state)


@pytest.mark.rule("RR-SOLO-8")
@pytest.mark.rule("RR-END-3")
def test_she_can_trigger_the_end_and_turns_stay_equal() -> None:
    """Her Helium bonus gives her 7 Helium with Fleet 7: the end is triggered on her turn; the
    player, who played first, has had as many turns, so the game ends and is scored."""
    state = solo(board().tokens(HER, helium=6, fleet=7).turns(1, 0).first_player(ME)
                 .house(ME, House.MARS),
                 deck=(13, 14), priority="ADBC")  # card 13 gains D = Mars: Helium
    game = Game.from_position(state, lambda table: play_from(table, HER))
    assert of_type(game.events, GameEndTriggered)[0].seat == HER
    assert of_type(game.events, GameScored) and game.is_over
    assert game.state.players[ME].turns == game.state.players[HER].turns == 1


@pytest.mark.rule("RULING-T6")
@pytest.mark.card("justice")
def test_she_never_blocks_the_player_taking_the_sovereign_token() -> None:
    """Justice in her hand ("If an opponent tries to take the Sovereign token from you, you may
    block them") is never revealed: the player takes the token without a question to her."""
    state = solo(board().hand(ME, "quicksilver").hand(HER, "justice").sovereign(HER))
    game = my_turn(state)
    events = play(game, Lead("quicksilver", M), GainTop(L))
    assert SovereignTaken(ME) in events and not of_type(events, BlockUsed)
    assert "justice" in game.state.hand(HER)
