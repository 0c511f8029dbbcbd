"""What ``Game.sample_for`` costs: ``python -m tools.sample_cost [--games 3] [--rounds 3]
[--per-decision 1] [--baseline CHECKOUT]``.

Plays random games of 2, 4 and 6 players and solo (seeds 0..N-1), and at every decision draws
``--per-decision`` samples of the deciding seat's information set (the ISMCTS agent draws one
at the root of each iteration, many at one decision: the log's walk is then read once); prints
the median over rounds of the mean time a sample takes (µs) and samples a second, per player
count. With ``--baseline`` (another checkout, e.g. /work/main), the same rounds are run in
turns with that checkout's ``rr`` in a subprocess, and its figures are printed beside these:
a loaded machine slows both alike. Prints figures, never asserts them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from rr.engine import Game

COUNTS = (1, 2, 4, 6)


def one_round(players: int, games: int, per_decision: int) -> tuple[float, int]:
    """Seconds spent in ``sample_for`` and samples drawn over ``games`` random games."""
    spent, drawn = 0.0, 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players, seed=seed, level=2 if players == 1 else None)
        sampler = random.Random(seed + 1)
        while (decision := game.pending) is not None:
            start = time.perf_counter()
            for _ in range(per_decision):
                game.sample_for(decision.seat, sampler)
            spent += time.perf_counter() - start
            drawn += per_decision
            game.choose(rng.choice(decision.options))
    return spent, drawn


def round_figures(games: int, per_decision: int) -> dict[int, float]:
    """µs a sample, per player count, for one round."""
    figures = {}
    for players in COUNTS:
        spent, drawn = one_round(players, games, per_decision)
        figures[players] = spent / drawn * 1e6
    return figures


def _baseline_round(checkout: str, games: int, per_decision: int) -> dict[int, float]:
    """One round run by ``checkout``'s ``rr`` in a subprocess (this file as the script)."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
    out = subprocess.run([sys.executable, __file__, "--one-round", "--games", str(games),
                          "--per-decision", str(per_decision)],
                         env=env, check=True, capture_output=True, text=True,
                         cwd=os.path.abspath(checkout)).stdout
    return {int(k): v for k, v in json.loads(out).items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is shown)")
    parser.add_argument("--per-decision", type=int, default=1,
                        help="samples drawn at each decision")
    parser.add_argument("--baseline", help="another checkout to measure in turns with this")
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one_round:
        print(json.dumps(round_figures(args.games, args.per_decision)))
        return
    mine: list[dict[int, float]] = []
    theirs: list[dict[int, float]] = []
    for _ in range(args.rounds):
        if args.baseline:
            theirs.append(_baseline_round(args.baseline, args.games, args.per_decision))
        mine.append(round_figures(args.games, args.per_decision))
    print(f"{args.games} games a player count, {args.per_decision} samples a decision, "
          f"median of {args.rounds} rounds")
    for players in COUNTS:
        label = "solo" if players == 1 else f"{players} players"
        us = statistics.median(r[players] for r in mine)
        line = f"{label:>10}: {us:8.0f} µs a sample ({1e6 / us:6.0f}/s)"
        if theirs:
            base = statistics.median(r[players] for r in theirs)
            line += (f"   baseline {base:8.0f} µs ({1e6 / base:6.0f}/s)"
                     f"   ratio {us / base:.2f}")
        print(line)


if __name__ == "__main__":
    main()
