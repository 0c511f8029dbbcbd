"""The numbers of a balance report (``rr simulate --report``), from the games' results alone.

Choices, said once here and in every ``summary.json`` (``parameters``):

* **A shared win counts as a win for each winner** (as ``rr simulate`` has always counted),
  so the win rates of one game's seats add up to a little more than 1 when it is shared.
* A **seat** is a place in turn order: seat 1 took the first turn, seat 2 the next, and so
  on. The index of a player in the game's list is not reported: the first player is drawn at
  random, so it says nothing of balance. House Apollo always goes first (RR-SETUP-6), so
  seat 1's rate mixes Apollo's games with the other houses' first seats.
* A **house**'s win rate is its seats won over its seats played.
* **Cards in winning hands**: for each card, the share of winning hands (the hands of the
  winners at the end, as scored) that hold it, against its **base rate**, the share of all
  final hands that hold it. The top 20 are the cards most often in a winning hand, ties by
  card id. A card whose rate is above its base rate is held more often by winners.
* Intervals: Wilson, 95% (:mod:`rr.report.stats`).
* Failed games (``error``) are counted and named by seed, and left out of every number; so
  are games stopped unfinished by the safety limit (``cut``, ``rr.simulate.MAX_DECISIONS``),
  counted apart. A game whose end RULING-B11 or RULING-B12 triggered (a position met a third
  time, the 150th turn) is an ordinary game, counted in every number and also in
  ``ended_by_repetition`` or ``ended_by_round_limit``.

Results are sorted by seed first, so the same games give the same report byte for byte
whichever way they were played (serially, on worker processes or on Ray).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from attrs import frozen

from rr import __version__
from rr.cards.catalogue import card
from rr.report.stats import histogram, spread, wilson
from rr.ruleset import Ruleset
from rr.simulate import GameResult, seat_agents

TOP_CARDS = 20
SHARED_WINS = "a shared win counts as a win for each winner"
SEATS = "seat k is the k-th player in turn order (seat 1 took the first turn)"


@frozen
class Parameters:
    """What was played: enough to play the same games again."""

    games: int
    players: int
    seed: int
    agents: tuple[str, ...]
    ruleset: Ruleset

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "players": self.players, "first_seed": self.seed,
                "last_seed": self.seed + self.games - 1, "agents": list(self.agents),
                "seat_agents": list(seat_agents(self.agents, self.players)),
                "ruleset": self.ruleset.describe(), "rr_version": __version__,
                "confidence": 0.95, "interval": "Wilson score", "shared_wins": SHARED_WINS,
                "seats": SEATS}


def houses(result: GameResult) -> Sequence[str]:
    """Each seat's house."""
    return result.houses


def turn_order(result: GameResult) -> Sequence[str]:
    """Each seat's place in turn order, ``"1"`` for the first player."""
    first = result.first_player or 0
    return [str((seat - first) % result.players + 1) for seat in range(result.players)]


def agents(result: GameResult) -> Sequence[str]:
    """Each seat's agent kind."""
    return result.agents


Grouping = Callable[[GameResult], Sequence[str]]
"""The group of each seat of a game (its house, place in turn order, or agent)."""


def good(results: Iterable[GameResult]) -> list[GameResult]:
    """The games that finished (not failed, not cut), in seed order."""
    return sorted((r for r in results if r.finished), key=lambda r: r.seed)


def win_rates(results: Sequence[GameResult], group: Grouping, name: str,
              order: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Seats played, seats won and the win rate (Wilson 95%) of each group, in ``order``
    and then in sorted order."""
    seats: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in results:
        for seat, key in enumerate(group(r)):
            seats[key] += 1
            wins[key] += seat in r.winners
    keys = [k for k in order if k in seats] + sorted(set(seats) - set(order), key=_natural)
    rows = []
    for key in keys:
        rate = wilson(wins[key], seats[key])
        rows.append({name: key, "seats": seats[key], "wins": wins[key],
                     "rate": round(rate.value, 4), "low": round(rate.low, 4),
                     "high": round(rate.high, 4)})
    return rows


def _natural(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)


def scores(results: Sequence[GameResult], group: Grouping, order: Sequence[str] = ()
           ) -> dict[str, dict[str, float]]:
    """The spread of final totals of each group's seats."""
    totals: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for seat, key in enumerate(group(r)):
            totals[key].append(r.totals[seat])
    keys = [k for k in order if k in totals] + sorted(set(totals) - set(order))
    return {key: spread(totals[key]).as_json() for key in keys}


def length(results: Sequence[GameResult]) -> dict[str, Any]:
    """Turns (every player's, extra turns too) and events per game."""
    out: dict[str, Any] = {}
    for measure in ("turns", "events"):
        values = [getattr(r, measure) for r in results]
        out[measure] = {**spread(values).as_json(), "histogram": histogram(values).as_json()}
    return out


def winning_cards(results: Sequence[GameResult], top: int = TOP_CARDS) -> dict[str, Any]:
    """The cards most often in a winning hand, with their base rate (see the module)."""
    hands = winning = 0
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for r in results:
        for seat, hand in enumerate(r.hands):
            cards = set(hand)
            hands += 1
            held.update(cards)
            if seat in r.winners:
                winning += 1
                won.update(cards)
    ranked = sorted(won, key=lambda c: (-won[c], c))[:top]
    rows = []
    for c in ranked:
        rate = wilson(won[c], winning)
        rows.append({"card": c, "name": card(c).name, "winning_hands": won[c],
                     "hands": held[c], "rate": round(rate.value, 4),
                     "low": round(rate.low, 4), "high": round(rate.high, 4),
                     "base_rate": round(held[c] / hands, 4)})
    return {"winning_hands": winning, "hands": hands, "top": rows}


def summary(results: Iterable[GameResult], parameters: Parameters,
            seconds: float | None = None) -> dict[str, Any]:
    """Everything ``summary.json`` holds; ``timing`` (the only part that changes from run to
    run) only when ``seconds`` is given."""
    every = sorted(results, key=lambda r: r.seed)
    games = good(every)
    order = tuple(dict.fromkeys(parameters.agents))
    report: dict[str, Any] = {
        "parameters": parameters.as_json(),
        "games": len(every), "errors": sum(r.error is not None for r in every),
        "error_seeds": [r.seed for r in every if r.error is not None],
        "cut": sum(r.error is None and r.cut is not None for r in every),
        "cut_seeds": [r.seed for r in every if r.error is None and r.cut is not None],
        "ended_by_repetition": sum(r.repeated for r in games),
        "ended_by_round_limit": sum(r.longest for r in games),
        "shared_wins": sum(len(r.winners) > 1 for r in games),
        "win_rate_by_house": win_rates(games, houses, "house"),
        "win_rate_by_seat": win_rates(games, turn_order, "seat"),
        "win_rate_by_agent": win_rates(games, agents, "agent", order),
        "scores_by_agent": scores(games, agents, order),
        "game_length": length(games),
        "winning_cards": winning_cards(games),
    }
    if seconds is not None:
        report["timing"] = {"seconds": round(seconds, 3),
                            "games_per_second": round(len(every) / seconds, 2)
                            if seconds > 0 else 0.0}
    return report
