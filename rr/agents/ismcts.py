"""The ISMCTS agent: information-set Monte Carlo tree search (single observer).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG, 2012),
SO-ISMCTS: one tree, whose edges are options, is grown over many *determinisations* of the
deciding player's information set. Each iteration

1. draws a determinisation: a game from the seat's information set (``Game.sample_for``,
   RR-VIEW-7), in which every card the seat does not know is dealt anew — drawn by
   ``seen.determinise``, the sample whose log keeps only the turn under way (search plays on
   from it and reads its state, never its past, and relabelling the whole history was most
   of a sample's cost late in a game);
2. descends the tree, each deciding player picking among the options its decision lists *in
   that determinisation* by UCB1 with availability counts (an option is counted as tried
   out of the times it was available, not the times its parent was visited);
3. adds one untried option, then plays on with random options for ``horizon`` more decisions
   (or to the end);
4. values the position reached for every seat and adds those values up the path.

The option chosen is the root's most visited.

**Values.** A finished game is valued by its totals, an unfinished one by the scorepad's
totals of the position as it stands (``rr.rules.final.totals_of``: the hands, tokens, board
and banished pile scored as if the game ended now; the same numbers as ``scorepad_of``,
without the scorepad's lines, issue #32). Seat *s* gets ``0.5 + 0.5 tanh(m / SCALE)``,
where *m* is its total less the best of the other totals: a win margin squashed into [0, 1],
which says more than win/lose when the rollout stops early.

**What it sees.** The agent is handed the pending decision (its own: the options it is shown)
and what its seat knows (:class:`~rr.agents.interface.Seen`), of which it uses only
``seen.determinise`` — a game drawn from its seat's information set — and nothing else: not
the game. Since a sample depends only on what the seat knows and on the generator
(RR-VIEW-7), the agent's choice is a function of its seat's information and its seed;
``tests/agents/test_ismcts.py`` checks that it chooses the same in a game and in a sample of
that game with the hidden cards dealt otherwise.

**Budget.** ``iterations`` per decision (reproducible: the same seed and the same game give
the same choice on any machine), or ``seconds`` (stops at whichever comes first; the choice
then depends on the machine's speed). A decision with one option is answered at once, and
search stops as soon as the most visited option leads every other by more visits than there
are iterations left (:func:`is_decided`): the choice the whole budget would make, sooner.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from rr.agents.interface import Seen
from rr.decisions import Decision
from rr.engine import Game
from rr.options import Option
from rr.rules.final import totals_of
from rr.ruleset import Ruleset
from rr.state import GameState

__all__ = [
    "ITERATIONS",
    "ISMCTSAgent",
]

ITERATIONS = 100
"""Iterations per decision by default."""
HORIZON = 8
"""Random decisions played after the tree before the position is valued (about a round of a
4-player game: a turn is two or three decisions)."""
EXPLORATION = 0.7
"""UCB1's exploration constant (values are in [0, 1])."""
SCALE = 25.0
"""The score margin worth ``tanh(1)`` of the way from a draw to a sure win."""


class Node:
    """One option of the tree: how often it was chosen, how often it was available, and the
    values of the games through it, summed per seat."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.children: dict[Option, Node] = {}


class ISMCTSAgent:
    """Picks the option most visited by SO-ISMCTS; deterministic for a seed with an iteration
    budget."""

    def __init__(self, seed: int = 0, ruleset: Ruleset | None = None, *,
                 iterations: int = ITERATIONS, seconds: float | None = None,
                 horizon: int = HORIZON, exploration: float = EXPLORATION) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.exploration = exploration

    def choose(self, decision: Decision, seen: Seen) -> Option:
        """The option to pick for ``decision``, searched over games drawn by
        ``seen.determinise``."""
        if len(decision.options) == 1:
            return decision.options[0]
        rng = random.Random(self._rng.getrandbits(64))
        root: Node | None = None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for done in range(1, self.iterations + 1):
            game = seen.determinise(rng)
            if root is None:
                root = Node(len(game.state.players))
            self._iterate(root, game, rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if is_decided(root, decision.options, self.iterations - done):
                break
        assert root is not None
        # The most visited of the options listed now; ties: the first listed.
        return max(decision.options,
                   key=lambda o: root.children[o].visits if o in root.children else -1)

    def _iterate(self, root: Node, game: Game, rng: random.Random) -> None:
        path = [root]
        node = root
        # Selection and expansion.
        while (decision := game.pending) is not None:
            seat = decision.seat
            untried = [o for o in decision.options if o not in node.children]
            if untried:
                option = rng.choice(untried)
                node.children[option] = Node(len(node.totals))
                for o in decision.options:
                    if o in node.children:
                        node.children[o].available += 1
                child = node.children[option]
                game.choose(option)
                path.append(child)
                break
            best: tuple[float, Option] | None = None
            for o in decision.options:
                c = node.children[o]
                c.available += 1
                ucb = (c.totals[seat] / c.visits
                       + self.exploration * math.sqrt(math.log(c.available) / c.visits))
                if best is None or ucb > best[0]:
                    best = (ucb, o)
            assert best is not None
            node = node.children[best[1]]
            game.choose(best[1])
            path.append(node)
        rollout(game, rng, self.horizon)
        values = self._values(game)
        for n in path:
            n.visits += 1
            for seat, v in enumerate(values):
                n.totals[seat] += v

    def _values(self, game: Game) -> list[float]:
        """Each seat's value of the position a rollout ends in (:func:`position_values`)."""
        return position_values(game)


def rollout(game: Game, rng: random.Random, decisions: int) -> None:
    """Plays ``decisions`` random options on ``game`` (fewer if it ends), each drawn by
    ``rng`` from the pending decision's options: the rollout of both searches."""
    for _ in range(decisions):
        pending = game.pending
        if pending is None:
            return
        game.choose(rng.choice(pending.options))


def is_decided(root: Node, options: Sequence[Option], left: int) -> bool:
    """Whether the most visited of ``options`` stays the most visited whatever ``left`` more
    iterations do: each adds one visit to one option of the root, so a lead of more than
    ``left`` visits over every other option cannot be caught up (nor tied). Search stops
    there: the choice is the one the whole budget would make (issue #32)."""
    if left == 0:
        return True
    first = second = 0
    for option in options:
        child = root.children.get(option)
        visits = 0 if child is None else child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def position_values(game: Game, score: Callable[[GameState], Sequence[int]] = totals_of
                    ) -> list[float]:
    """Each seat's value of ``game`` as it stands, in [0, 1]: its scorepad total's margin
    over the best other total, squashed (see the module's docstring). ``score``: the totals
    of an unfinished position (:func:`~rr.rules.final.totals_of`, the scorepad's numbers)."""
    state = game.state
    totals = state.totals if state.totals is not None else score(state)
    values = []
    for seat, total in enumerate(totals):
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        values.append(0.5 + 0.5 * math.tanh((total - best_other) / SCALE))
    return values
