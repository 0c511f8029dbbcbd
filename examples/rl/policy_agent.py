"""A trained policy as an rr agent: ``PolicyAgent(seed, ruleset, path)`` plays a MaskablePPO
``MlpPolicy`` exported by ``examples/rl/self_play.py`` (its policy network's weights in a
``.npz``), with numpy alone — no torch at play time.

From this folder (rr looks for ``policy_agent.py`` in the current folder)::

    cd examples/rl
    rr simulate --agents policy_agent:PolicyAgent:../../docs/rl/self-play-policy.npz,greedy \\
        --players 2 --games 100 --seed 1000000

and ``rr ladder`` rates it beside rr's agents the same way. The agent is handed what its seat
knows (``seen``) and never the game: its observation is
:func:`rr.observation.observation_array` of a game drawn from the seat's information set
(``seen.determinise``), which gives the seat the same observation as the real game
(``rr.integrations.openspiel``'s docstring: a sample keeps the seat's observation). It picks the
legal action of highest logit (the policy's most likely action under the mask).
"""

from __future__ import annotations

import random
from typing import Any

import numpy

from rr.actions import NUM_ACTIONS, action_of
from rr.observation import observation_array

DEFAULT = "policy.npz"
"""The weights read when the agent is named without a path."""


class Policy:
    """The policy half of sb3's ``MlpPolicy`` (two tanh layers, then the action logits)."""

    def __init__(self, weights: dict[str, Any]) -> None:
        self.layers = [(numpy.asarray(weights[f"w{i}"], numpy.float32),
                        numpy.asarray(weights[f"b{i}"], numpy.float32)) for i in range(3)]

    @classmethod
    def load(cls, path: str) -> Policy:
        with numpy.load(path) as weights:
            return cls(dict(weights))

    @classmethod
    def of_model(cls, model: Any) -> Policy:
        """The policy network of a MaskablePPO ``MlpPolicy`` model (copied: training goes on)."""
        net, head = model.policy.mlp_extractor.policy_net, model.policy.action_net
        layers = [net[0], net[2], head]
        return cls({key: getattr(layer, part).detach().cpu().numpy().copy()
                    for i, layer in enumerate(layers)
                    for key, part in ((f"w{i}", "weight"), (f"b{i}", "bias"))})

    def save(self, path: str) -> None:
        """Written as float16 (half the bytes; the choices it makes are this file's)."""
        numpy.savez_compressed(path, **{f"{kind}{i}": array.astype(numpy.float16)
                                        for i, (w, b) in enumerate(self.layers)
                                        for kind, array in (("w", w), ("b", b))})

    def logits(self, observation: Any) -> Any:
        x = numpy.asarray(observation, numpy.float32)
        (w0, b0), (w1, b1), (w2, b2) = self.layers
        return w2 @ numpy.tanh(w1 @ numpy.tanh(w0 @ x + b0) + b1) + b2

    def act(self, observation: Any, mask: Any) -> int:
        """The legal action (``mask`` true) of highest logit."""
        logits = self.logits(observation)
        return int(numpy.flatnonzero(mask)[numpy.argmax(logits[mask])])


class PolicyAgent:
    """An rr agent (``choose(decision, seen)``) playing a :class:`Policy`."""

    def __init__(self, seed: int = 0, ruleset: Any = None, path: str | Policy = DEFAULT) -> None:
        self.rng = random.Random(seed)
        self.policy = path if isinstance(path, Policy) else Policy.load(path)

    def choose(self, decision: Any, seen: Any) -> Any:
        by_action = {action_of(option): option for option in decision.options}
        mask = numpy.zeros(NUM_ACTIONS, bool)
        mask[list(by_action)] = True
        game = seen.determinise(self.rng)
        return by_action[self.policy.act(observation_array(game, seen.seat), mask)]
