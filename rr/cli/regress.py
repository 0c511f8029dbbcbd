"""``rr regress CORPUS_DIR --ruleset A --against B``: which recorded games change when a
ruling changes.

Every log of the folder (``*.rrlog``, ``*.jsonl``) is re-run from its recorded decisions and
random outcomes under ruleset A and under ruleset B. The games whose events or final totals
differ are listed with the first difference; a game *diverges* when one ruleset makes a
recorded decision illegal or asks a different question. A ruleset is ``official``,
``recorded`` (each game's own ruleset) or ``option=true|false,...`` overrides of the official
one (each option is a ruling: ``rr spec`` lists them, ``rr spec RULING-A12`` shows one).

Exit status: 0 when no game changes, 1 when some do, 2 for bad input (no such folder, no
logs in it, an unknown ruleset option, an unreadable log).

``--impact`` (no corpus) plays new games under both rulesets instead and measures what
changes, with intervals and a plot (``rr.cli.impact``):

    rr regress --impact --ruleset A --against B --agents greedy,random --games N --seed S
               [--players P] [--report DIR] [--json] [--workers W | --ray [ADDRESS]]

with the same exit statuses: 0 when no game's result changes, 1 when some do (or a game
failed), 2 for a user mistake.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from rr.cli import impact, silence_stdout
from rr.cli.options import positive_int, seed
from rr.cli.simulate import _agents, terminated
from rr.errors import BadInputError
from rr.oracle.regress import Change, GameDiff, compare_file, corpus, summarise
from rr.report.plots import HINT
from rr.ruleset import Ruleset
from rr.simulate import worker_signals
from rr.untrusted import printable

RECORDED = "recorded"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "regress", help="re-run a corpus of game logs under two rulesets and list changes",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", metavar="CORPUS_DIR", nargs="?", default=None,
                        help="a folder of game logs (not with --impact)")
    parser.add_argument("--ruleset", default=None, metavar="A",
                        help="the ruleset to compare from (default: recorded; with --impact: "
                             "official)")
    parser.add_argument("--against", required=True, metavar="B",
                        help="the ruleset to compare with")
    parser.add_argument("--workers", "--jobs", dest="jobs", default=None, metavar="N",
                        help="worker processes (default: one per core; 1: no workers)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (the games and the counts)")
    impact = parser.add_argument_group(
        "--impact", "play new games under both rulesets and measure what changes")
    impact.add_argument("--impact", action="store_true",
                        help="play seeds S..S+N-1 under A and under B (no corpus)")
    impact.add_argument("--agents", type=_agents, default=None, metavar="KIND,...",
                        help="the agent of each seat, cycled (default: random)")
    impact.add_argument("--games", type=positive_int, default=None, help="how many (100)")
    impact.add_argument("--seed", type=seed, default=None, help="the first seed (0)")
    impact.add_argument("--players", type=int, default=None, help="players per game (4)")
    impact.add_argument("--report", type=Path, default=None, metavar="DIR",
                        help="write impact.json and impact.png into DIR; needs " + HINT)
    impact.add_argument("--ray", nargs="?", const="auto", default=None, metavar="ADDRESS",
                        help="play the games as Ray tasks (as rr simulate --ray)")


def parse_ruleset(text: str) -> Ruleset | None:
    """``recorded`` (None), ``official`` or option overrides; one-line error otherwise."""
    return None if text.strip() == RECORDED else Ruleset.parse(text)


def _jobs(text: str | None, games: int) -> int:
    if text is None:
        return max(1, min(os.cpu_count() or 1, games // 20 or 1))
    try:
        jobs = int(text)
    except ValueError:
        raise BadInputError(
            f"--workers (--jobs) takes a number of processes, not {text!r}") from None
    if jobs < 1:
        raise BadInputError(f"--workers (--jobs) takes a number >= 1, not {jobs}")
    return jobs


def _compare_all(paths: Sequence[Path], a: Ruleset | None, b: Ruleset | None, jobs: int
                 ) -> Iterator[GameDiff]:
    if jobs == 1:
        for path in paths:
            yield compare_file(path, a, b)
        return
    # A multiprocessing Pool, terminated on the way out of the ``with`` (Ctrl-C, SIGTERM):
    # no worker outlives the command.
    with multiprocessing.Pool(jobs, initializer=worker_signals) as pool:
        yield from pool.imap(_compare, [(path, a, b) for path in paths], chunksize=8)


def _compare(job: tuple[Path, Ruleset | None, Ruleset | None]) -> GameDiff:
    return compare_file(*job)


def run(args: argparse.Namespace) -> int:
    if args.impact:
        return impact.run(args, None if args.jobs is None else _jobs(args.jobs, 0))
    impact.refuse_options(args)
    if args.corpus is None:
        raise BadInputError("give a corpus folder of game logs, or --impact to play new games")
    args.ruleset = RECORDED if args.ruleset is None else args.ruleset
    a, b = parse_ruleset(args.ruleset), parse_ruleset(args.against)
    paths = corpus(args.corpus)
    jobs = _jobs(args.jobs, len(paths))
    console = Console(stderr=True)
    signal.signal(signal.SIGTERM, terminated)
    diffs: list[GameDiff] = []
    with Progress(TextColumn("regress"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=args.json or not console.is_terminal) as progress:
        task = progress.add_task("games", total=len(paths))
        for diff in _compare_all(paths, a, b, jobs):
            diffs.append(diff)
            progress.advance(task)
    counts = summarise(diffs)
    label_a = args.ruleset if a is None else a.describe()
    label_b = args.against if b is None else b.describe()
    status = (2 if counts[Change.UNREADABLE.value]
              else 1 if any(d.changed for d in diffs) else 0)
    try:
        if args.json:
            print(json.dumps({"ruleset": label_a, "against": label_b,
                              "games": [d.as_json() for d in diffs if d.changed],
                              "counts": counts}), flush=True)
        else:
            _print(diffs, counts, label_a, label_b)
    except (BrokenPipeError, SystemExit):  # rich says a closed pipe with SystemExit(1)
        silence_stdout()  # the reader went away; the status is still the verdict
    return status


def _print(diffs: Sequence[GameDiff], counts: dict[str, int], a: str, b: str) -> None:
    out = Console(highlight=False, soft_wrap=True)
    changed = [d for d in diffs if d.changed]
    if changed:
        out.print(f"[bold]Games that change[/bold] (A = {a}, B = {b}):")
    for d in changed:
        name = shown(Path(d.path).name)
        if d.change is Change.UNREADABLE:
            out.print(f"{name}  unreadable: {shown(d.problem or '')}")
            continue
        totals = (f"totals {_totals(d.totals_a)} → {_totals(d.totals_b)}"
                  if d.totals_a != d.totals_b else "same totals")
        out.print(f"[bold]{name}[/bold]  {d.change.value}; first difference at record "
                  f"{d.record}; {totals}")
        out.print(f"    A: {shown(d.under_a)}")
        out.print(f"    B: {shown(d.under_b)}")
        for stop in d.stops:
            out.print(f"    {shown(stop)}")
    out.print(f"{counts['games']} games: {counts['same']} unchanged, "
              f"{counts['events']} with other events (same totals), "
              f"{counts['totals']} with other totals, {counts['diverged']} diverged, "
              f"{counts['unreadable']} unreadable")


def shown(text: str) -> str:
    """Text from a log or a file name, for a console with markup: control characters and
    markup escaped."""
    return escape(printable(text))


def _totals(totals: tuple[int, ...] | None) -> str:
    return "—" if totals is None else "/".join(str(t) for t in totals)
