"""Logs for the viewer's tests: a finished game, and one with a recorded choice flipped to
another legal option and its hash chain written anew (so only re-adjudication can tell)."""

from __future__ import annotations

from functools import cache

from attrs import evolve

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log as logfile
from rr.events.types import DecisionMade, Event
from rr.oracle.audit import Verdict, audit

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
