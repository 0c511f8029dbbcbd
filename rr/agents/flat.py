"""Flat search over information-set samples: the cheap setting of the ISMCTS agent
(``ismcts:flat``, issue #32).

The ISMCTS agent (:mod:`rr.agents.ismcts`) grows a tree over a new sample of its seat's
information set each iteration, 100 iterations a decision. This agent keeps its samples, its
rollouts and its values but not its tree, and spends its budget where it tells most:

1. **Candidates.** A turn's Leads and Scouts (some twenty options) are ranked by the greedy
   agent's one-step value (:func:`rr.agents.greedy.best_turns`, read from the seat's view) and
   only the best ``candidates`` are searched. Any other decision is searched over all its
   options, or, if it lists more than ``most``, over the greedy agent's choice and
   ``most - 1`` others drawn at random.
2. **Common samples.** ``samples`` times, a game is drawn from the seat's information set
   (``seen.determinise``, RR-VIEW-7), and *every* candidate is played in it (on a clone: the
   same hidden cards, the same future draws), followed by ``horizon`` random decisions drawn
   from the same generator state for each candidate, and valued for the deciding seat as the
   ISMCTS agent values a position (:func:`rr.agents.ismcts.position_values`). Comparing the
   candidates in the same samples cancels most of the luck of the deal (who holds what) out
   of their differences, which is what a choice needs: five samples tell the candidates
   apart about as well as the tree's hundred iterations, each in a sample of its own.
3. The candidate of the highest summed value is chosen (ties: the first ranked).

**What it sees.** As the ISMCTS agent: ``seen.determinise`` and the seat's view (for the
greedy ranking), nothing else, so its choice is a function of its seat's information and its
seed (``tests/agents/test_searchers.py`` checks it chooses the same in a game and in a
sample of it). Its budget is fixed (``samples`` × candidates plays a decision), so it is
reproducible on any machine.

**Cost and strength** (docs/AGENTS.md, the ISMCTS section; 2-core machine, shared,
2026-11-27): about a seventh of the CPU of the search as it was in ``rr.bench``'s 4-player
game (``--ismcts-flat``); against the greedy agent it won 85/100 two-player games (the ISMCTS
tree at 100 iterations: 81/100 on the same seeds) and 33/40 four-player ones (the tree:
35/40); head to head against the tree it won 11 of 20 four-player games, then 29 of 60 (the
tree 32) on seeds its tuning never saw. A named setting: the default ``ismcts`` stays the
tree, whose name says what it plays.
"""

from __future__ import annotations

import random

from rr.agents.greedy import GreedyAgent, Memory, best_turns
from rr.agents.interface import Seen
from rr.agents.ismcts import position_values, rollout
from rr.decisions import Ask, Decision
from rr.options import Option
from rr.ruleset import Ruleset

__all__ = [
    "FlatAgent",
]

SAMPLES = 5
"""Samples of the information set a decision; every candidate is played in each."""
CANDIDATES = 8
"""A turn's Leads and Scouts searched: the greedy agent's best ones (5 lost 4-player games to
the tree head to head; docs/AGENTS.md)."""
MOST = 12
"""The most options of another decision searched (the greedy agent's choice among them)."""
HORIZON = 8
"""Random decisions played after a candidate before the position is valued (as the ISMCTS
agent's default)."""


class FlatAgent:
    """Picks, of a few candidate options, the one of best summed value over common samples of
    its seat's information set; deterministic for a seed."""

    def __init__(self, seed: int = 0, ruleset: Ruleset | None = None, *,
                 samples: int = SAMPLES, candidates: int = CANDIDATES, most: int = MOST,
                 horizon: int = HORIZON) -> None:
        if samples < 1 or candidates < 1 or most < 1 or horizon < 0:
            raise ValueError("samples, candidates and most must be at least 1, horizon at "
                             "least 0")
        self._rng = random.Random(seed)
        self._ruleset = ruleset or Ruleset()
        self._memory = Memory()
        self._greedy = GreedyAgent(seed, self._ruleset)
        self.samples = samples
        self.candidates = candidates
        self.most = most
        self.horizon = horizon

    def choose(self, decision: Decision, seen: Seen) -> Option:
        """The candidate of best summed value over ``samples`` games drawn by
        ``seen.determinise``."""
        if len(decision.options) == 1:
            return decision.options[0]
        rng = random.Random(self._rng.getrandbits(64))
        candidates = self._candidates(decision, seen, rng)
        if len(candidates) == 1:
            return candidates[0]
        seat = decision.seat
        last = len(candidates) - 1
        sums = [0.0] * len(candidates)
        for _ in range(self.samples):
            sample = seen.determinise(rng)
            common = rng.getrandbits(64)
            for i, option in enumerate(candidates):
                game = sample if i == last else sample.clone()
                game.choose(option)
                # The same generator state for every candidate: common random rollouts.
                rollout(game, random.Random(common), self.horizon)
                sums[i] += position_values(game)[seat]
        best = max(range(len(candidates)), key=lambda i: (sums[i], -i))
        return candidates[best]

    def _candidates(self, decision: Decision, seen: Seen, rng: random.Random
                    ) -> tuple[Option, ...]:
        """The options searched (see the module's docstring)."""
        options = decision.options
        if decision.ask is Ask.TURN and len(options) > self.candidates:
            view = seen.view
            if view.hand is not None:
                return best_turns(view, self._ruleset, self._memory, options,
                                  self.candidates)
        if len(options) > self.most:
            chosen = self._greedy.choose(decision, seen)
            others = [o for o in options if o != chosen]
            return (chosen, *rng.sample(others, self.most - 1))
        return options
