"""Self-play: sb3-contrib's MaskablePPO against a league of its past selves and rr's bots.

    pip install -e '.[rl]'                      # sb3-contrib, stable-baselines3, torch
    nice -n 10 python examples/rl/self_play.py --minutes 40 --out docs/rl

The learner plays 2-player games on ``rr/RedRising-v0``, in seat 0 or seat 1 (drawn each
episode, so it learns both), in ``--envs`` games at once. Each episode's opponent is drawn
from the league: rr's ``random`` agent (weight 0.1), its ``greedy`` agent (0.5), and the
learner's own past selves (0.4, uniform over the snapshots; until there is one, that weight
goes to the bots). Every ``--every`` steps the policy is frozen into a snapshot that joins the
league, and evaluated on fixed games against ``random`` and ``greedy`` (seeds 1,000,000 and
up, the same at every evaluation, the policy in seat 0 in the even ones and seat 1 in the odd
ones; the masked policy's most likely action).

Two cheap helps, each one setting away:

- **Imitation first** (``--imitate N``, default 300): before any PPO step the policy network
  is trained (masked cross-entropy) on the decisions of rr's ``greedy`` agent in ``N``
  games of greedy against greedy (seeds 3,000,000 and up, not the evaluation's), so that
  PPO starts from a player rather than from random play. ``--imitate 0`` starts from random.
- **The score margin as shaping** (``--margin W``, default 0.01): besides the game's result
  (+1 or -1 at the end), each step is rewarded ``W`` times the change of the learner's
  total less the opponent's, as the scorepad would count them if the game ended now
  (``rr.rules.final.totals_of``; the reward may read the whole game, the policy never
  does). Over an episode these add up to ``W`` times the final margin less the first
  position's, so winning by more is worth a little more; ``--margin 0`` keeps the result
  alone.

Each snapshot plays as an rr agent (``policy_agent.PolicyAgent``, numpy only): its
``choose(decision, seen)`` is handed what its seat knows, as every rr agent is, so the past
selves play fair. The run stops after ``--steps`` steps or ``--minutes`` of wall time
(imitation and evaluations included), whichever comes first, and writes into ``--out``:
``self-play.json`` (the curve, with the CPU seconds of the process), ``self-play.png`` (its
plot, with 95% Wilson intervals) and ``self-play-policy.npz`` (the last policy, playable with
``--agents policy_agent:PolicyAgent:PATH`` from examples/rl). docs/RL.md shows a run.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from policy_agent import Policy, PolicyAgent

import rr.integrations.gymnasium  # noqa: F401  # registers rr/RedRising-v0
from rr.actions import NUM_ACTIONS, action_of
from rr.agents import names
from rr.agents.interface import Seen
from rr.engine import Game
from rr.observation import OBSERVATION_SIZE, observation_array
from rr.rules.final import totals_of
from rr.ruleset import Ruleset

EVALUATION_SEEDS = 1_000_000
IMITATION_SEEDS = 3_000_000
BOTS = {"random": 0.1, "greedy": 0.5}
SELVES = 0.4


class League:
    """The opponent seat: one member of the league a game, drawn at each reset."""

    def __init__(self, seed: int, snapshots: list[Policy], games: dict[str, int]) -> None:
        self.rng = random.Random(seed)
        self.snapshots = snapshots  # shared by every environment's league
        self.games = games
        self.current: Any = None

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


class LeagueEnv(gymnasium.Env):  # type: ignore[type-arg]
    """rr/RedRising-v0 in either seat, drawn at each reset with the league's opponent; each
    step rewarded besides ``margin`` times the change of the score margin."""

    def __init__(self, league: League, margin: float) -> None:
        self.league, self.margin = league, margin
        self.tables = [gymnasium.make("rr/RedRising-v0", players=2, seat=seat,
                                      opponents=league).unwrapped for seat in (0, 1)]
        self.table = self.tables[0]
        self.observation_space = self.table.observation_space
        self.action_space = self.table.action_space
        self.before = 0

    def _margin(self) -> int:
        totals = totals_of(self.table.game.state)
        return totals[self.table.seat] - totals[1 - self.table.seat]

    def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
        self.league.draw()
        if seed is None:
            seed = self.league.rng.randrange(2**31)
        self.table = self.tables[self.league.rng.randrange(2)]
        done = self.table.reset(seed=seed, options=options)
        self.before = self._margin() if self.margin else 0
        return done

    def step(self, action: Any) -> Any:
        observation, reward, terminated, truncated, info = self.table.step(action)
        if self.margin:
            after = self._margin()
            reward += self.margin * (after - self.before)
            self.before = after
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        return self.table.action_masks()


def imitate(model: Any, games: int, epochs: int = 4, batch: int = 256) -> dict[str, Any]:
    """Trains the model's policy network on greedy's decisions in ``games`` games of greedy
    against greedy (both seats), with masked cross-entropy; returns how well it then agrees."""
    import torch

    observations, masks, actions = [], [], []
    for i in range(games):
        game = Game.new(2, seed=IMITATION_SEEDS + i)
        agents = [names.make("greedy", IMITATION_SEEDS + 2 * i + s, Ruleset()) for s in (0, 1)]
        while (decision := game.pending) is not None:
            option = agents[decision.seat].choose(decision, Seen.of(game, decision.seat))
            if len(decision.options) > 1:
                mask = numpy.zeros(NUM_ACTIONS, bool)
                mask[[action_of(o) for o in decision.options]] = True
                observations.append(observation_array(game, decision.seat))
                masks.append(mask)
                actions.append(action_of(option))
            game.choose(option, seat=decision.seat)
    x = torch.as_tensor(numpy.asarray(observations, numpy.float32).reshape(-1, OBSERVATION_SIZE))
    m = torch.as_tensor(numpy.asarray(masks))
    y = torch.as_tensor(numpy.asarray(actions, numpy.int64))
    policy = model.policy
    parameters = (list(policy.mlp_extractor.policy_net.parameters())
                  + list(policy.action_net.parameters()))
    optimiser = torch.optim.Adam(parameters, lr=1e-3)
    for _ in range(epochs):
        order = torch.randperm(len(y))
        for start in range(0, len(y), batch):
            index = order[start:start + batch]
            logits = policy.action_net(policy.mlp_extractor.policy_net(x[index]))
            logits = logits.masked_fill(~m[index], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, y[index])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    with torch.no_grad():
        logits = policy.action_net(policy.mlp_extractor.policy_net(x)).masked_fill(~m, -1e9)
        agree = float((logits.argmax(1) == y).float().mean())
    return {"games": games, "decisions": len(y), "agreement": round(agree, 3)}


def wins(policy: Policy, opponent: str, games: int) -> float:
    """Games won of ``games`` against ``opponent`` (a shared win counts half), the policy in
    seat 0 of the even games and seat 1 of the odd ones."""
    won = 0.0
    for i in range(games):
        game = Game.new(2, seed=EVALUATION_SEEDS + i)
        mine = i % 2
        seats = {mine: (PolicyAgent(i, None, policy), "policy"),
                 1 - mine: (names.make(opponent, i, Ruleset()), opponent)}
        while (decision := game.pending) is not None:
            agent, name = seats[decision.seat]
            names.play(agent, name, game, decision)
        winners = game.state.winners or ()
        won += (1.0 / len(winners)) if mine in winners else 0.0
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
    axes.set_xlabel("PPO steps (the learner's decisions; 0 = after imitation)")
    axes.set_ylabel(f"games won of {games}, both seats (%)")
    axes.set_title("MaskablePPO in a league of its past selves and rr's bots, 2 players")
    axes.set_ylim(0, 100)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def table(curve: list[dict[str, Any]], games: int) -> str:
    """The curve as docs/RL.md's Markdown table (95% Wilson intervals)."""
    lines = ["| PPO steps | wall time | CPU time | against random | against greedy |",
             "|---|---|---|---|---|"]
    for point in curve:
        cells = []
        for opponent in ("random", "greedy"):
            low, high = wilson(point[opponent], games)
            cells.append(f"{point[opponent]:g}/{games} = {point[opponent] / games:.0%} "
                         f"({low:.0%}–{high:.0%})")
        lines.append(f"| {point['steps']:,} | {point['seconds'] / 60:.1f} min | "
                     f"{point.get('cpu_seconds', 0) / 60:.1f} min | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=10_000_000, help="most PPO steps")
    parser.add_argument("--minutes", type=float, default=40.0,
                        help="most wall time, imitation and evaluations included (40)")
    parser.add_argument("--every", type=int, default=65_536,
                        help="steps between snapshots and evaluations (65,536)")
    parser.add_argument("--games", type=int, default=100,
                        help="evaluation games against each bot (100)")
    parser.add_argument("--envs", type=int, default=8, help="games played at once (8)")
    parser.add_argument("--imitate", type=int, default=300,
                        help="greedy-against-greedy games to imitate first (300; 0: none)")
    parser.add_argument("--margin", type=float, default=0.01,
                        help="reward a step per point of score margin gained (0.01; 0: none)")
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
    import torch  # here, so that --table needs no torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    start, cpu_start = time.perf_counter(), time.process_time()
    snapshots: list[Policy] = []
    league_games: dict[str, int] = {}
    env = DummyVecEnv([lambda i=i: LeagueEnv(League(args.seed * 1000 + i, snapshots,
                                                    league_games), args.margin)
                       for i in range(args.envs)])
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=4096 // args.envs,
                        batch_size=512, n_epochs=10, learning_rate=3e-4, gamma=1.0,
                        ent_coef=0.003, policy_kwargs={"net_arch": [128, 128]}, verbose=0)
    imitated = imitate(model, args.imitate) if args.imitate else None
    if imitated:
        print(f"imitated greedy: {imitated} ({time.perf_counter() - start:.0f} s)", flush=True)
    curve: list[dict[str, Any]] = []

    def evaluate() -> None:
        policy = Policy.of_model(model)
        point = {"steps": int(model.num_timesteps),
                 "random": wins(policy, "random", args.games),
                 "greedy": wins(policy, "greedy", args.games),
                 "seconds": round(time.perf_counter() - start, 1),
                 "cpu_seconds": round(time.process_time() - cpu_start, 1),
                 "league_games": dict(league_games)}
        curve.append(point)
        print(f"steps {point['steps']}: won {point['random']:g} of {args.games} against "
              f"random, {point['greedy']:g} against greedy ({point['seconds']:.0f} s, CPU "
              f"{point['cpu_seconds']:.0f} s; league games {point['league_games']})",
              flush=True)
        snapshots.append(policy)

    def save() -> None:
        os.makedirs(args.out, exist_ok=True)
        Policy.of_model(model).save(os.path.join(args.out, "self-play-policy.npz"))
        with open(os.path.join(args.out, "self-play.json"), "w") as out:
            json.dump({"games": args.games, "evaluation_seeds": EVALUATION_SEEDS,
                       "seed": args.seed, "threads": args.threads, "minutes": args.minutes,
                       "envs": args.envs, "imitation": imitated, "margin": args.margin,
                       "league": {**BOTS, "past selves": SELVES}, "curve": curve}, out,
                      indent=1)

    evaluate()
    save()
    budget = args.minutes * 60
    while model.num_timesteps < args.steps:
        spent = time.perf_counter() - start
        per_chunk = (spent - curve[0]["seconds"]) / (len(curve) - 1) if len(curve) > 1 \
            else 0.0
        if spent + per_chunk > budget:
            break
        model.learn(args.every, reset_num_timesteps=False)
        evaluate()
        save()  # a run cut short keeps its last point
    plot(curve, args.games, os.path.join(args.out, "self-play.png"))
    print(table(curve, args.games))


if __name__ == "__main__":
    main()
