"""``python -m rr.bench.rl [--rounds 5] [--seconds 2] [--players 4] [--json]``: the speed of
rr's environments beside PettingZoo's own games (issue #30).

Prints figures, never asserts them. On one core (``python -m rr.bench.rl`` pins itself to the
first CPU it may use), each round runs every workload for ``--seconds`` of the process's CPU
time (``time.process_time``: the other processes of a shared machine do not count in it,
though sharing the caches and the memory with them still slows it), in an
order that rotates from round to round:

- the AEC loop of PettingZoo's documentation (``last()``, then a uniformly random action
  among the mask's, ``step``) on rr's ``env(players=P)``, on PettingZoo's ``connect_four_v3``
  and on its ``tictactoe_v3``, the three taking turns in ten slices of the round (whole games
  each, their order rotating), so that a change of the shared machine's load falls on all
  three alike;
- the same loop on rr's Gymnasium environment (``rr/RedRising-v0``, P players, the other
  seats random agents, so a learner step includes the opponents' moves);
- the same games played on ``Game`` itself (``rr engine``, decisions/s: what a step costs the
  rules engine alone);
- the cost of one observation as the environments make it (µs): an
  :class:`rr.integrations.observer.Observer` following random games, asked for the deciding
  seat's observation at each decision.

A figure is the median of its rounds, a ratio the median of the per-round ratios. Needs the
``bench`` extra (pettingzoo, gymnasium, numpy and pygame, which PettingZoo's classic games
import).
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


class AECLoop:
    """The AEC loop with random masked actions on one environment, played whole games at a
    time, its steps and CPU time counted across calls (so that workloads can take turns)."""

    def __init__(self, make: Callable[[], Any], seed: int) -> None:
        self.table = make()
        self.rng = numpy.random.default_rng(seed)
        self.steps = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Plays whole games until ``seconds`` of CPU time have passed."""
        table, rng = self.table, self.rng
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
        self.seconds += time.process_time() - start
        self.steps += steps

    @property
    def rate(self) -> float:
        return self.steps / self.seconds


def aec_rounds(makes: dict[str, Callable[[], Any]], seconds: float, seed: int,
               slices: int) -> dict[str, float]:
    """Steps a second of each AEC loop over ``seconds`` of CPU time each, the loops taking
    turns in ``slices`` slices (whole games each), their order rotating from slice to slice:
    a change in the machine's load in the middle of a round then falls on every loop alike.
    (On the 2-core shared machine the ratio of single rounds still moved between 0.73 and
    1.15 in runs of 2026-11-27, load average 1.1-2.7: a load falls on rr's Python and on
    numpy's small-array code alike only in part.)"""
    loops = {name: AECLoop(make, seed) for name, make in makes.items()}
    names = list(loops)
    for number in range(slices):
        for name in names[number % len(names):] + names[:number % len(names)]:
            loops[name].run(seconds / slices)
    return {name: loop.rate for name, loop in loops.items()}


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
    """Microseconds per observation as the environments make them: an ``Observer`` following
    random games, asked for the deciding seat's observation at each decision."""
    from rr.agents.random import RandomAgent
    from rr.engine import Game
    from rr.integrations.observer import Observer

    games = []
    for s in range(3):
        game, agent = Game.new(players, seed=seed + s), RandomAgent(seed + s)
        positions = []
        while (decision := game.pending) is not None:
            positions.append((game.clone(), decision.seat))
            game.choose(agent.choose(decision))
        games.append(positions)
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for positions in games:
            observer = Observer()
            for position, seat in positions:
                observer.observe(position, seat)
            count += len(positions)
    return (time.process_time() - start) / count * 1e6


SLICES = 10
"""How many turns the AEC loops take in a round."""


def workloads(players: int, seconds: float
              ) -> dict[str, Callable[[int], float | dict[str, float]]]:
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    from rr.integrations.pettingzoo import env

    aec = {f"rr AEC {players}p": lambda: env(players=players),
           "connect_four_v3": connect_four_v3.env, "tictactoe_v3": tictactoe_v3.env}
    return {
        "AEC loops": lambda seed: aec_rounds(aec, seconds, seed, SLICES),
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
    rounds: dict[str, list[float]] = {}
    names = list(work)
    for number in range(args.rounds):
        for name in names[number % len(names):] + names[:number % len(names)]:
            figure = work[name](number)
            for part, value in (figure.items() if isinstance(figure, dict)
                                else [(name, figure)]):
                rounds.setdefault(part, []).append(value)
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
