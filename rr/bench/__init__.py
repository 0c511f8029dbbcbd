"""Benchmarks: ``python -m rr.bench [--rounds 5] [--games 10] [--out FILE] [--compare FILE]``.

Prints figures, never asserts them. Every figure is measured in one process, round by round:
each round runs every workload once (rr's and, with the ``bench`` extra, OpenSpiel's random
playouts of ``python_tic_tac_toe`` and ``hearts``), in an order that rotates from round to
round, so slow moments of a loaded machine fall on every workload alike. A figure is the median
of its rounds; a ratio to an OpenSpiel game is the median of the per-round ratios, which the
machine's speed largely cancels out of. ``--out`` writes the figures as JSON; ``--compare``
reads such a file (an earlier run, another branch) and shows each figure against it.

The figures: random-agent play of 2, 4 and 6 players and solo against Au Toma (decisions/s and
events/s); folding, resuming (re-adjudication) and auditing the 4-player logs (events/s);
reading and verifying their ``.rrlog`` (events/s) and its size (bytes/event); the greedy
agent's thinking time (µs per decision, its views included, the rules' time left out).

After the rounds, once (issue #32): the CPU seconds of a 4-player game with ISMCTS agents in
two seats (``--ismcts-games``, ``--ismcts-iterations``; ``--no-ismcts`` leaves it out;
``--ismcts-flat`` adds the same game with the cheap setting ``ismcts:flat``), also
given in ``python_tic_tac_toe`` decisions (the CPU seconds times its decisions/s in CPU time,
measured just before and after), a figure the machine's speed largely cancels out of; then the
same game with the search as it was when issue #32 was filed (``--ismcts-before N``
iterations, 100 by default, 0 to leave it out: every iteration of the budget, each on a sample
whose whole history is relabelled, each position valued by the whole scorepad), the baseline
of the same run; and with ``--load``,
the game server's figures from ``python -m rr.server.load --json`` (SQLite, one process,
``--load-games`` games for ``--load-seconds``). Last, each of issue #32's figures is printed
beside its baseline and its target.

Internal: a tool for rr's own speed work; its modules may change in any release.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import define, field
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import rr
from rr.agents.ismcts import ITERATIONS
from rr.bench import openspiel, workloads
from rr.bench.workloads import Timing
from rr.errors import BadInputError, EngineBugError, RRError
from rr.files import write_whole
from rr.untrusted import load_json, printable, read_bytes, text_of

FORMAT = "rr-bench/1"
"""The ``format`` of the JSON file ``--out`` writes and ``--compare`` reads."""
PLAYERS = (2, 4, 6, 1)
"""The player counts played by random agents (1: solo against Tull Au Toma)."""
TARGETS = {"play 4p": 1.5, "play solo": 1.0}
"""Issue #32's targets: random-agent decisions/s as a multiple of ``python_tic_tac_toe``'s."""
BASELINES = {"play 2p": 0.82, "play 4p": 0.91, "play 6p": 0.85, "play solo": 0.36}
"""The ratios to ``python_tic_tac_toe`` issue #32 was filed with (``--rounds 5``)."""
YARDSTICK = "python_tic_tac_toe"
ISMCTS_BASELINE = (15.5, 17.0)
"""CPU seconds of a 4-player game with two ISMCTS seats when issue #32 was filed (a 2-core
shared machine; the ratio to ``python_tic_tac_toe`` was not measured then)."""
ISMCTS_BASELINE_TTT = (636_000, 712_000)
"""The same game in ``python_tic_tac_toe`` decisions (its CPU seconds times the yardstick's
decisions/s timed around it): two runs of ``python -m rr.bench --rounds 3 --games 5`` at
commits 0df6260 and e5bcd2d, 2-core machine, shared, 2026-11-26 (25.0-26.2 CPU s a game
then). The yardstick was timed on the clock then, which a busy machine slows more than it
inflates CPU seconds; it is timed in CPU seconds since, and the search as it was is measured
in the same run (``--ismcts-before``), the baseline to compare with."""
ISMCTS_BASELINE_ITERATIONS = 100
"""The budget the baselines were measured at (the default when issue #32 was filed)."""
ISMCTS_CHEAPER = 5.0
"""Issue #32's target: ISMCTS this many times cheaper at the same strength."""
FLAT_FIGURE = "ismcts:flat 4p"
"""The figure of ``--ismcts-flat``: the same game with the cheap setting ``ismcts:flat``."""
LOAD_TARGETS = (1000.0, 100.0)
"""Issue #32's targets for the server: choices/s at least, p99 in ms at most."""
LOAD_BASELINE = "552 choices/s, p99 211 ms on a quiet machine; 127–212 choices/s under load"
"""The server's figures when issue #32 was filed (100 games, SQLite, 20 s)."""


@define
class Figure:
    """One figure: its value in each round (higher is better unless ``lower`` says not)."""

    name: str
    unit: str
    lower: bool = False
    rounds: list[float] = field(factory=list)
    ratios: dict[str, list[float]] = field(factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    def ratio(self, game: str) -> float | None:
        values = self.ratios.get(game)
        return statistics.median(values) if values else None


def _label(players: int) -> str:
    return "solo" if players == 1 else f"{players}p"


class Bench:
    """The workloads of one run and the figures they produce."""

    def __init__(self, games: int, seconds: float, level: int, yardsticks: bool) -> None:
        self.games, self.seconds, self.level = games, seconds, level
        self.figures: dict[str, Figure] = {}
        self.yardsticks = openspiel.GAMES if yardsticks else ()
        # The 4-player logs that fold, resume, audit and decode time (played once, which also
        # warms every cache before the first round).
        played, _, _ = workloads.play(games, 4)
        self.logs = [game.events for game in played]
        self.blobs, per_event = workloads.log_bytes(self.logs)
        self.events = sum(map(len, self.logs))
        self._add(".rrlog size", "bytes/event", per_event, lower=True)

    def _add(self, name: str, unit: str, value: float, lower: bool = False) -> None:
        figure = self.figures.setdefault(name, Figure(name, unit, lower))
        figure.rounds.append(value)

    def _rate(self, name: str, unit: str, timing: Timing) -> None:
        self._add(name, unit, timing.count / timing.seconds)

    def workloads(self) -> list[tuple[str, Callable[[], None]]]:
        def play(players: int) -> Callable[[], None]:
            def run() -> None:
                games, timing, _ = workloads.play(self.games, players, self.level)
                events = sum(len(g.events) for g in games)
                self._rate(f"play {_label(players)}", "decisions/s", timing)
                self._rate(f"play {_label(players)} events", "events/s",
                           Timing(events, timing.seconds))
            return run

        def greedy() -> None:
            timing = workloads.greedy(max(self.games // 2, 1), 4)
            self._add("greedy 4p", "µs/decision", timing.seconds / timing.count * 1e6,
                      lower=True)

        def yardstick(game: str) -> Callable[[], None]:
            return lambda: self._rate(f"openspiel {game}", "decisions/s",
                                      openspiel.playouts(game, self.seconds))

        work: list[tuple[str, Callable[[], None]]] = [
            (f"play {_label(p)}", play(p)) for p in PLAYERS]
        work += [
            ("fold 4p", lambda: self._rate("fold 4p", "events/s",
                                           workloads.fold_all(self.logs))),
            ("resume 4p", lambda: self._rate("resume 4p", "events/s",
                                             workloads.resume_all(self.logs))),
            ("audit 4p", lambda: self._rate("audit 4p", "events/s",
                                            workloads.audit_all(self.logs))),
            ("decode .rrlog", lambda: self._rate("decode .rrlog", "events/s",
                                                 workloads.decode_all(self.blobs, self.events))),
            ("greedy 4p", greedy),
        ]
        work += [(f"openspiel {game}", yardstick(game)) for game in self.yardsticks]
        return work

    def run_round(self, number: int, starting: Callable[[str], None],
                  done: Callable[[], None]) -> None:
        work = self.workloads()
        shift = number % len(work)
        for name, run in work[shift:] + work[:shift]:
            starting(name)
            run()
            done()
        self._ratios()

    def _ratios(self) -> None:
        """The ratio of this round's rates to this round's yardsticks."""
        for game in self.yardsticks:
            base = self.figures[f"openspiel {game}"].rounds[-1]
            for figure in self.figures.values():
                if figure.unit.endswith("/s") and not figure.name.startswith("openspiel"):
                    figure.ratios.setdefault(game, []).append(figure.rounds[-1] / base)


    def ismcts(self, games: int, iterations: int, before: int | None,
               starting: Callable[[str], None], flat: bool = False) -> None:
        """The ISMCTS figures: the agent now, (unless ``before`` is ``None``) its search
        as it was at ``before`` iterations, and with ``flat`` the cheap setting
        ``ismcts:flat``, the yardstick timed in CPU seconds around each
        (CPU seconds set beside a rate on the clock would count the machine's load in)."""
        runs = [("ismcts 4p", iterations, False)]
        if before is not None:
            runs.append(("ismcts 4p before", before, True))
        if flat:
            runs.append((FLAT_FIGURE, 0, False))
        for name, budget, as_before in runs:
            rates = []
            if YARDSTICK in self.yardsticks:
                starting(f"openspiel {YARDSTICK} (for ISMCTS, CPU time)")
                rates.append(openspiel.playouts(YARDSTICK, self.seconds,
                                                clock=time.process_time))
            starting(f"{name}: {games} game(s)" + (
                "" if name == FLAT_FIGURE else f", {budget} iterations a decision"))
            timing = workloads.ismcts(games, 4, budget, before=as_before,
                                      flat=name == FLAT_FIGURE)
            cpu = timing.seconds / timing.count
            self._add(name, "CPU s/game", cpu, lower=True)
            if rates:
                starting(f"openspiel {YARDSTICK} (for ISMCTS, CPU time)")
                rates.append(openspiel.playouts(YARDSTICK, self.seconds,
                                                clock=time.process_time))
                rate = statistics.mean(t.count / t.seconds for t in rates)
                self._add(f"{name} in ttt", "ttt decisions/game", cpu * rate, lower=True)

    def load(self, games: int, seconds: float) -> None:
        """The game server's figures (``python -m rr.server.load``)."""
        result = workloads.server_load(games, seconds)
        for key, name, unit, lower in (
                ("choices_per_second", "server choices", "choices/s", False),
                ("choice_p50_ms", "server choice p50", "ms", True),
                ("choice_p99_ms", "server choice p99", "ms", True)):
            value = result.get(key)
            if isinstance(value, (int, float)) and value > 0:
                self._add(name, unit, float(value), lower=lower)
        errors = result.get("errors")
        if errors:
            raise RuntimeError(f"rr.server.load: {errors} request(s) failed")


def as_json(bench: Bench, settings: dict[str, object]) -> dict[str, object]:
    return {
        "format": FORMAT, "rr": rr.__version__, "python": platform.python_version(),
        "machine": platform.machine(), "cpus": os.cpu_count(), "settings": settings,
        "figures": {f.name: {"unit": f.unit, "lower_is_better": f.lower, "median": f.median,
                             "rounds": f.rounds,
                             "ratios": {g: f.ratio(g) for g in f.ratios}}
                    for f in bench.figures.values()},
    }


def read_baseline(path: str) -> dict[str, float]:
    """The median of each figure of an earlier ``--out`` file."""
    data = load_json(text_of(read_bytes(path, BadInputError), str(path), BadInputError),
                     str(path), BadInputError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadInputError(f"{path} is not a benchmark file of rr (its format is not "
                            f"{FORMAT!r}: write one with python -m rr.bench --out FILE)")
    figures = data.get("figures")
    if not isinstance(figures, dict):
        raise BadInputError(f"{path}: 'figures' must be an object")
    out = {}
    for name, figure in figures.items():
        median = figure.get("median") if isinstance(figure, dict) else None
        if isinstance(median, bool) or not isinstance(median, (int, float)) or median <= 0:
            raise BadInputError(f"{path}: figure {name!r} has no positive 'median'")
        out[str(name)] = float(median)
    return out


def _write(path: str, data: dict[str, object]) -> None:
    try:
        write_whole(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"))
    except OSError as err:
        raise BadInputError(f"cannot write {path}: {err.strerror or err}") from None


def table(bench: Bench, baseline: dict[str, float] | None, title: str) -> Table:
    out = Table(title=title)
    columns = ["figure", "unit", "median", "rounds: min–max"]
    columns += [f"× {g}" for g in bench.yardsticks]
    if baseline is not None:
        columns.append("× baseline (>1: better)")
    for column in columns:
        out.add_column(column, justify="left" if column == "figure" else "right")
    for f in bench.figures.values():
        row = [f.name, f.unit, _number(f.median), f"{_number(min(f.rounds))}–"
               f"{_number(max(f.rounds))}"]
        for game in bench.yardsticks:
            ratio = f.ratio(game)
            row.append(f"{ratio:.2f}" if ratio is not None else "")
        if baseline is not None:
            before = baseline.get(f.name)
            row.append("" if before is None else
                       f"{(before / f.median if f.lower else f.median / before):.2f}")
        out.add_row(*row)
    return out


def _number(value: float) -> str:
    return f"{value:,.1f}" if value < 1000 else f"{value:,.0f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rr.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every workload")
    parser.add_argument("--games", type=int, default=10,
                        help="games of each player count per round (seeds 0..N-1)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="OpenSpiel playouts per game and round last at least this long")
    parser.add_argument("--level", type=int, default=2, help="Au Toma's level in solo games")
    parser.add_argument("--no-openspiel", action="store_true",
                        help="leave out the OpenSpiel yardsticks")
    parser.add_argument("--no-ismcts", action="store_true",
                        help="leave out the ISMCTS game(s)")
    parser.add_argument("--ismcts-games", type=int, default=1,
                        help="4-player games with two ISMCTS seats (seeds 0..N-1)")
    parser.add_argument("--ismcts-iterations", type=int, default=ITERATIONS,
                        help="ISMCTS iterations a decision")
    parser.add_argument("--ismcts-before", type=int, default=ISMCTS_BASELINE_ITERATIONS,
                        metavar="N", help="the search as it was, at N iterations a decision, "
                        "measured in the same run as the baseline (0: left out)")
    parser.add_argument("--ismcts-flat", action="store_true",
                        help="also the same game with the cheap setting ismcts:flat")
    parser.add_argument("--load", action="store_true",
                        help="also run python -m rr.server.load (SQLite, one process)")
    parser.add_argument("--load-games", type=int, default=100,
                        help="concurrent games of --load")
    parser.add_argument("--load-seconds", type=float, default=20.0,
                        help="how long --load plays")
    parser.add_argument("--out", metavar="FILE", help="write the figures as JSON")
    parser.add_argument("--compare", metavar="FILE", help="show each figure against an "
                        "earlier --out file")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    try:
        if args.rounds < 1 or args.games < 1 or args.seconds <= 0:
            raise BadInputError("--rounds and --games must be at least 1, --seconds above 0")
        if args.ismcts_games < 1 or args.ismcts_iterations < 1 or args.ismcts_before < 0:
            raise BadInputError("--ismcts-games and --ismcts-iterations must be at least 1, "
                                "--ismcts-before at least 0")
        if not (1 <= args.load_games <= 10_000 and 0 < args.load_seconds <= 3600):
            raise BadInputError("--load-games must be 1-10000, --load-seconds above 0 and "
                                "at most 3600")
        baseline = read_baseline(args.compare) if args.compare else None
        yardsticks = not args.no_openspiel and openspiel.available()
        if not yardsticks and not args.no_openspiel:
            console.print("OpenSpiel is not installed (pip install -e '.[bench]'): its "
                          "yardsticks and the ratios to them are left out")
        bench = _run(args, yardsticks, console)
        settings = {"rounds": args.rounds, "games": args.games, "seconds": args.seconds,
                    "level": args.level, "ismcts": None if args.no_ismcts else
                    {"games": args.ismcts_games, "iterations": args.ismcts_iterations,
                     "before": args.ismcts_before or None},
                    "load": {"games": args.load_games, "seconds": args.load_seconds}
                    if args.load else None}
        if args.out:
            _write(args.out, as_json(bench, settings))
    except EngineBugError:
        raise  # a bug in rr, with its traceback
    except RRError as err:
        print(f"error: {printable(str(err))}", file=sys.stderr)
        return 2
    out = Console()
    if not out.is_terminal:
        out = Console(width=140)  # a file or a pipe: room for every column on one line
    out.print(table(bench, baseline, _title(args)))
    _verdict(bench, args)
    return 0


def _run(args: Any, yardsticks: bool, console: Console) -> Bench:
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("warming up", total=None)
        bench = Bench(args.games, args.seconds, args.level, yardsticks)
        steps = len(bench.workloads())
        progress.update(task, total=args.rounds * steps, completed=0)
        for number in range(args.rounds):
            def starting(name: str, number: int = number) -> None:
                progress.update(task, description=f"round {number + 1}/{args.rounds}: {name}")
            bench.run_round(number, starting, lambda: progress.advance(task))
        if not args.no_ismcts:
            progress.update(task, total=None)
            bench.ismcts(args.ismcts_games, args.ismcts_iterations, args.ismcts_before or None,
                         lambda name: progress.update(task, description=name),
                         flat=args.ismcts_flat)
        if args.load:
            progress.update(task, total=None, description=(
                f"python -m rr.server.load: {args.load_games} games, {args.load_seconds:g} s"))
            try:
                bench.load(args.load_games, args.load_seconds)
            except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as err:
                raise BadInputError(f"--load: {err}") from None
    return bench


def _title(args: Any) -> str:
    return (f"rr {rr.__version__} benchmark: one process (one core of {os.cpu_count()}), "
            f"{args.rounds} rounds of {args.games} games per player count, median of rounds")


def _cheaper_met(cheaper: float, args: Any) -> str:
    """Whether a search ``cheaper`` times cheaper than the search as it was meets issue #32's
    target: only judged against that search at the budget the baseline was measured at."""
    return ("met" if cheaper >= ISMCTS_CHEAPER
            and args.ismcts_before == ISMCTS_BASELINE_ITERATIONS else "not met")


def _verdict(bench: Bench, args: Any) -> None:
    """Issue #32's figures, each beside its baseline and its target."""
    print("issue #32 (2-core machine, shared; figures of this run):")
    for name, before in BASELINES.items():
        ratio = bench.figures[name].ratio(YARDSTICK)
        now = "not measured (OpenSpiel is not installed)" if ratio is None else (
            f"{ratio:.2f}× {YARDSTICK} ({bench.figures[name].median:,.0f} decisions/s)")
        target = TARGETS.get(name)
        met = "" if ratio is None or target is None else (
            "; met" if ratio >= target else "; not met")
        goal = f", target ≥ {target:.1f}×{met}" if target is not None else ""
        print(f"  random play {name.removeprefix('play ')}: {now}; baseline {before:.2f}×"
              f"{goal}")
    low, high = ISMCTS_BASELINE
    if "ismcts 4p" in bench.figures:
        cpu = bench.figures["ismcts 4p"].median
        ttt = bench.figures.get("ismcts 4p in ttt")
        worth = "" if ttt is None else f" = {ttt.median:,.0f} {YARDSTICK} decisions"
        budget = "" if args.ismcts_iterations == ITERATIONS else (
            f" (at {args.ismcts_iterations} iterations, not the default {ITERATIONS})")
        few, many = ISMCTS_BASELINE_TTT
        print(f"  ISMCTS, 4 players, two ISMCTS seats: {cpu:.1f} CPU s/game{worth}{budget}; "
              f"baseline {low}–{high} s (issue #32), {few:,}–{many:,} {YARDSTICK} decisions "
              f"(2026-11-26, yardstick on the clock); target {ISMCTS_CHEAPER:g}× cheaper at "
              "the same strength (strength: docs/AGENTS.md, not measured here)")
        then = bench.figures.get("ismcts 4p before")
        if then is not None:
            cheaper = then.median / cpu
            met = _cheaper_met(cheaper, args) if not budget else "not met"
            print(f"    the search as it was ({args.ismcts_before} iterations, this run): "
                  f"{then.median:.1f} CPU s/game; now {cheaper:.1f}× cheaper; target "
                  f"≥ {ISMCTS_CHEAPER:g}×: {met}")
        flat = bench.figures.get(FLAT_FIGURE)
        if flat is not None:
            against = ""
            if then is not None:
                cheaper = then.median / flat.median
                against = (f"; {cheaper:.1f}× cheaper than the search as it was; target "
                           f"≥ {ISMCTS_CHEAPER:g}×: {_cheaper_met(cheaper, args)}")
            print(f"    the cheap setting ismcts:flat: {flat.median:.1f} CPU s/game{against} "
                  "(at the tree's strength: docs/AGENTS.md, not measured here)")
    else:
        print("  ISMCTS: left out (--no-ismcts)")
    rate, p99 = LOAD_TARGETS
    if "server choices" in bench.figures:
        p50 = bench.figures.get("server choice p50")
        tail = bench.figures.get("server choice p99")
        print(f"  server, {args.load_games} games on SQLite: "
              f"{bench.figures['server choices'].median:,.0f} choices/s, p50 "
              f"{p50.median if p50 else float('nan'):.0f} ms, p99 "
              f"{tail.median if tail else float('nan'):.0f} ms; baseline {LOAD_BASELINE}; "
              f"target ≥ {rate:,.0f} choices/s with p99 ≤ {p99:.0f} ms")
    else:
        print("  server: not measured (add --load)")
