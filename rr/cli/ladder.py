"""``rr ladder``: rate agents against each other with openskill over many seeded games."""

from __future__ import annotations

import argparse
import json
import os
import signal

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from rr import ladder, simulate
from rr.cli.options import SEED_MAX, positive_int, ruleset_option, seed
from rr.cli.simulate import terminated
from rr.errors import BadInputError
from rr.simulate import GameResult

DESCRIPTION = (
    "Rate agents against each other: game i (seed SEED+i) seats PLAYERS different agents of "
    "the list, drawn at random, and each agent's skill is rated with openskill's "
    "Plackett-Luce model (the winners first, the others by their totals). Prints each "
    "agent's mu (its estimated skill; every agent starts at 25), sigma (how unsure that is) "
    "and the interval mu ± 1.96 sigma, strongest first.")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("ladder", help="rate agents against each other (openskill)",
                       description=DESCRIPTION)
    p.add_argument("--agents", required=True, metavar="KIND,...",
                   help=f"the agents to rate, at least two: {', '.join(simulate.AGENTS)}, "
                        "ismcts:N, ismcts:flat, or your own agent "
                        "package.module:Class[:argument]")
    p.add_argument("--players", type=int, default=2,
                   help="players per game, 2-6, at most the number of agents (2)")
    p.add_argument("--games", type=positive_int, default=100, help="how many games (100)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the first game (0)")
    p.add_argument("--workers", type=positive_int, default=None,
                   help="processes (default: one per core)")
    p.add_argument("--ruleset", type=ruleset_option, default=None,
                   help="'official' or option=true|false,... (see rr/ruleset.py)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    agents = simulate.parse_agents(args.agents)
    ladder.check(agents, args.players)
    if args.seed + args.games - 1 > SEED_MAX:
        raise BadInputError(f"--seed {args.seed} with --games {args.games} runs past the "
                            f"largest seed ({SEED_MAX})")
    err = Console(stderr=True)
    signal.signal(signal.SIGTERM, terminated)
    results: list[GameResult] = []
    with Progress(TextColumn("laddering"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)
        results.extend(ladder.play(agents, args.players, args.games, args.seed, args.ruleset,
                                   args.workers or os.cpu_count() or 1,
                                   progress=lambda n: bar.advance(task, n)))
    rated = ladder.rate(agents, results)
    if args.json:
        print(json.dumps(as_json(rated, args)))
    else:
        print(text(rated, args.players, args.seed), end="")
    for failure in rated.failed:
        err.print(f"not rated: {failure}", markup=False, highlight=False)
    return 0 if not rated.failed else 1


def as_json(rated: ladder.Ladder, args: argparse.Namespace) -> dict[str, object]:
    return {"players": args.players, "games": rated.games, "seed": args.seed,
            "rated": rated.rated, "failed": list(rated.failed), "z": ladder.Z,
            "agents": [{"agent": r.agent, "mu": r.mu, "sigma": r.sigma, "low": r.low,
                        "high": r.high, "games": r.games, "wins": r.wins}
                       for r in rated.rungs]}


def text(rated: ladder.Ladder, players: int, first: int) -> str:
    """The ladder as a Markdown table (what ``rr ladder`` prints; the README holds one)."""
    lines = [f"{rated.games} games of {players} players (seeds {first}-"
             f"{first + rated.games - 1}), {rated.rated} rated; openskill Plackett-Luce, "
             f"interval mu ± {ladder.Z} sigma", "",
             "| rank | agent | mu | sigma | interval | games | wins |",
             "|---|---|---|---|---|---|---|"]
    for rank, r in enumerate(rated.rungs, 1):
        lines.append(f"| {rank} | {r.agent} | {r.mu:.1f} | {r.sigma:.1f} | "
                     f"{r.low:.1f}–{r.high:.1f} | {r.games} | {r.wins:g} |")
    return "\n".join(lines) + "\n"
