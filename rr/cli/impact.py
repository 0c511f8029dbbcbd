"""``rr regress --impact --ruleset A --against B --agents ... --games N --seed S``: what a
ruling changes in play, measured on new games rather than a corpus.

The seeds S to S+N-1 are played between the agents once under A and once under B (on every
core, or on Ray with ``--ray``), and compared game by game (:mod:`rr.report.impact`): the
change of win rate by house, seat and agent, of mean score and of game length, each with its
95% interval, and the seeds whose winner changed. ``--report DIR`` writes ``impact.json``
and ``impact.png``; ``--json`` prints the same JSON instead of the tables.

A ruleset is ``official`` or ``option=true|false,...`` (as ``rr simulate --ruleset``);
``recorded`` means nothing here, as no game is recorded yet. Exit status as for a corpus: 0
when no game's result changes, 1 when some do (or a game failed), 2 for a user mistake.
"""

from __future__ import annotations

import argparse
import json
import signal
from collections.abc import Sequence
from functools import partial
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from rr import simulate
from rr.cli import silence_stdout
from rr.cli.balance import drawing, written_line
from rr.cli.options import SEED_MAX
from rr.cli.simulate import terminated
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.report import folder, plots
from rr.report.impact import ImpactParameters, impact
from rr.ruleset import Ruleset

OPTIONS = ("games", "seed", "players", "agents", "report", "ray")
"""The options that only ``--impact`` takes."""
DEFAULTS: dict[str, Any] = {"games": 100, "seed": 0, "players": 4, "agents": ("random",)}
SHOWN_SEEDS = 30
"""How many changed-winner seeds the terminal lists (the JSON lists them all)."""


def refuse_options(args: argparse.Namespace) -> None:
    """A corpus run given an option of ``--impact`` says so rather than ignore it."""
    given = [f"--{name}" for name in OPTIONS if getattr(args, name) is not None]
    if given:
        raise BadInputError(f"{', '.join(given)}: only with --impact (a corpus replays its "
                            "recorded games)")


def parameters(args: argparse.Namespace) -> ImpactParameters:
    """The run ``args`` ask for, every value checked (a mistake raises, nothing is played)."""
    if args.corpus is not None:
        raise BadInputError(f"--impact plays new games: give no corpus folder "
                            f"({args.corpus!r}), or leave out --impact to regress a corpus")
    texts = {"A (--ruleset)": args.ruleset or "official", "B (--against)": args.against}
    for label, text in texts.items():
        if text.strip() == "recorded":
            raise BadInputError(f"ruleset {label} cannot be 'recorded' with --impact: the "
                                "games are new; give official or option=true|false,...")
    a, b = Ruleset.parse(texts["A (--ruleset)"]), Ruleset.parse(args.against)
    for name, value in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise BadInputError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, "
                            f"not {args.players}", "RR-SETUP-7")
    if args.seed + args.games - 1 > SEED_MAX:
        raise BadInputError(f"--seed {args.seed} with --games {args.games} runs past the "
                            f"largest seed ({SEED_MAX})")
    simulate.seat_agents(args.agents, args.players)
    return ImpactParameters(args.games, args.players, args.seed, tuple(args.agents), a, b)


def run(args: argparse.Namespace, workers: int | None) -> int:
    chosen = parameters(args)
    if args.report is not None:
        plots.require()
        folder.prepare(args.report)
    signal.signal(signal.SIGTERM, terminated)
    err = Console(stderr=True)
    results = {}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        for label, ruleset in (("A", chosen.ruleset), ("B", chosen.against)):
            task = bar.add_task(f"impact: {label} ({ruleset.describe()})", total=chosen.games)
            games = simulate.run(chosen.games, chosen.players, chosen.seed, ruleset, workers,
                                 progress=partial(bar.advance, task),
                                 agents=chosen.agents, ray=args.ray)
            results[label] = simulate.timed(games)
    seconds = results["A"][1] + results["B"][1]
    report = impact(results["A"][0], results["B"][0], chosen, seconds)
    if args.report is not None:
        with drawing():
            written = [folder.write_json(args.report, "impact.json", report),
                       plots.impact(report, args.report)]
    try:
        if args.json:
            print(json.dumps(report), flush=True)
        else:
            show(report)
            if args.report is not None:
                Console(highlight=False).print(written_line(written), soft_wrap=True,
                                              markup=False)
    except (BrokenPipeError, SystemExit):  # rich says a closed pipe with SystemExit(1)
        silence_stdout()  # the reader went away; the status is still the verdict
    return 1 if report["changed"] or report["error_seeds"] else 0


def show(report: dict[str, Any]) -> None:
    out = Console(highlight=False)
    p = report["parameters"]
    out.print(f"A = {p['ruleset']}, B = {p['against']}: seeds {p['first_seed']}-"
              f"{p['last_seed']}, {p['players']} players, agents {','.join(p['agents'])}; "
              f"change = B minus A, 95% normal interval of the paired differences")
    wins = [(f"{name} {row[name]}", row) for section, name in (
        ("win_rate_by_house", "house"), ("win_rate_by_seat", "seat"),
        ("win_rate_by_agent", "agent")) for row in report[section]
        if name != "agent" or len(report[section]) > 1]
    out.print(table("Win rate (percentage points)", wins, 100, "{:.1f}%", counts=True))
    scores = [(row["group"], row) for row in report["mean_score"]]
    scores += [(f"{name} {row[name]}", row) for section, name in (
        ("mean_score_by_house", "house"), ("mean_score_by_agent", "agent"))
        for row in report[section] if name != "agent" or len(report[section]) > 1]
    out.print(table("Mean score", scores, 1, "{:.1f}"))
    out.print(table("Game length", [(r["measure"], r) for r in report["game_length"]], 1,
                    "{:.1f}"))
    moved = report["changed_winner"]
    seeds = ", ".join(str(m["seed"]) for m in moved[:SHOWN_SEEDS])
    out.print(f"{report['changed']} of {report['compared']} games changed their result; "
              f"{len(moved)} changed winner" + (f": seeds {seeds}" if moved else "")
              + (", ..." if len(moved) > SHOWN_SEEDS else ""))
    if report["error_seeds"]:
        out.print(f"failed games (left out): seeds {report['error_seeds'][:SHOWN_SEEDS]}")
    if report["cut_seeds"]:
        out.print(f"games stopped by the safety limit, {simulate.MAX_DECISIONS} decisions "
                  f"(left out): seeds {report['cut_seeds'][:SHOWN_SEEDS]}")
    for key, words in (("ended_by_repetition", "by repetition (RULING-B11)"),
                       ("ended_by_round_limit", "at the 150th turn (RULING-B12)")):
        ended = report[key]
        if ended["a"] or ended["b"]:
            out.print(f"games ended {words}: {ended['a']} under A, {ended['b']} under B")
    moving = [row for row in report["win_rate_by_house"] if row["change"]]
    if moving:
        top = max(moving, key=lambda r: abs(r["change"]))
        house = top["house"].title()
        whose = house + ("'" if house.endswith("s") else "'s")
        out.print(f"Read: B moves {whose} win rate by "
                  f"{100 * top['change']:+.1f} ± {100 * top['plus_minus']:.1f} points "
                  f"({top['a']:.1%} → {top['b']:.1%}, over {top['games']} games)")


def table(title: str, rows: Sequence[tuple[str, dict[str, Any]]], scale: float, value: str,
          counts: bool = False) -> Table:
    """One row per group: games, A, B, and the change ± half its (symmetric) interval."""
    grid = Table(title=title)
    columns = ["", "games", "A", "B", "change ± 95%"] + (["games up/down"] if counts else [])
    for column in columns:
        grid.add_column(column, justify="left" if not column else "right")
    for name, row in rows:
        cells = [name, str(row["games"]), value.format(scale * row["a"]),
                 value.format(scale * row["b"]),
                 f"{scale * row['change']:+.1f} ± {scale * row['plus_minus']:.1f}"]
        grid.add_row(*cells + ([f"{row['up']}/{row['down']}"] if counts else []))
    return grid
