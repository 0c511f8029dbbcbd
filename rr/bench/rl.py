"""``python -m rr.bench.rl [--rounds 5] [--seconds 2] [--players 4] [--json]``: the speed of
rr's environments beside PettingZoo's own games (issue #30).

Prints figures, never asserts them. On one core (``python -m rr.bench.rl`` pins itself to the
first CPU it may use), each round runs every workload for ``--seconds`` of the process's CPU
time (``time.process_time``: the other processes of a shared machine do not inflate it), in an
order that rotates from round to round: the AEC loop of PettingZoo's documentation (``last()``,
then a uniformly random
action among the mask's, ``step``) on rr's ``env(players=P)``, on PettingZoo's
``connect_four_v3`` and ``tictactoe_v3``; the same loop on rr's Gymnasium environment
(``rr/RedRising-v0``, P players, the other seats random agents, so a learner step includes the
opponents' moves); the same games played on ``Game`` itself (``rr engine``, decisions/s: what
a step costs the rules engine alone); and the cost of one observation (``observation_array``,
µs). A figure is the
median of its rounds, a ratio the median of the per-round ratios, which the machine's speed
largely cancels out of. Needs the ``bench`` extra (pettingzoo, gymnasium, numpy and pygame,
which PettingZoo's classic games import).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy


def aec_steps(make: Callable[[], Any], seconds: float, seed: int) -> float:
    """Steps a second of the AEC loop with random masked actions, whole games."""
    table = make()
    rng = numpy.random.default_rng(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        table.reset(seed=int(rng.integers(2**31)))
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(numpy.flatnonzero(observation["action_mask"])))
            table.step(action)
            steps += 1
    return steps / (time.process_time() - start)


def gym_steps(players: int, seconds: float, seed: int) -> float:
    """Learner steps a second of rr/RedRising-v0 with random masked actions."""
    import gymnasium

    import rr.integrations.gymnasium  # noqa: F401  # registers rr/RedRising-v0

    table: Any = gymnasium.make("rr/RedRising-v0", players=players).unwrapped
    rng = numpy.random.default_rng(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        table.reset(seed=int(rng.integers(2**31)))
        over = False
        while not over:
            action = int(rng.choice(numpy.flatnonzero(table.action_masks())))
            _, _, terminated, truncated, _ = table.step(action)
            over = terminated or truncated
            steps += 1
    return steps / (time.process_time() - start)


def engine_steps(players: int, seconds: float, seed: int) -> float:
    """Decisions a second of the same games played on ``Game`` itself, a uniformly random
    option each (what an AEC step costs the rules engine, without the environment)."""
    from rr.engine import Game

    rng = numpy.random.default_rng(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        game = Game.new(players, seed=int(rng.integers(2**31)))
        while (decision := game.pending) is not None:
            game.choose(decision.options[int(rng.integers(len(decision.options)))])
            steps += 1
    return steps / (time.process_time() - start)


def observation_us(players: int, seconds: float, seed: int) -> float:
    """Microseconds per observation, over the positions of random games (every seat)."""
    from rr.agents.random import RandomAgent
    from rr.engine import Game
    from rr.observation import observation_array

    positions = []
    for s in range(3):
        game, agent = Game.new(players, seed=seed + s), RandomAgent(seed + s)
        while (decision := game.pending) is not None:
            game.choose(agent.choose(decision))
            if len(game.events) % 7 == 0:
                positions.append(game.clone())
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for position in positions:
            for seat in range(players):
                observation_array(position, seat)
        count += len(positions) * players
    return (time.process_time() - start) / count * 1e6


def workloads(players: int, seconds: float) -> dict[str, Callable[[int], float]]:
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    from rr.integrations.pettingzoo import env

    return {
        f"rr AEC {players}p": lambda seed: aec_steps(lambda: env(players=players), seconds, seed),
        "connect_four_v3": lambda seed: aec_steps(connect_four_v3.env, seconds, seed),
        "tictactoe_v3": lambda seed: aec_steps(tictactoe_v3.env, seconds, seed),
        f"rr/RedRising-v0 {players}p": lambda seed: gym_steps(players, seconds, seed),
        f"rr engine {players}p": lambda seed: engine_steps(players, seconds, seed),
        "observation": lambda seed: observation_us(players, seconds / 4, seed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rr.bench.rl", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="rounds (5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds a workload (2)")
    parser.add_argument("--players", type=int, default=4, help="rr's players (4)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    work = workloads(args.players, args.seconds)
    rounds: dict[str, list[float]] = {name: [] for name in work}
    names = list(work)
    for number in range(args.rounds):
        for name in names[number % len(names):] + names[:number % len(names)]:
            rounds[name].append(work[name](number))
    aec = f"rr AEC {args.players}p"
    ratios = {base: statistics.median(a / b for a, b in zip(rounds[aec], rounds[base]))
              for base in ("connect_four_v3", "tictactoe_v3")}
    figures = {name: statistics.median(values) for name, values in rounds.items()}
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, Python "
               f"{platform.python_version()}, {datetime.date.today().isoformat()}")
    engine_share = figures[aec] / figures[f"rr engine {args.players}p"]
    if args.json:
        print(json.dumps({"figures": figures, "ratios": ratios, "rounds": rounds,
                          "engine_share": engine_share, "machine": machine}))
        return 0
    print(f"one core of {machine}; {args.rounds} rounds of {args.seconds:g} s, medians")
    for name, value in figures.items():
        unit = ("µs per observation" if name == "observation"
                else "decisions/s" if name.startswith("rr engine") else "steps/s")
        print(f"  {name:<22} {value:>10,.1f} {unit}")
    for base, ratio in ratios.items():
        print(f"  {aec} / {base}: {ratio:.2f}×")
    step = 1e6 / figures[aec]
    print(f"  an AEC step {step:.0f} µs, of which the rules engine's decision (a random "
          f"option drawn) {step * engine_share:.0f} µs ({engine_share:.0%}); the rest is the "
          "environment and the loop's random pick from the mask")
    return 0


def pin() -> None:
    """Run on one core: the first this process may use (a run, not a caller of main)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


if __name__ == "__main__":
    pin()
    raise SystemExit(main())
