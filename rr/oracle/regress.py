"""Regression of rulings: replay a corpus of recorded games under two rulesets and list every
game whose events or final totals change, with the first difference in each.

Each game is re-run (:func:`rr.oracle.rerun.rerun`) from its recorded decisions and random
outcomes once under ruleset A and once under ruleset B. ``None`` for A or B means "the ruleset
the game was recorded with".
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from rr.errors import BadInputError, CorruptLogError
from rr.events import log as logfile
from rr.events.types import Event, GameStarted
from rr.narrate import player
from rr.narrate import story_line
from rr.oracle.rerun import Rerun, rerun, rules_version_of
from rr.ruleset import UNNAMED_RULES_VERSIONS, Ruleset
from rr.state import EMPTY, GameState, apply

LOG_SUFFIXES = (".rrlog", ".jsonl")


class Change(enum.Enum):
    """How a game fares under ruleset B compared with ruleset A."""

    SAME = "same"
    """Identical events (after the first) and identical totals."""
    EVENTS = "events"
    """Other events, the same final totals."""
    TOTALS = "totals"
    """Other final totals."""
    DIVERGED = "diverged"
    """Under one ruleset a recorded decision is illegal or another question is asked, so the
    recorded inputs cannot finish the game."""
    UNREADABLE = "unreadable"


@frozen
class GameDiff:
    """One game of the corpus under both rulesets."""

    path: str
    change: Change
    record: int | None = None
    """The first record that differs."""
    under_a: str = ""
    """What happens there under A, in words."""
    under_b: str = ""
    """What happens there under B, in words."""
    totals_a: tuple[int, ...] | None = None
    totals_b: tuple[int, ...] | None = None
    problem: str | None = None
    """Why the log could not be read."""
    stops: tuple[str, ...] = ()
    """Where and why a re-run stopped before the game's end ("A stops at record 12: ...")."""

    @property
    def changed(self) -> bool:
        return self.change is not Change.SAME

    def describe(self) -> str:
        """The first difference in one line."""
        if self.change is Change.UNREADABLE:
            return f"unreadable: {self.problem}"
        if self.change is Change.SAME:
            return "no change"
        head = f"record {self.record}: A: {self.under_a}; B: {self.under_b}"
        return "; ".join((head,) + self.stops)

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "change": self.change.value, "record": self.record,
                "under_a": self.under_a, "under_b": self.under_b,
                "totals_a": None if self.totals_a is None else list(self.totals_a),
                "totals_b": None if self.totals_b is None else list(self.totals_b),
                "problem": self.problem, "stops": list(self.stops)}


def corpus(folder: str | Path) -> list[Path]:
    """The logs of a corpus folder (``*.rrlog`` and ``*.jsonl``), sorted by name."""
    root = Path(folder)
    if not root.is_dir():
        raise BadInputError(f"{folder} is not a folder")
    found = sorted(p for p in root.iterdir() if p.suffix in LOG_SUFFIXES and p.is_file())
    if not found:
        raise BadInputError(f"{folder} holds no game logs (*.rrlog, *.jsonl)")
    return found


def compare_file(path: str | Path, a: Ruleset | None, b: Ruleset | None) -> GameDiff:
    """Read one log and compare it under A and B (an unreadable log is reported, not raised)."""
    try:
        events = logfile.read(path).events
    except CorruptLogError as err:
        return GameDiff(str(path), Change.UNREADABLE, problem=str(err))
    return compare(events, a, b, str(path))


def compare(events: Sequence[Event], a: Ruleset | None, b: Ruleset | None,
            name: str = "log") -> GameDiff:
    """Re-run ``events`` under A and under B and find the first difference."""
    notes: tuple[str, ...] = ()
    try:
        version = rules_version_of(events)  # an old log's, under its own ruleset
        started = events[0] if events else None
        if version is None and isinstance(started, GameStarted) \
                and started.rules_version is None:
            version = UNNAMED_RULES_VERSIONS[0]
            notes = (f"record 0 names no rules version and none re-runs the log under its own "
                     f"ruleset: both re-run under version {version}, the newest",)
        run_a, run_b = rerun(events, a, version), rerun(events, b, version)
    except CorruptLogError as err:
        return GameDiff(name, Change.UNREADABLE, problem=str(err))
    index = first_difference(run_a.events, run_b.events)
    totals_a, totals_b = run_a.totals, run_b.totals
    stops = notes + tuple(f"{label} stops at record {r.stop.record}: {r.stop.reason}"
                          for label, r in (("A", run_a), ("B", run_b))
                          if r.stop is not None and r.stop.record != index)  # else under_a/b
    diverged = any(r.stop is not None and r.stop.diverged for r in (run_a, run_b))
    if index is None and not diverged:
        return GameDiff(name, Change.SAME, totals_a=totals_a, totals_b=totals_b, stops=stops)
    if diverged:
        change = Change.DIVERGED
    elif totals_a != totals_b:
        change = Change.TOTALS
    else:
        change = Change.EVENTS
    if index is None:  # both stopped at the same point with the same events
        index = len(run_a.events)
    return GameDiff(name, change, index, _at(run_a, index), _at(run_b, index),
                    totals_a, totals_b, stops=stops)


def first_difference(a: Sequence[Event], b: Sequence[Event]) -> int | None:
    """The first record where two runs differ (``GameStarted``, which names the ruleset,
    is compared without it); ``None`` if they are equal."""
    for index, (x, y) in enumerate(zip(a, b)):
        if isinstance(x, GameStarted) and isinstance(y, GameStarted):
            if evolve(x, ruleset=y.ruleset) != y:
                return index
        elif x != y:
            return index
    return None if len(a) == len(b) else min(len(a), len(b))


def _at(run: Rerun, index: int) -> str:
    """What ``run`` does at record ``index``, in words."""
    if index < len(run.events):
        state = _state_before(run.events, index)
        event = run.events[index]
        return story_line(event, state, apply(state, event))
    if run.stop is not None:
        return "stops: " + run.stop.reason
    state = run.state
    totals = ", ".join(f"{player(state, s)} {t}" for s, t in enumerate(state.totals or ()))
    return f"the game is over ({totals})"


def _state_before(events: Sequence[Event], index: int) -> GameState:
    state = EMPTY
    for event in events[:index]:
        state = apply(state, event)
    return state


def summarise(diffs: Iterable[GameDiff]) -> dict[str, int]:
    """How many games fall under each kind of change, and in all."""
    counts = {c.value: 0 for c in Change}
    total = 0
    for d in diffs:
        counts[d.change.value] += 1
        total += 1
    counts["games"] = total
    return counts
