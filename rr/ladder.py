"""A ladder of agents (issue #45): many seeded games between agents drawn from a list, and
each agent's skill rated with openskill's Plackett-Luce model (``rr ladder``).

Game *i* has seed ``seed + i``; its seats are ``players`` different agents of the list, drawn
at random (with a generator seeded by the game's seed, so a ladder is the same run after run,
on any number of workers) in a random seating. The games are played as ``rr simulate`` plays
them (:func:`rr.simulate.play_one`: each agent handed what its seat knows only, and made with
the game's seed), then rated in seed order: the game's winners share the first rank (RR-END-7,
ties included) and the others follow by their totals, equal totals sharing a rank. A game
that fails (an agent that raises) or is cut by the safety limit is counted apart and not
rated.

Each agent's rating is openskill's: ``mu`` (the estimated skill; every agent starts at 25) and
``sigma`` (its uncertainty; it starts at 25/3 and shrinks with games); the interval shown is
``mu ± 1.96 sigma`` (95% under the model's normal belief), and agents are listed by ``mu``.
openskill (a small, pure-Python, well-kept implementation of Weng and Lin's Bayesian
approximation, 2011) is used rather than an Elo of our own: it rates games of any number of
players, ranks shared included, and says how sure it is.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence

from attrs import frozen
from openskill.models import PlackettLuce

from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.ruleset import Ruleset
from rr.simulate import GameResult, play_one, worker_signals

Z = 1.96
"""The interval is ``mu ± Z sigma``."""


@frozen
class Rung:
    """One agent's place on the ladder."""

    agent: str
    mu: float
    sigma: float
    games: int
    """Games rated."""
    wins: float
    """Games won, a shared win counting its share (``1/k`` for *k* winners)."""

    @property
    def low(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z * self.sigma


@frozen
class Ladder:
    rungs: tuple[Rung, ...]
    """By ``mu``, strongest first."""
    games: int
    rated: int
    failed: tuple[str, ...]
    """Each failed or cut game, said in words (its seed and why)."""


def seating(agents: Sequence[str], players: int, seed: int) -> tuple[str, ...]:
    """The agents of game ``seed``, seat by seat: ``players`` different ones of ``agents``."""
    return tuple(random.Random(seed).sample(list(agents), players))


def check(agents: Sequence[str], players: int) -> None:
    """:class:`BadInputError` unless ``players`` different agents can be seated."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInputError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}",
                            "RR-SETUP-7")
    if len(set(agents)) != len(agents):
        raise BadInputError("name each agent once: a ladder rates different agents")
    if len(agents) < 2:
        raise BadInputError("a ladder needs at least two agents")
    if players > len(agents):
        raise BadInputError(f"{players} players need {players} different agents; "
                            f"{len(agents)} are named")


def play(agents: Sequence[str], players: int, games: int, seed: int = 0,
         ruleset: Ruleset | None = None, workers: int = 1,
         progress: Callable[[int], None] | None = None) -> Iterator[GameResult]:
    """The ladder's games, in seed order."""
    check(agents, players)
    jobs = [(s, players, ruleset, seating(agents, players, s)) for s in range(seed, seed + games)]
    if workers <= 1 or games < 4:
        for job in jobs:
            yield _play(job)
            if progress:
                progress(1)
        return
    with multiprocessing.Pool(workers, initializer=worker_signals) as pool:
        for result in pool.imap(_play, jobs, chunksize=1):
            if progress:
                progress(1)
            yield result


Job = tuple[int, int, Ruleset | None, tuple[str, ...]]


def _play(job: Job) -> GameResult:
    seed, players, ruleset, seated = job
    return play_one(seed, players, ruleset, None, seated)


def ranks(result: GameResult) -> list[float]:
    """Each seat's rank (1 best): the winners first, the others by their totals."""
    winners = set(result.winners)
    order = sorted({t for s, t in enumerate(result.totals) if s not in winners}, reverse=True)
    return [1.0 if s in winners else 2.0 + order.index(t) for s, t in enumerate(result.totals)]


def rate(agents: Sequence[str], results: Sequence[GameResult]) -> Ladder:
    """The agents' ratings after ``results`` (in the order given)."""
    model = PlackettLuce()
    ratings = {agent: model.rating(name=agent) for agent in agents}
    games = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0.0)
    failed: list[str] = []
    for result in results:
        if result.error is not None or result.cut is not None:
            failed.append(f"seed {result.seed}: {result.error or result.cut}")
            continue
        seated = result.agents
        rated = model.rate([[ratings[a]] for a in seated], ranks=ranks(result))
        for agent, (rating,) in zip(seated, rated):
            ratings[agent] = rating
            games[agent] += 1
        for seat in result.winners:
            wins[seated[seat]] += 1.0 / len(result.winners)
    rungs = sorted((Rung(a, ratings[a].mu, ratings[a].sigma, games[a], wins[a])
                    for a in agents), key=lambda r: (-r.mu, r.agent))
    return Ladder(tuple(rungs), len(results), len(results) - len(failed), tuple(failed))
