"""RR-END-5..7, RR-END-9: end-of-game abilities, Ceres' banish, declarations and scoring.

End-of-game abilities are stand-ins (``stubs``) that record themselves as ``PointsScored``,
so the order the rules resolve them in is visible in the events.
"""

from __future__ import annotations

import pytest

from rr.decisions import Ask, ByCard, ByRule
from rr.effects import Play, gain
from rr.effects.program import Program
from rr.engine import Game
from rr.errors import NoDecisionPendingError
from rr.events.types import (
    AbilityMissing, CardBanished, CardDeclared, CardGained, CardRevealed, DecisionMade, GameScored,
    Phase, PhaseChanged,
    PointsScored, TurnEnded, TurnKind, TurnStarted,
)
from rr.model import Color, Declaration, House, Location, Zone
from rr.options import Answer, PickCard, PickName
from rr.rules.end import end_of_game
from rr.rules.final import final_table
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type


def record(points: int):  # type: ignore[no-untyped-def]
    """A stand-in end-of-game ability: ``points`` for its card."""

    def ability(p: Play) -> Program[None]:
        yield PointsScored(p.seat, p.card, points)

    return ability


def houses(scenario: Scenario, *chosen: House) -> Scenario:
    for seat, house in enumerate(chosen):
        scenario.house(seat, house)
    return scenario


def the_end(scenario: Scenario) -> Game:
    """The end of the game (RR-END-5..7) run from ``scenario``'s position."""
    return scenario.end_triggered(0).run(end_of_game)


@pytest.mark.rule("RR-END-5", "RR-ABIL-11", "RULING-B9")
def test_end_of_game_abilities_from_the_first_player_clockwise(stubs: Stubs) -> None:
    """Given first player P1, P1 holding Martyr and Justice, P2 Hacker and P0 Banker, then
    each player's end-of-game step opens by revealing their end-of-game cards: P1 picks the
    order of their two abilities, then P2's resolves, then P0's."""
    for card in ("martyr", "justice", "hacker", "banker"):
        stubs.end_of_game(card, record(1))
    game = the_end(houses(Scenario(3), House.MARS, House.DIANA, House.JUPITER).first_player(1)
                   .hand(1, "martyr", "justice").hand(2, "hacker").hand(0, "banker"))
    assert game.events == (PhaseChanged(Phase.END_OF_GAME),
                           TurnStarted(1, TurnKind.END_OF_GAME),
                           CardRevealed("martyr", Zone.hand(1), 1),
                           CardRevealed("justice", Zone.hand(1), 1))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (1, Ask.CARD, ByRule("RR-END-5"))
    assert decision.options == (PickCard("martyr"), PickCard("justice"))
    events = play(game, PickCard("justice"))
    assert of_type(events, PointsScored) == [
        PointsScored(1, "justice", 1), PointsScored(1, "martyr", 1),
        PointsScored(2, "hacker", 1), PointsScored(0, "banker", 1)]
    assert events[1:] == (
        PointsScored(1, "justice", 1), PointsScored(1, "martyr", 1), TurnEnded(1),
        TurnStarted(2, TurnKind.END_OF_GAME), CardRevealed("hacker", Zone.hand(2), 2),
        PointsScored(2, "hacker", 1), TurnEnded(2),
        TurnStarted(0, TurnKind.END_OF_GAME), CardRevealed("banker", Zone.hand(0), 0),
        PointsScored(0, "banker", 1), TurnEnded(0), *events[-2:])
    assert isinstance(events[-2], GameScored)
    assert game.is_over


@pytest.mark.rule("RR-END-5", "RULING-A8", "RULING-B3")
def test_gray_and_orange_declarations_are_asked_after_the_abilities(stubs: Stubs) -> None:
    """Given P0 holding Trigg (Gray) and Cyther (Orange), then P0 declares for each: Gray any
    other colour, Orange any name, or "best" or nothing."""
    game = the_end(houses(Scenario(2), House.MARS, House.DIANA).hand(0, "trigg", "cyther"))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.DECLARE, ByCard("trigg"))
    assert decision.options == (Answer.BEST, Answer.NO,
                                *(c for c in Color if c is not Color.GRAY))
    play(game, Color.RED)
    decision = game.pending
    assert decision is not None and decision.source == ByCard("cyther")
    assert decision.options[:2] == (Answer.BEST, Answer.NO) and len(decision.options) == 114
    play(game, Answer.BEST)
    assert game.is_over


@pytest.mark.rule("RR-END-5")
def test_an_end_of_game_ability_without_a_handler_is_recorded_as_missing(stubs: Stubs) -> None:
    """Given P1 holding a card whose end-of-game ability has no handler, then the end of the
    game records it as missing (never skips it silently) and goes on to the scores."""
    stubs.end_of_game_without_handler("hacker")
    game = the_end(houses(Scenario(2), House.MARS, House.DIANA).hand(1, "hacker"))
    assert AbilityMissing("hacker", "end_of_game") in game.events
    assert game.is_over


@pytest.mark.rule("RULING-B3", "RULING-A8", "RULING-A9")
def test_each_declaration_is_recorded_as_chosen(stubs: Stubs) -> None:
    """Given P0 holding Trigg (Gray) and Cyther (Orange), when P0 declares Red for Trigg and a
    character's name for Cyther, then exactly those are recorded; "no" records an empty
    declaration."""
    scenario = houses(Scenario(2), House.MARS, House.DIANA).hand(0, "trigg", "cyther")
    game = the_end(scenario)
    events = play(game, Color.RED)
    assert of_type(events, CardDeclared) == [
        CardDeclared(0, "trigg", Declaration(color=Color.RED))]
    decision = game.pending
    assert decision is not None
    name = next(o for o in decision.options if isinstance(o, PickName))
    events = play(game, name)
    assert of_type(events, CardDeclared) == [
        CardDeclared(0, "cyther", Declaration(name=name.name))]
    game = the_end(scenario)
    events = play(game, Answer.NO)
    assert of_type(events, CardDeclared) == [CardDeclared(0, "trigg", Declaration())]


@pytest.mark.rule("RR-END-6", "RR-HOUSE-3", "RULING-F2", "RULING-A3", "RULING-B9")
def test_ceres_banishes_from_hand_after_every_end_of_game_ability(stubs: Stubs) -> None:
    """Given Ceres P0 first with Judge and Sevro and P1 holding Hacker, then after P1's
    ability P0 must banish one of the two (no option to decline), then scoring."""
    stubs.end_of_game("hacker", record(2))
    game = the_end(houses(Scenario(2), House.CERES, House.DIANA).hand(0, "judge", "sevro")
                   .hand(1, "hacker"))
    assert game.events[-2:] == (PointsScored(1, "hacker", 2), TurnEnded(1))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.CARD, ByRule("RR-END-6"))
    assert decision.options == (PickCard("judge"), PickCard("sevro"))
    events = play(game, PickCard("sevro"))
    assert events[:2] == (DecisionMade(0, ByRule("RR-END-6"), PickCard("sevro")),
                          CardBanished("sevro", Zone.hand(0)))
    assert isinstance(events[2], GameScored)
    assert game.state.hand(0) == ("judge",) and game.state.banished[-1] == "sevro"


@pytest.mark.rule("RR-END-6", "RULING-B9")
def test_ceres_with_one_card_banishes_it_and_with_none_nothing(stubs: Stubs) -> None:
    """Given Ceres with a single card, then it is banished without asking, once every
    end-of-game step is over; with an empty hand, nothing is banished."""
    game = the_end(houses(Scenario(2), House.DIANA, House.CERES).hand(1, "judge"))
    assert game.events[1:6] == (TurnStarted(0, TurnKind.END_OF_GAME), TurnEnded(0),
                                TurnStarted(1, TurnKind.END_OF_GAME), TurnEnded(1),
                                CardBanished("judge", Zone.hand(1)))
    game = the_end(houses(Scenario(2), House.DIANA, House.CERES))
    assert of_type(game.events, CardBanished) == []
    assert game.is_over


@pytest.mark.rule("RR-END-7", "RR-SCORE-8", "RR-SCORE-9", "RULING-B9")
def test_scoring_ends_the_game() -> None:
    """Given empty hands, P0 at Fleet 7 with 7 Helium and P1 with nothing, then after two
    empty end-of-game steps GameScored records 49 and 0, P0 wins, the phase is over and no
    choice is accepted."""
    game = the_end(houses(Scenario(2), House.MARS, House.DIANA).tokens(0, helium=7, fleet=7))
    assert game.events == (PhaseChanged(Phase.END_OF_GAME),
                           TurnStarted(0, TurnKind.END_OF_GAME), TurnEnded(0),
                           TurnStarted(1, TurnKind.END_OF_GAME), TurnEnded(1),
                           GameScored((49, 0), (0,)), PhaseChanged(Phase.OVER))
    assert (game.state.totals, game.state.winners, game.state.phase) == ((49, 0), (0,),
                                                                         Phase.OVER)
    assert game.is_over and game.pending is None
    with pytest.raises(NoDecisionPendingError):
        game.choose(Answer.YES)


@pytest.mark.rule("RR-END-9", "RULING-A28", "RULING-B9")
def test_a_card_gained_during_end_of_game_abilities_resolves_and_scores(stubs: Stubs) -> None:
    """Given P0's Banker "gain Hacker from Mars" and Hacker's own ability (5 points), then
    Hacker joins the hand, is shown, its ability resolves next, and its core value and points
    score."""

    def gain_hacker(p: Play) -> Program[None]:
        yield from gain(p.table, p.seat, "hacker")

    stubs.end_of_game("banker", gain_hacker)
    stubs.end_of_game("hacker", record(5))
    game = the_end(houses(Scenario(2), House.MARS, House.DIANA).hand(0, "banker")
                   .at(Location.MARS, "hacker"))
    assert game.events[1:6] == (TurnStarted(0, TurnKind.END_OF_GAME),
                                CardRevealed("banker", Zone.hand(0), 0),
                                CardGained(0, "hacker", Zone.at(Location.MARS)),
                                CardRevealed("hacker", Zone.hand(0), 0),
                                PointsScored(0, "hacker", 5))
    assert game.state.hand(0) == ("banker", "hacker")
    assert game.state.players[0].points == (("hacker", 5),)
    assert game.state.totals == (10 + 15 + 5, 0)  # Banker 10, Hacker 15, its 5 points


@pytest.mark.rule("RR-LOC-6")
def test_the_final_table_marks_the_cards_still_face_down_on_the_board() -> None:
    """A card left face down on a location reaches the scorer as face down (no colour there,
    its printed value read by the scorer); the cards lying face up are marked face up."""
    state = (Scenario(2).at(Location.MARS, "judge", "sevro", face_down=["sevro"])
             .at(Location.LUNA, "banker").state())
    table = final_table(state)
    assert [(p.card, p.face_down) for p in table.locations[Location.MARS]] == [
        ("judge", False), ("sevro", True)]
    assert [(p.card, p.face_down) for p in table.locations[Location.LUNA]] == [("banker", False)]
