"""The random agent: a uniformly random legal option, from its own seeded generator."""

from __future__ import annotations

import random as _random

from rr.decisions import Decision
from rr.options import Option


class RandomAgent:
    """Picks uniformly among the listed options; deterministic for a given seed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = _random.Random(seed)

    def choose(self, decision: Decision) -> Option:
        return self._rng.choice(decision.options)
