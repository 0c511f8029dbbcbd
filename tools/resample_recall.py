"""How often OpenSpiel's resampled state keeps the seat's perfect recall:
``python -m tools.resample_recall [--games 100] [--players 2 3 4 6]``.

For each player count, plays games of seeds 0..N-1 with uniform random players and chance for
a random 5 to 199 decisions (the game's own ``numpy`` generator, seeded), then draws two
states from the deciding seat's information set (``resample_from_infostate``) and compares
their ``information_state_string`` (the seat's whole history as it saw it) with the state's.
Prints the counts; asserts nothing (the docstring of :mod:`rr.integrations.openspiel` quotes
the figure). Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy
import pyspiel

import rr.integrations.openspiel as openspiel


def play(state: Any, rng: Any, decisions: int | None = None) -> Any:
    """``state`` played on by uniform random players and chance, to the end (or for
    ``decisions`` player actions, and on to the next decision)."""
    made = 0
    while not state.is_terminal() and (decisions is None or made < decisions
                                       or state.is_chance_node()):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    return state


def measure(players: int, games: int) -> tuple[int, int]:
    """Resamples whose perfect-recall string is the state's, and resamples drawn."""
    same = drawn = 0
    game = pyspiel.load_game(openspiel.NAME, {"players": players})
    for seed in range(games):
        rng = numpy.random.RandomState(seed)
        state = play(game.new_initial_state(), rng, int(rng.randint(5, 200)))
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        for _ in range(2):
            sample = state.resample_from_infostate(seat, sampler)
            same += sample.information_state_string(seat) == state.information_state_string(seat)
            drawn += 1
    return same, drawn


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6])
    args = parser.parse_args(argv)
    total = kept = 0
    for players in args.players:
        same, drawn = measure(players, args.games)
        print(f"{players} players: {same} of {drawn} resamples keep the perfect-recall string")
        kept, total = kept + same, total + drawn
    print(f"all: {kept} of {total}")


if __name__ == "__main__":
    main()
