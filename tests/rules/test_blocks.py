"""RR-BLOCK-*: block abilities — optional, asked of the targeted player only."""

from __future__ import annotations

import pytest

from rr.decisions import Ask, ByRule
from rr.effects import Ability, Play, banish, is_blocked
from rr.engine import Game
from rr.events.types import (
    BlockUsed, CardBanished, CardGained, DecisionMade, HeliumGained,
    SovereignTaken, TurnEnded,
)
from rr.model import House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.scenario import Scenario, play
from tests.rules.support import Stubs

M, L = Location.MARS, Location.LUNA


def take_luna(scenario: Scenario) -> Game:
    """P0 (House Mars, empty hand) leads and takes Luna's top card, Judge, while P1 (House
    Diana) holds the Sovereign token; stops at the first decision after the gain."""
    game = (scenario.house(0, House.MARS).house(1, House.DIANA).sovereign(1)
            .at(L, "judge").at(M, "pax_au_telemanus").turn(0))
    events = play(game, Lead(None, None), GainTop(L))
    assert events[2] == CardGained(0, "judge", Zone.at(L))
    return game


@pytest.mark.rule("RR-BLOCK-3", "RR-BLOCK-4", "RULING-A14", "RULING-F3")
def test_martyr_blocks_a_luna_take() -> None:
    """Given P1 holds the token and Martyr, when P0 gains from Luna and P1 reveals Martyr,
    then Martyr is banished, P1 keeps the token and gains the deck's top card, and P0's
    house ability does not trigger."""
    game = take_luna(Scenario(2).hand(1, "martyr", "sevro").deck_top("the_howlers"))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (1, Ask.BLOCK, ByRule("RR-BLOCK-3"))
    assert decision.options == (Answer.NO, PickCard("martyr"))
    assert game.state.sovereign == 1  # asked before the take happens
    events = play(game, PickCard("martyr"))
    assert events == (DecisionMade(1, ByRule("RR-BLOCK-3"), PickCard("martyr")),
                      BlockUsed(1, "martyr", 0), CardBanished("martyr", Zone.hand(1)),
                      CardGained(1, "the_howlers", Zone.deck()), TurnEnded(0))
    assert game.state.sovereign == 1
    assert game.state.hand(1) == ("sevro", "the_howlers")
    assert game.state.players[0].helium == 0


@pytest.mark.rule("RR-BLOCK-3", "RULING-F3")
def test_justice_blocks_the_same_way() -> None:
    """Given P1 holds the token, Martyr and Justice, when P0 gains from Luna, then P1 may
    reveal either; revealing Justice banishes Justice only."""
    game = take_luna(Scenario(2).hand(1, "martyr", "justice").deck_top("the_howlers"))
    assert game.pending is not None
    assert game.pending.options == (Answer.NO, PickCard("martyr"), PickCard("justice"))
    events = play(game, PickCard("justice"))
    assert events[1:] == (BlockUsed(1, "justice", 0), CardBanished("justice", Zone.hand(1)),
                          CardGained(1, "the_howlers", Zone.deck()), TurnEnded(0))
    assert game.state.hand(1) == ("martyr", "the_howlers")


@pytest.mark.rule("RR-BLOCK-3", "RR-DECK-1")
def test_sovereign_block_with_an_empty_deck_gains_nothing() -> None:
    """Given an empty deck, when P1 blocks with Martyr, then the block still works and no
    card is gained."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.DIANA).sovereign(1)
            .hand(1, "martyr").at(L, "judge").deck_only().turn(0))
    assert game.pending is not None and game.pending.seat == 1  # every earlier step forced
    events = play(game, PickCard("martyr"))
    assert events[1:] == (BlockUsed(1, "martyr", 0), CardBanished("martyr", Zone.hand(1)),
                          TurnEnded(0))
    assert game.state.sovereign == 1


@pytest.mark.rule("RR-BLOCK-1")
def test_a_block_is_never_compulsory() -> None:
    """Given P1 holds the token and Martyr, when P0 gains from Luna and P1 answers no, then P0
    takes the token, House Mars triggers, and P1 keeps Martyr."""
    game = take_luna(Scenario(2).hand(1, "martyr"))
    events = play(game, Answer.NO)
    assert events == (DecisionMade(1, ByRule("RR-BLOCK-3"), Answer.NO), SovereignTaken(0),
                      HeliumGained(0, 1), TurnEnded(0))
    assert game.state.hand(1) == ("martyr",)


@pytest.mark.rule("RR-BLOCK-4", "RULING-B8")
def test_only_the_holder_is_asked() -> None:
    """Given three players, P1 holding the token without a block card and P2 holding Martyr,
    when P0 gains from Luna, then only P1 is asked ("no" its only answer) and P0 takes the
    token."""
    game = take_luna(Scenario(3).house(2, House.JUPITER).hand(2, "martyr"))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (1, Ask.BLOCK, ByRule("RR-BLOCK-3"))
    assert decision.options == (Answer.NO,)
    events = play(game, Answer.NO)
    assert events == (DecisionMade(1, ByRule("RR-BLOCK-3"), Answer.NO), SovereignTaken(0),
                      HeliumGained(0, 1), TurnEnded(0))
    assert game.is_over
    assert game.state.hand(2) == ("martyr",)


def banish_twice(p: Play) -> Ability:
    """A stand-in ability: try twice to banish Sevro from P1's hand."""
    for _ in range(2):
        blocked = yield from is_blocked(p.table, p.seat, 1, "banish your cards")
        if not blocked and "sevro" in p.state.hand(1):
            yield from banish(p.table, "sevro")
    return None


@pytest.mark.rule("RR-BLOCK-2", "RULING-A13", "RR-ABIL-6")
def test_steal_or_banish_block_returns_to_hand_and_blocks_again(stubs: Stubs) -> None:
    """Given P1 holds The Howlers and Sevro, when P0's ability tries twice to banish Sevro and
    P1 reveals The Howlers both times, then nothing is banished and The Howlers stay."""
    stubs.deploy("uncle_narol", banish_twice)
    game = (Scenario(2).hand(0, "uncle_narol").hand(1, "the_howlers", "sevro")
            .deploy(0, "uncle_narol", M))
    for _ in range(2):
        decision = game.pending
        assert decision is not None
        assert (decision.seat, decision.ask, decision.source) == (
            1, Ask.BLOCK, ByRule("RR-BLOCK-2"))
        assert decision.options == (Answer.NO, PickCard("the_howlers"))
        assert play(game, PickCard("the_howlers"))[1:] == (BlockUsed(1, "the_howlers", 0),)
    assert game.is_over
    assert game.state.hand(1) == ("the_howlers", "sevro")


@pytest.mark.rule("RR-BLOCK-2", "RR-BLOCK-1")
def test_steal_or_banish_block_declined(stubs: Stubs) -> None:
    """Given P1 holds Judge and Sevro, when P0's ability tries to banish Sevro and P1 declines,
    then Sevro is banished."""
    stubs.deploy("uncle_narol", banish_twice)
    game = (Scenario(2).hand(0, "uncle_narol").hand(1, "judge", "sevro")
            .deploy(0, "uncle_narol", M))
    events = play(game, Answer.NO)
    assert events[1:] == (CardBanished("sevro", Zone.hand(1)),)
    assert game.pending is not None and game.pending.options == (Answer.NO, PickCard("judge"))


@pytest.mark.rule("RR-BLOCK-4", "RR-BLOCK-2", "RULING-B8")
def test_steal_or_banish_block_asks_only_the_target(stubs: Stubs) -> None:
    """Given P2 holds Pax au Telemanus and P1 (the target) holds no block card, when P0's
    ability banishes Sevro from P1, then only P1 is asked, "no" its only answer."""
    stubs.deploy("uncle_narol", banish_twice)
    game = (Scenario(3).hand(0, "uncle_narol").hand(1, "sevro").hand(2, "pax_au_telemanus")
            .deploy(0, "uncle_narol", M))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (1, Ask.BLOCK, ByRule("RR-BLOCK-2"))
    assert decision.options == (Answer.NO,)
    events = play(game, Answer.NO)
    assert events[1:] == (CardBanished("sevro", Zone.hand(1)),)
    # The second attempt finds no Sevro but is still an attempt on P1's cards: asked again.
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.options == (Answer.NO,)
    play(game, Answer.NO)
    assert game.is_over
    assert not any(isinstance(e, DecisionMade) and e.seat == 2 for e in game.events)


@pytest.mark.rule("RR-BLOCK-4")
def test_a_player_cannot_block_their_own_banish(stubs: Stubs) -> None:
    """Given P0 holds The Howlers, when P0's own ability banishes a card from P0's own hand,
    then P0 is not asked to block."""

    def banish_own(p: Play) -> Ability:
        blocked = yield from is_blocked(p.table, p.seat, p.seat, "banish your cards")
        if not blocked:
            yield from banish(p.table, "sevro")
        return None

    stubs.deploy("uncle_narol", banish_own)
    game = (Scenario(2).hand(0, "uncle_narol", "the_howlers", "sevro")
            .deploy(0, "uncle_narol", M))
    assert game.is_over
    assert game.events[-1] == CardBanished("sevro", Zone.hand(0))
