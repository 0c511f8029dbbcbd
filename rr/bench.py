"""Benchmarks: ``python -m rr.bench [--games N] [--players P]``.

Prints figures, never asserts them. Every figure is measured on the same games in the same
run, against a baseline measured in that run too: folding the recorded events (replay, no
rules) is the floor that live play, resuming (re-adjudication) and scoring are compared with.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log
from rr.events.types import Event
from rr.rules.final import final_table
from rr.scoring.scorepad import score
from rr.state import fold


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def play(games: int, players: int) -> list[Game]:
    out = []
    for seed in range(games):
        game = Game.new(players, seed=seed)
        agent = RandomAgent(seed)
        while game.pending is not None:
            game.choose(agent.choose(game.pending))
        out.append(game)
    return out


def measure(games: int, players: int) -> list[tuple[str, float, int, str]]:
    """``(what, seconds, count, unit)`` rows; the first is the baseline."""
    played: list[Game] = []
    live = _timed(lambda: played.extend(play(games, players)))
    logs: Sequence[tuple[Event, ...]] = [g.events for g in played]
    events = sum(len(e) for e in logs)
    blobs: list[bytes] = []
    return [
        ("replay: fold the events (baseline)", _timed(lambda: [fold(e) for e in logs]),
         events, "events"),
        ("live play: rules + random agent", live, events, "events"),
        ("resume: re-adjudicate the log", _timed(lambda: [Game.resume(e) for e in logs]),
         events, "events"),
        ("encode .rrlog", _timed(lambda: blobs.extend(log.encode(e) for e in logs)),
         events, "events"),
        ("decode + verify .rrlog", _timed(lambda: [log.decode(b) for b in blobs]),
         events, "events"),
        ("score the final position", _timed(
            lambda: [score(final_table(g.state), g.state.ruleset) for g in played]),
         len(played), "games"),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rr.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    rows = measure(args.games, args.players)
    base_seconds, base_count = rows[0][1], rows[0][2]
    table = Table(title=f"rr benchmark: {args.games} games of {args.players} players, "
                        "one process")
    for column in ("what", "seconds", "rate", "per game", "× baseline"):
        table.add_column(column, justify="left" if column == "what" else "right")
    for what, seconds, count, unit in rows:
        ratio = (seconds / count) / (base_seconds / base_count) if unit == "events" else None
        table.add_row(what, f"{seconds:.3f}", f"{count / seconds:,.0f} {unit}/s",
                      f"{seconds / args.games * 1000:.1f} ms",
                      f"{ratio:.1f}" if ratio is not None else "—")
    Console().print(table)
    print(f"games per second, live: {args.games / rows[1][1]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
