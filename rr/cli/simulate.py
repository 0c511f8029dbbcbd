"""``rr simulate``: many games between bots; speed, turns, wins by house and by agent."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from rr import simulate
from rr.cli import balance, solo
from rr.cli.demo import refuse_players_in_solo
from rr.cli.options import SEED_MAX, positive_int, ruleset_option, seed
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.report.plots import HINT
from rr.simulate import GameResult, Summary


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play many games between bots",
                       description="Play many games between bots and report speed, turns, "
                                   "and wins by house and by agent. Game i uses seed SEED+i.")
    p.add_argument("--games", type=positive_int, default=100, help="how many games (100)")
    p.add_argument("--players", type=int, default=None,
                   help="players per game, 2-6 (4); not with --solo")
    p.add_argument("--seed", type=seed, default=0, help="seed of the first game (0)")
    p.add_argument("--agents", type=_agents, default=None, metavar="KIND,...",
                   help="the agent of each seat, cycled if fewer than the players: "
                        f"{', '.join(simulate.AGENTS)}, ismcts:N, ismcts:flat, or your own agent "
                        "package.module:Class[:argument] (default: random)")
    p.add_argument("--workers", type=positive_int, default=None,
                   help="processes (default: one per core)")
    p.add_argument("--ray", nargs="?", const="auto", default=None, metavar="ADDRESS",
                   help="play the games as Ray tasks on the cluster at ADDRESS (default: auto; "
                        "'local' starts one here); needs " + simulate.RAY_HINT)
    p.add_argument("--ruleset", type=ruleset_option, default=None,
                   help="'official' or option=true|false,... (see rr/ruleset.py)")
    p.add_argument("--out", type=Path, default=None,
                   help="write one .rrlog per game (game-SEED.rrlog) into this folder, which is "
                        "created if need be and must be empty unless --force is given")
    p.add_argument("--force", action="store_true",
                   help="with --out: write into a folder that already holds files, replacing "
                        "any log of the same name")
    p.add_argument("--report", type=Path, default=None, metavar="DIR",
                   help="write summary.json and PNG plots (win rates by house, seat and agent "
                        "with 95%% intervals, scores, game length, cards in winning hands) "
                        "into DIR, created if need be; needs " + HINT)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--solo", action="store_true", help="one player against Tull Au Toma")
    p.add_argument("--level", type=int, default=None,
                   help="Au Toma's level, 1-6 (2); implies --solo")
    p.add_argument("--levels", default=None, metavar="1-6",
                   help="solo: the difficulty table over these levels (agents: random,greedy)")


def _agents(text: str) -> tuple[str, ...]:
    try:
        return simulate.parse_agents(text)
    except BadInputError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def run(args: argparse.Namespace) -> int:
    if args.report is not None:
        balance.refuse_solo(args)
    if args.solo or args.level is not None or args.levels is not None:
        refuse_players_in_solo(args)
        return solo.run(args)  # RR-SOLO-*
    args.agents = args.agents or ("random",)
    args.players = 4 if args.players is None else args.players
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise BadInputError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, "
                            f"not {args.players}", "RR-SETUP-7")
    if args.out is not None and args.ray is None:
        prepare_out(args.out, args.force)
    if args.seed + args.games - 1 > SEED_MAX:
        raise BadInputError(f"--seed {args.seed} with --games {args.games} runs past the "
                            f"largest seed ({SEED_MAX})")
    if len(args.agents) > args.players:
        raise BadInputError(f"--agents names {len(args.agents)} agents for "
                            f"{args.players} players")
    if args.report is not None:
        balance.prepare(args)
    err = Console(stderr=True)
    signal.signal(signal.SIGTERM, terminated)
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)
        games = simulate.run(
            args.games, args.players, args.seed, args.ruleset, args.workers, args.out,
            progress=lambda n: bar.advance(task, n), agents=args.agents, ray=args.ray)
        results, seconds, interrupted = simulate.collect(games)
    if interrupted:
        say_interrupted(results, args.games)
        args.games = len(results)  # seeds SEED to SEED+len-1: the report's parameters
    summary = simulate.summarise(results, seconds)
    if args.json:
        print(json.dumps({**summary.as_json(), "interrupted": interrupted}))
    else:
        _print(summary, tables=args.report is None)  # a report prints tables with intervals
    if args.report is not None and results:
        balance.write(args, results, seconds)
    if interrupted:
        return EXIT_INTERRUPTED
    return 0 if summary.errors == 0 else 1


EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell's status for SIGINT, also when the games played so far were reported."""


def say_interrupted(results: list[GameResult], asked: int) -> None:
    """One line on stderr: what the partial results below cover."""
    seeds = sorted(r.seed for r in results)
    if not seeds:
        covered = "no game"
    elif seeds == list(range(seeds[0], seeds[0] + len(seeds))):
        covered = f"seeds {seeds[0]} to {seeds[-1]}"
    else:  # Ray hands back games as they finish
        covered = f"{len(seeds)} seeds from {seeds[0]} to {seeds[-1]}"
    print(f"interrupted: {len(results)} of {asked} games played ({covered}); their results "
          "follow", file=sys.stderr)


def prepare_out(out: Path, force: bool) -> None:
    """Make sure the games' logs can be written into ``out`` without losing a file: the folder
    exists (it is created) and is writable, and it is empty unless ``force``."""
    if out.exists() and not out.is_dir():
        raise BadInputError(f"--out {out} exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        held = sorted(entry.name for entry in out.iterdir())
    except OSError as err:
        raise BadInputError(f"--out {out}: cannot create or read the folder: "
                            f"{err.strerror or err}") from None
    if held and not force:
        raise BadInputError(f"--out {out} already holds {len(held)} file(s) ({', '.join(held[:3])}"
                            f"{', ...' if len(held) > 3 else ''}); choose an empty folder, or "
                            "give --force to replace logs of the same name")
    if not os.access(out, os.W_OK | os.X_OK):
        raise BadInputError(f"--out {out}: the folder is not writable")


def terminated(signum: int, frame: object) -> None:
    """SIGTERM: unwind like Ctrl-C, so the worker pool is terminated on the way out (exit
    143, the shell's code for a SIGTERM)."""
    raise SystemExit(128 + signum)


def _print(summary: Summary, tables: bool = True) -> None:
    out = Console()
    out.print(f"{summary.games} games in {summary.seconds:.2f} s "
              f"({summary.games_per_second:.1f} games/s), {summary.errors} errors; "
              f"mean turns {summary.mean_turns:.1f}, mean score {summary.mean_score:.1f}")
    if summary.repeated:
        out.print(f"{summary.repeated} ended by repetition (RULING-B11)")
    if summary.longest:
        out.print(f"{summary.longest} ended at the 150th turn (RULING-B12)")
    if summary.cut:
        out.print(f"{summary.cut} stopped by the safety limit, counted apart (their logs are "
                  "kept with --out)")
    if tables:
        _tables(out, summary)
    for sample in summary.error_samples:
        print(f"error: {sample}", file=sys.stderr)
    for sample in summary.cut_samples:
        print(f"cut: {sample}", file=sys.stderr)


def _tables(out: Console, summary: Summary) -> None:
    table = Table(title="Wins by house")
    for column in ("house", "games", "wins", "win rate"):
        table.add_column(column, justify="left" if column == "house" else "right")
    for house, games in summary.games_by_house.items():
        wins = summary.wins_by_house.get(house, 0)
        table.add_row(house, str(games), str(wins), f"{wins / games:.1%}")
    out.print(table)
    if len(summary.games_by_agent) > 1 or set(summary.games_by_agent) - {"random"}:
        agents = Table(title="Wins by agent (seats; a shared win counts for each winner)")
        for column in ("agent", "seats", "wins", "win rate"):
            agents.add_column(column, justify="left" if column == "agent" else "right")
        for agent, seats in summary.games_by_agent.items():
            wins = summary.wins_by_agent.get(agent, 0)
            agents.add_row(agent, str(seats), str(wins), f"{wins / seats:.1%}")
        out.print(agents)

