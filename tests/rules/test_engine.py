"""The engine façade: decisions, bad input leaving the game unchanged, determinism, replay
and resuming from the log (docs/ARCHITECTURE.md, "Bad input" and "Invariants")."""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.agents.random import RandomAgent
from rr.decisions import ByRule, Decision
from rr.engine import Game, replay
from rr.errors import (
    DivergenceError, IllegalChoiceError, NoDecisionPendingError, WrongPlayerError,
)
from rr.events.codec import encode_event
from rr.events.types import DecisionMade, DeckShuffled, DieRolled, Event
from rr.model import Bonus, House
from rr.options import Answer, GainTop, Lead, Option, Scout
from rr.state import GameState, fold
from tests.rules.support import Stubs, of_type


def random_game(players: int, seed: int, steps: int | None = None
                ) -> tuple[Game, list[tuple[int, GameState, Decision | None]]]:
    """A game played by the random agent (for ``steps`` choices, or to its end), with the
    log length, state and pending decision seen before each choice."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    seen = []
    while game.pending is not None and (steps is None or len(seen) < steps):
        seen.append((len(game.events), game.state, game.pending))
        game.choose(agent.choose(game.pending))
    return game, seen


@pytest.mark.rule("RR-TURN-1")
def test_a_pending_decision_names_the_player_kind_rule_and_options() -> None:
    """Given a new 2-player game, then the pending decision is the first player's Lead or
    Scout, citing RR-TURN-1, with 5 cards x 4 locations + Scout options."""
    game = Game.new(2, seed=3, houses=[House.APOLLO, House.MARS])
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.source) == (0, ByRule("RR-TURN-1"))
    assert len(decision.options) == 21 and decision.options[-1] == Scout()
    assert all(isinstance(o, Lead) for o in decision.options[:20])


@pytest.mark.rule("RR-TURN-1")
@pytest.mark.parametrize("bad", [Answer.YES, GainTop(None), Lead("sevro", None)])
def test_an_illegal_choice_is_refused_and_changes_nothing(bad: Option) -> None:
    """Given the first decision, when an unlisted option is chosen, then IllegalChoiceError
    names the rule and the events, state and pending decision are unchanged."""
    game = Game.new(3, seed=1)
    events, state, pending = game.events, game.state, game.pending
    with pytest.raises(IllegalChoiceError) as err:
        game.choose(bad)
    assert err.value.rule == "RR-TURN-1"
    assert (game.events, game.state, game.pending) == (events, state, pending)


def test_a_choice_by_the_wrong_player_is_refused_and_changes_nothing() -> None:
    """Given P1's decision pending, when P2 submits a legal option, then WrongPlayerError and
    nothing changes; the right player may then choose it."""
    game = Game.new(3, seed=0, houses=[House.MARS, House.APOLLO, House.DIANA])
    assert game.pending is not None and game.pending.seat == 1
    option = game.pending.options[0]
    events, state = game.events, game.state
    with pytest.raises(WrongPlayerError):
        game.choose(option, seat=2)
    assert (game.events, game.state) == (events, state)
    assert game.choose(option, seat=1)[0] == DecisionMade(1, ByRule("RR-TURN-1"), option)


def test_choose_index() -> None:
    """Given a pending decision, then choosing by index equals choosing the listed option,
    and an index out of range is refused without change."""
    one, two = Game.new(2, seed=4), Game.new(2, seed=4)
    assert one.pending is not None
    with pytest.raises(IllegalChoiceError):
        one.choose_index(len(one.pending.options))
    option = one.pending.options[3]
    assert one.choose_index(3) == two.choose(option)


def test_no_choice_once_the_game_is_over(stubs: Stubs) -> None:
    """Given a finished game, then it has no pending decision and any choice is refused."""
    game, _ = random_game(2, seed=2)
    assert game.is_over and game.pending is None
    with pytest.raises(NoDecisionPendingError):
        game.choose(Scout())
    with pytest.raises(NoDecisionPendingError):
        game.choose_index(0)


@pytest.mark.parametrize(("players", "seed"), [(2, 10), (4, 11), (6, 12)])
def test_same_seed_and_choices_give_the_same_log_byte_for_byte(stubs: Stubs, players: int,
                                                               seed: int) -> None:
    """Given two games with the same seed and the same random agent, then their logs are
    identical, encoded byte for byte; another seed shuffles differently."""
    one, _ = random_game(players, seed)
    two, _ = random_game(players, seed)
    assert one.events == two.events
    assert [encode_event(e) for e in one.events] == [encode_event(e) for e in two.events]
    other = Game.new(players, seed=seed + 1)
    assert of_type(other.events, DeckShuffled) != of_type(one.events, DeckShuffled)


@pytest.mark.parametrize(("players", "seed"), [(2, 20), (3, 21), (5, 22)])
def test_replay_folds_the_log_to_the_live_state_at_every_prefix(stubs: Stubs, players: int,
                                                               seed: int) -> None:
    """Given a random game, then folding its log up to any decision gives the state the
    live game had there."""
    game, seen = random_game(players, seed)
    for length, state, _ in seen:
        assert fold(game.events[:length]) == state
    assert replay(game.events) == game.state


@pytest.mark.parametrize(("players", "seed"), [(2, 30), (3, 31), (4, 32)])
def test_resume_from_the_log_gives_the_same_state_decision_and_future(stubs: Stubs,
                                                                     players: int,
                                                                     seed: int) -> None:
    """Given a random game, when it is resumed from its log at any decision (mid-turn and
    mid-ability included), then the state and pending decision are the live ones, and making
    the same choices from there gives the same events to the end."""
    game, seen = random_game(players, seed)
    choices = [e.option for e in of_type(game.events, DecisionMade)]
    for i, (length, state, pending) in enumerate(seen):
        if i % 5 and i != len(seen) - 1:
            continue
        resumed = Game.resume(game.events[:length], secret=game.secret)
        assert (resumed.state, resumed.pending) == (state, pending)
        if i % 25 == 0:
            for option in choices[i:]:
                resumed.choose(option)
            assert resumed.events == game.events


def test_resume_of_a_finished_game_is_over(stubs: Stubs) -> None:
    """Given a finished game's whole log, then resuming it gives a finished game with the same
    state."""
    game, _ = random_game(3, seed=40)
    resumed = Game.resume(game.events)
    assert resumed.is_over and resumed.state == game.state


def first_roll(seed: int) -> tuple[Game, int]:
    """A random game with at least one die roll (abilities stubbed), and the roll's index."""
    for s in range(seed, seed + 50):
        game, _ = random_game(2, s)
        rolls = [i for i, e in enumerate(game.events) if isinstance(e, DieRolled)]
        if rolls:
            return game, rolls[0]
    raise AssertionError("no roll")


def test_a_tampered_log_does_not_resume(stubs: Stubs) -> None:
    """Given a log whose first die roll or one choice is altered, then resuming it raises
    DivergenceError at that record."""
    game, index = first_roll(50)
    events: list[Event] = list(game.events)
    rolled = events[index]
    assert isinstance(rolled, DieRolled)
    other = next(f for f in Bonus if f is not rolled.face)
    tampered = events[:index] + [evolve(rolled, face=other)] + events[index + 1:]
    # A changed roll is a valid random outcome: the rules accept it, then diverge from what
    # the log records next.
    assert index + 1 < len(events)
    with pytest.raises(DivergenceError):
        Game.resume(tampered)
    choice = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade))
    made = events[choice]
    assert isinstance(made, DecisionMade)
    with pytest.raises(DivergenceError) as err:
        Game.resume(events[:choice] + [evolve(made, option=Answer.YES)] + events[choice + 1:])
    assert err.value.index == choice


def test_a_log_that_does_not_start_with_the_game_is_refused() -> None:
    """Given a log missing its GameStarted event, then resuming raises DivergenceError."""
    game = Game.new(2, seed=1)
    with pytest.raises(DivergenceError):
        Game.resume(game.events[1:])
    with pytest.raises(DivergenceError):
        Game.resume(())
