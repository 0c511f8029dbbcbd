"""Red card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.cards.red import _random_card
from rr.decisions import Ask
from rr.effects.play import Play
from rr.effects.program import Table
from rr.engine import Game
from rr.events.types import (
    BlockUsed, CardBanished, CardGained, CardRevealed, CardSelectedAtRandom, Event,
    HeliumGained, HeliumLost,
)
from rr.model import CardId, Location, Zone
from rr.options import Answer, PickCard, PickPlayer
from rr.rules.turn import hooks
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play

SIX_GOLDS_A = ("aja", "antonia", "ash_lord", "boneriders", "cassius", "fitchner")
SIX_GOLDS_B = ("sevro", "karnus", "lorn", "lysander", "mustang", "nero")


def _kinds(events: tuple[Event, ...], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def _picked(events: tuple[Event, ...]) -> list[CardSelectedAtRandom]:
    return [e for e in events if isinstance(e, CardSelectedAtRandom)]


def _no_block(game: Game, seat: int) -> tuple[Event, ...]:
    """``seat``, targeted without a block card, is still asked (RULING-B8) and answers no."""
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.options) == (seat, Ask.BLOCK, (Answer.NO,))
    return play(game, Answer.NO)


# --- Arlus ---------------------------------------------------------------------------------


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-A10", "RULING-B8")
def test_arlus_banishes_a_revealed_gold_of_the_single_opponent() -> None:
    """Arlus, "Each neighboring player reveals a random card from their hand. If it is Gold,
    banish that card.": in a 2-player game the opponent is hit once (asked whether to block,
    they say no)."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "sevro")
            .deploy(0, "arlus", Location.MARS))
    assert _picked(game.events) == [CardSelectedAtRandom("sevro", Zone.hand(1))]
    assert CardRevealed("sevro", Zone.hand(1), 1) in game.events
    _no_block(game, 1)
    assert CardBanished("sevro", Zone.hand(1)) in game.events
    assert game.state.top(Location.MARS) == "arlus"
    assert game.is_over


@pytest.mark.card("arlus")
def test_arlus_is_banished_when_a_red_is_revealed() -> None:
    """Arlus, "If it is Red, banish Arlus.": the Red stays in its owner's hand."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "deanna")
            .deploy(0, "arlus", Location.MARS))
    assert CardBanished("arlus", Zone.at(Location.MARS)) in game.events
    assert game.state.hand(1) == ("deanna",)


@pytest.mark.card("arlus")
def test_arlus_another_colour_is_only_revealed() -> None:
    """Arlus, "... reveals a random card from their hand.": a White is shown and goes back."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "orator")
            .deploy(0, "arlus", Location.MARS))
    assert CardRevealed("orator", Zone.hand(1), 1) in game.events
    assert not _kinds(game.events, CardBanished)


@pytest.mark.card("arlus")
@pytest.mark.rule("RR-ABIL-13")
def test_arlus_picks_a_recorded_random_card_of_the_hand() -> None:
    """Arlus, "... reveals a random card from their hand.": the pick is a recorded random
    outcome among the hand's cards, and that card is the one revealed."""
    hand = ("deanna", "orator", "sponsor", "lawyer")
    game = Scenario(2).hand(0, "arlus").hand(1, *hand).deploy(0, "arlus", Location.MARS, seed=3)
    [picked] = _picked(game.events)
    assert picked.card in hand and picked.source == Zone.hand(1)
    assert _kinds(game.events, CardRevealed) == [CardRevealed(picked.card, Zone.hand(1), 1)]


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-A10", "RULING-B8")
@pytest.mark.rule("RULING-C9")
def test_arlus_hits_both_neighbours_left_first() -> None:
    """Arlus, "Each neighboring player reveals ...": in 3 players both opponents are
    neighbours; a Gold and a Red do both things."""
    game = (Scenario(3).hand(0, "arlus").hand(1, "sevro").hand(2, "harmony")
            .deploy(0, "arlus", Location.MARS))
    _no_block(game, 1)
    assert [e.source for e in _picked(game.events)] == [Zone.hand(1), Zone.hand(2)]
    assert CardBanished("sevro", Zone.hand(1)) in game.events
    assert CardBanished("arlus", Zone.at(Location.MARS)) in game.events


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-A10")
def test_arlus_skips_players_who_are_not_neighbours() -> None:
    """Arlus, "Each neighboring player ...": in 4 players the player opposite is not hit."""
    game = (Scenario(4).hand(0, "arlus").hand(1, "orator").hand(2, "sevro").hand(3, "lawyer")
            .deploy(0, "arlus", Location.MARS))
    assert [e.source for e in _picked(game.events)] == [Zone.hand(1), Zone.hand(3)]
    assert game.state.hand(2) == ("sevro",)


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-C9")
def test_arlus_is_banished_once_for_two_reds() -> None:
    """Arlus, "If it is Red, banish Arlus.": two Reds revealed banish him once."""
    game = (Scenario(3).hand(0, "arlus").hand(1, "deanna").hand(2, "harmony")
            .deploy(0, "arlus", Location.MARS))
    assert _kinds(game.events, CardBanished) == [CardBanished("arlus", Zone.at(Location.MARS))]


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-A23")
def test_arlus_skips_a_neighbour_with_an_empty_hand() -> None:
    """Arlus, "... reveals a random card from their hand.": an empty hand reveals nothing."""
    game = Scenario(2).hand(0, "arlus").deploy(0, "arlus", Location.MARS)
    assert game.is_over and not _picked(game.events)


@pytest.mark.card("arlus", "the_howlers")
@pytest.mark.rule("RULING-A13")
def test_arlus_gold_banish_blocked_by_the_revealed_howlers_itself() -> None:
    """The Howlers, "When an opponent tries to steal or banish your cards, reveal this to block
    them.": Arlus reveals The Howlers (a Gold), which then blocks its own banish."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "the_howlers")
            .deploy(0, "arlus", Location.MARS))
    assert game.pending is not None and game.pending.seat == 1
    assert set(game.pending.options) == {Answer.NO, PickCard("the_howlers")}
    events = play(game, PickCard("the_howlers"))
    assert BlockUsed(1, "the_howlers", 0) in events
    assert not _kinds(events, CardBanished)
    assert game.state.hand(1) == ("the_howlers",)


@pytest.mark.card("arlus", "pax_au_telemanus")
@pytest.mark.rule("RULING-A13")
def test_arlus_gold_banish_block_may_be_declined() -> None:
    """Pax au Telemanus, "... reveal this to block them.": declining lets the Gold go."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "pax_au_telemanus")
            .deploy(0, "arlus", Location.MARS))
    events = play(game, Answer.NO)
    assert CardBanished("pax_au_telemanus", Zone.hand(1)) in events


@pytest.mark.card("arlus", "judge")
@pytest.mark.rule("RULING-A13")
def test_arlus_gold_banish_blocked_by_judge() -> None:
    """Judge, "... reveal this to block them.": a Judge in hand blocks the banish of the revealed
    Gold."""
    game = (Scenario(2).hand(0, "arlus").hand(1, "sevro", "judge")
            .deploy(0, "arlus", Location.MARS, seed=0))
    assert _picked(game.events) == [CardSelectedAtRandom("sevro", Zone.hand(1))]  # seed 0
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, PickCard("judge"))
    assert BlockUsed(1, "judge", 0) in events and not _kinds(events, CardBanished)
    assert game.state.hand(1) == ("sevro", "judge")


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-V1", "RULING-A30", "RULING-B8")
def test_arlus_variant_skips_neighbours_at_their_starting_hand() -> None:
    """Arlus under the official variant: a neighbour with no more cards than their starting hand
    (6 for Ceres) is skipped; one with more is hit."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).hand(0, "arlus")
            .hand(1, *SIX_GOLDS_A).hand(2, *SIX_GOLDS_B)
            .deploy(0, "arlus", Location.MARS))
    [picked] = _picked(game.events)
    assert picked.source == Zone.hand(2)  # seat 1 is Ceres with 6; seat 2 is Diana with 6
    _no_block(game, 2)
    assert CardBanished(picked.card, Zone.hand(2)) in game.events
    assert len(game.state.hand(1)) == 6


@pytest.mark.card("arlus")
@pytest.mark.rule("RULING-V1")
def test_arlus_variant_with_no_neighbour_qualifying_still_deploys() -> None:
    """Arlus under the official variant: with every neighbour at their starting hand, nobody
    reveals anything."""
    game = (Scenario(2, ruleset=Ruleset(protect_small_hands=True)).hand(0, "arlus")
            .hand(1, *SIX_GOLDS_A).deploy(0, "arlus", Location.MARS))
    assert game.is_over and not _picked(game.events)
    assert game.state.top(Location.MARS) == "arlus"


# --- Dancer --------------------------------------------------------------------------------


@pytest.mark.card("dancer")
@pytest.mark.rule("RULING-C9")
def test_dancer_reveals_two_other_reds_for_two_more_helium() -> None:
    """Dancer, "Gain 1 Helium. If you have 2 or more other Reds, reveal them to gain 2 more
    Helium."."""
    game = (Scenario(2).hand(0, "dancer", "deanna", "harmony", "sevro")
            .deploy(0, "dancer", Location.MARS))
    assert _kinds(game.events, CardRevealed) == [
        CardRevealed("deanna", Zone.hand(0), 0), CardRevealed("harmony", Zone.hand(0), 0)]
    assert _kinds(game.events, HeliumGained) == [HeliumGained(0, 1), HeliumGained(0, 2)]
    assert game.state.players[0].helium == 3


@pytest.mark.card("dancer")
def test_dancer_with_one_other_red_gains_one_helium() -> None:
    """Dancer, "If you have 2 or more other Reds, ...": one other Red is not enough."""
    game = (Scenario(2).hand(0, "dancer", "deanna", "sevro").at(Location.LUNA, "harmony")
            .deploy(0, "dancer", Location.MARS))
    assert not _kinds(game.events, CardRevealed)
    assert game.state.players[0].helium == 1


# --- Darrow --------------------------------------------------------------------------------


@pytest.mark.card("darrow")
@pytest.mark.rule("RULING-A15", "RULING-A19")
def test_darrow_deployed_on_a_gold_gains_a_non_gold_and_stays() -> None:
    """Darrow, "Gain any other non-Gold from this location. Banish Darrow unless you deployed
    him on a Gold."."""
    game = (Scenario(2).hand(0, "darrow").at(Location.MARS, "orator", "deanna", "cassius", "sevro")
            .deploy(0, "darrow", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("orator"), PickCard("deanna")}
    events = play(game, PickCard("orator"))
    assert CardGained(0, "orator", Zone.at(Location.MARS)) in events
    assert not _kinds(events, CardBanished)
    assert game.state.top(Location.MARS) == "darrow"


@pytest.mark.card("darrow")
def test_darrow_not_deployed_on_a_gold_is_banished() -> None:
    """Darrow, "Banish Darrow unless you deployed him on a Gold.": on a Red, he gains it and is
    banished."""
    game = (Scenario(2).hand(0, "darrow").at(Location.MARS, "sevro", "deanna")
            .deploy(0, "darrow", Location.MARS))
    assert CardGained(0, "deanna", Zone.at(Location.MARS)) in game.events
    assert CardBanished("darrow", Zone.at(Location.MARS)) in game.events


@pytest.mark.card("darrow")
@pytest.mark.rule("RULING-A19")
def test_darrow_on_an_empty_location_is_banished() -> None:
    """Darrow, "Banish Darrow unless you deployed him on a Gold.": deployed on no card, he gains
    nothing and is banished."""
    game = Scenario(2).hand(0, "darrow").deploy(0, "darrow", Location.MARS)
    assert not _kinds(game.events, CardGained)
    assert CardBanished("darrow", Zone.at(Location.MARS)) in game.events


@pytest.mark.card("darrow")
@pytest.mark.rule("RULING-A1")
@pytest.mark.rule("RULING-C5")
def test_darrow_face_down_gold_is_a_non_gold() -> None:
    """Darrow, "Gain any other non-Gold ... unless you deployed him on a Gold.": a face-down Gold
    may be gained and is not a Gold to be deployed on."""
    game = (Scenario(2).hand(0, "darrow").at(Location.MARS, "sevro", face_down=["sevro"])
            .deploy(0, "darrow", Location.MARS))
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in game.events
    assert CardBanished("darrow", Zone.at(Location.MARS)) in game.events


@pytest.mark.card("darrow")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C10")
def test_darrow_on_a_gold_with_only_golds_gains_nothing_and_stays() -> None:
    """Darrow, "Gain any other non-Gold from this location.": only Golds there, nothing gained,
    and he stays on his Gold."""
    game = (Scenario(2).hand(0, "darrow").at(Location.MARS, "cassius", "sevro")
            .deploy(0, "darrow", Location.MARS))
    assert game.is_over
    assert not _kinds(game.events, CardGained) and not _kinds(game.events, CardBanished)


# --- Deanna --------------------------------------------------------------------------------


@pytest.mark.card("deanna")
def test_deanna_gains_one_helium() -> None:
    """Deanna, "Gain 1 Helium."."""
    game = Scenario(2).hand(0, "deanna").deploy(0, "deanna", Location.JUPITER)
    assert _kinds(game.events, HeliumGained) == [HeliumGained(0, 1)]
    assert game.is_over


# --- Eo ------------------------------------------------------------------------------------


@pytest.mark.card("eo")
@pytest.mark.rule("RULING-C9", "RULING-B8")
def test_eo_opponents_reveal_a_red_or_lose_helium() -> None:
    """Eo, "Each opponent must reveal a Red. If they can't, they lose 1 Helium.": every
    opponent is asked; one without a Red answers no."""
    game = (Scenario(3).hand(0, "eo").hand(1, "deanna", "harmony", "sevro").hand(2, "cassius")
            .tokens(1, helium=2).tokens(2, helium=2).deploy(0, "eo", Location.LUNA))
    assert game.pending is not None and game.pending.seat == 1  # the opponent picks the Red
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("harmony")}
    events = play(game, PickCard("harmony"))
    assert CardRevealed("harmony", Zone.hand(1), 1) in events
    assert game.pending is not None and game.pending.seat == 2
    assert (game.pending.ask, game.pending.options) == (Ask.CARD, (Answer.NO,))
    events = play(game, Answer.NO)
    assert HeliumLost(2, 1) in events
    assert [p.helium for p in game.state.players] == [0, 2, 1]
    assert game.is_over


@pytest.mark.card("eo")
@pytest.mark.rule("RULING-B8")
def test_eo_single_red_is_still_asked() -> None:
    """Eo, "Each opponent must reveal a Red.": with one Red the opponent is still asked (the
    question must not tell whether they hold more), the Red its only answer; no Helium
    lost."""
    game = (Scenario(2).hand(0, "eo").hand(1, "deanna", "sevro").tokens(1, helium=1)
            .deploy(0, "eo", Location.LUNA))
    assert game.pending is not None and game.pending.seat == 1
    assert (game.pending.ask, game.pending.options) == (Ask.CARD, (PickCard("deanna"),))
    play(game, PickCard("deanna"))
    assert game.is_over
    assert CardRevealed("deanna", Zone.hand(1), 1) in game.events
    assert game.state.players[1].helium == 1


@pytest.mark.card("eo")
@pytest.mark.rule("RULING-A23", "RULING-B8")
def test_eo_opponent_with_no_red_and_no_helium_loses_nothing() -> None:
    """Eo, "If they can't, they lose 1 Helium.": asked, the opponent can only say no; with no
    Helium there is nothing to lose."""
    game = Scenario(2).hand(0, "eo").hand(1, "sevro").deploy(0, "eo", Location.LUNA)
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.options == (Answer.NO,)
    play(game, Answer.NO)
    assert game.is_over and not _kinds(game.events, HeliumLost)


# --- Harmony -------------------------------------------------------------------------------


@pytest.mark.card("harmony")
def test_harmony_chosen_opponent_loses_one_helium() -> None:
    """Harmony, "An opponent of your choice loses 1 Helium."."""
    game = (Scenario(3).hand(0, "harmony").tokens(1, helium=3).tokens(2, helium=3)
            .deploy(0, "harmony", Location.INSTITUTE))
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    events = play(game, PickPlayer(2))
    assert HeliumLost(2, 1) in events
    assert [p.helium for p in game.state.players] == [0, 3, 2]


@pytest.mark.card("harmony")
def test_harmony_single_opponent_is_chosen_without_asking() -> None:
    """Harmony, "An opponent of your choice loses 1 Helium.": one opponent, no question."""
    game = (Scenario(2).hand(0, "harmony").tokens(1, helium=1)
            .deploy(0, "harmony", Location.INSTITUTE))
    assert game.is_over and HeliumLost(1, 1) in game.events


@pytest.mark.card("harmony")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C10")
def test_harmony_opponent_without_helium_loses_nothing() -> None:
    """Harmony, "... loses 1 Helium.": an opponent with none loses nothing."""
    game = Scenario(2).hand(0, "harmony").deploy(0, "harmony", Location.INSTITUTE)
    assert game.is_over and not _kinds(game.events, HeliumLost)


# --- Uncle Narol ---------------------------------------------------------------------------


@pytest.mark.card("uncle_narol")
def test_uncle_narol_gains_two_helium_in_one_gain() -> None:
    """Uncle Narol, "Gain 2 Helium.": one gain of 2, nothing else."""
    game = Scenario(2).hand(0, "uncle_narol").deploy(0, "uncle_narol", Location.LUNA)
    assert _kinds(game.events, HeliumGained) == [HeliumGained(0, 2)]


@pytest.mark.card("arlus", "the_howlers", "pax_au_telemanus")
@pytest.mark.rule("RULING-A13", "RR-BLOCK-4")
def test_arlus_each_neighbour_is_asked_about_their_own_gold() -> None:
    """Arlus, "Each neighboring player reveals a random card from their hand. If it is Gold,
    banish that card.": each neighbour whose Gold is revealed is asked, in turn, whether to
    block its banish; one's answer does not cover the other."""
    game = (Scenario(3).hand(0, "arlus").hand(1, "the_howlers").hand(2, "pax_au_telemanus")
            .deploy(0, "arlus", Location.MARS))
    assert game.pending is not None and game.pending.seat == 1
    assert set(game.pending.options) == {Answer.NO, PickCard("the_howlers")}
    events = play(game, Answer.NO)
    assert CardBanished("the_howlers", Zone.hand(1)) in events
    assert game.pending is not None and game.pending.seat == 2
    events = play(game, PickCard("pax_au_telemanus"))
    assert BlockUsed(2, "pax_au_telemanus", 0) in events
    assert game.state.hand(2) == ("pax_au_telemanus",) and game.state.hand(1) == ()
    assert game.is_over


@pytest.mark.card("arlus")
@pytest.mark.rule("RR-ABIL-13")
def test_arlus_random_card_accepts_only_a_card_of_that_hand() -> None:
    """Arlus, "Each neighboring player reveals a random card from their hand.": the random card
    is recorded; a recorded one read back (on resume) is accepted only if it is a card of that
    player's hand, picked from that hand."""
    state = Scenario(2).hand(0, "arlus").hand(1, "sevro", "deanna").state()
    p = Play(Table(state), 0, CardId("arlus"), Location.MARS, None, None, hooks())
    chance = _random_card(p, 1)
    assert chance.accepts(CardSelectedAtRandom("deanna", Zone.hand(1)))
    assert not chance.accepts(CardSelectedAtRandom("arlus", Zone.hand(1)))
    assert not chance.accepts(CardSelectedAtRandom("deanna", Zone.hand(0)))
    assert not chance.accepts(HeliumLost(1, 1))
