"""Red Rising as a PettingZoo AEC environment (issue #13): ``env(players=4, seed=None, ...)``.

Needs the ``pettingzoo`` extra (``pip install 'red-rising-engine[pettingzoo]'``: pettingzoo,
gymnasium, numpy). It passes ``pettingzoo.test.api_test`` and ``seed_test``
(``tests/integrations/test_pettingzoo.py``).

Choices made here:

- **Agents** are ``player_0`` ... ``player_{n-1}``, seat *i* being ``player_i``. In a solo
  game (``players=1``, Au Toma's ``level`` 1-6) the one agent plays against Tull Au Toma,
  who is never an agent: her turns run by themselves (RR-SOLO-14).
- **Whose turn**: ``agent_selection`` is always the seat the pending decision asks, so the same
  agent is often selected several times in a row (a Lead, then its gain, then an ability's
  questions), and an agent may be asked out of turn (a block, RR-BLOCK-1).
- **Actions** are :mod:`rr.actions` integers, ``Discrete(NUM_ACTIONS)``; the observation dict's
  ``action_mask`` (``int8``) marks the legal ones for the selected agent and is all zeros for
  every other agent. An illegal action raises :class:`rr.errors.IllegalChoiceError` (an
  integer outside the space :class:`rr.errors.UnknownActionError`) and changes nothing: a
  masked learner never sees it, and a silent penalty would hide a bug.
- **Observations** are :func:`rr.observation.observation_array`: built from the agent's view
  only, so an agent's observation never depends on a card it does not know.
- **Rewards** come once, when the game ends, by rank: the *k* winners (the game's own winners,
  RR-END-7, ties included) share +1 (each gets ``1/k``) and the others share -1 (each gets
  ``-1/(n-k)``); a game everyone wins gives 0. So the rewards sum to zero (self-play stays a
  zero-sum game), two players get exactly +1/-1, and a win is a win whatever the margin —
  a score-margin reward would teach padding a won score, while the game only asks who won.
  In a solo game Au Toma's seat counts among the *n* seats: the agent gets +1 for beating
  her and -1 for losing.
- **Seeds**: ``reset(seed=s)`` plays the game rr plays with ``Game.new(..., seed=s)`` (the same
  deal and random outcomes as ``rr demo --seed s``) and seeds the environment's generator
  with ``s``; a ``reset()`` without a seed draws the next game's seed from that generator,
  so a run of episodes is reproducible from its first seed. ``env(seed=s)`` is the seed of the
  first ``reset()``; without any seed the generator starts from fresh entropy.
- **Rendering**: ``render_mode="ansi"`` makes :meth:`RedRisingEnv.render` return the story of
  the events since the previous call, as a spectator may see it (``rr.narrate``, no hand or
  face-down card named).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy
from gymnasium import spaces
from pettingzoo import AECEnv

from rr.actions import NUM_ACTIONS
from rr.engine import Game
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS
from rr.narrate import narrate
from rr.observation import OBSERVATION_SIZE, observation_array
from rr.ruleset import Ruleset
from rr.state import GameState

RENDER_MODES = ("ansi",)
SEEDS = 2**31
"""A game's seed drawn by ``reset()`` without one is below this."""


def env(players: int = 4, seed: int | None = None, ruleset: Ruleset | None = None,
        render_mode: str | None = None, level: int | None = None) -> RedRisingEnv:
    """A Red Rising AEC environment: ``players`` 2-6, or 1 for solo against Au Toma at
    ``level`` (1-6, default 2; only for a solo game)."""
    return RedRisingEnv(players, seed, ruleset, render_mode, level)


def rewards_by_rank(seats: int, winners: tuple[int, ...]) -> list[float]:
    """The final reward of every seat: the winners share +1, the others -1 (module docstring)."""
    losers = seats - len(winners)
    if losers == 0:
        return [0.0] * seats
    return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(seats)]


class RedRisingEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The AEC environment; see the module docstring for its choices."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "red_rising_v0",
                "is_parallelizable": False}

    def __init__(self, players: int = 4, seed: int | None = None,
                 ruleset: Ruleset | None = None, render_mode: str | None = None,
                 level: int | None = None) -> None:
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) \
                or not 1 <= players <= MAX_PLAYERS:
            raise BadInputError(f"players must be 1 (solo) to {MAX_PLAYERS}, not {players!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadInputError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.players = players
        self.ruleset = ruleset or Ruleset()
        self.level = level
        Game.new(["player_0"] if players == 1 else players, ruleset=self.ruleset,
                 level=level)  # a bad level or ruleset is refused here, not at reset()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        observation_space = spaces.Dict({
            "observation": spaces.Box(-numpy.inf, numpy.inf, (OBSERVATION_SIZE,), numpy.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), numpy.int8),
        })
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._first_seed = seed
        self._rng = numpy.random.default_rng(seed)
        self.game: Game | None = None
        self._told: tuple[int, GameState] = (0, GameState())

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game (``options`` are accepted and ignored: the game takes its
        options at construction)."""
        if seed is None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None:
            self._rng = numpy.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(SEEDS))
        names = ["player_0"] if self.players == 1 else self.possible_agents
        self.game = Game.new(names, seed=game_seed, ruleset=self.ruleset, level=self.level)
        self._told = (0, GameState())
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: Any) -> None:
        """Plays ``action`` (an :mod:`rr.actions` integer) for the selected agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        game.choose_action(action, seat=self.possible_agents.index(agent))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if game.is_over:
            winners = game.state.winners or ()
            final = rewards_by_rank(len(game.state.players), winners)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = final[seat]
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        pending = self._game().pending
        self.agent_selection = (self.agents[0] if pending is None
                                else self.possible_agents[pending.seat])

    def _game(self) -> Game:
        if self.game is None:
            raise BadInputError("reset() the environment before using it")
        return self.game

    # --- what an agent sees --------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and its action mask (zeros unless it decides now)."""
        game = self._game()
        seat = self.possible_agents.index(agent)
        pending = game.pending
        mask = numpy.zeros(NUM_ACTIONS, dtype=numpy.int8)
        if pending is not None and pending.seat == seat:
            mask[game.legal_actions()] = 1
        return {"observation": observation_array(game, seat), "action_mask": mask}

    def render(self) -> str | None:
        """The events since the previous call, narrated for a spectator (``"ansi"`` only)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: env(render_mode='ansi')")
            return None
        game = self._game()
        told, state = self._told
        lines = [text for _, text in narrate(game.events[told:], None, initial=state)]
        self._told = (len(game.events), game.state)
        return "\n".join(lines)

    def close(self) -> None:
        self.game = None
