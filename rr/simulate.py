"""Many bot games, for balance studies: one process per core by default, or Ray tasks on a
cluster.

Game *i* of a run with seed *s* uses game seed ``s + i`` and agent seed ``s + i``, so any
single game of a run can be replayed on its own (``rr demo --seed`` plays the same game when
every seat is random). Seat *j* is played by ``agents[j % len(agents)]``; the seats of one kind
share one agent of that kind, seeded with the game's seed.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from rr.agents import names
from rr.agents.interface import Seen
from rr.decisions import Decision
from rr.engine import Game
from rr.errors import BadInputError, RayUnavailableError
from rr.events import log
from rr.events.types import EndReason, EndTrigger, Event, GameEndTriggered
from rr.options import Option
from rr.ruleset import Ruleset

__all__ = [
    "AGENTS", "GameResult", "SoloResult", "Summary", "parse_agents", "play_one", "play_solo",
    "run", "run_solo", "summarise", "summarise_solo",
]

MAX_DECISIONS = names.MAX_DECISIONS
"""The safety limit (:data:`rr.agents.names.MAX_DECISIONS`): a game still going after this
many decisions is stopped there and counted apart (``GameResult.cut``), its log kept."""


def cut_reason() -> str:
    """Why a game was cut (``GameResult.cut``, ``SoloResult.cut``)."""
    return f"no end after {MAX_DECISIONS} decisions (the safety limit)"

Chooser = Callable[[Decision, Game], Option]
"""Picks an option of the game's pending decision. It is handed the game only to build what
the deciding seat knows (:class:`rr.agents.interface.Seen`): a bot sees no more than its
player may."""

AGENTS = names.BUILT_IN
"""rr's own agents by name (``rr.agents.names``); ``--agents`` also takes a user's agent,
``package.module:Class[:argument]``."""


def make_chooser(name: str, seed: int, ruleset: Ruleset) -> Chooser:
    """The chooser of the agent ``name`` (as :func:`parse_agents` accepts it)."""
    agent = names.make(name, seed, ruleset)
    return lambda decision, game: agent.choose(decision, Seen.of(game, decision.seat))

RAY_HINT = "pip install 'red-rising-engine[ray]'"
PROBE_SECONDS = 5.0
"""How long a Ray address (HOST:PORT) has to accept a connection before --ray gives up."""


def parse_agents(text: str) -> tuple[str, ...]:
    """``"random,greedy"`` → ``("random", "greedy")``; an unknown or empty name is an error
    (``rr.agents.names.parse``: a user's ``package.module:Class`` is imported to check it)."""
    return tuple(names.parse(name) for name in text.split(","))


def seat_agents(agents: Sequence[str], players: int) -> tuple[str, ...]:
    """The agent kind of each seat: ``agents`` cycled over the seats."""
    if not agents:
        raise BadInputError("name at least one agent")
    if len(agents) > players:
        raise BadInputError(f"{len(agents)} agents named for {players} players")
    return tuple(agents[seat % len(agents)] for seat in range(players))


@frozen
class GameResult:
    """One simulated game: its seed, houses, totals and winners, and what it took (turns,
    decisions, events), or the error that stopped it."""

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
    agents: tuple[str, ...] = ()
    """The agent kind of each seat."""
    first_player: int | None = None
    """The seat that took the first turn (the report's "seat" is the place in turn order)."""
    hands: tuple[tuple[str, ...], ...] = ()
    """Each seat's hand at the end, as scored (card ids)."""
    end: EndReason | None = None
    """Why the end of the game was triggered (``GameEndTriggered.reason``; ``None`` if it was
    not): RULING-B11's repetition for a game that went round in circles, RULING-B12's round
    limit for one that reached the 150th turn."""
    cut: str | None = None
    """Why the game was stopped before its end (the safety limit, :func:`cut_reason`), or
    None: it is counted apart, neither failed nor in any win, score or length."""

    @property
    def finished(self) -> bool:
        """Whether the game was played to its end (not failed, not cut)."""
        return self.error is None and self.cut is None

    @property
    def repeated(self) -> bool:
        """Whether its end was triggered by RULING-B11 (a round started a third time in the
        same position)."""
        return self.end is not None and self.end.trigger is EndTrigger.REPETITION

    @property
    def longest(self) -> bool:
        """Whether its end was triggered by RULING-B12 (the 150th turn)."""
        return self.end is not None and self.end.trigger is EndTrigger.ROUND_LIMIT


def play_one(seed: int, players: int, ruleset: Ruleset | None = None,
             out: Path | None = None, agents: Sequence[str] = ("random",)) -> GameResult:
    """One game between bots; never raises (an exception becomes ``error``)."""
    game: Game | None = None
    decisions = 0
    kinds: tuple[str, ...] = ()
    try:
        kinds = seat_agents(agents, players)
        game = Game.new(players, seed=seed, ruleset=ruleset)
        made = {kind: names.make(kind, seed, game.state.ruleset) for kind in set(kinds)}
        by_seat = [made[kind] for kind in kinds]
        while (decision := game.pending) is not None and decisions < MAX_DECISIONS:
            seat = decision.seat
            names.play(by_seat[seat], kinds[seat], game, decision)
            decisions += 1
        if out is not None:
            log.write(out / f"game-{seed:06d}.rrlog", game.events)
        state = game.state
        return GameResult(
            seed, players, tuple(p.house.value if p.house else "" for p in state.players),
            state.totals or (), state.winners or (),
            sum(p.turns + p.extra_turns for p in state.players), decisions, len(game.events),
            agents=kinds, first_player=state.first_player,
            hands=tuple(tuple(p.hand) for p in state.players), end=end_reason(game.events),
            cut=None if game.pending is None else cut_reason())
    except Exception as err:  # noqa: BLE001 - a bug in rr is reported, so a run counts them
        events = len(game.events) if game is not None else 0
        return GameResult(seed, players, (), (), (), 0, decisions, events,
                          error=f"{type(err).__name__}: {err}", agents=kinds)


def end_reason(events: Sequence[Event]) -> EndReason | None:
    """The reason of the game's ``GameEndTriggered`` (``None`` if the end was not
    triggered)."""
    for event in reversed(events):
        if isinstance(event, GameEndTriggered):
            return event.reason
    return None


Chunk = tuple[Sequence[int], int, Ruleset | None, str | None, tuple[str, ...]]
"""The seeds of a batch of games, and what ``play_one`` needs besides."""


def _play_chunk(chunk: Chunk) -> list[GameResult]:
    seeds, players, ruleset, out, agents = chunk
    where = Path(out) if out else None
    return [play_one(s, players, ruleset, where, agents) for s in seeds]


def run(games: int, players: int, seed: int = 0, ruleset: Ruleset | None = None,
        workers: int | None = None, out: Path | None = None,
        progress: Callable[[int], None] | None = None, agents: Sequence[str] = ("random",),
        ray: str | None = None) -> Iterator[GameResult]:
    """Play ``games`` games, yielding results as they finish (in seed order per chunk).

    Locally on ``workers`` processes (default: one per core), or, with ``ray`` (a cluster
    address, ``"auto"`` or ``"local"``), as Ray tasks. A bad argument, or Ray missing or out of
    reach, raises at once, before any game is played.
    """
    kinds = tuple(agents)
    seat_agents(kinds, players)
    seeds = list(range(seed, seed + games))
    if ray is not None:
        if out is not None:
            raise BadInputError("--out cannot be used with --ray: each game's log would be "
                                "written on the machine that played it")
        return _on_ray(ray, seeds, players, ruleset, kinds, progress)
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise BadInputError(f"cannot create the folder {out}: {err.strerror or err}"
                                ) from None
    return _locally(seeds, players, ruleset, workers or os.cpu_count() or 1, out, progress,
                    kinds)


def _locally(seeds: list[int], players: int, ruleset: Ruleset | None, workers: int,
             out: Path | None, progress: Callable[[int], None] | None,
             agents: tuple[str, ...]) -> Iterator[GameResult]:
    games = len(seeds)
    if workers <= 1 or games < 8:
        for s in seeds:
            result = play_one(s, players, ruleset, out, agents)
            if progress:
                progress(1)
            yield result
        return
    size = max(1, min(25, games // (workers * 4)))
    # A multiprocessing Pool, not a ProcessPoolExecutor: leaving the ``with`` block on any
    # exception (Ctrl-C, SIGTERM turned into SystemExit by the CLI, a reader that stops early)
    # terminates the workers at once instead of waiting for their chunks.
    with multiprocessing.Pool(workers, initializer=worker_signals) as pool:
        chunks = _chunks(seeds, size, players, ruleset, out, agents)
        for results in pool.imap(_play_chunk, chunks):
            if progress:
                progress(len(results))
            yield from results


def worker_signals() -> None:
    """A worker leaves Ctrl-C to the parent (which terminates the pool) and dies of SIGTERM
    as a plain process does, whatever handler the parent had installed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _chunks(seeds: list[int], size: int, players: int, ruleset: Ruleset | None,
            out: Path | None, agents: tuple[str, ...]) -> list[Chunk]:
    return [(seeds[i:i + size], players, ruleset, str(out) if out else None, agents)
            for i in range(0, len(seeds), size)]


def _import_ray() -> Any:
    """The ``ray`` module. It is an optional extra: a local run must not need it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayUnavailableError(f"--ray needs Ray, which is not installed: {RAY_HINT}"
                                  ) from None


def _on_ray(address: str, seeds: list[int], players: int, ruleset: Ruleset | None,
            agents: tuple[str, ...], progress: Callable[[int], None] | None
            ) -> Iterator[GameResult]:
    """Connect to the cluster now (so a bad address fails before anything starts), then
    play chunks of games as Ray tasks. Every node needs rr installed."""
    ray = _import_ray()
    _probe(address)
    try:
        ray.init(address=address or "auto")
    except Exception as err:  # noqa: BLE001 - Ray raises ConnectionError, ValueError, ...
        raise RayUnavailableError(f"cannot reach a Ray cluster at {address or 'auto'!r}: "
                                  f"{str(err).splitlines()[0] if str(err) else type(err).__name__}"
                                  ) from None
    return _ray_games(ray, seeds, players, ruleset, agents, progress)


def _probe(address: str) -> None:
    """A ``HOST:PORT`` address must answer a TCP connection within seconds; Ray itself keeps
    retrying an address where nothing listens for minutes before it gives up. (``auto``,
    ``local`` and ``ray://`` client addresses are left to Ray.)"""
    if address in ("", "auto", "local") or "://" in address:
        return
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=PROBE_SECONDS):
            pass
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RayUnavailableError(f"cannot reach a Ray cluster at {address!r}: nothing answers "
                                  f"there ({reason})") from None


def _ray_games(ray: Any, seeds: list[int], players: int, ruleset: Ruleset | None,
               agents: tuple[str, ...], progress: Callable[[int], None] | None
               ) -> Iterator[GameResult]:
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        # Big enough that a task's overhead is small beside its games, small enough that
        # every CPU of the cluster gets several.
        size = max(1, min(50, len(seeds) // (cpus * 4)))
        play_chunk = ray.remote(_play_chunk)
        waiting = [play_chunk.remote(chunk)
                   for chunk in _chunks(seeds, size, players, ruleset, None, agents)]
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                results: list[GameResult] = ray.get(ref)
                if progress:
                    progress(len(results))
                yield from results
    finally:
        ray.shutdown()


@frozen
class Summary:
    """Many simulated games at once: how many, how fast, mean turns and score, and wins by
    house and by agent kind."""

    games: int
    errors: int
    seconds: float
    games_per_second: float
    mean_turns: float
    mean_score: float
    wins_by_house: dict[str, int]
    games_by_house: dict[str, int]
    error_samples: tuple[str, ...]
    wins_by_agent: dict[str, int]
    """Seats won, by agent kind (a shared victory counts for every winner)."""
    games_by_agent: dict[str, int]
    """Seats played, by agent kind."""
    cut: int = 0
    """Games stopped by the safety limit (:data:`MAX_DECISIONS`), counted apart."""
    cut_samples: tuple[str, ...] = ()
    repeated: int = 0
    """Finished games whose end RULING-B11 triggered (a round started a third time in the same
    position)."""
    longest: int = 0
    """Finished games whose end RULING-B12 triggered (the 150th turn)."""

    def as_json(self) -> dict[str, object]:
        return {
            "games": self.games, "errors": self.errors, "cut": self.cut,
            "ended_by_repetition": self.repeated, "ended_by_round_limit": self.longest,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "mean_turns": round(self.mean_turns, 2), "mean_score": round(self.mean_score, 2),
            "wins_by_house": self.wins_by_house, "games_by_house": self.games_by_house,
            "win_rate_by_house": _rates(self.wins_by_house, self.games_by_house),
            "wins_by_agent": self.wins_by_agent, "games_by_agent": self.games_by_agent,
            "win_rate_by_agent": _rates(self.wins_by_agent, self.games_by_agent),
            "error_samples": list(self.error_samples), "cut_samples": list(self.cut_samples),
        }


def _rates(wins: Mapping[str, int], games: Mapping[str, int]) -> dict[str, float]:
    return {k: round(wins.get(k, 0) / n, 4) for k, n in sorted(games.items())}


def summarise(results: Sequence[GameResult], seconds: float) -> Summary:
    """The :class:`Summary` of ``results``, played in ``seconds``."""
    results = sorted(results, key=lambda r: r.seed)  # Ray returns chunks as they finish
    good = [r for r in results if r.finished]
    wins: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    agent_wins: Counter[str] = Counter()
    agent_seats: Counter[str] = Counter()
    for r in good:
        seen.update(r.houses)
        wins.update(r.houses[w] for w in r.winners)
        agent_seats.update(r.agents)
        agent_wins.update(r.agents[w] for w in r.winners if w < len(r.agents))
    scores = [t for r in good for t in r.totals]
    cut = [r for r in results if r.error is None and r.cut is not None]
    return Summary(
        games=len(results), errors=sum(r.error is not None for r in results), seconds=seconds,
        games_per_second=len(results) / seconds if seconds > 0 else 0.0,
        mean_turns=sum(r.turns for r in good) / len(good) if good else 0.0,
        mean_score=sum(scores) / len(scores) if scores else 0.0,
        wins_by_house=dict(sorted(wins.items())), games_by_house=dict(sorted(seen.items())),
        error_samples=tuple(f"seed {r.seed}: {r.error}" for r in results if r.error)[:5],
        wins_by_agent=dict(sorted(agent_wins.items())),
        games_by_agent=dict(sorted(agent_seats.items())),
        cut=len(cut), cut_samples=tuple(f"seed {r.seed}: {r.cut}" for r in cut)[:5],
        repeated=sum(r.repeated for r in good), longest=sum(r.longest for r in good),
    )


def timed(results: Iterator[GameResult]) -> tuple[list[GameResult], float]:
    start = time.perf_counter()
    collected = list(results)
    return collected, time.perf_counter() - start


def collect(games: Iterator[GameResult]) -> tuple[list[GameResult], float, bool]:
    """The games' results, the seconds they took, and whether Ctrl-C cut the run short. On
    Ctrl-C the workers are stopped and the games finished so far are kept: the results come
    in seed order from a local pool (the games of seeds SEED to SEED+n-1), as they finish
    from Ray."""
    start = time.perf_counter()
    results: list[GameResult] = []
    try:
        for result in games:
            results.append(result)
    except KeyboardInterrupt:
        close = getattr(games, "close", None)
        if close is not None:
            close()  # leaves the worker pool's ``with`` block: the workers are terminated
        return results, time.perf_counter() - start, True
    return results, time.perf_counter() - start, False


# --- solo: one player against Tull Au Toma (RR-SOLO-*) -----------------------------------------


@frozen
class SoloResult:
    """One solo game: the player's agent, total, Au Toma's total, and whether the player won
    (a shared victory counts)."""

    seed: int
    level: int
    agent: str
    total: int = 0
    automa_total: int = 0
    won: bool = False
    turns: int = 0
    error: str | None = None
    cut: str | None = None
    """Why the game was stopped before its end (the safety limit, :func:`cut_reason`), or
    None."""
    end: EndReason | None = None
    """Why the end of the game was triggered (``GameEndTriggered.reason``)."""

    @property
    def margin(self) -> int:
        return self.total - self.automa_total

    @property
    def finished(self) -> bool:
        """Whether the game was played to its end (not failed, not cut)."""
        return self.error is None and self.cut is None


def play_solo(seed: int, level: int, agent: str = "random", ruleset: Ruleset | None = None,
              out: Path | None = None) -> SoloResult:
    """One solo game of ``agent`` against Au Toma at ``level``; never raises."""
    try:
        game = Game.new(["Player"], seed=seed, ruleset=ruleset, level=level)
        player = names.make(agent, seed, game.state.ruleset)
        decisions = 0
        while (decision := game.pending) is not None and decisions < MAX_DECISIONS:
            names.play(player, agent, game, decision)
            decisions += 1
        if out is not None:
            log.write(out / f"solo-{level}-{agent}-{seed:06d}.rrlog", game.events)
        state = game.state
        totals = state.totals or (0, 0)
        return SoloResult(seed, level, agent, totals[0], totals[-1], 0 in (state.winners or ()),
                          state.players[0].turns,
                          cut=None if game.pending is None else cut_reason(),
                          end=end_reason(game.events))
    except Exception as err:  # noqa: BLE001 - a bug in rr is reported, so a run counts them
        return SoloResult(seed, level, agent, error=f"{type(err).__name__}: {err}")


SoloChunk = tuple[Sequence[int], int, str, Ruleset | None, str | None]


def _play_solo_chunk(chunk: SoloChunk) -> list[SoloResult]:
    seeds, level, agent, ruleset, out = chunk
    where = Path(out) if out else None
    return [play_solo(s, level, agent, ruleset, where) for s in seeds]


def run_solo(games: int, levels: Sequence[int], agents: Sequence[str], seed: int = 0,
             ruleset: Ruleset | None = None, workers: int | None = None,
             out: Path | None = None, progress: Callable[[int], None] | None = None
             ) -> list[SoloResult]:
    """``games`` solo games for every level and agent (game *i* uses seed ``seed + i``, so
    every agent meets the same deals)."""
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    chunks: list[SoloChunk] = [
        (list(range(seed + i, min(seed + games, seed + i + 25))), level, agent, ruleset,
         str(out) if out else None)
        for level in levels for agent in agents for i in range(0, games, 25)]
    results: list[SoloResult] = []
    workers = workers or os.cpu_count() or 1
    try:
        if workers <= 1 or games * len(levels) * len(agents) < 8:
            for chunk in chunks:
                results += _play_solo_chunk(chunk)
                if progress:
                    progress(len(chunk[0]))
            return results
        with multiprocessing.Pool(workers, initializer=worker_signals) as pool:  # as in run()
            for done in pool.imap(_play_solo_chunk, chunks):
                results += done
                if progress:
                    progress(len(done))
    except KeyboardInterrupt:
        raise SoloInterrupted(results) from None
    return results


class SoloInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_solo`: the workers are stopped; ``results`` holds the games
    finished before it, whole chunks in order (levels, then agents, then seeds)."""

    def __init__(self, results: list[SoloResult]) -> None:
        super().__init__(f"interrupted after {len(results)} solo games")
        self.results = results


@frozen
class SoloLine:
    """The player's results against one level, for one agent."""

    level: int
    agent: str
    games: int
    errors: int
    wins: int
    mean_margin: float
    mean_score: float
    mean_automa_score: float
    cut: int = 0
    """Games stopped by the safety limit, counted apart (in no other figure)."""

    @property
    def played(self) -> int:
        """The games played to their end."""
        return self.games - self.errors - self.cut

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    def as_json(self) -> dict[str, object]:
        return {"level": self.level, "agent": self.agent, "games": self.games,
                "errors": self.errors, "cut": self.cut, "wins": self.wins,
                "win_rate": round(self.win_rate, 4),
                "mean_margin": round(self.mean_margin, 2),
                "mean_score": round(self.mean_score, 2),
                "mean_automa_score": round(self.mean_automa_score, 2)}


def summarise_solo(results: Sequence[SoloResult]) -> list[SoloLine]:
    """One line per (level, agent), in level order."""
    keys = sorted({(r.level, r.agent) for r in results}, key=lambda k: (k[0], list(AGENTS).index(
        k[1]) if k[1] in AGENTS else 99))
    lines = []
    for level, agent in keys:
        mine = [r for r in results if (r.level, r.agent) == (level, agent)]
        good = [r for r in mine if r.finished]
        n = len(good) or 1
        lines.append(SoloLine(level, agent, len(mine), sum(r.error is not None for r in mine),
                              sum(r.won for r in good), sum(r.margin for r in good) / n,
                              sum(r.total for r in good) / n,
                              sum(r.automa_total for r in good) / n,
                              cut=sum(r.error is None and r.cut is not None for r in mine)))
    return lines
