"""The hidden-information oracle over whole random games (RR-VIEW-5..7, RULING-B8, B9).

At every decision of a game between random players, every seat's information set is sampled
(``Game.sample_for``) and the sample must show that seat exactly what the game shows it: its
view and the pending decision as it sees it. And no view, option or redacted event names a
card its seat does not know. CI plays a few games at 2, 4 and 6 players; ``RR_FUZZ=long``
plays a hundred of each (``python -m fuzz.leaks`` counts leaking views over many games).
"""

from __future__ import annotations

import os
import random

import attrs
import pytest

from fuzz import oracle
from fuzz.seen import cards_named
from rr.engine import Game
from rr.events.types import DecisionMade
from rr.knowledge import knows
from rr.state import GameState, apply
from rr.views import HIDDEN, redacted

LONG = os.environ.get("RR_FUZZ") == "long"
GAMES = 100 if LONG else 2


def play_checking(players: int, seed: int, samples: int = 1) -> int:
    """A random game of ``players``; every seat's information set checked at every decision.
    Returns how many samples were drawn."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    drawn = 0
    while game.pending is not None:
        oracle.views_leak_nothing(game)
        drawn += oracle.information_sets_agree(game, rng, samples)
        game.choose(rng.choice(game.pending.options))
    return drawn


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-6", "RR-VIEW-7", "RULING-B8", "RULING-B9")
@pytest.mark.parametrize("players", [1, 2, 4, 6])  # 1: solo against Au Toma (RR-SOLO-1)
@pytest.mark.parametrize("game", range(GAMES))
def test_every_seat_is_shown_only_what_it_knows(players: int, game: int) -> None:
    """At every decision of a random game, a sample of each seat's information set shows that
    seat the same view and pending decision as the game itself."""
    # A sample of every seat at every decision: a short solo game of RR_FUZZ=long drew 48.
    assert play_checking(players, 1000 * players + game) > 20 * players


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-6")
@pytest.mark.parametrize("players", [1, 2, 5])  # 1: solo against Au Toma (RR-SOLO-1)
def test_no_redacted_event_names_a_card_its_seat_does_not_know(players: int) -> None:
    """Every record of a finished random game, redacted for a seat, names only cards that seat
    knew when it happened (a card a decision names: when it was chosen)."""
    rng = random.Random(players)
    game = Game.new(players, seed=players)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.options))
    for seat in [None, *game.state.seats]:
        state = GameState()
        for event, shown in zip(game.events, redacted(game.events, seat)):
            after = apply(state, event)
            named = cards_named(shown, choices=True) - {HIDDEN}
            at = state if isinstance(event, DecisionMade) else after
            unknown = {c for c in named if not knows(at, seat, c)}
            assert not unknown, f"{seat} is shown {sorted(unknown)} in {shown!r}"
            state = after


def test_the_oracle_sees_a_leak() -> None:
    """The information-set check is not blind: a view that also shows another player's hand
    differs between the game and samples of the viewer's information set."""
    game = Game.new(3, seed=5)

    def leaky(g: Game, seat: int) -> object:
        return attrs.evolve(g.view(seat), banished=g.state.hand((seat + 1) % 3))

    assert oracle.information_sets_agree(game, random.Random(0), samples=3) == 9
    with pytest.raises(AssertionError, match="does not know"):
        oracle.information_sets_agree(game, random.Random(0), samples=3, seats=[0],
                                      show=leaky)


@pytest.mark.rule("RR-VIEW-7")
@pytest.mark.parametrize("players", [1, 2, 4, 6])  # 1: solo, Au Toma's cards relabelled too
def test_a_sample_without_history_is_the_same_sample(players: int) -> None:
    """At every decision of a random game, the deciding seat's sample drawn with
    ``history=False`` (what search plays on: ``Seen.determinise``) is the sample drawn with
    the same generator state with its whole history: the same state and pending decision, its
    log the end of that sample's log; the two play on alike."""
    rng = random.Random(players)
    game = Game.new(players, seed=500 + players)
    compared = 0
    while (decision := game.pending) is not None:
        if len(decision.options) > 1:
            before = rng.getstate()
            whole = game.sample_for(decision.seat, rng)
            again = random.Random()
            again.setstate(before)
            short = game.sample_for(decision.seat, again, history=False)
            assert again.getstate() == rng.getstate()
            assert short.state == whole.state and short.pending == whole.pending
            assert whole.events[len(whole.events) - len(short.events):] == short.events
            if whole.pending is not None:
                option = whole.pending.options[-1]
                assert short.choose(option) == whole.choose(option)
            compared += 1
        game.choose(rng.choice(decision.options))
    assert compared > 30
