"""The check of a log header's ``"table"`` section: how a server ran the game (rated or not,
its clock, what its clock's policy did when a seat's time ran out; :mod:`rr.server.clocks`).

The rules judge the decisions whoever made them, so a bot's decision for a seat whose time
ran out is re-adjudicated like any other. What this adds: each time-out the section lists
names a decision the log holds, made at that seat; its bot is the clock's policy (``at_zero``,
or the random bot that plays a forfeited seat); and a seat that forfeited made no decision
of its own after it (every later decision of that seat is listed as its bot's). A log with
no such section passes, saying nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from rr.events.types import DecisionMade, Event

FORFEIT_BOT = "random"
"""The bot a server lets play a forfeited seat (:data:`rr.server.clocks.FORFEIT_BOT`)."""


@frozen
class TableCheck:
    note: str
    """What the section says, in words (empty: no section)."""
    problem: str | None = None
    """What is wrong with it (``None``: nothing)."""


def check_table(header: dict[str, Any], events: Sequence[Event]) -> TableCheck:
    table = header.get("table")
    if table is None:
        return TableCheck("")
    if not isinstance(table, dict):
        return TableCheck("", "the header's table section is not an object")
    clock = table.get("clock")
    timeouts = table.get("timeouts", [])
    forfeited = table.get("forfeited", [])
    rated = "rated" if table.get("rated") else "not rated"
    if not isinstance(timeouts, list) or not isinstance(forfeited, list):
        return TableCheck(rated, "the table section's timeouts and forfeits are not lists")
    seats = [e.seat for e in events if isinstance(e, DecisionMade)]
    at_zero = clock.get("at_zero") if isinstance(clock, dict) else None
    forfeits: dict[int, int] = {}
    listed: set[int] = set()
    for number, out in enumerate(timeouts):
        if not (isinstance(out, dict) and type(out.get("decision")) is int
                and type(out.get("seat")) is int and isinstance(out.get("bot"), str)):
            return TableCheck(rated, f"time-out {number + 1} is not {{decision, seat, bot}}")
        decision, seat, bot = out["decision"], out["seat"], out["bot"]
        if not 0 <= decision < len(seats) or seats[decision] != seat:
            return TableCheck(rated, f"time-out {number + 1} names decision {decision} of "
                                     f"seat {seat + 1}, which the log does not hold")
        forfeit = out.get("forfeit") is True
        if clock is None or (not forfeit and bot != at_zero) \
                or (forfeit and (bot != FORFEIT_BOT or at_zero != "forfeit")):
            return TableCheck(rated, f"time-out {number + 1} (decision {decision}) was "
                                     f"played by the {bot} bot, which the clock's policy "
                                     f"({at_zero or 'no clock'}) does not name")
        if forfeit:
            forfeits.setdefault(seat, decision)
        listed.add(decision)
    if sorted(forfeits) != sorted(s for s in forfeited if type(s) is int) \
            or len(forfeited) != len(forfeits):
        return TableCheck(rated, "the forfeited seats are not those whose time-outs forfeited")
    for seat, first in forfeits.items():
        mine = [d for d in range(first, len(seats)) if seats[d] == seat and d not in listed]
        if mine:
            return TableCheck(rated, f"seat {seat + 1} forfeited at decision {first} and "
                                     f"made decision {mine[0]} itself after it")
    words = [rated]
    if isinstance(clock, dict):
        words.append(f"clock {clock.get('kind')}, at zero {at_zero}")
    if timeouts:
        words.append(f"{len(timeouts)} decision(s) made by a bot when a seat's time ran out"
                     + (f", seat(s) {', '.join(str(s + 1) for s in sorted(forfeits))} "
                        "forfeited" if forfeits else ""))
    return TableCheck("; ".join(words))
