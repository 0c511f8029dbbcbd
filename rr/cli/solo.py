"""``rr simulate --solo``: bot games against Tull Au Toma, and the difficulty table.

``--level N`` plays one level; ``--levels 1-6`` (or ``1,3,5``) prints the player's win rate
and mean margin at each level for each agent (default: random and greedy).
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.table import Table

from rr import simulate
from rr.automa import LEVELS, automa_table
from rr.errors import BadInputError


def parse_levels(text: str) -> tuple[int, ...]:
    """``"1-6"``, ``"2"`` or ``"1,3,5"`` → the levels; anything else is a user mistake."""
    levels: list[int] = []
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            levels += range(int(low), int(high) + 1) if dash else [int(low)]
    except ValueError:
        raise BadInputError(f"--levels takes levels like 1-6 or 1,3,5, not {text!r}") from None
    bad = [n for n in levels if n not in LEVELS]
    if bad or not levels:
        raise BadInputError(f"Au Toma's levels are 1 to 6, not {text!r}", "RR-SOLO-16")
    return tuple(dict.fromkeys(levels))


def run(args: argparse.Namespace) -> int:
    """The solo half of ``rr simulate``."""
    if args.level is not None and args.levels is not None:
        raise BadInputError("give --level or --levels, not both")
    levels = parse_levels(args.levels) if args.levels is not None else \
        parse_levels(str(args.level if args.level is not None else automa_table().normal_level))
    agents = tuple(args.agents) if args.agents else (
        ("random", "greedy") if args.levels is not None else ("random",))
    asked = args.games * len(levels) * len(agents)
    try:
        results = simulate.run_solo(args.games, levels, agents, args.seed, args.ruleset,
                                    args.workers, args.out)
        interrupted = False
    except simulate.SoloInterrupted as stop:  # Ctrl-C: report the games played so far
        results, interrupted = stop.results, True
        print(f"interrupted: {len(results)} of {asked} solo games played; their results "
              "follow (the games column says how many each line holds)", file=sys.stderr)
    lines = simulate.summarise_solo(results)
    errors = sum(line.errors for line in lines)
    if args.json:
        print(json.dumps({**_as_json(lines, levels, agents), "interrupted": interrupted}))
    else:
        _print(lines)
        for r in [r for r in results if r.error][:5]:
            print(f"error: level {r.level} {r.agent} seed {r.seed}: {r.error}", file=sys.stderr)
        for r in [r for r in results if r.error is None and r.cut][:5]:
            print(f"cut: level {r.level} {r.agent} seed {r.seed}: {r.cut}", file=sys.stderr)
    if interrupted:
        return 130  # the shell's status for Ctrl-C, as rr's other commands
    return 0 if errors == 0 else 1


def _as_json(lines: list[simulate.SoloLine], levels: tuple[int, ...],
             agents: tuple[str, ...]) -> dict[str, object]:
    games = sum(line.games for line in lines)
    errors = sum(line.errors for line in lines)
    cut = sum(line.cut for line in lines)
    played = sum(line.played for line in lines)
    wins = sum(line.wins for line in lines)
    margin = sum(line.mean_margin * line.played for line in lines)
    return {
        "solo": True, "levels": list(levels), "agents": list(agents),
        "games": games, "errors": errors, "cut": cut,
        "win_rate": round(wins / played, 4) if played else 0.0,
        "mean_margin": round(margin / played, 2) if played else 0.0,
        "by_level_and_agent": [line.as_json() for line in lines],
    }


def _print(lines: list[simulate.SoloLine]) -> None:
    table = Table(title="The player against Tull Au Toma (win rate; mean margin = player - Au "
                        "Toma)")
    cut = any(line.cut for line in lines)  # a column only when a game was cut
    for column in ("level", "name", "agent", "games", "errors", *(("cut",) if cut else ()),
                   "win rate", "mean margin", "player", "Au Toma"):
        table.add_column(column, justify="left" if column in ("name", "agent") else "right")
    for line in lines:
        table.add_row(str(line.level), automa_table().level(line.level).name, line.agent,
                      str(line.games), str(line.errors), *((str(line.cut),) if cut else ()),
                      f"{line.win_rate:.1%}",
                      f"{line.mean_margin:+.1f}", f"{line.mean_score:.1f}",
                      f"{line.mean_automa_score:.1f}")
    Console(width=max(Console().width, 110)).print(table)  # one line per level and agent
