"""Red Rising as a single-agent Gymnasium environment (issue #30): importing this module
registers ``rr/RedRising-v0``.

Needs the ``pettingzoo`` extra (gymnasium and numpy; pettingzoo itself is not used)::

    import gymnasium
    import rr.integrations.gymnasium  # registers rr/RedRising-v0
    env = gymnasium.make("rr/RedRising-v0", players=2, opponents="greedy")

The learner plays one seat (``seat``, default 0) against rr's agents or a user's; it passes
``gymnasium.utils.env_checker.check_env`` and trains with sb3-contrib's ``MaskablePPO``
(``examples/rl/maskable_ppo.py``, ``docs/RL.md``). Choices made here:

- **Game**: ``players`` 2-6 (default 2), or 1 for solo against Tull Au Toma at ``level`` (1-6,
  default 2), under ``ruleset``.
- **Opponents**: every other seat is played inside the environment by ``opponents``: one
  agent for all (``"random"``, the default; ``"greedy"``; ``"ismcts:N"``; a user's
  ``"package.module:Class[:argument]"``; or an object with ``choose(decision, seen)``), or a
  mapping seat: agent. Each is handed only what its seat knows (:mod:`rr.agents.interface`),
  and a named one is made anew each episode, seeded from the environment's ``np_random``.
  One that raises, or chooses an option that is not legal, raises
  :class:`rr.errors.AgentError` naming it and its seat (never the learner's
  ``IllegalChoiceError`` or penalty); the episode cannot go on: ``reset()``.
- **Observation**: :func:`rr.observation.observation_array` of the learner's seat (kept up to
  date by :mod:`rr.integrations.observer`), a ``Box(0, 1, (1934,), float32)``
  (``docs/OBSERVATION.md``): what that seat knows, nothing else.
- **Actions**: ``Discrete(NUM_ACTIONS)``, the integers of :mod:`rr.actions` (an
  :class:`~rr.integrations.action_space.ActionSpace`, whose ``sample()`` without a mask
  draws one of the learner's legal actions, so a random agent sampling the space plays
  legal games);
  :meth:`RedRisingGymEnv.action_masks` (what sb3-contrib's ``MaskablePPO`` calls) and
  ``info["action_mask"]`` mark the legal ones (made once a decision; each call returns a new
  array, the caller's to change).
- **Illegal actions**: by default (``illegal_action="penalty"``) an illegal action leaves the
  game unchanged, is rewarded ``illegal_reward`` (-0.1) and the learner is asked again — so
  unmasked tools such as ``check_env`` and SB3's plain ``PPO`` can step it;
  ``illegal_action="raise"`` raises :class:`rr.errors.IllegalChoiceError` instead and changes
  nothing.
- **Reward**: at the end only, by rank as in the PettingZoo environment (the winners share +1,
  the others share -1; two players: +1 or -1; solo: +1 for beating Au Toma).
- **Truncation**: ``max_steps`` (default none) learner steps, illegal ones included.
- **Seeds**: ``reset(seed=s)`` plays the game of ``Game.new(..., seed=s)`` and seeds
  ``np_random`` with ``s``; a ``reset()`` without a seed draws the game's seed from
  ``np_random``.
- **Rendering**: ``"ansi"`` returns the board and the story since the last call, as a
  spectator sees them; ``"human"`` prints them; ``"rgb_array"`` returns an image of the table
  as the learner's seat sees it (:func:`rr.integrations.picture.table_image`: its own hand,
  no card it may not know), an ``(H, W, 3)`` ``uint8`` array whose shape stays the same all
  game (what SB3's ``make_vec_env`` asks for by default, and video recorders use).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rr.errors import MissingExtraError

try:
    import gymnasium
    import numpy
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # the extra's name, not a bare ModuleNotFoundError
    raise MissingExtraError("rr.integrations.gymnasium", "pettingzoo", missing.name) from missing

from rr.actions import NUM_ACTIONS
from rr.engine import Game
from rr.errors import BadInputError, IllegalChoiceError
from rr.integrations.action_space import ActionSpace
from rr.integrations.observer import Observer
from rr.integrations.opponents import Opponent, Opponents
from rr.integrations.picture import table_image
from rr.integrations.table import Actions, Story, rewards_by_rank
from rr.model import MAX_PLAYERS
from rr.observation import OBSERVATION_SIZE
from rr.ruleset import Ruleset

__all__ = [
    "ID", "RedRisingGymEnv",
]

ID = "rr/RedRising-v0"
"""The id this module registers."""
SEEDS = 2**31
"""A game's seed drawn by ``reset()`` without one is below this."""


class RedRisingGymEnv(gymnasium.Env[Any, Any]):
    """One seat of Red Rising against agents; see the module docstring for its choices."""

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}  # noqa: RUF012 (gymnasium's)

    def __init__(self, players: int = 2, seat: int = 0,
                 opponents: Opponent | Mapping[int, Opponent] = "random",
                 level: int | None = None, ruleset: Ruleset | None = None,
                 illegal_action: str = "penalty", illegal_reward: float = -0.1,
                 max_steps: int | None = None, render_mode: str | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) \
                or not 1 <= players <= MAX_PLAYERS:
            raise BadInputError(f"players must be 1 (solo) to {MAX_PLAYERS}, not {players!r}")
        seats = 2 if players == 1 else players  # Au Toma takes seat 1 in a solo game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise BadInputError(f"seat must be 0 to {players - 1}, not {seat!r}")
        if illegal_action not in ("raise", "penalty"):
            raise BadInputError(f"illegal_action must be 'raise' or 'penalty', not "
                                f"{illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadInputError(f"render_mode must be None, 'ansi', 'human' or 'rgb_array', "
                                f"not {render_mode!r}")
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise BadInputError(f"max_steps must be a positive whole number, not {max_steps!r}")
        self.players, self.seat, self.level = players, seat, level
        self.ruleset = ruleset or Ruleset()
        self._names = ["player_0"] if players == 1 else [f"player_{s}" for s in range(players)]
        Game.new(self._names, ruleset=self.ruleset, level=level, seed=0)  # refuse bad ones now
        if isinstance(opponents, Mapping):
            chosen = dict(opponents)
        else:
            chosen = {s: opponents for s in range(players) if s != seat}
        if players > 1 and set(chosen) != set(range(players)) - {seat}:
            raise BadInputError(f"opponents must play every seat but the learner's ({seat}), "
                                f"not seats {sorted(chosen)}")
        self.opponents = Opponents(chosen if players > 1 else {}, seats, self.ruleset)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), numpy.float32)
        self.action_space = ActionSpace(NUM_ACTIONS, self, "learner")
        self.game: Game | None = None
        self._steps = 0
        self._story = Story()
        self._mask_for: Any = None
        self._actions = Actions()
        self._mask = numpy.zeros(NUM_ACTIONS, dtype=bool)
        self._observer = Observer()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[numpy.typing.NDArray[numpy.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEEDS))
        self.game = Game.new(self._names, seed=game_seed, ruleset=self.ruleset,
                             level=self.level)
        self.opponents.deal(lambda: int(self.np_random.integers(SEEDS)))
        self.opponents.play(self.game)
        self._steps = 0
        self._story = Story()
        self._observer.reset()
        return (self._observer.observe(self.game, self.seat),
                {"action_mask": self.action_masks()})

    def step(self, action: int) -> tuple[numpy.typing.NDArray[numpy.float32], float, bool,
                                         bool, dict[str, Any]]:
        game = self._game()
        if game.is_over:
            raise BadInputError("the game is over: reset() the environment")
        reward = 0.0
        try:
            game.choose_action(int(action), seat=self.seat)
        except IllegalChoiceError:
            if self.illegal_action == "raise":
                raise
            reward = self.illegal_reward
        else:
            self.opponents.play(game)
        self._steps += 1
        terminated = game.is_over
        if terminated:
            final = rewards_by_rank(len(game.state.players), game.state.winners or ())
            reward += final[self.seat]
        truncated = (not terminated and self.max_steps is not None
                     and self._steps >= self.max_steps)
        return (self._observer.observe(game, self.seat), reward, terminated, truncated,
                {"action_mask": self.action_masks()})

    def action_masks(self) -> numpy.typing.NDArray[numpy.bool_]:
        """The learner's legal actions now (all false once the game is over)."""
        pending = self._game().pending
        if pending is not self._mask_for:  # made once a decision, a copy handed out
            mask = (self._actions.of(pending.options, NUM_ACTIONS)[1]
                    if pending is not None and pending.seat == self.seat
                    else bytearray(NUM_ACTIONS))
            self._mask, self._mask_for = numpy.frombuffer(mask, numpy.bool_), pending
        return self._mask.copy()

    def legal_mask(self, agent: str) -> numpy.typing.NDArray[numpy.int8] | None:
        """The learner's legal actions now as an ``int8`` mask, or None when it has none
        (for :class:`~rr.integrations.action_space.ActionSpace`; ``agent`` is not read)."""
        if self.game is None:
            return None
        mask = self.action_masks()
        return mask.view(numpy.int8) if mask.any() else None

    def render(self) -> str | numpy.typing.NDArray[numpy.uint8] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return table_image(self._game(), self.seat)
        return self._story.rendered(self._game(), self.render_mode)

    def _game(self) -> Game:
        if self.game is None:
            raise BadInputError("reset() the environment before using it")
        return self.game


if ID not in gymnasium.registry:
    gymnasium.register(ID, entry_point=f"{__name__}:RedRisingGymEnv")
