"""Many bot games, for balance studies: one process per core by default.

Game *i* of a run with seed *s* uses game seed ``s + i`` and agent seed ``s + i``, so any
single game of a run can be replayed on its own (``rr demo --seed`` plays the same game).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable, Iterator, Sequence

from attrs import frozen

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log
from rr.ruleset import Ruleset

MAX_DECISIONS = 20_000
"""A game still going after this many decisions is reported as an error (it should not
happen: every Lead or Scout moves a card, so the deck and the locations run out)."""


@frozen
class GameResult:
    seed: int
    players: int
    houses: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    """Every turn taken, by every player (Apollo's last and out-of-order turns included)."""
    decisions: int
    events: int
    error: str | None = None


def play_one(seed: int, players: int, ruleset: Ruleset | None = None,
             out: Path | None = None) -> GameResult:
    """One game between random agents; never raises (an exception becomes ``error``)."""
    game: Game | None = None
    decisions = 0
    try:
        game = Game.new(players, seed=seed, ruleset=ruleset)
        agent = RandomAgent(seed)
        while game.pending is not None:
            if decisions >= MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
            game.choose(agent.choose(game.pending))
            decisions += 1
        if out is not None:
            log.write(out / f"game-{seed:06d}.rrlog", game.events)
        state = game.state
        return GameResult(
            seed, players, tuple(p.house.value if p.house else "" for p in state.players),
            state.totals or (), state.winners or (),
            sum(p.turns + p.extra_turns for p in state.players), decisions, len(game.events))
    except Exception as err:  # a bug in rr: reported, not raised, so a run can count them
        events = len(game.events) if game is not None else 0
        return GameResult(seed, players, (), (), (), 0, decisions, events,
                          error=f"{type(err).__name__}: {err}")


def _play_chunk(args: tuple[Sequence[int], int, Ruleset | None, str | None]
                ) -> list[GameResult]:
    seeds, players, ruleset, out = args
    where = Path(out) if out else None
    return [play_one(s, players, ruleset, where) for s in seeds]


def run(games: int, players: int, seed: int = 0, ruleset: Ruleset | None = None,
        workers: int | None = None, out: Path | None = None,
        progress: Callable[[int], None] | None = None) -> Iterator[GameResult]:
    """Play ``games`` games, yielding results as they finish (in seed order per chunk)."""
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    seeds = list(range(seed, seed + games))
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or games < 8:
        for s in seeds:
            result = play_one(s, players, ruleset, out)
            if progress:
                progress(1)
            yield result
        return
    size = max(1, min(25, games // (workers * 4)))
    chunks = [(seeds[i:i + size], players, ruleset, str(out) if out else None)
              for i in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for results in pool.map(_play_chunk, chunks):
            if progress:
                progress(len(results))
            yield from results


@frozen
class Summary:
    games: int
    errors: int
    seconds: float
    games_per_second: float
    mean_turns: float
    mean_score: float
    wins_by_house: dict[str, int]
    games_by_house: dict[str, int]
    error_samples: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "games": self.games, "errors": self.errors, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "mean_turns": round(self.mean_turns, 2), "mean_score": round(self.mean_score, 2),
            "wins_by_house": self.wins_by_house, "games_by_house": self.games_by_house,
            "win_rate_by_house": {h: round(self.wins_by_house.get(h, 0) / n, 4)
                                  for h, n in sorted(self.games_by_house.items())},
            "error_samples": list(self.error_samples),
        }


def summarise(results: Sequence[GameResult], seconds: float) -> Summary:
    good = [r for r in results if r.error is None]
    wins: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for r in good:
        seen.update(r.houses)
        wins.update(r.houses[w] for w in r.winners)
    scores = [t for r in good for t in r.totals]
    return Summary(
        games=len(results), errors=len(results) - len(good), seconds=seconds,
        games_per_second=len(results) / seconds if seconds > 0 else 0.0,
        mean_turns=sum(r.turns for r in good) / len(good) if good else 0.0,
        mean_score=sum(scores) / len(scores) if scores else 0.0,
        wins_by_house=dict(sorted(wins.items())), games_by_house=dict(sorted(seen.items())),
        error_samples=tuple(f"seed {r.seed}: {r.error}" for r in results if r.error)[:5],
    )


def timed(results: Iterator[GameResult]) -> tuple[list[GameResult], float]:
    start = time.perf_counter()
    collected = list(results)
    return collected, time.perf_counter() - start
