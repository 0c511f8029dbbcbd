"""The end of a game in words: each player's place and total, and what decided the win.

RR-SCORE-14: the highest total wins; among players tied on it, the one holding the Sovereign
token wins alone, otherwise they share the victory. The rules rank no one below the winner,
so the other places follow the totals (players on the same total share a place).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

RULE = "RR-SCORE-14"


@frozen
class Standing:
    """One player's place at the end (1: a winner)."""

    seat: int
    name: str
    place: int
    total: int


@frozen
class Result:
    """The places, best first, and the words of what decided the win."""

    standings: tuple[Standing, ...]
    decided: str
    """What decided the win, in words (the rule's id is :attr:`rule`)."""
    rule: str | None = None
    """The rule that broke a tie at the top (``None``: no tie to break)."""


def _points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def result(names: Sequence[str], totals: Sequence[int], winners: Sequence[int],
           sovereign: int | None) -> Result:
    """The :class:`Result` of a finished game: ``totals`` by seat, ``winners`` the seats the
    scorer names (RR-SCORE-14), ``sovereign`` the seat holding the Sovereign token."""
    order = sorted(range(len(names)), key=lambda s: (-totals[s], s not in winners, s))
    standings = []
    for seat in order:
        if seat in winners:
            place = 1
        else:
            above = sum(1 for other in order if totals[other] > totals[seat]
                        or (totals[other] == totals[seat] and other in winners))
            place = above + 1
        standings.append(Standing(seat, names[seat], place, totals[seat]))
    best = max(totals)
    tied = [s for s in order if totals[s] == best]
    if len(tied) == 1:
        others = [s for s in order if s not in tied]
        lead = "" if not others else (
            f", {_points(best - totals[others[0]])} ahead of {names[others[0]]}")
        return Result(tuple(standings), f"{names[tied[0]]} wins with {_points(best)}{lead}.")
    tie = f"{_and([names[s] for s in tied])} tie on {_points(best)}"
    if len(winners) == 1 and sovereign in tied:
        return Result(tuple(standings), f"{tie}; {names[sovereign]} holds the Sovereign token, "
                                         "which breaks the tie, and wins.", RULE)
    return Result(tuple(standings), f"{tie}; none of them holds the Sovereign token, so they "
                                     "share the victory.", RULE)
