"""Red Rising as PettingZoo environments (issues #13, #30): ``env(...)`` (AEC) and
``parallel_env(...)``.

Needs the ``pettingzoo`` extra (``pip install 'red-rising-engine[pettingzoo]'``: pettingzoo,
gymnasium,
numpy). They pass PettingZoo's ``api_test``, ``seed_test``, ``parallel_api_test``,
``render_test``, ``parallel_seed_test``, ``state_test`` and ``max_cycles_test``
(``tests/integrations/test_pettingzoo.py``), all as made by default. The last samples
``action_space(agent).sample()`` without the mask and needs episodes of exactly
``max_cycles`` steps: the space's ``sample()`` draws a legal action (below), so no episode
ends early; its AEC half runs on ``parallel_to_aec(parallel_env())``, whose agents each act
once a cycle, because in the AEC environment here one agent may decide several times in a
row.

``env(players=4, seed=None, ruleset=None, render_mode=None, level=None, max_cycles=None,
opponents=None, illegal_action="terminate", illegal_reward=None, flat_observations=False)``;
``parallel_env`` takes the same. Choices made here:

- **Agents** are ``player_0`` ... ``player_{n-1}``, seat *i* being ``player_i``. In a solo
  game (``players=1``, Au Toma's ``level`` 1-6) the one agent plays against Tull Au Toma,
  who is never an agent: her turns run by themselves (RR-SOLO-14). ``opponents`` (seat:
  agent, as ``rr simulate --agents`` names them — ``"greedy"``, ``"ismcts:50"``,
  ``"package.module:Class"`` — or an object with ``choose(decision, seen)``) plays those seats
  inside the environment, which then are no agents of it; each is handed what its seat knows
  only (:mod:`rr.agents.interface`). A named opponent is made anew each game, seeded with a
  number drawn from the environment's generator. An opponent that raises, or chooses an
  option that is not legal, raises :class:`rr.errors.AgentError` naming it and its seat
  (never the learner's ``IllegalChoiceError``); the episode cannot go on: ``reset()``.
- **Whose turn**: ``agent_selection`` is always the seat the pending decision asks, so the same
  agent is often selected several times in a row (a Lead, then its gain, then an ability's
  questions), and an agent may be asked out of turn (a block, RR-BLOCK-1).
- **Actions** are :mod:`rr.actions` integers, ``Discrete(NUM_ACTIONS)``: one
  :class:`~rr.integrations.action_space.ActionSpace` per agent, whose ``sample()`` without a
  mask draws uniformly among the agent's legal actions now (with the space's own seeded
  ``np_random``; from the whole range when the agent has none), so a random agent that
  samples the space plays legal games; ``sample(mask)`` takes the mask given, as Gymnasium
  says, and ``contains()`` is the whole range. The action mask
  (``int8``) marks the legal ones for the selected agent and is all zeros for every other
  agent; it is in the observation dict (``action_mask``) and in the agent's ``infos``
  (``infos[agent]["action_mask"]``, the same array), made once a decision (asked again about
  the same decision, after an illegal action, the agent gets the same array).
- **Illegal actions** follow PettingZoo's classic games (their ``TerminateIllegalWrapper``)
  by default (``illegal_action="terminate"``): an illegal action plays nothing, ends the
  episode for every agent (``terminations`` all true), and the agent who chose it is
  rewarded ``illegal_reward`` (default -1, a loss) while the others get 0; ``infos[agent]``
  of that agent holds ``"illegal_action": True``. ``illegal_action="raise"``, the strict
  setting, raises :class:`rr.errors.IllegalChoiceError` instead (an integer outside the
  space :class:`rr.errors.UnknownActionError`) and changes nothing: a masked learner never
  meets it, and a bug in the masking is said at once. ``illegal_action="penalty"`` changes
  nothing in the game either: the same agent is asked again and rewarded ``illegal_reward``
  (default -0.1) for the step, so an episode goes on for as many steps as asked whatever
  the actions.
- **Observations** are :func:`rr.observation.observation_array` (kept up to date by
  :mod:`rr.integrations.observer` rather than rebuilt at every step): built from the agent's view
  only, so an agent's observation never depends on a card it does not know; every value is
  in [0, 1] (``Box(0, 1)``; ``docs/OBSERVATION.md``, field by field).
- **State**: ``state()`` is :func:`rr.observation.state_vector` and ``state_space`` its
  ``Box(0, 1)``: the whole game, every hand and the deck's order included — privileged
  information for a centralised critic in training (MAPPO, QMIX), never a policy's input.
- **Rewards** come once, when the game ends, by rank: the *k* winners (the game's own winners,
  RR-END-7, ties included) share +1 (each gets ``1/k``) and the others share -1 (each gets
  ``-1/(n-k)``); a game everyone wins gives 0. So the rewards sum to zero (self-play stays a
  zero-sum game), two players get exactly +1/-1, and a win is a win whatever the margin —
  a score-margin reward would teach padding a won score, while the game only asks who won.
  In a solo game Au Toma's seat counts among the *n* seats: the agent gets +1 for beating
  her and -1 for losing. An opponent's seat counts like any other.
- **Truncation**: ``max_cycles`` (default none) is the most steps an episode takes; after that
  many, every agent is truncated (rewards 0). A step is one action of the selected agent,
  as in the parallel environment, where one cycle is one step.
- **Parallel**: ``parallel_env`` follows PettingZoo's convention for turn-based games (its
  ``turn_based_aec_to_parallel``): each step takes an action from every live agent, plays the
  selected agent's and ignores the others' (their masks are all zeros), and returns every
  live agent's observation, reward, termination, truncation and info.
- **Seeds**: ``reset(seed=s)`` plays the game rr plays with ``Game.new(..., seed=s)`` (the same
  deal and random outcomes as ``rr demo --seed s``) and seeds the environment's generator
  with ``s``; a ``reset()`` without a seed draws the next game's seed from that generator,
  so a run of episodes is reproducible from its first seed. ``env(seed=s)`` is the seed of the
  first ``reset()``; without any seed the generator starts from fresh entropy.
- **Rendering**: ``render_mode="ansi"`` makes :meth:`RedRisingEnv.render` return the story of
  the events since the previous call (``rr.narrate``, no hand or face-down card named)
  followed by the board as a spectator sees it (the four stacks, face-down cards as ``?``,
  each player's tokens and hand size, the pending decision); ``"human"`` prints the same;
  ``"rgb_array"`` returns an image of the table as a spectator sees it (no hand, no face-down
  card: this environment has several seats; :func:`rr.integrations.picture.table_image`
  draws any one seat's), an ``(H, W, 3)`` ``uint8`` array of one shape all game.
- **SuperSuit**: the observation is a dict (observation and mask), as in PettingZoo's classic
  games, so SuperSuit's wrappers of Box observations (``dtype_v0``, ``normalize_obs_v0``,
  ``frame_stack_v1``) do not apply to it; they apply to the Box of ``flat_observations=True``
  (the observation array alone; the mask then only in ``infos``), with which
  ``pettingzoo_env_to_vec_env_v1`` works on the parallel environment too
  (``tests/integrations/test_supersuit.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from rr.errors import MissingExtraError

try:
    import gymnasium
    import numpy
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ModuleNotFoundError as missing:  # the extra's name, not a bare ModuleNotFoundError
    raise MissingExtraError("rr.integrations.pettingzoo", "pettingzoo", missing.name) from missing

from rr.actions import NUM_ACTIONS
from rr.decisions import Decision
from rr.engine import Game
from rr.errors import BadInputError, IllegalChoiceError
from rr.integrations.action_space import ActionSpace
from rr.integrations.observer import Observer
from rr.integrations.opponents import Opponent, Opponents
from rr.integrations.picture import table_image
from rr.integrations.table import Actions, Story, rewards_by_rank
from rr.model import MAX_PLAYERS
from rr.options import Option
from rr.observation import OBSERVATION_SIZE, STATE_SIZE, state_vector
from rr.ruleset import Ruleset

__all__ = [
    "RedRisingEnv", "RedRisingParallelEnv", "env", "parallel_env",
]

RENDER_MODES = ("ansi", "human", "rgb_array")
ILLEGAL_ACTIONS = ("terminate", "raise", "penalty")
ILLEGAL_REWARDS = {"terminate": -1.0, "raise": 0.0, "penalty": -0.1}
"""``illegal_reward`` when none is given, by ``illegal_action``."""
_NO_ACTIONS = (bool, float)
"""Types that are no action, though Python compares them equal to one (Game.choose_action
refuses them with its typed error)."""
_INT8 = numpy.dtype(numpy.int8)
"""The mask's dtype, made once (``frombuffer`` given the type makes it at every call)."""
SEEDS = 2**31
"""A game's seed drawn by ``reset()`` without one is below this."""


def env(players: int = 4, seed: int | None = None, ruleset: Ruleset | None = None,
        render_mode: str | None = None, level: int | None = None,
        max_cycles: int | None = None, opponents: Mapping[int, Opponent] | None = None,
        illegal_action: str = "terminate", illegal_reward: float | None = None,
        flat_observations: bool = False) -> RedRisingEnv:
    """A Red Rising AEC environment: ``players`` 2-6, or 1 for solo against Au Toma at
    ``level`` (1-6, default 2; only for a solo game); the module docstring says the rest."""
    return RedRisingEnv(players, seed, ruleset, render_mode, level, max_cycles, opponents,
                        illegal_action, illegal_reward, flat_observations)


def parallel_env(players: int = 4, seed: int | None = None, ruleset: Ruleset | None = None,
                 render_mode: str | None = None, level: int | None = None,
                 max_cycles: int | None = None,
                 opponents: Mapping[int, Opponent] | None = None,
                 illegal_action: str = "terminate", illegal_reward: float | None = None,
                 flat_observations: bool = False) -> RedRisingParallelEnv:
    """The parallel environment of the same game (PettingZoo's turn-based convention)."""
    return RedRisingParallelEnv(env(players, seed, ruleset, render_mode, level, max_cycles,
                                    opponents, illegal_action, illegal_reward,
                                    flat_observations))


def _checked(players: int, render_mode: str | None, max_cycles: int | None,
             illegal_action: str) -> None:
    if isinstance(players, bool) or not isinstance(players, int) \
            or not 1 <= players <= MAX_PLAYERS:
        raise BadInputError(f"players must be 1 (solo) to {MAX_PLAYERS}, not {players!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise BadInputError(f"render_mode must be None, 'ansi', 'human' or 'rgb_array', not "
                            f"{render_mode!r}")
    if max_cycles is not None and (isinstance(max_cycles, bool)
                                   or not isinstance(max_cycles, int) or max_cycles < 1):
        raise BadInputError(f"max_cycles must be a positive whole number, not {max_cycles!r}")
    if illegal_action not in ILLEGAL_ACTIONS:
        raise BadInputError(f"illegal_action must be 'terminate', 'raise' or 'penalty', not "
                            f"{illegal_action!r}")


class RedRisingEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The AEC environment; see the module docstring for its choices."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "red_rising_v1",  # noqa: RUF012
                "is_parallelizable": True}  # (PettingZoo's convention: a class dict)

    def __init__(self, players: int = 4, seed: int | None = None,
                 ruleset: Ruleset | None = None, render_mode: str | None = None,
                 level: int | None = None, max_cycles: int | None = None,
                 opponents: Mapping[int, Opponent] | None = None,
                 illegal_action: str = "terminate", illegal_reward: float | None = None,
                 flat_observations: bool = False) -> None:
        super().__init__()
        _checked(players, render_mode, max_cycles, illegal_action)
        self.players = players
        self.ruleset = ruleset or Ruleset()
        self.level = level
        Game.new(["player_0"] if players == 1 else players, ruleset=self.ruleset, level=level,
                 seed=0)  # a bad level or ruleset is refused here, not at reset()
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(ILLEGAL_REWARDS[illegal_action] if illegal_reward is None
                                    else illegal_reward)
        self.flat_observations = flat_observations
        self.opponents = Opponents(opponents, players, self.ruleset)
        self.possible_agents = [f"player_{seat}" for seat in range(players)
                                if seat not in self.opponents.given]
        if not self.possible_agents:
            raise BadInputError("every seat is an opponent: no agent is left to learn")
        self._seat_of = {f"player_{seat}": seat for seat in range(players)}
        self._agent_of = [f"player_{seat}" for seat in range(players)]
        box = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), numpy.float32)
        observation_space = box if flat_observations else spaces.Dict({
            "observation": box, "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), numpy.int8)})
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: ActionSpace(NUM_ACTIONS, self, a) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (STATE_SIZE,), numpy.float32)
        self._first_seed = seed
        self._rng = numpy.random.default_rng(seed)
        self.game: Game | None = None
        self._story = Story()
        self._steps = 0
        self._mask_for: Decision | None = None
        self._mask = numpy.zeros(NUM_ACTIONS, dtype=numpy.int8)
        self._legal: dict[int, Option] = {}
        self._actions = Actions()
        self._no_mask = numpy.zeros(NUM_ACTIONS, dtype=numpy.int8)
        self._no_mask.flags.writeable = False
        self._selected_mask = self._no_mask
        """The selected agent's mask (its ``infos`` entry), made when the game moves."""
        self._observer = Observer()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's :class:`~rr.integrations.action_space.ActionSpace` (one object per
        agent): ``sample()`` draws one of its legal actions now."""
        return self.action_spaces[agent]

    def legal_mask(self, agent: str) -> numpy.typing.NDArray[numpy.int8] | None:
        """The agent's action mask now, or None when it has no legal action (it does not
        decide now, the episode is over, or the environment is not reset)."""
        if getattr(self, "agent_selection", None) != agent or self.game is None:
            return None
        mask = self._selected_mask
        return mask if mask is not self._no_mask else None

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
        names_ = (["player_0"] if self.players == 1
                  else [f"player_{seat}" for seat in range(self.players)])
        self.game = Game.new(names_, seed=game_seed, ruleset=self.ruleset, level=self.level)
        self.opponents.deal(lambda: int(self._rng.integers(SEEDS)))
        self._story = Story()
        self._observer.reset()
        self._steps = 0
        self._mask_for = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {"action_mask": self._no_mask}
                                                 for a in self.agents}
        self._masked: str | None = None
        self.opponents.play(self.game)
        self._after_move()
        self._cumulative_rewards = dict(self.rewards)

    def step(self, action: Any) -> None:
        """Plays ``action`` (an :mod:`rr.actions` integer) for the selected agent."""
        try:
            agent = self.agent_selection
        except AttributeError:  # (free when there is no error: checked only then)
            self._game()  # before reset(): its typed error
            raise
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        rewards = self.rewards
        if any(rewards.values()):  # (a reward comes only at the end or for an illegal action)
            for name in rewards:
                rewards[name] = 0.0
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat_of[agent]
        # The listed object itself, found by identity in Game.choose (a bool or a float is
        # no action: Game.choose_action refuses them with its typed error).
        pending = game.pending
        option = (self._legal.get(action) if pending is not None and self._mask_for is pending
                  and not isinstance(action, _NO_ACTIONS) else None)
        try:
            if option is not None:
                game.choose(option, seat=seat)
            else:
                game.choose_action(action, seat=seat)
        except IllegalChoiceError:
            if self.illegal_action == "raise":
                raise
            rewards[agent] = self.illegal_reward
            if self.illegal_action == "terminate":
                self._end_illegally(agent)
                return
        else:
            if self.opponents.playing:
                self.opponents.play(game)
        self._steps += 1
        self._after_move()
        if any(rewards.values()):
            cumulative = self._cumulative_rewards
            for name, reward in rewards.items():
                cumulative[name] += reward

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()`` (the selected agent's observation, cumulative reward,
        termination, truncation and info); before ``reset()``, a typed error saying so.
        Written out, not ``super().last()``: that call cost ~2,400 instructions a step of the
        AEC loop (cachegrind, 60 games, 2026-11-27)."""
        try:
            agent = self.agent_selection
        except AttributeError:  # (free when there is no error: checked only then)
            self._game()
            raise
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """PettingZoo's ``agent_iter()``; before ``reset()``, a typed error saying so."""
        self._game()
        return cast(Iterable[str], super().agent_iter(max_iter))

    def _after_move(self) -> None:
        """The rewards at the end, the truncation, the next selected agent and the masks."""
        game = self._game()
        pending = game.pending
        mask = self._no_mask
        if pending is None:
            final = rewards_by_rank(len(game.state.players), game.state.winners or ())
            for name in self.agents:
                self.rewards[name] += final[self._seat_of[name]]
                self.terminations[name] = True
            selected = self.agents[0]
        elif self._steps_over():
            for name in self.agents:
                self.truncations[name] = True
            selected = self.agents[0]
        else:
            selected = self._agent_of[pending.seat]
            mask = self._mask_of(pending)
        self.agent_selection = selected
        # Only the selected agent's info holds a mask that is not all zeros.
        infos, masked = self.infos, self._masked
        if masked is not selected and masked in infos:
            infos[masked]["action_mask"] = self._no_mask
        infos[selected]["action_mask"] = self._selected_mask = mask
        self._masked = selected

    def _end_illegally(self, agent: str) -> None:
        """The episode ended by ``agent``'s illegal action (``illegal_action="terminate"``, as
        PettingZoo's ``TerminateIllegalWrapper``): every agent terminated, ``agent`` rewarded
        ``illegal_reward`` (set by the caller) and the others 0, every mask zeros."""
        self._steps += 1
        self._cumulative_rewards[agent] += self.rewards[agent]
        for name in self.agents:
            self.terminations[name] = True
        self.infos[agent]["illegal_action"] = True
        if self._masked in self.infos:
            self.infos[self._masked]["action_mask"] = self._no_mask
        self._selected_mask = self._no_mask
        self.agent_selection = self._masked = self.agents[0]

    def _steps_over(self) -> bool:
        return self.max_cycles is not None and self._steps >= self.max_cycles

    def _mask_of(self, pending: Decision) -> numpy.typing.NDArray[numpy.int8]:
        """The pending decision's mask: its legal actions."""
        if self._mask_for is not pending:
            # Made once a decision (held, so that no other object takes its id), a new array
            # each time (a learner may write on it).
            self._legal, mask = self._actions.of(pending.options, NUM_ACTIONS)
            self._mask = numpy.frombuffer(mask, _INT8)
            self._mask_for = pending
        return self._mask

    def _game(self) -> Game:
        if self.game is None:
            raise BadInputError("reset() the environment before using it")
        return self.game

    # --- what an agent sees --------------------------------------------------------------------

    def observe(self, agent: str) -> Any:
        """The agent's observation and its action mask (zeros unless it decides now); with
        ``flat_observations``, the observation array alone."""
        seen = self._observer.observe(self._game(), self._seat_of[agent])
        if self.flat_observations:
            return seen
        mask = self._selected_mask if agent == self.agent_selection else self._no_mask
        return {"observation": seen, "action_mask": mask}

    def state(self) -> numpy.typing.NDArray[numpy.float32]:
        """The whole game (:func:`rr.observation.state_vector`): privileged information."""
        return numpy.asarray(state_vector(self._game()), dtype=numpy.float32)

    def render(self) -> str | numpy.typing.NDArray[numpy.uint8] | None:
        """The events since the previous call, narrated for a spectator, then the board as a
        spectator sees it: returned (``"ansi"``) or printed (``"human"``); or an image of the
        table as a spectator sees it (``"rgb_array"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: env(render_mode='ansi')")
            return None
        if self.render_mode == "rgb_array":
            return table_image(self._game(), None)
        return self._story.rendered(self._game(), self.render_mode)

    def close(self) -> None:
        self.game = None


class RedRisingParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment: one AEC environment stepped by the selected agent's action
    (module docstring)."""

    def __init__(self, aec: RedRisingEnv) -> None:
        self.aec = aec
        self.metadata = {**aec.metadata, "name": "red_rising_parallel_v1"}
        self.possible_agents = list(aec.possible_agents)
        self.state_space = aec.state_space
        self.render_mode = aec.render_mode
        self.agents: list[str] = []

    @property
    def max_cycles(self) -> int | None:
        return self.aec.max_cycles

    @max_cycles.setter
    def max_cycles(self, cycles: int | None) -> None:
        _checked(self.aec.players, None, cycles, self.aec.illegal_action)
        self.aec.max_cycles = cycles

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return ({a: self.aec.observe(a) for a in self.agents},
                {a: dict(self.aec.infos[a]) for a in self.agents})

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        """Plays the selected agent's action (the others' are ignored)."""
        aec = self.aec
        aec._game()  # before reset(): its typed error
        selected = aec.agent_selection
        if selected not in actions:
            raise BadInputError(f"no action for {selected}, whose decision it is")
        aec.step(actions[selected])
        live = self.agents
        observations = {a: aec.observe(a) for a in live}
        rewards = {a: aec.rewards[a] for a in live}
        terminations = {a: aec.terminations[a] for a in live}
        truncations = {a: aec.truncations[a] for a in live}
        infos = {a: dict(aec.infos[a]) for a in live}
        if all(terminations[a] or truncations[a] for a in live):
            while aec.agents:  # the dead steps PettingZoo's AEC needs
                aec.step(None)
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self) -> numpy.typing.NDArray[numpy.float32]:
        return self.aec.state()

    def render(self) -> str | numpy.typing.NDArray[numpy.uint8] | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    @property
    def unwrapped(self) -> RedRisingParallelEnv:
        return self
