"""The environments' action space: ``Discrete(NUM_ACTIONS)`` whose ``sample()`` draws a legal
action.

PettingZoo's own tests and many random baselines step ``env.action_space(agent).sample()``
without a mask. Under PettingZoo's illegal-action convention (an illegal action ends the
episode) such a loop would end every game at its first step, since few of the 1,163 actions
are legal at any decision. So the space is bound to its environment and agent:

- ``sample()`` with neither mask nor probability draws uniformly among the agent's legal
  actions now (its action mask), with the space's own ``np_random``, so ``space.seed(s)``
  makes the draws repeatable as for any Gymnasium space. When the agent has no legal action
  now (another agent decides, or the episode is over) it draws from the whole range, as
  ``Discrete`` does.
- ``sample(mask)`` and ``sample(probability=p)`` are ``Discrete``'s: the given mask or
  probabilities, nothing else.
- ``contains()``, ``n``, equality and the space's shape are ``Discrete``'s: every integer in
  ``[0, NUM_ACTIONS)`` is in the space, legal now or not, and a learner's policy head is the
  same size.

A copy made with ``copy.deepcopy`` is bound to the same agent of the same environment (of the
copy, when the environment is what is copied). A pickled space loses its environment, which
does not go to another process, and samples as a plain ``Discrete``; so does the space of a
vector environment whose games run in other processes. (A vector environment's space in the
same process, as Stable-Baselines3's ``DummyVecEnv`` gives it, is its first game's.)
"""

from __future__ import annotations

import copy
from typing import Any, Protocol

import numpy
from gymnasium import spaces


class _Masks(Protocol):
    def legal_mask(self, agent: str) -> numpy.typing.NDArray[numpy.int8] | None:
        """The agent's action mask now, or None when it has no legal action."""


class ActionSpace(spaces.Discrete):
    """``Discrete(n)`` of one agent of an environment; see the module docstring."""

    def __init__(self, n: int, table: _Masks, agent: str, seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self.table: _Masks | None = table
        self.agent = agent

    def sample(self, mask: Any = None, probability: Any = None) -> numpy.int64:
        if mask is None and probability is None and self.table is not None:
            legal = self.table.legal_mask(self.agent)
            if legal is not None:
                return super().sample(mask=legal)
        return super().sample(mask, probability)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["table"] = None  # an environment does not travel; a plain Discrete then
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionSpace:
        copied = ActionSpace.__new__(ActionSpace)
        memo[id(self)] = copied
        for key, value in self.__dict__.items():
            if key == "table":  # the environment being copied, if it is; else the same one
                setattr(copied, key, memo.get(id(value), value))
            else:
                setattr(copied, key, copy.deepcopy(value, memo))
        return copied

