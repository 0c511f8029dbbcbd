"""Logs for the viewer's tests: a finished game; one with a recorded choice flipped to
another legal option and its hash chain written anew (so only re-adjudication can tell); and
one with a gained card changed to a card that is not there (the fold refuses it)."""

from __future__ import annotations

from functools import cache

from attrs import evolve

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log as logfile
from rr.errors import CorruptLogError
from rr.events.types import CardGained, DecisionMade, Event
from rr.oracle.audit import Verdict, audit
from rr.state import fold

SEED = 21


@cache
def finished_log(players: int = 3) -> tuple[Event, ...]:
    """A finished game of random bots (seed :data:`SEED`)."""
    game = Game.new(["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:players], seed=SEED)
    agent = RandomAgent(SEED)
    while game.pending is not None:
        game.choose(agent.choose(game.pending), seat=game.pending.seat)
    return game.events


def tampered(events: tuple[Event, ...]) -> tuple[bytes, int]:
    """The log with its middle Lead-or-Scout choice flipped, re-chained; and the record where
    ``rr.oracle.audit`` finds the divergence (after the flipped record)."""
    turns = [i for i, e in enumerate(events) if isinstance(e, DecisionMade)
             and type(e.option).__name__ in ("Lead", "Scout")]
    index = turns[len(turns) // 2]
    decision = Game.resume(events[:index]).pending
    assert decision is not None
    flipped = next(o for o in decision.options if o != events[index].option)
    changed = list(events)
    changed[index] = evolve(events[index], option=flipped)
    report = audit(changed)
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record > index
    return logfile.encode(changed), report.divergence.record


def unfoldable(events: tuple[Event, ...]) -> tuple[bytes, int]:
    """The log with a card gained from a location changed to a card that is not there (a
    card of the gaining seat's own hand), written anew with rr's writer so that it decodes;
    and that record: ``rr audit``'s first divergence, and the first record the fold refuses
    ("card_gained/1: X is not in Luna")."""
    index = next(i for i, e in enumerate(events) if i > len(events) // 4
                 and isinstance(e, CardGained) and e.source.location is not None)
    gained = events[index]
    assert isinstance(gained, CardGained)
    elsewhere = fold(events[:index]).hand(gained.seat)[0]
    changed = list(events)
    changed[index] = evolve(gained, card=elsewhere)
    try:
        fold(changed[:index + 1])
    except CorruptLogError:
        pass
    else:
        raise AssertionError("the changed record still folds")
    report = audit(changed)
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == index
    return logfile.encode(changed), index
