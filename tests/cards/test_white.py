"""White card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rr.decisions import Ask
from rr.effects import Program, Table, banish, is_blocked
from rr.events.types import (
    BlockUsed, CardBanished, CardGained, CardPassed, CardPlaced, CardRevealed, PointsScored,
    SovereignTaken,
)
from rr.model import CardId, House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickFaceDown, PickPlayer
from rr.rules.end import end_of_game
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play


def _opponent_banishes(card: str) -> Callable[[Table], Program[None]]:
    """A rules program: P1 tries to banish ``card`` from P2's hand (as Aja's victim would)."""

    def program(table: Table) -> Program[None]:
        if not (yield from is_blocked(table, 0, 1, "banish a card from your hand")):
            yield from banish(table, CardId(card))

    return program


_SIX = ("harmony", "darrow", "eo", "dancer", "arlus", "uncle_narol")
"""Six cards: more than a starting hand of 5."""


# --- Judge --------------------------------------------------------------------------------------


@pytest.mark.card("judge", "tactus")
@pytest.mark.rule("RULING-A13")
def test_judge_blocks_a_steal() -> None:
    """Judge, "When an opponent tries to steal or banish any of your cards, reveal this to block
    them.": Tactus' steal fails and Judge goes back to the hand."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "judge", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS), PickPlayer(1))
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.BLOCK
    assert set(game.pending.options) == {Answer.NO, PickCard("judge")}
    events = play(game, PickCard("judge"))
    assert BlockUsed(1, "judge", 0) in events
    assert not any(isinstance(e, CardPassed) for e in events)
    assert game.state.hand(1) == ("judge", "deanna")


@pytest.mark.card("judge", "tactus")
def test_judge_block_may_be_declined() -> None:
    """Judge, "reveal this to block them.": a block is never compulsory; the steal goes on."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "judge", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS), PickPlayer(1), Answer.NO)
    events = play(game, PickCard("judge"))
    assert CardPassed("judge", 1, 0) in events


@pytest.mark.card("judge")
@pytest.mark.rule("RR-BLOCK-2")
def test_judge_blocks_a_banish() -> None:
    """Judge, "When an opponent tries to steal or banish any of your cards, reveal this to block
    them.": the banish of a card from the hand fails."""
    game = Scenario(2).hand(1, "judge", "deanna").run(_opponent_banishes("deanna"))
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, PickCard("judge"))
    assert BlockUsed(1, "judge", 0) in events
    assert not any(isinstance(e, CardBanished) for e in events)
    assert game.state.hand(1) == ("judge", "deanna")


@pytest.mark.card("judge", "tactus")
@pytest.mark.rule("RULING-V1")
def test_judge_holder_with_a_small_hand_is_not_even_targeted_under_the_variant() -> None:
    """Judge, "When an opponent tries to steal ...": under the multiplayer variant a player at
    their starting hand size cannot be chosen, so no block is asked."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).house(1, House.MARS)
            .hand(0, "tactus").hand(1, "judge", "deanna").hand(2, *_SIX)
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS))
    assert game.pending is not None
    assert PickPlayer(1) not in game.pending.options
    assert PickPlayer(2) in game.pending.options


# --- Justice ------------------------------------------------------------------------------------


def _luna_gain(blocker: str) -> Scenario:
    """P1 (House Mars) will gain from Luna while P2 holds the Sovereign token and ``blocker``."""
    return (Scenario(2).house(0, House.MARS).hand(0, "pax_au_telemanus").hand(1, blocker)
            .sovereign(1).at(Location.LUNA, "harmony").deck_top("sevro"))


@pytest.mark.card("justice")
@pytest.mark.rule("RULING-A14")
def test_justice_blocks_taking_the_sovereign_token() -> None:
    """Justice, "If an opponent tries to take the Sovereign token from you, you may block them by
    revealing and banishing this card, then gain the top card of the deck."."""
    game = _luna_gain("justice").turn(0)
    play(game, Lead("pax_au_telemanus", Location.MARS), GainTop(Location.LUNA))
    assert game.pending is not None and game.pending.seat == 1
    assert set(game.pending.options) == {Answer.NO, PickCard("justice")}
    events = play(game, PickCard("justice"))
    assert CardBanished("justice", Zone.hand(1)) in events
    assert CardGained(1, "sevro", Zone.deck()) in events
    assert not any(isinstance(e, SovereignTaken) for e in events)
    assert game.state.sovereign == 1
    assert game.state.players[0].helium == 0  # no house ability: the token was not gained


@pytest.mark.card("justice")
def test_justice_block_may_be_declined() -> None:
    """Justice, "you may block them": declining lets the opponent take the token."""
    game = _luna_gain("justice").turn(0)
    play(game, Lead("pax_au_telemanus", Location.MARS), GainTop(Location.LUNA), Answer.NO)
    assert game.state.sovereign == 0
    assert game.state.hand(1) == ("justice",)
    assert game.state.players[0].helium == 1  # House Mars


@pytest.mark.card("justice")
@pytest.mark.rule("RULING-A15")
def test_justice_at_the_end_gains_any_card_of_luna() -> None:
    """Justice, "If you have the Sovereign token, gain 1 card of your choice from Luna.": any
    card of the stack, not only the top one."""
    game = (Scenario(2).hand(0, "justice").sovereign(0)
            .at(Location.LUNA, "sevro", "deanna").at(Location.MARS, "harmony")
            .ability(0, "justice"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("deanna")}
    events = play(game, PickCard("sevro"))
    assert CardGained(0, "sevro", Zone.at(Location.LUNA)) in events
    assert game.state.hand(0) == ("justice", "sevro")


@pytest.mark.card("justice", "firewall_expert")
@pytest.mark.rule("RULING-A15", "RULING-B8")
def test_justice_at_the_end_takes_a_face_down_card_by_where_it_lies() -> None:
    """Justice, "If you have the Sovereign token, gain 1 card of your choice from Luna.": a
    face-down card is offered by where it lies; the card it is ends in the hand."""
    game = (Scenario(2).hand(0, "justice").sovereign(0)
            .at(Location.LUNA, "sevro", "deanna", face_down=["sevro"]).ability(0, "justice"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickFaceDown(Location.LUNA, 1), PickCard("deanna")}
    events = play(game, PickFaceDown(Location.LUNA, 1))
    assert CardGained(0, "sevro", Zone.at(Location.LUNA)) in events
    assert game.state.hand(0) == ("justice", "sevro")
    assert game.state.stack(Location.LUNA) == ("deanna",)


@pytest.mark.card("justice")
def test_justice_at_the_end_without_the_token_does_nothing() -> None:
    """Justice, "If you have the Sovereign token, ...": an opponent holds it, nothing is gained."""
    game = (Scenario(2).hand(0, "justice").sovereign(1).at(Location.LUNA, "sevro")
            .ability(0, "justice"))
    assert game.is_over and game.state.hand(0) == ("justice",)


@pytest.mark.card("justice")
@pytest.mark.rule("RULING-A23")
def test_justice_at_the_end_with_luna_empty_does_nothing() -> None:
    """Justice, "gain 1 card of your choice from Luna.": an empty Luna gives nothing."""
    game = Scenario(2).hand(0, "justice").sovereign(0).ability(0, "justice")
    assert game.is_over and game.state.hand(0) == ("justice",)


# --- Magistrate ---------------------------------------------------------------------------------


@pytest.mark.card("magistrate")
def test_magistrate_with_the_token_gains_1_helium() -> None:
    """Magistrate, "If you have the Sovereign token, gain 1 Helium."."""
    game = Scenario(2).hand(0, "magistrate").sovereign(0).deploy(0, "magistrate", Location.MARS)
    assert game.is_over and game.state.players[0].helium == 1


@pytest.mark.card("magistrate")
def test_magistrate_without_the_token_gains_nothing() -> None:
    """Magistrate, "If you have the Sovereign token, ...": an opponent's token gives nothing."""
    game = Scenario(2).hand(0, "magistrate").sovereign(1).deploy(0, "magistrate", Location.MARS)
    assert game.is_over and game.state.players[0].helium == 0


# --- Martyr -------------------------------------------------------------------------------------


@pytest.mark.card("martyr")
@pytest.mark.rule("RULING-A14")
def test_martyr_blocks_taking_the_sovereign_token() -> None:
    """Martyr, "If an opponent tries to take the Sovereign token from you, you may block them by
    revealing and banishing this card, then gain the top card of the deck."."""
    game = _luna_gain("martyr").turn(0)
    play(game, Lead("pax_au_telemanus", Location.MARS), GainTop(Location.LUNA))
    assert game.pending is not None and game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("martyr"))
    assert BlockUsed(1, "martyr", 0) in events
    assert CardBanished("martyr", Zone.hand(1)) in events
    assert game.state.hand(1) == ("sevro",)
    assert game.state.sovereign == 1


@pytest.mark.card("martyr")
@pytest.mark.rule("RULING-A14")
def test_martyr_block_with_an_empty_deck_gains_nothing() -> None:
    """Martyr, "... then gain the top card of the deck.": with no deck the block still works."""
    game = (Scenario(2).house(0, House.MARS).hand(0, "pax_au_telemanus").hand(1, "martyr")
            .sovereign(1).at(Location.LUNA, "harmony").deck_only().turn(0))
    # Luna is the only place left to gain from: the final step is forced.
    play(game, Lead("pax_au_telemanus", Location.MARS), PickCard("martyr"))
    assert game.state.sovereign == 1 and game.state.hand(1) == ()


@pytest.mark.card("martyr")
@pytest.mark.rule("RULING-A21")
def test_martyr_cannot_block_its_owner_regaining_the_token() -> None:
    """Martyr, "If an opponent tries to take the Sovereign token from you": your own gain of
    the token you hold is no take, so nothing is asked."""
    game = (Scenario(2).house(0, House.MARS).hand(0, "pax_au_telemanus", "martyr").sovereign(0)
            .at(Location.LUNA, "harmony").turn(0))
    play(game, Lead("pax_au_telemanus", Location.MARS), GainTop(Location.LUNA))
    assert game.is_over and game.state.hand(0) == ("martyr", "harmony")


@pytest.mark.card("martyr")
def test_martyr_at_the_end_gains_any_card_of_mars() -> None:
    """Martyr, "If you have the Sovereign token, gain 1 card of your choice from Mars."."""
    game = (Scenario(2).hand(0, "martyr").sovereign(0)
            .at(Location.MARS, "sevro", "deanna").at(Location.LUNA, "harmony")
            .ability(0, "martyr"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("deanna")}
    play(game, PickCard("deanna"))
    assert game.state.hand(0) == ("martyr", "deanna")


@pytest.mark.card("martyr", "firewall_expert")
@pytest.mark.rule("RULING-A15", "RULING-B8")
def test_martyr_at_the_end_takes_a_face_down_card_by_where_it_lies() -> None:
    """Martyr, "If you have the Sovereign token, gain 1 card of your choice from Mars.": a
    face-down card is offered by where it lies; the card it is ends in the hand."""
    game = (Scenario(2).hand(0, "martyr").sovereign(0)
            .at(Location.MARS, "deanna", "sevro", face_down=["sevro"]).ability(0, "martyr"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("deanna"), PickFaceDown(Location.MARS, 0)}
    events = play(game, PickFaceDown(Location.MARS, 0))
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in events
    assert game.state.hand(0) == ("martyr", "sevro")
    assert game.state.stack(Location.MARS) == ("deanna",)


@pytest.mark.card("martyr")
def test_martyr_at_the_end_without_the_token_does_nothing() -> None:
    """Martyr, "If you have the Sovereign token, ...": nobody holds it, nothing is gained."""
    game = Scenario(2).hand(0, "martyr").at(Location.MARS, "sevro").ability(0, "martyr")
    assert game.is_over and game.state.hand(0) == ("martyr",)


@pytest.mark.card("martyr")
@pytest.mark.rule("RULING-A23")
def test_martyr_at_the_end_with_mars_empty_does_nothing() -> None:
    """Martyr, "gain 1 card of your choice from Mars.": an empty Mars gives nothing."""
    game = Scenario(2).hand(0, "martyr").sovereign(0).ability(0, "martyr")
    assert game.is_over and game.state.hand(0) == ("martyr",)


@pytest.mark.card("martyr", "hacker")
@pytest.mark.rule("RULING-A28", "RR-END-9", "RULING-B9")
def test_martyr_at_the_end_gains_a_card_whose_own_end_of_game_ability_then_resolves() -> None:
    """Martyr, "If you have the Sovereign token, gain 1 card of your choice from Mars.": the
    Hacker gained joins the hand while its owner is still resolving and is shown, so Hacker's
    "Reveal the top card of the deck. Gain points equal to that card's core value." resolves
    too, and Hacker scores its core value (15) besides."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.DIANA).hand(0, "martyr")
            .sovereign(0).at(Location.MARS, "hacker").deck_top("quicksilver")
            .end_triggered(0).run(end_of_game))
    assert game.is_over
    gained = game.events.index(CardGained(0, "hacker", Zone.at(Location.MARS)))
    assert game.events[gained + 1:gained + 4] == (CardRevealed("hacker", Zone.hand(0), 0),
                                                  CardRevealed("quicksilver", Zone.deck(), 0),
                                                  PointsScored(0, "hacker", 40))
    assert game.state.hand(0) == ("martyr", "hacker")
    # Martyr 15 + Hacker 15 + its 40 points + the Sovereign token 10.
    assert game.state.totals == (15 + 15 + 40 + 10, 0)


# --- Orator -------------------------------------------------------------------------------------


@pytest.mark.card("orator")
def test_orator_with_the_token_places_1_influence() -> None:
    """Orator, "If you have the Sovereign token, place 1 Influence on the Institute."."""
    game = Scenario(2).hand(0, "orator").sovereign(0).deploy(0, "orator", Location.MARS)
    assert game.is_over and game.state.players[0].influence == 1


@pytest.mark.card("orator")
def test_orator_without_the_token_places_nothing() -> None:
    """Orator, "If you have the Sovereign token, ...": without it, nothing."""
    game = Scenario(2).hand(0, "orator").deploy(0, "orator", Location.MARS)
    assert game.is_over and game.state.players[0].influence == 0


@pytest.mark.card("orator")
@pytest.mark.rule("RULING-A26")
def test_orator_with_no_influence_left_places_nothing() -> None:
    """Orator, "place 1 Influence on the Institute.": all 10 placed, nothing more."""
    game = (Scenario(2).hand(0, "orator").sovereign(0).tokens(0, influence=10)
            .deploy(0, "orator", Location.MARS))
    assert game.state.players[0].influence == 10


# --- Priestess ----------------------------------------------------------------------------------


@pytest.mark.card("priestess")
def test_priestess_with_the_token_advances_once() -> None:
    """Priestess, "If you have the Sovereign token, advance once on the Fleet Track."."""
    game = Scenario(2).hand(0, "priestess").sovereign(0).deploy(0, "priestess", Location.MARS)
    assert game.is_over and game.state.players[0].fleet == 1


@pytest.mark.card("priestess")
def test_priestess_without_the_token_stays() -> None:
    """Priestess, "If you have the Sovereign token, ...": an opponent's token gives nothing."""
    game = Scenario(2).hand(0, "priestess").sovereign(1).deploy(0, "priestess", Location.MARS)
    assert game.is_over and game.state.players[0].fleet == 0


@pytest.mark.card("priestess")
@pytest.mark.rule("RULING-A26")
def test_priestess_at_fleet_10_stays() -> None:
    """Priestess, "advance once on the Fleet Track.": never past 10."""
    game = (Scenario(2).hand(0, "priestess").sovereign(0).tokens(0, fleet=10)
            .deploy(0, "priestess", Location.MARS))
    assert game.state.players[0].fleet == 10


# --- Seer ---------------------------------------------------------------------------------------


@pytest.mark.card("seer")
@pytest.mark.rule("RR-ABIL-3")
def test_seer_with_the_token_places_the_deck_top_on_another_location() -> None:
    """Seer, "If you have the Sovereign token, reveal the top card of the deck and place (not
    deploy) it on another location.": any location but Seer's own; no ability, no bonus."""
    game = (Scenario(2).hand(0, "seer").sovereign(0).deck_top("uncle_narol")
            .deploy(0, "seer", Location.MARS))
    assert CardRevealed("uncle_narol", Zone.deck(), 0) in game.events
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert set(game.pending.options) == {Location.JUPITER, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert CardPlaced("uncle_narol", Zone.deck(), Location.LUNA) in events
    assert game.state.top(Location.LUNA) == "uncle_narol"
    assert game.state.players[0].helium == 0  # placed, not deployed: Uncle Narol does nothing
    assert game.state.sovereign == 0  # and no Luna bonus


@pytest.mark.card("seer")
def test_seer_without_the_token_does_nothing() -> None:
    """Seer, "If you have the Sovereign token, ...": without it the deck is untouched."""
    game = Scenario(2).hand(0, "seer").deck_top("uncle_narol").deploy(0, "seer", Location.MARS)
    assert game.is_over and game.state.deck[-1] == "uncle_narol"


@pytest.mark.card("seer")
@pytest.mark.rule("RULING-A23")
def test_seer_with_an_empty_deck_does_nothing() -> None:
    """Seer, "reveal the top card of the deck": an empty deck gives nothing to place."""
    game = Scenario(2).hand(0, "seer").sovereign(0).deck_only().deploy(0, "seer", Location.MARS)
    assert game.is_over and game.state.stack(Location.MARS) == ("seer",)
