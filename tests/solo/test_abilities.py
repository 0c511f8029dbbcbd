"""The player's abilities against Tull Au Toma (RR-SOLO-14) and the Au Toma variant
(RR-SOLO-17). Card tests quote the printed text they check."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rr.cards import solo as solo_cards
from rr.cards.catalogue import card as card_data
from rr.cards.copper import AUCTION
from rr.cards.registry import abilities
from rr.effects.play import Play
from rr.effects.program import Program, Table
from rr.engine import Game
from rr.events.types import (
    CardBanished, CardGained, CardPassed, CardRevealed, CardSelectedAtRandom, CardsPutOnTop,
    CardsShuffled,
    DecisionMade, DieRolled, FleetAdvanced, CardsSeen, HeliumLost, InfluencePlaced,
)
from rr.model import INFLUENCE_TOKENS, Bonus, Location, Zone
from rr.options import Answer, PickCard, PickName, PickPlayer
from rr.rules.turn import hooks
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from rr.state import GameState
from rr.views import HIDDEN, redact

from .support import HER, ME, my_deploy, of_type, solo

M, L = Location.MARS, Location.LUNA
VARIANT = Ruleset(au_toma_variant=True)


def no_decision_of_hers(game: Game) -> None:
    assert all(e.seat != HER for e in of_type(game.events, DecisionMade))
    assert game.pending is None or game.pending.seat != HER


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.rule("RULING-T6")
@pytest.mark.card("tactus", "judge")
def test_tactus_steals_her_bottom_card_and_she_never_blocks() -> None:
    """Tactus, "You may steal 1 card from an opponent (they choose the card)": the bottom card
    of her hand; Judge in her hand ("reveal this to block them") is never revealed."""
    state = solo(Scenario(2).hand(ME, "tactus").hand(HER, "judge", "deanna", "harmony")
                 .at(L, "sevro"))
    game = my_deploy(state, "tactus", M)
    events = play(game, PickPlayer(HER))
    assert CardPassed("judge", HER, ME) in events
    assert game.state.hand(HER) == ("deanna", "harmony")
    no_decision_of_hers(game)


@pytest.mark.rule("RR-SOLO-6", "RULING-V1")
@pytest.mark.card("aja")
def test_the_multiplayer_variant_protects_her_at_her_starting_hand_of_two() -> None:
    """Aja, "Choose an opponent; they banish 1 of their cards.", under the official
    multiplayer variant: Au Toma starts with 2 cards (RR-SOLO-6), so with 2 she is protected
    and only Aja is banished; with 3 she banishes her bottom card."""
    v1 = Ruleset(protect_small_hands=True)
    two = my_deploy(solo(Scenario(2, ruleset=v1).hand(ME, "aja").hand(HER, "deanna", "harmony")),
                    "aja", M)
    assert of_type(two.events, CardBanished) == [CardBanished("aja", Zone.at(M))]
    three = my_deploy(solo(Scenario(2, ruleset=v1).hand(ME, "aja")
                           .hand(HER, "deanna", "harmony", "sevro")), "aja", M)
    assert CardBanished("deanna", Zone.hand(HER)) in three.events


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("aja")
def test_aja_makes_her_banish_her_bottom_card() -> None:
    """Aja, "Choose an opponent; they banish 1 of their cards.": her bottom card."""
    state = solo(Scenario(2).hand(ME, "aja").hand(HER, "deanna", "harmony"))
    game = my_deploy(state, "aja", M)
    assert CardBanished("deanna", Zone.hand(HER)) in game.events
    no_decision_of_hers(game)


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("hypnotist")
def test_hypnotist_she_banishes_her_bottom_card_and_draws_on_top() -> None:
    """Hypnotist, "each player selects a card from their hand, banishes it, and gains the top
    card of the deck": her bottom card goes; the drawn card goes on top of her hand."""
    state = solo(Scenario(2).hand(ME, "hypnotist", "sevro").hand(HER, "deanna", "harmony")
                 .deck_top("dancer", "quietus"))
    game = my_deploy(state, "hypnotist", M)  # my only card, Sevro, goes without asking
    assert CardBanished("deanna", Zone.hand(HER)) in game.events
    assert game.state.hand(HER) == ("harmony", "quietus")


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("holo_host")
def test_a_card_given_to_her_goes_on_top_of_her_hand() -> None:
    """Holo Host, "give them the Holo Host": it goes face down on top of her hand."""
    state = solo(Scenario(2).hand(ME, "holo_host").hand(HER, "deanna").tokens(ME, influence=2))
    game = my_deploy(state, "holo_host", M)
    assert game.state.hand(HER) == ("deanna", "holo_host")


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("diplomat")
def test_she_always_takes_a_free_gain() -> None:
    """Diplomat, "You and an opponent of your choice may place 1 Influence": she places it,
    asked nothing."""
    game = my_deploy(solo(Scenario(2).hand(ME, "diplomat")), "diplomat", M)
    play(game, Answer.NO)
    assert InfluencePlaced(HER, 1) in game.events
    no_decision_of_hers(game)


@pytest.mark.rule("RULING-T10")
@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("politician")
def test_reveals_to_her_are_silent() -> None:
    """Politician, "You may reveal 2 Golds from your hand. If you do, place 2 Influence":
    holding them is enough; no reveal is recorded."""
    state = solo(Scenario(2).hand(ME, "politician", "sevro", "tactus"))
    game = my_deploy(state, "politician", M)
    events = play(game, Answer.YES, PickCard("sevro"), PickCard("tactus"))
    assert not of_type(events, CardRevealed)
    assert InfluencePlaced(ME, 2) in events


@pytest.mark.rule("RULING-T12")
@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.card("arlus")
def test_arlus_reveals_her_bottom_card() -> None:
    """Arlus, "Each neighboring player reveals a random card from their hand. If it is Gold,
    banish that card.": her bottom card; a Gold is banished."""
    state = solo(Scenario(2).hand(ME, "arlus").hand(HER, "sevro", "harmony"))
    game = my_deploy(state, "arlus", M)
    assert CardRevealed("sevro", Zone.hand(HER), HER) in game.events
    assert CardBanished("sevro", Zone.hand(HER)) in game.events
    assert not of_type(game.events, CardSelectedAtRandom)


@pytest.mark.rule("RULING-T12")
@pytest.mark.card("arlus")
def test_arlus_card_she_keeps_goes_back_on_top() -> None:
    """Arlus, "If it is Red, banish Arlus.": her bottom Red is revealed, Arlus is banished and
    the Red goes back on top of her hand."""
    state = solo(Scenario(2).hand(ME, "arlus").hand(HER, "harmony", "sevro"))
    game = my_deploy(state, "arlus", M)
    assert CardBanished("arlus", Zone.at(M)) in game.events
    assert CardsPutOnTop(HER, ("harmony",), ME) in game.events
    assert game.state.hand(HER) == ("sevro", "harmony")


@pytest.mark.rule("RULING-T9")
@pytest.mark.card("pelus")
def test_a_capped_gain_from_my_ability_is_not_substituted() -> None:
    """Pelus, "then all other players advance once on the Fleet Track": at 10 she gains
    nothing, and nothing else instead."""
    state = solo(Scenario(2).hand(ME, "pelus").tokens(HER, fleet=10))
    game = my_deploy(state, "pelus", M)
    assert [e.seat for e in of_type(game.events, FleetAdvanced)] == [ME]
    assert all(getattr(e, "seat", ME) == ME for e in game.events)  # nothing for her


# --- the Au Toma variant -----------------------------------------------------------------------


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.rule("RULING-T8")
@pytest.mark.card("auctioneer")
def test_auctioneer_rolls_until_a_bonus_she_can_get() -> None:
    """Auctioneer, "That opponent chooses one ... You gain both other options": the die is
    rolled until it shows one of the three she can take, and she takes it."""
    for seed in range(40):
        state = solo(Scenario(2, VARIANT).hand(ME, "auctioneer").tokens(HER, fleet=10))
        game = my_deploy(state, "auctioneer", M, seed=seed)
        rolls = [e.face for e in of_type(game.events, DieRolled)]
        assert rolls[-1] in (Bonus.HELIUM, Bonus.INFLUENCE)
        assert all(f not in (Bonus.HELIUM, Bonus.INFLUENCE) for f in rolls[:-1])
        assert set(AUCTION) >= {rolls[-1]}
        no_decision_of_hers(game)
        if len(rolls) > 1:
            return
    raise AssertionError("no seed rolled twice")


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.rule("RULING-T8")
@pytest.mark.card("eo")
def test_eo_looks_at_her_top_six_cards_for_a_red() -> None:
    """Eo, "Each opponent must reveal a Red. If they can't, they lose 1 Helium.": only her top
    6 cards count; the look is the player's alone and nothing moves."""
    seven = ("harmony", "sevro", "tactus", "mustang", "cassius", "victra", "nero")
    state = solo(Scenario(2, VARIANT).hand(ME, "eo").hand(HER, *seven).tokens(HER, helium=2))
    game = my_deploy(state, "eo", M)
    looked = of_type(game.events, CardsSeen)
    assert looked == [CardsSeen(ME, seven[1:], Zone.hand(HER))]
    assert HeliumLost(HER, 1) in game.events  # the Red (Harmony) is the 7th from the top
    assert game.state.hand(HER) == seven
    assert redact(looked[0], state, None) == CardsSeen(ME, (HIDDEN,) * 6, Zone.hand(HER))
    with_red = solo(Scenario(2, VARIANT).hand(ME, "eo").hand(HER, "sevro", "harmony")
                    .tokens(HER, helium=2))
    assert not of_type(my_deploy(with_red, "eo", M).events, HeliumLost)


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.rule("RULING-T8")
@pytest.mark.card("roque")
def test_roque_selects_among_her_top_six_then_shuffles_them_back_on_top() -> None:
    """Roque, "Look at an opponent's hand, name a card, then randomly select a card from their
    hand. If you select the named card, banish it and banish Roque.": among her top 6."""
    seven = ("harmony", "sevro", "tactus", "mustang", "cassius", "victra", "nero")
    hits = misses = 0
    for seed in range(30):
        state = solo(Scenario(2, VARIANT).hand(ME, "roque").hand(HER, *seven))
        game = my_deploy(state, "roque", M, seed=seed)
        assert game.pending is not None and game.pending.seat == ME
        # RULING-B10: every name is offered, her top 6 first; the 7th from the top is unseen
        assert PickName("Harmony") not in game.pending.options[:6]
        events = play(game, PickName("Nero"))
        picked = of_type(events, CardSelectedAtRandom)[0].card
        assert picked in seven[1:]
        hand = game.state.hand(HER)
        assert hand[0] == "harmony"  # the bottom card never moved
        if picked == "nero":
            hits += 1
            assert CardBanished("roque", Zone.at(M)) in events and "nero" not in hand
        else:
            misses += 1
            assert sorted(hand[1:]) == sorted(seven[1:])
        assert of_type(events, CardsPutOnTop)[0].cards == hand[len(hand) - 6 + (picked == "nero"):]
        if hits and misses:
            return
    raise AssertionError("30 seeds gave no hit and miss")


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.card("psychologist")
def test_psychologist_counts_her_hand_as_a_third() -> None:
    """Psychologist, "If you have the fewest cards in hand (ties count), gain 1 random banished
    card": her 9 cards count as 3."""
    nine = ("harmony", "sevro", "tactus", "mustang", "cassius", "victra", "nero", "dancer",
            "quietus")

    def run(mine: tuple[str, ...]) -> Game:
        state = solo(Scenario(2, VARIANT).hand(ME, "psychologist", *mine).hand(HER, *nine)
                     .banished("deanna"))
        handler = abilities(card_data("psychologist").id).end_of_game
        assert handler is not None

        def program(table: Table) -> Program[None]:
            yield from handler(Play(table, ME, card_data("psychologist").id, None, None, None,
                                    hooks()))

        return Game.from_position(state, program)

    assert CardGained(ME, "deanna", Zone.banished()) in run(("judge", "aja")).events
    assert not of_type(run(("judge", "aja", "pelus")).events, CardGained)


@pytest.mark.rule("RR-SOLO-17", "RULING-B10")
@pytest.mark.card("roque")
def test_naming_options_cover_every_name() -> None:
    """Roque's naming decision against her offers every character name, by name, those in
    sight first (RULING-B10)."""
    state = solo(Scenario(2, VARIANT).hand(ME, "roque").hand(HER, "sevro"))
    game = my_deploy(state, "roque", M)
    assert game.pending is not None
    assert game.pending.options[0] == PickName("Sevro") and PickName("Darrow") in game.pending.options
    assert len(set(game.pending.options)) == 112


@pytest.mark.rule("RR-SOLO-14")
@pytest.mark.rule("RR-SOLO-17")
def test_her_answers_and_hand_count_from_the_state_alone() -> None:
    """Her answers: the bottom card of hers among the options, yes to a "may", no to a block;
    a question no solo rule answers is a bug, not a guess. Only her hand counts a third."""
    from rr.decisions import Ask
    from rr.effects.automa import AutomaCannotAnswer, automa_answer, hand_size_for_fewest
    state = solo(Scenario(2).hand(ME, "judge", "aja", "pelus")
                 .hand(HER, "deanna", "harmony", "sevro", "tactus", "nero", "dancer"))
    picks = [PickCard("sevro"), PickCard("harmony"), PickCard("judge")]
    assert automa_answer(state, HER, Ask.CARD, "x", picks) == PickCard("harmony")
    assert automa_answer(state, HER, Ask.CONFIRM, "x", [Answer.NO, Answer.YES]) is Answer.YES
    assert automa_answer(state, HER, Ask.BLOCK, "x", [Answer.NO, PickCard("nero")]) is Answer.NO
    with pytest.raises(AutomaCannotAnswer):
        automa_answer(state, HER, Ask.LOCATION, "x", [M, L])
    with pytest.raises(AutomaCannotAnswer):
        automa_answer(state, HER, Ask.CARD, "x", [PickCard("judge")])
    with pytest.raises(AutomaCannotAnswer):
        automa_answer(state, HER, Ask.CONFIRM, "x", [Answer.NO])
    assert hand_size_for_fewest(state, HER) == 2
    assert hand_size_for_fewest(state, ME) == 3


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.rule("RULING-T8")
@pytest.mark.card("auctioneer")
def test_auctioneer_rerolls_influence_when_she_has_none_left() -> None:
    """Auctioneer, "That opponent chooses one: Gain 1 Helium, advance on the Fleet Track, or
    place 1 Influence on the Institute.": with every Influence token placed and her fleet at
    10, only Helium ends the rolls."""
    rerolled_influence = False
    for seed in range(60):
        state = solo(Scenario(2, VARIANT).hand(ME, "auctioneer")
                     .tokens(HER, fleet=10, influence=INFLUENCE_TOKENS))
        game = my_deploy(state, "auctioneer", M, seed=seed)
        rolls = [e.face for e in of_type(game.events, DieRolled)]
        assert rolls[-1] is Bonus.HELIUM
        assert Bonus.HELIUM not in rolls[:-1]
        rerolled_influence = rerolled_influence or Bonus.INFLUENCE in rolls[:-1]
        if rerolled_influence:
            return
    raise AssertionError("no seed rolled Influence first")


@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.card("roque")
def test_roque_shuffle_of_her_top_cards_accepts_only_those_cards() -> None:
    """Roque against her: a recorded shuffle of her top cards is accepted (on resume) only if
    it holds exactly those cards."""
    shuffle = solo_cards._shuffle(("sevro", "tactus", "nero"))
    assert shuffle.accepts(CardsShuffled(("nero", "sevro", "tactus")))
    assert not shuffle.accepts(CardsShuffled(("nero", "sevro", "cassius")))
    assert not shuffle.accepts(CardsShuffled(("nero", "sevro")))
    assert not shuffle.accepts(HeliumLost(HER, 1))


HELIUM_CAPPED = Ruleset(au_toma_variant=True, auction_helium_capped=True)
"""RULING-T8 the other way: at 10 Helium she cannot get Auctioneer's Helium."""


def auction_rolls(state: GameState, seeds: range) -> Iterator[tuple[Game, list[Bonus]]]:
    """Auctioneer deployed against her from ``state``, seed by seed: the game and its rolls."""
    for seed in seeds:
        game = my_deploy(state, "auctioneer", M, seed=seed)
        yield game, [e.face for e in of_type(game.events, DieRolled)]


@pytest.mark.rule("RR-SOLO-17", "RULING-T8")
@pytest.mark.card("auctioneer")
def test_at_ten_helium_she_still_gets_auctioneers_helium() -> None:
    """Auctioneer, "That opponent chooses one: Gain 1 Helium, ...": the die stops at the first
    Helium or Influence even when she has 10 Helium, and Helium gives her an 11th."""
    state = solo(Scenario(2, VARIANT).hand(ME, "auctioneer").tokens(HER, fleet=10, helium=10))
    for game, rolls in auction_rolls(state, range(60)):
        assert rolls[-1] in (Bonus.HELIUM, Bonus.INFLUENCE)
        assert not {Bonus.HELIUM, Bonus.INFLUENCE} & set(rolls[:-1])
        if rolls[-1] is Bonus.HELIUM:
            assert game.state.players[HER].helium == 11
            return
    raise AssertionError("no seed rolled Helium first")


@pytest.mark.rule("RR-SOLO-17", "RULING-T8")
@pytest.mark.card("auctioneer")
def test_under_the_option_ten_helium_makes_the_die_roll_again() -> None:
    """``auction_helium_capped``: at 10 Helium a Helium roll is rolled again, until Influence
    (her Fleet at 10); the player gains the other two options."""
    state = solo(Scenario(2, HELIUM_CAPPED).hand(ME, "auctioneer")
                 .tokens(HER, fleet=10, helium=10))
    for game, rolls in auction_rolls(state, range(60)):
        assert rolls[-1] is Bonus.INFLUENCE
        assert game.state.players[HER].helium == 10
        assert game.state.players[HER].influence == 1
        if Bonus.HELIUM in rolls[:-1]:
            assert game.state.players[ME].helium == 1 and game.state.players[ME].fleet == 1
            return
    raise AssertionError("no seed rolled Helium before Influence")


@pytest.mark.rule("RR-SOLO-17", "RULING-T8", "RULING-A27")
@pytest.mark.card("auctioneer")
def test_under_the_option_with_nothing_to_get_the_first_of_the_three_is_lost() -> None:
    """``auction_helium_capped`` with 10 Helium, Fleet 10 and every Influence placed: no face
    is one she can get, so the die stops at the first of the three options; she gains
    nothing (a capped option is lost), the player the other two."""
    state = solo(Scenario(2, HELIUM_CAPPED).hand(ME, "auctioneer")
                 .tokens(HER, fleet=10, helium=10, influence=INFLUENCE_TOKENS))
    for game, rolls in auction_rolls(state, range(10)):
        assert rolls[-1] in AUCTION and not set(AUCTION) & set(rolls[:-1])
        her = game.state.players[HER]
        assert (her.helium, her.fleet, her.influence) == (10, 10, INFLUENCE_TOKENS)
        mine = game.state.players[ME]
        assert (mine.helium, mine.fleet, mine.influence) == tuple(
            int(b is not rolls[-1]) for b in AUCTION)
