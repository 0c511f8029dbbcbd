"""RULING-B11: a position that comes back a third time at the start of a round triggers the
end of the game.

The loop: the deck is empty and both players are at 10 on the Fleet Track. P1 (Jupiter, holding
the Sovereign token, the first player) leads onto Jupiter and takes the top card of Luna; P2
leads onto Luna and takes the top card of Jupiter. Neither gain changes a token (the Fleet is
capped, the Sovereign token stays), and three cards go round: the position at the start of a
round comes back every third round.
"""

from __future__ import annotations

import random

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events.codec import structure, structure_event, unstructure, unstructure_event
from rr.events.log import decode, encode
from rr.events.types import GameEndTriggered, GameScored, GameStarted, TurnKind, TurnStarted
from rr.effects.tokens import REPEATED
from rr.model import House, Location
from rr.options import GainTop, Lead
from rr.ruleset import UNNAMED, Ruleset
from rr.scenario import Scenario
from rr.state import GameState, apply, fold, table_position, times_met

J, M, L = Location.JUPITER, Location.MARS, Location.LUNA


def loop(ruleset: Ruleset | None = None) -> Scenario:
    """The position at the start of the loop, P1 to play."""
    return (Scenario(2, ruleset=ruleset).house(0, House.JUPITER).house(1, House.MARS)
            .tokens(0, fleet=10).tokens(1, fleet=10).sovereign(0)
            .hand(0, "judge").hand(1, "pax_au_telemanus").at(L, "the_howlers")
            .deck_only())


def go_round(game: Game, rounds: int) -> None:
    """Both players play ``rounds`` rounds of the loop (fewer if the game ends first)."""
    for _ in range(rounds):
        for seat, deploy_to, gain_from in ((0, J, L), (1, L, J)):
            if game.pending is None or game.pending.seat != seat:
                return
            (card,) = game.state.hand(seat)
            game.choose(Lead(card, deploy_to))
            if game.pending is not None and game.pending.ask is Ask.GAIN:
                game.choose(GainTop(gain_from))  # (the only gain is taken without asking)


def starts(game: Game, seat: int) -> list[int]:
    """The indexes of the events that start ``seat``'s normal turns."""
    return [i for i, e in enumerate(game.events)
            if isinstance(e, TurnStarted) and e.seat == seat and e.kind is TurnKind.NORMAL]


@pytest.mark.rule("RULING-B11", "RR-END-3")
def test_the_third_time_a_position_comes_back_the_end_is_triggered() -> None:
    """Given the loop, the position at the start of a round is met in rounds 1, 4 and 7: the
    end is triggered at the start of P1's 7th turn (right after it starts), P2 then plays the
    round's last turn, and the game is scored."""
    game = loop().play_from(0)
    go_round(game, 5)  # and P1's 6th turn starts
    assert not game.state.end_triggered
    go_round(game, 1)  # and P1's 7th turn starts
    seventh = starts(game, 0)[6]
    assert game.events[seventh + 1:] == (GameEndTriggered(0, REPEATED),)
    assert times_met(game.state.positions) == 3
    go_round(game, 1)
    assert len(starts(game, 1)) == 7  # the round is finished: P2's 7th turn
    while game.pending is not None:  # the end-of-game steps
        game.choose(game.pending.options[0])
    assert game.is_over and [p.turns for p in game.state.players] == [7, 7]
    assert len([e for e in game.events if isinstance(e, GameScored)]) == 1


@pytest.mark.rule("RULING-B11")
def test_without_the_option_the_loop_goes_on() -> None:
    """With ``repetition_ends_game=false`` nothing ends the loop: 20 rounds and no end, and
    no position is recorded."""
    game = loop(Ruleset(repetition_ends_game=False)).play_from(0)
    go_round(game, 20)
    assert not game.state.end_triggered and game.pending is not None
    assert game.state.positions == ()


@pytest.mark.rule("RULING-B11")
def test_a_position_is_what_the_whole_table_sees() -> None:
    """Which cards a hand holds, which card lies face down, the deck's order and the turn
    counts are not part of a position; a hand's size, a token and a face-up card are."""
    base = Scenario(2).hand(0, "judge").hand(1, "sevro").at(M, "darrow", face_down=["darrow"])
    position = table_position(base.state())
    assert table_position(Scenario(2).hand(0, "sevro").hand(1, "judge")
                          .at(M, "mustang", face_down=["mustang"]).turns(3, 3).state()
                          ) == position
    state = base.state()
    reordered = GameState(**{**vars(state), "deck": tuple(reversed(state.deck))})
    assert table_position(reordered) == position
    for other in (Scenario(2).hand(0, "judge", "cassius").hand(1, "sevro")
                  .at(M, "darrow", face_down=["darrow"]),
                  Scenario(2).hand(0, "judge").hand(1, "sevro").at(M, "darrow"),
                  Scenario(2).hand(0, "judge").hand(1, "sevro")
                  .at(M, "darrow", face_down=["darrow"]).tokens(1, helium=1),
                  Scenario(2).hand(0, "judge").hand(1, "sevro")
                  .at(M, "darrow", face_down=["darrow"]).sovereign(1)):
        assert table_position(other.state()) != position


@pytest.mark.rule("RULING-B11", "RR-END-4")
def test_only_the_starts_of_rounds_before_the_end_count() -> None:
    """The fold records a position at the start of the first player's normal turn only (the
    start of a round), and none once the end is triggered."""
    state = loop().state()
    started = apply(state, TurnStarted(0))
    assert times_met(started.positions) == 1
    assert started.positions == (table_position(state),)
    assert apply(state, TurnStarted(1)).positions == ()  # not the first player
    for kind in (TurnKind.OUT_OF_ORDER, TurnKind.APOLLO_LAST, TurnKind.END_OF_GAME):
        assert apply(state, TurnStarted(0, kind)).positions == state.positions
    ended = apply(loop().end_triggered(1).state(), TurnStarted(0))
    assert ended.positions == ()


@pytest.mark.rule("RULING-B11")
def test_a_game_ended_by_repetition_resumes_and_round_trips() -> None:
    """The log of a game ended by RULING-B11 resumes to the same state (the positions
    included), and the state survives the codec."""
    game = loop().play_from(0)
    go_round(game, 7)
    while game.pending is not None:
        game.choose(game.pending.options[0])
    assert structure(unstructure(game.state), GameState) == game.state
    assert times_met(game.state.positions) == 3


@pytest.mark.rule("RULING-B11")
def test_a_recorded_ruleset_that_does_not_name_the_option_reads_false() -> None:
    """An old log's ruleset has no ``repetition_ends_game``: it reads False (the game was
    played without the ruling), while a new game's default is True."""
    assert Ruleset().repetition_ends_game and UNNAMED["repetition_ends_game"] is False
    started = Game.new(["Ana", "Bo"], seed=7).events[0]
    tag, payload = unstructure_event(started)
    del payload["ruleset"]["repetition_ends_game"]
    old = structure_event([tag, payload])
    assert isinstance(old, GameStarted)
    assert old.ruleset == Ruleset(repetition_ends_game=False)
    assert structure({}, Ruleset) == Ruleset(**UNNAMED)  # every option named before #31
    assert structure(unstructure(Ruleset()), Ruleset) == Ruleset()  # named: read as named
    assert "repetition_ends_game" in unstructure(Ruleset())
    assert not set(UNNAMED) & set(unstructure(Ruleset(**UNNAMED)))  # written as it was then
    payload["ruleset"]["repetition_ends_game"] = 1  # read as strictly as any other option
    with pytest.raises(CorruptLogError, match="true or false"):
        structure_event([tag, payload])


@pytest.mark.rule("RULING-B11")
def test_a_new_game_records_the_option_and_replays_under_it() -> None:
    """A game's log names the option, so its ruling comes back with it on resume."""
    game = Game.new(2, seed=3)
    again = decode(encode(game.events)).events[0]
    assert isinstance(again, GameStarted) and again.ruleset.repetition_ends_game
    off = Game.new(2, seed=3, ruleset=Ruleset(repetition_ends_game=False))
    resumed = Game.resume(decode(encode(off.events)).events)
    assert not resumed.state.ruleset.repetition_ends_game


@pytest.mark.rule("RULING-B11", "RR-VIEW-7")
def test_a_samples_positions_are_those_of_its_own_history() -> None:
    """A sample of a seat's information set keeps the positions as they were met: they are
    those its own events fold to, and the game's, since a position names only cards the
    whole table saw then, which a sample's history leaves where they were (RR-VIEW-11: a card
    once seen on a location and lost from sight since is named as it was seen)."""
    game, chooser, checked = Game.new(4, seed=11), random.Random(11), 0
    while (decision := game.pending) is not None:
        if chooser.random() < 0.2:
            sample = game.sample_for(decision.seat, random.Random(checked))
            assert fold(sample.events).positions == sample.state.positions
            assert sample.state.positions == game.state.positions
            checked += sample.state != game.state  # the hidden cards were dealt anew
        game.choose(chooser.choice(decision.options))
    assert checked >= 3
