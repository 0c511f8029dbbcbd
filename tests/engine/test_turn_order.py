"""Turn order after the game end is triggered, including counted out-of-order turns."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import Phase, TurnEnded, TurnKind, TurnStarted
from rr.state import apply
from rr.model import House
from rr.options import Scout
from rr.ruleset import Ruleset
from rr.rules.game import next_to_play
from rr.scenario import Scenario


def _scout_to_the_end(game: Game) -> list[int]:
    """Every player Scouts (first location) until the end of the game; the seats that played."""
    seats = []
    while game.pending is not None and game.state.phase is Phase.PLAY:
        if game.pending.ask is Ask.TURN:
            seats.append(game.pending.seat)
            game.choose(Scout())
        else:
            game.choose(game.pending.options[0])
    return seats


def _turns_played(ruleset: Ruleset, counts: tuple[int, ...]) -> list[int]:
    """The seats that play after P1 (seat 0) ends the turn in which the end was triggered."""
    scenario = (Scenario(3, ruleset=ruleset).house(0, House.MARS).house(1, House.DIANA)
                .house(2, House.JUPITER).turns(*counts).end_triggered(0))
    return _scout_to_the_end(scenario.play_from(next_to_play(scenario.state(), 0)))


@pytest.mark.rule("RR-END-3")
def test_play_goes_on_until_every_player_has_the_same_number_of_turns() -> None:
    """P1 triggers the end on their 4th turn: P2 and P3 play once more and the game ends."""
    assert _turns_played(Ruleset(), (4, 3, 3)) == [1, 2]


@pytest.mark.rule("RR-END-3", "RULING-A12")
def test_a_counted_out_of_order_turn_is_made_up_by_the_others() -> None:
    """When out-of-order turns count, a player already ahead is passed over, not given more."""
    # P2 took a counted out-of-order turn: P2 is ahead of P3 and level with P1.
    assert _turns_played(Ruleset(loan_shark_turn_counts=True), (4, 4, 3)) == [2]


@pytest.mark.rule("RR-END-4", "RULING-B9")
def test_apollo_takes_the_last_turn_after_the_round() -> None:
    """Apollo (first player) takes one extra turn once everyone has played equally; then
    each player's end-of-game step (no turn) follows from the first player."""
    game = (Scenario(3).house(0, House.APOLLO).turns(2, 1, 1).end_triggered(0)
            .play_from(1))
    assert _scout_to_the_end(game) == [1, 2, 0]
    started = [e for e in game.events
               if isinstance(e, TurnStarted) and e.kind is not TurnKind.END_OF_GAME]
    assert started[-1] == TurnStarted(0, TurnKind.APOLLO_LAST)
    while game.pending is not None:  # the end-of-game steps
        game.choose(game.pending.options[0])
    kinds = [(e.seat, e.kind) for e in game.events if isinstance(e, TurnStarted)]
    assert kinds[-4:] == [(0, TurnKind.APOLLO_LAST), (0, TurnKind.END_OF_GAME),
                          (1, TurnKind.END_OF_GAME), (2, TurnKind.END_OF_GAME)]


@pytest.mark.rule("RULING-B7")
def test_a_game_with_no_card_left_anywhere_still_ends() -> None:
    """With every card banished, the end is triggered and the game is scored, not looped."""
    game = Scenario(2).deck_only().turns(3, 3).play_from(0)
    assert game.is_over
    assert game.state.end_triggered_by == 0
    assert game.state.totals is not None


@pytest.mark.rule("RULING-A12", "RR-END-4")
def test_an_out_of_order_turn_inside_apollos_last_turn_never_counts() -> None:
    """Even when out-of-order turns count, one taken during Apollo's last turn does not, so
    every player ends with the same number of turns."""
    state = (Scenario(3, ruleset=Ruleset(loan_shark_turn_counts=True))
             .house(0, House.APOLLO).turns(5, 5, 5).state())
    for event in (TurnStarted(0, TurnKind.APOLLO_LAST), TurnStarted(1, TurnKind.OUT_OF_ORDER),
                  TurnEnded(1)):
        state = apply(state, event)
    assert [p.turns for p in state.players] == [5, 5, 5]
    assert state.players[1].extra_turns == 1
    counted = apply(apply(state, TurnEnded(0)), TurnStarted(2, TurnKind.OUT_OF_ORDER))
    assert counted.players[2].turns == 6
