"""What an event type declares beside its fields, keyed by the type: how it folds into the
state (:mod:`rr.state`), its line of story (:mod:`rr.narrate`), what it teaches each seat
(:mod:`rr.knowledge`) and how a seat is shown it (:mod:`rr.views`).

Each part is registered by a decorator next to the function that does it, in the event's own
module if it likes (a test declares a whole event type in its module this way,
``tests/engine/test_event_parts.py``), and the fold, the narration, the seats' knowledge and
the redaction look the type up here. Its card fields need no declaration: they are its fields
typed as cards (:mod:`rr.events.card_fields`).

The parts are called as:

- fold: ``fold(state, fields, event)``, writing the event's changes into ``fields``, the new
  state's (:data:`rr.state.Fields`); required of every event type;
- line: ``line(event, before, after)``, the event in words, or ``None`` for bookkeeping
  nobody needs to read (without one, :func:`rr.narrate.line` has the event's words);
- lesson: ``lesson(before, known, event)``, what the seats know once it has happened
  (without one, it teaches nothing);
- redaction: ``redaction(event, before, seat, after)``, the event as ``seat`` may see it
  (without one, every card field the seat does not know is hidden).

This module sits with the events, below the state: the parts are typed loosely here and
strictly where they are written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["FOLDS", "LESSONS", "LINES", "REDACTIONS", "folds", "redacts", "teaches", "tells"]

F = TypeVar("F", bound=Callable[..., Any])

FOLDS: dict[type, Callable[..., None]] = {}
"""How each event type folds (``rr.state.apply`` calls it)."""
LINES: dict[type, Callable[..., str | None]] = {}
"""Each event type's line of story, where it has its own."""
LESSONS: dict[type, Callable[..., Any]] = {}
"""What each event type that can teach a seat a card teaches (any other teaches nothing)."""
REDACTIONS: dict[type, Callable[..., Any]] = {}
"""How each event type is shown to a seat, where hiding its card fields is not enough."""


def _registers(table: dict[type, Any], part: str, kinds: tuple[type, ...]) -> Callable[[F], F]:
    def register(function: F) -> F:
        for kind in kinds:
            if kind in table:
                raise TypeError(f"{kind.__name__} already has its {part}")
            table[kind] = function
        return function
    return register


def folds(*kinds: type) -> Callable[[F], F]:
    """Declare the decorated function as how ``kinds`` fold into the state."""
    return _registers(FOLDS, "fold", kinds)


def tells(*kinds: type) -> Callable[[F], F]:
    """Declare the decorated function as the line of story of ``kinds``."""
    return _registers(LINES, "line", kinds)


def teaches(*kinds: type) -> Callable[[F], F]:
    """Declare the decorated function as what ``kinds`` teach the seats."""
    return _registers(LESSONS, "lesson", kinds)


def redacts(*kinds: type) -> Callable[[F], F]:
    """Declare the decorated function as how ``kinds`` are shown to a seat."""
    return _registers(REDACTIONS, "redaction", kinds)
