"""Self-play: sb3-contrib's MaskablePPO against a league of its past selves and rr's bots.

    pip install -e '.[rl]'                      # sb3-contrib, stable-baselines3, torch
    python examples/rl/self_play.py --minutes 20 --out docs/rl

The learner plays seat 0 of 2-player games on ``rr/RedRising-v0``. Each episode's opponent
is drawn from the league: rr's ``random`` agent (weight 0.2), its ``greedy`` agent (0.4), and
the learner's own past selves (0.4, uniform over the snapshots; until there is one, that
weight goes to the bots). Every ``--every`` steps the policy is frozen into a snapshot that
joins the league, and evaluated on fixed games against ``random`` and ``greedy`` (seeds
1,000,000 and up, the same at every evaluation; the masked policy's most likely action).

Each snapshot plays as an rr agent (``policy_agent.PolicyAgent``, numpy only): its
``choose(decision, seen)`` is handed what its seat knows, as every rr agent is, so the past
selves play fair. The run stops after ``--steps`` steps or ``--minutes`` of wall time
(evaluations included), whichever comes first, and writes into ``--out``:
``self-play.json`` (the curve), ``self-play.png`` (its plot, with 95% Wilson intervals) and
``self-play-policy.npz`` (the last policy, playable with ``--agents
policy_agent:PolicyAgent:PATH`` from examples/rl). docs/RL.md shows a run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import Any

import gymnasium
import numpy
import torch
from sb3_contrib import MaskablePPO

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from policy_agent import Policy, PolicyAgent

import rr.integrations.gymnasium  # noqa: F401  # registers rr/RedRising-v0
from rr.agents import names
from rr.engine import Game
from rr.ruleset import Ruleset

EVALUATION_SEEDS = 1_000_000
BOTS = {"random": 0.2, "greedy": 0.4}
SELVES = 0.4


class League:
    """The opponent seat: one member of the league a game, drawn at each reset."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.snapshots: list[Policy] = []
        self.current: Any = None
        self.games: dict[str, int] = {}

    def draw(self) -> None:
        kinds = list(BOTS) + (["self"] if self.snapshots else [])
        weights = list(BOTS.values()) + ([SELVES] if self.snapshots else [])
        kind = self.rng.choices(kinds, weights)[0]
        seed = self.rng.randrange(2**31)
        self.games[kind] = self.games.get(kind, 0) + 1
        self.current = (PolicyAgent(seed, None, self.rng.choice(self.snapshots))
                        if kind == "self" else names.make(kind, seed, Ruleset()))

    def choose(self, decision: Any, seen: Any) -> Any:
        return self.current.choose(decision, seen)


class LeagueEnv(gymnasium.Wrapper):  # type: ignore[type-arg]
    """rr/RedRising-v0 whose opponent is drawn from the league at each reset."""

    def __init__(self, league: League) -> None:
        super().__init__(gymnasium.make("rr/RedRising-v0", players=2, opponents=league))
        self.league = league

    def reset(self, **kwargs: Any) -> Any:
        self.league.draw()
        return self.env.reset(**kwargs)

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


def wins(policy: Policy, opponent: str, games: int) -> float:
    """Games won of ``games`` against ``opponent`` (a shared win counts half), seat 0."""
    won = 0.0
    for i in range(games):
        game = Game.new(2, seed=EVALUATION_SEEDS + i)
        seats = {0: (PolicyAgent(i, None, policy), "policy"),
                 1: (names.make(opponent, i, Ruleset()), opponent)}
        while (decision := game.pending) is not None:
            agent, name = seats[decision.seat]
            names.play(agent, name, game, decision)
        winners = game.state.winners or ()
        won += (1.0 / len(winners)) if 0 in winners else 0.0
    return won


def wilson(won: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``won / games``."""
    p = won / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def plot(curve: list[dict[str, Any]], games: int, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    steps = [point["steps"] for point in curve]
    for opponent, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        shares = [point[opponent] / games * 100 for point in curve]
        low, high = zip(*(wilson(point[opponent], games) for point in curve))
        axes.plot(steps, shares, marker="o", color=colour, label=f"against {opponent}")
        axes.fill_between(steps, numpy.array(low) * 100, numpy.array(high) * 100,
                          color=colour, alpha=0.15)
    axes.axhline(50, color="gray", linestyle="--", label="even (50%)")
    axes.set_xlabel("training steps (the learner's decisions)")
    axes.set_ylabel(f"games won of {games} (%)")
    axes.set_title("MaskablePPO in a league of its past selves and rr's bots, 2 players")
    axes.set_ylim(0, 100)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def table(curve: list[dict[str, Any]], games: int) -> str:
    """The curve as docs/RL.md's Markdown table (95% Wilson intervals)."""
    lines = ["| training steps | wall time | against random | against greedy |",
             "|---|---|---|---|"]
    for point in curve:
        cells = []
        for opponent in ("random", "greedy"):
            low, high = wilson(point[opponent], games)
            cells.append(f"{point[opponent]:g}/{games} = {point[opponent] / games:.0%} "
                         f"({low:.0%}–{high:.0%})")
        lines.append(f"| {point['steps']:,} | {point['seconds'] / 60:.1f} min | "
                     f"{cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=1_000_000, help="most training steps")
    parser.add_argument("--minutes", type=float, default=20.0,
                        help="most wall time, evaluations included (20)")
    parser.add_argument("--every", type=int, default=10_240,
                        help="steps between snapshots and evaluations (10,240)")
    parser.add_argument("--games", type=int, default=100,
                        help="evaluation games against each bot (100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    parser.add_argument("--out", default=".", help="folder for the curve, plot and policy")
    parser.add_argument("--table", metavar="JSON", default=None,
                        help="only print the Markdown table of a run's self-play.json")
    args = parser.parse_args()
    if args.table:
        with open(args.table) as run:
            done = json.load(run)
        print(table(done["curve"], done["games"]))
        return
    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    league = League(args.seed)
    env = LeagueEnv(league)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, gamma=1.0, ent_coef=0.01, verbose=0)
    curve: list[dict[str, Any]] = []

    def evaluate() -> None:
        policy = Policy.of_model(model)
        point = {"steps": int(model.num_timesteps),
                 "random": wins(policy, "random", args.games),
                 "greedy": wins(policy, "greedy", args.games),
                 "seconds": round(time.perf_counter() - start, 1),
                 "league_games": dict(league.games)}
        curve.append(point)
        print(f"steps {point['steps']}: won {point['random']:g} of {args.games} against "
              f"random, {point['greedy']:g} against greedy ({point['seconds']:.0f} s; league "
              f"games {point['league_games']})", flush=True)
        league.snapshots.append(policy)

    evaluate()
    budget = args.minutes * 60
    while model.num_timesteps < args.steps:
        spent = time.perf_counter() - start
        per_chunk = spent / len(curve) if model.num_timesteps else 0.0
        if spent + per_chunk > budget:
            break
        model.learn(args.every, reset_num_timesteps=False)
        evaluate()
    os.makedirs(args.out, exist_ok=True)
    Policy.of_model(model).save(os.path.join(args.out, "self-play-policy.npz"))
    with open(os.path.join(args.out, "self-play.json"), "w") as out:
        json.dump({"games": args.games, "evaluation_seeds": EVALUATION_SEEDS,
                   "seed": args.seed, "threads": args.threads, "minutes": args.minutes,
                   "league": {**BOTS, "past selves": SELVES}, "curve": curve}, out, indent=1)
    plot(curve, args.games, os.path.join(args.out, "self-play.png"))
    print(table(curve, args.games))


if __name__ == "__main__":
    main()
