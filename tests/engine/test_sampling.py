"""RR-VIEW-7: ``Game.sample_for`` draws a game from a seat's information set."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rr.decisions import Ask
from rr.engine import Game, SamplingError
from rr.errors import BadInputError
from rr.knowledge import knows
from rr.scenario import Scenario
from rr.sampling import unknown_cards


def play_until(players: int, seed: int, stop: Callable[[Game], bool], limit: int = 2000
               ) -> Game:
    """A random game of ``players`` played until ``stop`` holds (or it is over)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    for _ in range(limit):
        if game.pending is None or stop(game):
            return game
        game.choose(rng.choice(game.pending.options))
    raise AssertionError("the condition never held")


@pytest.mark.rule("RR-VIEW-7")
def test_a_sample_shows_the_seat_what_the_game_shows_it() -> None:
    """Given a game in progress, every sample of seat 1's information set gives seat 1 the
    same view, pending decision included, and keeps every card it knows in place."""
    game = play_until(4, 3, lambda g: g.state.events > 120)
    rng = random.Random(1)
    for _ in range(10):
        sample = game.sample_for(1, rng)
        assert sample.view(1) == game.view(1)
        assert sample.state.hand(1) == game.state.hand(1)
        for card in set(game.state.deck) | set(game.state.face_down):
            if knows(game.state, 1, card):
                assert sample.state.zone_of(card) == game.state.zone_of(card)


@pytest.mark.rule("RR-VIEW-7")
def test_a_sample_deals_the_unknown_cards_anew() -> None:
    """The cards seat 0 does not know are dealt again at random among the same places: the
    other hands and the deck differ between samples, their sizes do not."""
    game = play_until(3, 8, lambda g: g.state.events > 60)
    rng = random.Random(2)
    samples = [game.sample_for(0, rng) for _ in range(5)]
    others = {(s.state.hand(1), s.state.hand(2), s.state.deck) for s in samples}
    assert len(others) == 5
    for s in samples:
        assert [len(s.state.hand(i)) for i in range(3)] == \
            [len(game.state.hand(i)) for i in range(3)]
        assert sorted(unknown_cards(s.state, 0)) == sorted(unknown_cards(game.state, 0))


@pytest.mark.rule("RR-VIEW-7")
def test_play_goes_on_from_a_sample_to_the_end() -> None:
    """A sample is a game like any other: random play goes on from it to the final scores,
    while the game it was drawn from is left as it was."""
    game = play_until(4, 5, lambda g: g.state.events > 200)
    events = game.events
    sample = game.sample_for(2, random.Random(0))
    rng = random.Random(7)
    while sample.pending is not None:
        sample.choose(rng.choice(sample.pending.options))
    assert sample.state.winners
    assert game.events == events


@pytest.mark.rule("RR-VIEW-7", "RULING-B8")
def test_a_sample_can_be_drawn_in_the_middle_of_an_ability() -> None:
    """Inside an ability (a card decision of a card's handler), samples of every seat replay
    the turn so far and stop at the same question."""
    game = play_until(4, 11, lambda g: g.pending is not None and g.pending.ask is Ask.CARD
                      and not g.pending.source.startswith("RR-"))
    assert game.pending is not None
    rng = random.Random(3)
    for seat in game.state.seats:
        sample = game.sample_for(seat, rng)
        assert sample.view(seat).pending == game.view(seat).pending


@pytest.mark.rule("RR-VIEW-7", "RULING-B9")
def test_a_sample_during_the_end_of_the_game() -> None:
    """During the end-of-game steps, samples of each seat agree with the game on its view."""
    game = play_until(5, 4, lambda g: g.state.phase.value == "end_of_game")
    rng = random.Random(4)
    for seat in game.state.seats:
        assert game.sample_for(seat, rng).view(seat) == game.view(seat)


def test_bad_seat_and_games_without_a_log() -> None:
    """A seat that does not exist is a user mistake; a game built from a position (no log)
    cannot be sampled."""
    game = Game.new(2, seed=1)
    with pytest.raises(BadInputError, match="no seat 5"):
        game.sample_for(5, random.Random(0))
    positioned = Scenario(2).hand(0, "sevro").turn(0)
    with pytest.raises(SamplingError, match="no log"):
        positioned.sample_for(0, random.Random(0))


@pytest.mark.rule("RR-VIEW-7")
def test_samples_are_reproducible_from_the_generator() -> None:
    """The same random generator state gives the same sample."""
    game = play_until(3, 2, lambda g: g.state.events > 50)
    a = game.sample_for(1, random.Random(9))
    b = game.sample_for(1, random.Random(9))
    assert a.state == b.state and a.events == b.events and a.pending == b.pending
