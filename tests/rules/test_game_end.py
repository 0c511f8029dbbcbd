"""RR-END-1..4, RR-END-8: triggering the end, finishing the round, Apollo's last turn.

Whole-game tests start from a scenario position with the real turn loop (``run_game``): the
deck is empty, only Mars holds cards, and every player leads (a card from hand, if any, on
Jupiter) and takes the top card of Mars.
"""

from __future__ import annotations

import pytest

from rr.decisions import ByRule
from rr.effects import Ability, Play, gain_helium, lose_helium
from rr.engine import Game
from rr.events.types import (
    CardGained, FleetAdvanced, GameEndTriggered, HeliumGained, Phase,
    PhaseChanged, TurnEnded, TurnKind, TurnStarted,
)
from rr.model import House, Location, Zone
from rr.options import GainTop, Lead
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type, run_game

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE
CARDS = ("judge", "martyr", "justice", "the_howlers", "pax_au_telemanus", "sevro", "darrow",
         "mustang", "cassius")


def gain_from(scenario: Scenario, location: Location) -> tuple[object, ...]:
    """P0 (empty hand and deck) leads and takes the top card of ``location``: the events."""
    game = scenario.at(location, "judge").deck_only().turn(0)
    assert game.is_over
    assert game.events[1] == CardGained(0, "judge", Zone.at(location))
    return game.events[2:]


def triggered(events: tuple[object, ...]) -> list[int]:
    return [e.seat for e in of_type(events, GameEndTriggered)]


def plain(players: int) -> Scenario:
    """Houses Mars, Diana, Jupiter, Minerva in seat order: no Apollo, no Ceres."""
    houses = [House.MARS, House.DIANA, House.JUPITER, House.MINERVA]
    scenario = Scenario(players)
    for seat in range(players):
        scenario.house(seat, houses[seat])
    return scenario


@pytest.mark.rule("RR-END-1", "RR-END-2")
def test_two_conditions_by_one_player_trigger_the_end() -> None:
    """Given P0 at Fleet 7 with 6 Helium, when P0 gains from Mars, then the end is triggered
    during P0's turn right after the seventh Helium."""
    events = gain_from(plain(2).tokens(0, helium=6, fleet=7), M)
    assert events[0] == HeliumGained(0, 1)
    assert isinstance(events[1], GameEndTriggered) and events[1].seat == 0
    assert events[2:] == (TurnEnded(0),)


@pytest.mark.rule("RR-END-1")
@pytest.mark.parametrize(("tokens", "location"), [
    ({"influence": 6, "helium": 7}, INS), ({"fleet": 6, "influence": 7}, J),
])
def test_any_two_conditions_of_one_player(tokens: dict[str, int], location: Location) -> None:
    """Given P0 one step from a second threshold (Influence, Fleet), when P0 gains that
    bonus, then the end is triggered."""
    assert triggered(gain_from(plain(2).tokens(0, **tokens), location)) == [0]


@pytest.mark.rule("RR-END-1")
def test_two_conditions_by_different_players_do_not_trigger() -> None:
    """Given P1 at Fleet 7 and P0 at 6 Helium, when P0 reaches 7 Helium, then the end is not
    triggered (two conditions, two players)."""
    events = gain_from(plain(2).tokens(0, helium=6).tokens(1, fleet=7), M)
    assert events == (HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-END-1")
def test_all_three_conditions_by_different_players_trigger() -> None:
    """Given P1 at Fleet 7 and P2 with 7 Influence, when P0 reaches 7 Helium, then the end
    is triggered."""
    events = gain_from(plain(3).tokens(0, helium=6).tokens(1, fleet=7)
                       .tokens(2, influence=7), M)
    assert triggered(events) == [0]


@pytest.mark.rule("RR-END-1")
def test_not_before_the_threshold_of_seven() -> None:
    """Given P0 at Fleet 7 and 5 Helium, when P0 gains 1 Helium (6), then nothing triggers."""
    assert gain_from(plain(2).tokens(0, helium=5, fleet=7), M) == (HeliumGained(0, 1),
                                                                      TurnEnded(0))


@pytest.mark.rule("RR-END-2", "RULING-A22", "RR-END-3")
def test_trigger_mid_turn_stays_and_the_turn_goes_on(stubs: Stubs) -> None:
    """Given P0 at Fleet 7 with 6 Helium and an ability "gain 1 Helium, then lose 3", when
    P0 leads it, then the end is triggered mid-ability, stays triggered after the loss,
    the final step still follows, and regaining a threshold does not trigger it again."""

    def ability(p: Play) -> Ability:
        yield from gain_helium(p.table, p.seat, 1)
        yield from lose_helium(p.table, p.seat, 3)
        return None

    stubs.deploy("uncle_narol", ability)
    game = (plain(2).tokens(0, helium=6, fleet=7).hand(0, "uncle_narol")
            .at(M, "judge").at(J, "martyr").turn(0))
    events = play(game, Lead("uncle_narol", L))
    assert triggered(events) == [0]
    assert game.state.end_triggered and game.state.players[0].helium == 4
    assert game.pending is not None and game.pending.source == ByRule("RR-LEAD-3")
    events = play(game, GainTop(J))
    assert events[-2:] == (FleetAdvanced(0, 8), TurnEnded(0))
    assert triggered(events) == []
    assert game.state.end_triggered_by == 0


def stocked(scenario: Scenario, location: Location = M) -> Scenario:
    """Empty hands and deck; ``location`` holds plenty of cards."""
    return scenario.at(location, *CARDS).deck_only()


def drive_one(game: Game) -> None:
    """Answer the pending decision: lead (the first hand card on Jupiter, or nothing), then
    gain from Mars."""
    assert game.pending is not None
    options = game.pending.options
    if Lead(None, None) in options:
        game.choose(Lead(None, None))
    elif game.pending.source == ByRule("RR-TURN-1"):
        game.choose(next(o for o in options if isinstance(o, Lead) and o.location is J))
    else:
        game.choose(GainTop(M))


def drive(game: Game) -> Game:
    """Play the game to its end with :func:`drive_one`."""
    while game.pending is not None:
        drive_one(game)
    return game


def turns(events: tuple[object, ...]) -> list[tuple[int, TurnKind]]:
    """The turns of the game: the end-of-game steps, recorded like turns, are not turns
    (RULING-B9)."""
    return [(e.seat, e.kind) for e in of_type(events, TurnStarted)
            if e.kind is not TurnKind.END_OF_GAME]


def end_steps(events: tuple[object, ...]) -> list[int]:
    """The seats whose end-of-game step started, in order (RR-END-5, RULING-B9)."""
    return [e.seat for e in of_type(events, TurnStarted) if e.kind is TurnKind.END_OF_GAME]


N = TurnKind.NORMAL


@pytest.mark.rule("RR-END-3", "RULING-B9")
def test_the_round_is_finished_after_the_trigger(stubs: Stubs) -> None:
    """Given 3 players (no Apollo) and P1 two Helium short with Fleet 7, when every turn takes
    from Mars, then P1 triggers in round 2, P2 still plays, and the game ends: 2 turns each,
    then one end-of-game step each, which counts as no turn."""
    game = drive(run_game(stocked(plain(3).tokens(1, helium=5, fleet=7))))
    events = game.events
    assert turns(events) == [(0, N), (1, N), (2, N)] * 2
    trigger = next(i for i, e in enumerate(events) if isinstance(e, GameEndTriggered))
    assert events[trigger].seat == 1
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    assert starts[4] < trigger < starts[5]
    assert [p.turns for p in game.state.players] == [2, 2, 2]
    end = events.index(PhaseChanged(Phase.END_OF_GAME))
    assert events[end - 1] == TurnEnded(2)
    assert events[end + 1] == TurnStarted(0, TurnKind.END_OF_GAME)
    assert end_steps(events) == [0, 1, 2]
    assert game.is_over


@pytest.mark.rule("RR-END-3")
def test_trigger_by_the_last_seat_ends_the_turns_at_once(stubs: Stubs) -> None:
    """Given 3 players with first player P1 and P0 (the last seat of the round) about to
    trigger, then the turns are P1, P2, P0 and no more."""
    game = drive(run_game(stocked(plain(3).first_player(1).tokens(0, helium=6, fleet=7))))
    assert turns(game.events) == [(1, N), (2, N), (0, N)]
    assert end_steps(game.events) == [1, 2, 0]  # from the first player (RR-END-5)
    assert triggered(game.events) == [0]
    assert game.is_over


@pytest.mark.rule("RR-END-3")
def test_no_end_without_a_trigger(stubs: Stubs) -> None:
    """Given nobody near two thresholds, when 9 turns are played (three rounds), then the
    game is still in play and P0 is asked for a fourth turn."""
    game = run_game(stocked(plain(3)))
    while len(of_type(game.events, TurnStarted)) < 4 * 3 - 2:
        assert game.pending is not None
        drive_one(game)
    assert game.state.phase is Phase.PLAY and not game.state.end_triggered
    assert [p.turns for p in game.state.players] == [4, 3, 3]
    assert game.pending is not None and game.pending.seat == 0


@pytest.mark.rule("RR-END-4", "RR-HOUSE-2")
def test_apollo_takes_an_extra_last_turn(stubs: Stubs) -> None:
    """Given Apollo first (seat 0) and P1 triggering in round 1, then P2 plays, then Apollo
    takes one more turn, the last of the game."""
    scenario = plain(3).house(0, House.APOLLO).tokens(1, helium=6, fleet=7)
    game = drive(run_game(stocked(scenario)))
    assert turns(game.events) == [(0, N), (1, N), (2, N), (0, TurnKind.APOLLO_LAST)]
    started = [(e.seat, e.kind) for e in of_type(game.events, TurnStarted)]
    assert started[4:] == [(s, TurnKind.END_OF_GAME) for s in (0, 1, 2)]  # after Apollo's
    assert [(p.turns, p.extra_turns) for p in game.state.players] == [(1, 1), (1, 0), (1, 0)]
    assert game.is_over


@pytest.mark.rule("RR-END-8", "RR-END-4", "RR-END-3")
def test_rulebook_example(stubs: Stubs) -> None:
    """Given A, B, C, D clockwise with A Apollo, when B triggers the end on their turn, then
    C and D take one more turn each and A takes Apollo's last turn."""
    scenario = (Scenario(4).house(0, House.APOLLO).house(1, House.MARS).house(2, House.DIANA)
                .house(3, House.JUPITER).tokens(1, helium=6, fleet=7))
    game = drive(run_game(stocked(scenario)))
    assert turns(game.events) == [(0, N), (1, N), (2, N), (3, N), (0, TurnKind.APOLLO_LAST)]
    assert triggered(game.events) == [1]
    assert [p.turns for p in game.state.players] == [1, 1, 1, 1]
    assert game.state.players[0].extra_turns == 1
    assert game.is_over


def sell_a_turn(p: Play) -> Ability:
    """A stand-in for Loan Shark: P1 takes one turn out of order, then the Lead goes on."""
    yield from p.hooks.turn_out_of_order(p.table, 1, frozenset({p.card}))
    return None


@pytest.mark.rule("RR-END-3", "RULING-A12")
def test_an_out_of_order_turn_does_not_count_and_the_round_is_finished(stubs: Stubs) -> None:
    """Given P0's ability giving P1 a turn out of order in which P1 triggers the end, then P0
    finishes the Lead, P1 and P2 take their normal turns, and the game ends with one
    counted turn each."""
    stubs.deploy("loan_shark", sell_a_turn)
    scenario = stocked(plain(3).hand(0, "loan_shark").tokens(1, helium=6, fleet=7))
    game = drive(run_game(scenario))
    assert turns(game.events) == [(0, N), (1, TurnKind.OUT_OF_ORDER), (1, N), (2, N)]
    assert triggered(game.events) == [1]
    assert [(p.turns, p.extra_turns) for p in game.state.players] == [(1, 0), (1, 1), (1, 0)]
    assert game.is_over


@pytest.mark.rule("RR-END-3", "RULING-A12")
def test_a_counted_out_of_order_turn_skips_its_taker_at_the_end(stubs: Stubs) -> None:
    """Given loan_shark_turn_counts=True and the same game, then after P0's turn P1, already
    ahead with its counted extra turn, is passed over: P2 plays and all end with 1 turn."""
    stubs.deploy("loan_shark", sell_a_turn)
    scenario = stocked(Scenario(3, Ruleset(loan_shark_turn_counts=True)).house(0, House.MARS)
                       .house(1, House.DIANA).house(2, House.JUPITER).hand(0, "loan_shark")
                       .tokens(1, helium=6, fleet=7))
    game = run_game(scenario)
    for _ in range(40):
        if game.pending is None:
            break
        drive_one(game)
    assert turns(game.events) == [(0, N), (1, TurnKind.OUT_OF_ORDER), (2, N)]
    assert [p.turns for p in game.state.players] == [1, 1, 1]
    assert game.is_over
