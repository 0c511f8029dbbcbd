"""The information-set property over whole histories (RR-VIEW-7, RR-VIEW-11; issue 31).

At decisions of random games, a sample of the deciding seat's information set is drawn
(``Game.sample_for``), and its own log is played again from its first record: the seat must be
shown exactly what it was shown in the real game, record by record and question by question
(``fuzz.histories``), not only the same view now. The sample's state must be the fold of its
log, and every card that asks a question (the pending decision's source) must be known to the
spectator, who is shown the question (RR-VIEW-8). CI plays one game of 1, 2 and 4 players;
``RR_FUZZ=long`` plays 10 of each of 1, 2, 4 and 6, checking more decisions.

A control shows the property is not blind: a sample that deals a Red into a hand that answered
Eo's "reveal a Red" with no — a sample with the same view now, as the old sampler dealt — is
caught at that answer.
"""

from __future__ import annotations

import os
import random

import pytest

from fuzz.histories import Observation, sample_problem, transcript
from rr.decisions import ByCard
from rr.engine import Game
from rr.inferences import reds
from rr.knowledge import knows
from rr.model import Seat
from rr.sampling import relabelled
from rr.state import fold
from rr.views import view
from tests.engine.test_set_knowledge import _after_eo

LONG = os.environ.get("RR_FUZZ") == "long"
GAMES = 10 if LONG else 1
EVERY = 3 if LONG else 7


def _until(truth: list[Observation], at: int) -> list[Observation]:
    """The observations of a whole game's transcript up to the view at record ``at``: the
    transcript of the game as it was then."""
    end = next(i for i, o in enumerate(truth) if o[0] == "view" and o[1] == at)
    return truth[:end + 1]


def play_checking(players: int, seed: int) -> int:
    """A random game of ``players``: every ``EVERY``-th decision, a sample of the deciding
    seat's information set is drawn; once the game is over, each is checked against the
    seat's whole transcript. Returns how many samples were checked."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed, level=2 if players == 1 else None)
    drawn: list[tuple[int, Seat, Game]] = []
    decisions = 0
    while (decision := game.pending) is not None:
        if isinstance(decision.source, ByCard):  # RR-VIEW-8: the question's card is the table's
            assert knows(game.state, None, decision.source.card), decision
        decisions += 1
        if decisions % EVERY == 0:
            drawn.append((len(game.events), decision.seat,
                          game.sample_for(decision.seat, random.Random(decisions))))
        game.choose(rng.choice(decision.options))
    truths: dict[Seat, list[Observation]] = {}
    last = {seat: at for at, seat, _ in drawn}  # the game's transcript up to there will do
    for at, seat, sample in drawn:
        if seat not in truths:
            truths[seat] = transcript(game.events[:last[seat]], seat)
        problem = sample_problem(game, sample, seat, _until(truths[seat], at))
        assert problem is None, f"seat {seat}'s sample at record {at}: {problem}"
        assert fold(sample.events) == sample.state, f"seat {seat}'s sample at record {at}"
    return len(drawn)


@pytest.mark.rule("RR-VIEW-7", "RR-VIEW-11", "RR-VIEW-8", "RULING-B8", "RULING-B9")
@pytest.mark.parametrize("players", [1, 2, 4, 6] if LONG else [1, 2, 4])
@pytest.mark.parametrize("game", range(GAMES))
def test_every_sample_replays_what_its_seat_was_shown(players: int, game: int) -> None:
    """Every sample drawn in a random game, played again from its first record, shows its
    seat exactly what the game showed it since the start."""
    assert play_checking(players, 3100 * players + game) > 5


@pytest.mark.rule("RR-VIEW-11", "RULING-B8")
@pytest.mark.card("eo")
def test_the_property_catches_a_sample_that_contradicts_an_eo_no() -> None:
    """A deal that swaps, over the whole log, a Red still in the deck with a card the
    answering hand held when it told Eo no, shows another seat the same view now (all the
    old property compared), but its history does not replay at that answer."""
    game, at, answerer = _after_eo()
    seat = 2 if answerer != 2 else 0
    state = game.state
    then = fold(game.events[:at])
    red = next(c for c in state.deck if c in reds() and c in then.deck
               and not knows(state, seat, c))
    held = next(c for c in then.hand(answerer) if c in state.hand(answerer)
                and not knows(state, seat, c) and not knows(then, seat, c))
    swapped = list(relabelled(game.events, {red: held, held: red}))
    told_now = view(fold(swapped), seat, game.pending)
    assert told_now == view(state, seat, game.pending)  # the old property cannot tell
    assert fold(swapped[:at]).hand(answerer) != then.hand(answerer)
    with pytest.raises(AssertionError, match=f"record {at} .*'eo'.*does not replay"):
        transcript(swapped, seat)
