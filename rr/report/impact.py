"""The measured effect of a ruling (``rr regress --impact``): the same seeds played under
ruleset A and under ruleset B, compared game by game.

Each seed deals the same game under both rulesets (no ruleset option changes how a game
with two or more players is set up), and each agent gets the same seed; the games part at the first moment the rulesets differ, and from
there on bots may choose differently. Comparing the same seeds (a paired design) removes the
deal's luck from the difference, so an interval is much narrower than one from two
independent runs of as many games.

Every change is B minus A, over the seeds that finished under both (a failed game is counted
and named, and left out; so is a game stopped unfinished by the safety limit, named apart in
``cut_seeds``; a game ended by RULING-B11 or RULING-B12 is an ordinary game):

* win rate of a house, a seat (place in turn order) or an agent: per game, 1 if its seat won
  (a shared win is a win for each winner, as in :mod:`rr.report.balance`), else 0 — for an
  agent playing several seats, the share of its seats that won; the change is the mean of the
  per-game differences, with the normal interval of :mod:`rr.report.stats`. ``up`` and
  ``down`` count the games where it rose and fell (the discordant pairs);
* mean score of a house, an agent, and of all seats; turns and events per game: the same.

A change of win rate is a fraction in the JSON (``change`` 0.031, ``plus_minus`` 0.011) and
percentage points on the terminal and the plot ("+3.1 ± 1.1 points"): the ruling moves that
house's win rate from ``rate_a`` to ``rate_b``, by ``change``, and the true shift lies between
``low`` and ``high`` with 95% confidence.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from attrs import frozen

from rr import __version__
from rr.report.balance import SEATS, SHARED_WINS, Grouping, agents, good, houses, turn_order
from rr.report.stats import paired_difference
from rr.ruleset import Ruleset
from rr.simulate import GameResult, seat_agents

INTERVAL = "normal, 95%: mean of the paired differences ± 1.96 s/√n"

SeatValue = Callable[[GameResult, int], float]


@frozen
class ImpactParameters:
    """What was played under both rulesets."""

    games: int
    players: int
    seed: int
    agents: tuple[str, ...]
    ruleset: Ruleset
    """A: the ruleset compared from."""
    against: Ruleset
    """B: the ruleset compared with."""

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "players": self.players, "first_seed": self.seed,
                "last_seed": self.seed + self.games - 1, "agents": list(self.agents),
                "seat_agents": list(seat_agents(self.agents, self.players)),
                "ruleset": self.ruleset.describe(), "against": self.against.describe(),
                "rr_version": __version__, "change": "B minus A", "interval": INTERVAL,
                "shared_wins": SHARED_WINS, "seats": SEATS}


def won(result: GameResult, seat: int) -> float:
    return 1.0 if seat in result.winners else 0.0


def total(result: GameResult, seat: int) -> float:
    return float(result.totals[seat])


def per_group(result: GameResult, group: Grouping, value: SeatValue) -> dict[str, float]:
    """The mean of ``value`` over the seats of each group in one game."""
    values: dict[str, list[float]] = defaultdict(list)
    for seat, key in enumerate(group(result)):
        values[key].append(value(result, seat))
    return {key: sum(v) / len(v) for key, v in values.items()}


def changes(pairs: Sequence[tuple[GameResult, GameResult]], group: Grouping,
            value: SeatValue, name: str, order: Sequence[str] = (),
            counts: bool = False) -> list[dict[str, Any]]:
    """One row per group: games compared, the means under A and B, the change and its
    interval (and, with ``counts``, the games where it rose and fell)."""
    before: dict[str, list[float]] = defaultdict(list)
    after: dict[str, list[float]] = defaultdict(list)
    for a, b in pairs:
        under_a, under_b = per_group(a, group, value), per_group(b, group, value)
        for key in under_a.keys() & under_b.keys():
            before[key].append(under_a[key])
            after[key].append(under_b[key])
    keys = [k for k in order if k in before] + sorted(
        set(before) - set(order), key=lambda k: (int(k), "") if k.isdigit() else (0, k))
    return [_row(name, key, before[key], after[key], counts) for key in keys]


def _row(name: str, key: str, before: Sequence[float], after: Sequence[float],
         counts: bool) -> dict[str, Any]:
    n = len(before)
    change = paired_difference(before, after).as_json()
    row: dict[str, Any] = {name: key, "games": n, "a": round(sum(before) / n, 4),
                           "b": round(sum(after) / n, 4), "change": change["value"],
                           "low": change["low"], "high": change["high"],
                           "plus_minus": change["plus_minus"]}
    if counts:
        row["up"] = sum(y > x for x, y in zip(before, after))
        row["down"] = sum(y < x for x, y in zip(before, after))
    return row


def everyone(result: GameResult) -> Sequence[str]:
    """One group holding every seat."""
    return ["all"] * result.players


def length(pairs: Sequence[tuple[GameResult, GameResult]]) -> list[dict[str, Any]]:
    rows = []
    for measure in ("turns", "events"):
        before = [float(getattr(a, measure)) for a, _ in pairs]
        after = [float(getattr(b, measure)) for _, b in pairs]
        if pairs:
            rows.append(_row("measure", measure, before, after, counts=False))
    return rows


def differs(a: GameResult, b: GameResult) -> bool:
    """Whether a game's result (totals, winners, turns or events) changed."""
    return (a.totals, a.winners, a.turns, a.events) != (b.totals, b.winners, b.turns, b.events)


def impact(under_a: Iterable[GameResult], under_b: Iterable[GameResult],
           parameters: ImpactParameters, seconds: float | None = None) -> dict[str, Any]:
    """Everything ``impact.json`` holds; ``timing`` only when ``seconds`` is given."""
    every_a = {r.seed: r for r in under_a}
    every_b = {r.seed: r for r in under_b}
    good_a = {r.seed: r for r in good(every_a.values())}
    good_b = {r.seed: r for r in good(every_b.values())}
    seeds = sorted(good_a.keys() & good_b.keys())
    pairs = [(good_a[s], good_b[s]) for s in seeds]
    order = tuple(dict.fromkeys(parameters.agents))
    report: dict[str, Any] = {
        "parameters": parameters.as_json(),
        "games": len(every_a.keys() | every_b.keys()), "compared": len(pairs),
        "error_seeds": sorted({r.seed for r in (*every_a.values(), *every_b.values())
                               if r.error is not None}),
        "cut_seeds": sorted({r.seed for r in (*every_a.values(), *every_b.values())
                             if r.error is None and r.cut is not None}),
        "ended_by_repetition": {"a": sum(r.repeated for r in good_a.values()),
                                "b": sum(r.repeated for r in good_b.values())},
        "ended_by_round_limit": {"a": sum(r.longest for r in good_a.values()),
                                 "b": sum(r.longest for r in good_b.values())},
        "changed": sum(differs(a, b) for a, b in pairs),
        "changed_seeds": [a.seed for a, b in pairs if differs(a, b)],
        "changed_winner": [_winner_change(a, b) for a, b in pairs
                           if set(a.winners) != set(b.winners)],
        "win_rate_by_house": changes(pairs, houses, won, "house", counts=True),
        "win_rate_by_seat": changes(pairs, turn_order, won, "seat", counts=True),
        "win_rate_by_agent": changes(pairs, agents, won, "agent", order, counts=True),
        "mean_score": changes(pairs, everyone, total, "group"),
        "mean_score_by_house": changes(pairs, houses, total, "house"),
        "mean_score_by_agent": changes(pairs, agents, total, "agent", order),
        "game_length": length(pairs),
    }
    if seconds is not None:
        report["timing"] = {"seconds": round(seconds, 3)}
    return report


def _winner_change(a: GameResult, b: GameResult) -> dict[str, Any]:
    return {"seed": a.seed, "winners_a": [a.houses[w] for w in a.winners],
            "winners_b": [b.houses[w] for w in b.winners],
            "totals_a": list(a.totals), "totals_b": list(b.totals)}
