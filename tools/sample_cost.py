"""What ``Game.sample_for`` costs: ``python -m tools.sample_cost [--games 6] [--rounds 3]``.

Plays random games of 2, 4 and 6 players and solo (seeds 0..N-1), and at every decision draws
one sample of the deciding seat's information set, as the ISMCTS agent does at the root of
each iteration; prints the median over rounds of the mean time a sample takes (µs), per player
count. Prints figures, never asserts them. To compare two checkouts on a loaded machine, run
them in turns (``PYTHONPATH=OTHER python tools/sample_cost.py`` reads the other's ``rr``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rr.engine import Game


def one_round(players: int, games: int) -> tuple[float, int]:
    """Seconds spent in ``sample_for`` and samples drawn over ``games`` random games."""
    spent, drawn = 0.0, 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players, seed=seed, level=2 if players == 1 else None)
        sampler = random.Random(seed + 1)
        while (decision := game.pending) is not None:
            start = time.perf_counter()
            game.sample_for(decision.seat, sampler)
            spent += time.perf_counter() - start
            drawn += 1
            game.choose(rng.choice(decision.options))
    return spent, drawn


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per player count")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is shown)")
    args = parser.parse_args(argv)
    for players in (1, 2, 4, 6):
        means, drawn = [], 0
        for _ in range(args.rounds):
            spent, drawn = one_round(players, args.games)
            means.append(spent / drawn * 1e6)
        label = "solo" if players == 1 else f"{players} players"
        print(f"{label:>10}: {statistics.median(means):8.0f} µs a sample "
              f"({drawn} samples a round, rounds: {', '.join(f'{m:.0f}' for m in means)})")


if __name__ == "__main__":
    main()
