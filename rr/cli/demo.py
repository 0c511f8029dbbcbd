"""``rr demo``: a seeded game between random bots, narrated turn by turn, then the scorepad."""

from __future__ import annotations

import argparse

from rich.console import Console

from rr.agents.random import RandomAgent
from rr.cli.options import ruleset_option, seed
from rr.cli.score import _print as print_scorepad
from rr.engine import Game
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.narrate import narrate
from rr.rules.final import scorepad_of


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="watch a seeded game between random bots",
                       description="Play a seeded game between random bots, narrate it turn "
                                   "by turn and print the final scorepad.")
    p.add_argument("--seed", type=seed, default=None,
                   help="the game's seed (default: a new one, drawn at random and printed)")
    p.add_argument("--players", type=int, default=4, help="2-6 players (4)")
    p.add_argument("--ruleset", type=ruleset_option, default=None,
                   help="'official' or option=true|false,...")
    p.add_argument("--quiet", action="store_true", help="only the final scorepad")
    p.add_argument("--solo", action="store_true",
                   help="one random bot against Tull Au Toma (--players is ignored)")
    p.add_argument("--level", type=int, default=None, help="solo: Au Toma's level, 1-6 (2)")


def run(args: argparse.Namespace) -> int:
    if args.solo or args.level is not None:  # RR-SOLO-1
        game = Game.new(1, seed=args.seed, ruleset=args.ruleset, level=args.level)
    elif not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise BadInputError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, "
                            f"not {args.players}", "RR-SETUP-7")
    else:
        game = Game.new(args.players, seed=args.seed, ruleset=args.ruleset)
    assert game.seed is not None
    agent = RandomAgent(game.seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    out = Console(highlight=False)
    # The host is told the seed (RR-VIEW-10: no seat is), so that the game can be seen again.
    out.print(f"seed {game.seed} — `--seed {game.seed}` replays it")
    if not args.quiet:
        for _, text in narrate(game.events, everything=True):
            indent = "" if text.endswith("—") or "'s turn" in text else "    "
            out.print(f"{indent}{text}", style="bold" if not indent else None)
        out.print()
    print_scorepad(scorepad_of(game.state).pad, False)
    return 0

