"""RR-TURN-*: a turn is one Lead or one Scout; turn order; left and right."""

from __future__ import annotations

import pytest

from rr.agents.random import RandomAgent
from rr.decisions import Ask, ByRule
from rr.effects.play import Play
from rr.effects.program import Table
from rr.engine import Game
from rr.errors import IllegalChoiceError
from rr.events.types import (
    CardDeployed, CardGained, DecisionMade, HeliumGained, TurnEnded, TurnKind, TurnStarted,
)
from rr.model import House, Location, Zone
from rr.options import Answer, GainTop, Lead, Scout
from rr.rules.turn import hooks
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type, run_game

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


@pytest.mark.rule("RR-TURN-1", "RR-LEAD-1", "RR-SCOUT-1")
def test_turn_options_are_every_card_on_every_location_and_scout() -> None:
    """Given a hand of Judge and Martyr and a deck, when the turn starts, then P0 is asked
    exactly Lead(card, location) for both cards on the four locations, plus Scout."""
    game = Scenario(2).hand(0, "judge", "martyr").turn(0)
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.TURN, ByRule("RR-TURN-1"))
    assert decision.options == (
        Lead("judge", J), Lead("judge", M), Lead("judge", L), Lead("judge", INS),
        Lead("martyr", J), Lead("martyr", M), Lead("martyr", L), Lead("martyr", INS),
        Scout(),
    )


@pytest.mark.rule("RR-TURN-1")
def test_passing_is_not_an_option() -> None:
    """Given the Lead-or-Scout decision, when P0 tries to pass (answer no), then the choice
    is refused and nothing happens."""
    game = Scenario(2).hand(0, "judge").turn(0)
    before = game.events
    with pytest.raises(IllegalChoiceError) as err:
        game.choose(Answer.NO)
    assert err.value.rule == "RR-TURN-1"
    assert game.events == before


@pytest.mark.rule("RR-TURN-1", "RR-LEAD-3", "RR-BONUS-2")
def test_a_lead_is_resolved_in_full_before_the_turn_ends() -> None:
    """Given Judge in hand and Howlers on Mars, when P0 leads Judge on Luna and gains from
    Mars, then the turn is exactly: deploy, gain, Helium, end of turn."""
    game = Scenario(2).hand(0, "judge").at(M, "the_howlers").turn(0)
    events = play(game, Lead("judge", L), GainTop(M))
    assert events == (
        DecisionMade(0, ByRule("RR-TURN-1"), Lead("judge", L)),
        CardDeployed(0, "judge", L),
        DecisionMade(0, ByRule("RR-LEAD-3"), GainTop(M)),
        CardGained(0, "the_howlers", Zone.at(M)),
        HeliumGained(0, 1),
        TurnEnded(0),
    )
    assert game.is_over


@pytest.mark.rule("RR-TURN-2")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_turns_go_clockwise_from_the_first_player(stubs: Stubs, players: int,
                                                  seed: int) -> None:
    """Given a random game (abilities stubbed out), then its normal turns are taken by the
    first player, then each next seat in order, wrapping to seat 0."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    while not game.is_over:
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    first = game.state.first_player
    assert first is not None
    normal = [e.seat for e in of_type(game.events, TurnStarted) if e.kind is TurnKind.NORMAL]
    assert normal == [(first + i) % players for i in range(len(normal))]
    assert len(normal) % players == 0


@pytest.mark.rule("RR-TURN-2", "RR-END-3")
def test_a_round_starts_with_the_first_player(stubs: Stubs) -> None:
    """Given three players, first player seat 2, seat 0 one Helium short of ending, empty hands
    and deck, when each leads taking Mars' top card, then turns run 2, 0, 1 and the game ends."""
    scenario = (Scenario(3).house(0, House.MARS).house(1, House.DIANA).house(2, House.JUPITER)
                .first_player(2).tokens(0, helium=6, fleet=7)
                .at(M, "judge", "martyr", "justice").deck_only())
    game = run_game(scenario)  # every choice is forced: nothing is asked
    assert [e.seat for e in of_type(game.events, TurnStarted)
            if e.kind is TurnKind.NORMAL] == [2, 0, 1]
    assert [e.card for e in of_type(game.events, CardGained)] == ["justice", "martyr", "judge"]
    assert game.is_over


@pytest.mark.rule("RR-TURN-3")
def test_left_and_right() -> None:
    """Given four players, then the player to seat 3's left is seat 0 and to seat 0's right is
    seat 3; with two players the opponent is both neighbours."""
    four = Scenario(4).state()
    assert (four.next_seat(3), four.previous_seat(0), four.next_seat(1)) == (0, 3, 2)
    two = Scenario(2).state()
    assert two.next_seat(0) == two.previous_seat(0) == 1


@pytest.mark.rule("RR-TURN-3", "RR-ABIL-14")
def test_opponents_listed_clockwise_from_the_left() -> None:
    """Given a card resolved by seat 2 of 4, then its opponents are seats 3, 0, 1; with two
    players the single opponent appears once and the neutral house is not one."""
    def play_of(players: int, seat: int) -> Play:
        table = Table(Scenario(players).state())
        return Play(table, seat, "judge", L, None, None, hooks())

    assert play_of(4, 2).opponents == (3, 0, 1)
    assert play_of(2, 0).opponents == (1,)
    assert play_of(2, 1).opponents == (0,)
