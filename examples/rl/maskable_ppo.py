"""Train sb3-contrib's MaskablePPO on rr/RedRising-v0 until it beats the random agent.

    pip install -e '.[rl]'                      # sb3-contrib, stable-baselines3, torch
    python examples/rl/maskable_ppo.py --steps 200000 --plot docs/rl/learning-curve.png

The learner plays seat 0 of a 2-player game against rr's random agent. Every ``--every``
steps it plays ``--games`` evaluation games (seeds 1,000,000 and up, the same for every
evaluation; the masked policy's most likely action) and the win rate is printed; the learning
curve (win rate against training steps) is drawn with matplotlib. docs/RL.md shows a run.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium
import numpy
import torch
from sb3_contrib import MaskablePPO

import rr.integrations.gymnasium  # noqa: F401  # registers rr/RedRising-v0

EVALUATION_SEEDS = 1_000_000


def win_rate(model: MaskablePPO, games: int, opponents: str) -> float:
    """The share of ``games`` evaluation games the model wins (a shared win counts half)."""
    env = gymnasium.make("rr/RedRising-v0", players=2, opponents=opponents).unwrapped
    won = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=EVALUATION_SEEDS + game)
        over, reward = False, 0.0
        while not over:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            over = terminated or truncated
        won += 1.0 if reward > 0.5 else 0.5 if reward > 0 else 0.0
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--every", type=int, default=10_000, help="steps between evaluations")
    parser.add_argument("--games", type=int, default=100, help="games per evaluation")
    parser.add_argument("--opponents", default="random", help="the opponent's agent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (1: a small network gains nothing from more)")
    parser.add_argument("--plot", default=None, help="write the learning curve here (PNG)")
    parser.add_argument("--json", default=None, help="write the curve's points here")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    env = gymnasium.make("rr/RedRising-v0", players=2, opponents=args.opponents)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, gamma=1.0, verbose=0)
    curve = [(0, win_rate(model, args.games, args.opponents))]
    print(f"steps 0: wins {curve[-1][1]:.0%}", flush=True)
    start = time.perf_counter()
    while curve[-1][0] < args.steps:
        model.learn(args.every, reset_num_timesteps=False)
        curve.append((model.num_timesteps, win_rate(model, args.games, args.opponents)))
        print(f"steps {curve[-1][0]}: wins {curve[-1][1]:.0%} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"opponents": args.opponents, "games": args.games, "curve": curve}, out)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        steps, rates = zip(*curve)
        figure, axes = plt.subplots(figsize=(7, 4))
        axes.plot(steps, numpy.array(rates) * 100, marker="o")
        axes.axhline(50, color="gray", linestyle="--", label="even (50%)")
        axes.set_xlabel("training steps (the learner's decisions)")
        axes.set_ylabel(f"games won of {args.games} (%)")
        axes.set_title(f"MaskablePPO on rr/RedRising-v0, 2 players, against {args.opponents}")
        axes.set_ylim(0, 100)
        axes.legend()
        figure.tight_layout()
        figure.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
