"""What ``python -m rr.bench`` times: each workload does a fixed amount of rr's work (the same
seeded games every round) and reports how much it did and how long it took.

A *decision* is one ``Game.choose``; an *event* is one record of the log. The games are the
same in every round (seeds ``0..games-1``), so rounds differ only by the machine's noise.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from attrs import frozen

from rr.agents.greedy import GreedyAgent
from rr.agents.flat import FlatAgent
from rr.agents.interface import Seen
from rr.agents.ismcts import ISMCTSAgent, Node, position_values
from rr.agents.random import RandomAgent
from rr.decisions import Decision
from rr.engine import Game
from rr.events import log
from rr.events.types import Event
from rr.options import Option
from rr.oracle.audit import Verdict, audit
from rr.rules.final import scorepad_of
from rr.state import GameState, fold


@frozen
class Timing:
    """``count`` units of work done in ``seconds``."""

    count: int
    seconds: float


def play(games: int, players: int, level: int | None = None) -> tuple[list[Game], Timing, int]:
    """Random agents play ``games`` whole games (one player against Au Toma when ``players``
    is 1): the games, the time taken, and how many decisions were made."""
    out = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(players, seed=seed, level=level if players == 1 else None)
        agent = RandomAgent(seed)
        while (decision := game.pending) is not None:
            game.choose(agent.choose(decision))
            decisions += 1
        out.append(game)
    seconds = time.perf_counter() - start
    return out, Timing(decisions, seconds), decisions


def greedy(games: int, players: int) -> Timing:
    """Greedy agents in every seat: the time spent choosing (their views included), per
    decision; the rules' own time is left out."""
    decisions = 0
    thinking = 0.0
    for seed in range(games):
        game = Game.new(players, seed=seed)
        agents = [GreedyAgent(seed * 10 + seat, game.state.ruleset) for seat in range(players)]
        while (decision := game.pending) is not None:
            agent = agents[decision.seat]
            start = time.perf_counter()
            option = agent.choose(decision, Seen.of(game, decision.seat))
            thinking += time.perf_counter() - start
            decisions += 1
            game.choose(option)
    return Timing(decisions, thinking)


class SearchAsBefore(ISMCTSAgent):
    """The ISMCTS agent's search as it was when issue #32 was filed, for the benchmark's
    baseline measured in the same run: every iteration of the budget run, each on a sample
    whose whole history is relabelled (``seen.sample``), each position valued with the whole
    scorepad (``scorepad_of``), in the agent's tree and rollout loop (unchanged since). It
    chooses as :class:`ISMCTSAgent`
    with the same budget does (the same samples, the same tree, the same values)."""

    def choose(self, decision: Decision, seen: Seen) -> Option:
        if len(decision.options) == 1:
            return decision.options[0]
        rng = random.Random(self._rng.getrandbits(64))
        root = None
        for _ in range(self.iterations):
            game = seen.sample(rng)
            if root is None:
                root = Node(len(game.state.players))
            self._iterate(root, game, rng)
        assert root is not None
        return max(decision.options,
                   key=lambda o: root.children[o].visits if o in root.children else -1)

    def _values(self, game: Game) -> list[float]:
        """Valued with the whole scorepad, as it was."""
        return position_values(game, _scorepad_totals)


def _scorepad_totals(state: GameState) -> tuple[int, ...]:
    return scorepad_of(state).totals


def ismcts(games: int, players: int, iterations: int, before: bool = False,
           flat: bool = False) -> Timing:
    """Games with ISMCTS agents (``iterations`` a decision) in the even seats and random
    agents in the odd ones (4 players: two ISMCTS seats, as issue #32 measured): the games
    played and the process CPU seconds they took (the rules' time included). ``before``:
    the search as it was (:class:`SearchAsBefore`); ``flat``: the cheap setting
    ``ismcts:flat`` (:class:`~rr.agents.flat.FlatAgent`, which has no iterations)."""
    kind = SearchAsBefore if before else ISMCTSAgent
    start = time.process_time()
    for seed in range(games):
        game = Game.new(players, seed=seed)
        agents = [(FlatAgent(seed * 10 + seat, game.state.ruleset) if flat
                   else kind(seed * 10 + seat, game.state.ruleset, iterations=iterations))
                  if seat % 2 == 0 else RandomAgent(seed * 10 + seat)
                  for seat in range(players)]
        while (decision := game.pending) is not None:
            game.choose(agents[decision.seat].choose(decision, Seen.of(game, decision.seat)))
    return Timing(games, time.process_time() - start)


def server_load(games: int, seconds: float) -> dict[str, object]:
    """The figures of ``python -m rr.server.load --games N --seconds S --json`` (SQLite, one
    server process), run as a child process; ``RuntimeError`` if it failed."""
    done = subprocess.run(
        [sys.executable, "-m", "rr.server.load", "--games", str(games), "--seconds",
         str(seconds), "--json"], capture_output=True, text=True, timeout=seconds + 180)
    lines = done.stdout.strip().splitlines()
    if done.returncode not in (0, 1) or not lines:
        raise RuntimeError(f"rr.server.load failed (exit {done.returncode}): "
                           f"{done.stderr.strip()[-500:]}")
    result = json.loads(lines[-1])
    if not isinstance(result, dict):
        raise RuntimeError("rr.server.load did not print a JSON object")
    return result


def _timed(work: Callable[[], object], count: int) -> Timing:
    start = time.perf_counter()
    work()
    return Timing(count, time.perf_counter() - start)


def fold_all(logs: Sequence[tuple[Event, ...]]) -> Timing:
    """Fold every log into its final state, no rules run (what ``rr replay`` does)."""
    return _timed(lambda: [fold(events) for events in logs], sum(map(len, logs)))


def resume_all(logs: Sequence[tuple[Event, ...]]) -> Timing:
    """Re-adjudicate every log: the rules re-run with the recorded choices."""
    return _timed(lambda: [Game.resume(events) for events in logs], sum(map(len, logs)))


def audit_all(logs: Sequence[tuple[Event, ...]]) -> Timing:
    """Audit every log as ``rr audit`` does (re-adjudication plus the seed check)."""
    def work() -> None:
        for events in logs:
            report = audit(events)
            if report.verdict is not Verdict.CLEAN:
                raise RuntimeError(f"a benchmark game did not audit clean: {report.verdict}")
    return _timed(work, sum(map(len, logs)))


def decode_all(blobs: Sequence[bytes], events: int) -> Timing:
    """Read and verify every ``.rrlog`` (its hash chain)."""
    return _timed(lambda: [log.decode(blob) for blob in blobs], events)


def log_bytes(logs: Sequence[tuple[Event, ...]]) -> tuple[list[bytes], float]:
    """The ``.rrlog`` of every log, and its size in bytes per event."""
    blobs = [log.encode(events) for events in logs]
    return blobs, sum(map(len, blobs)) / max(sum(map(len, logs)), 1)
