"""Rules programs: generators that yield what they need and never touch anything themselves.

A rules program (setup, a turn, a card's ability) is a generator. It yields

* an **event** — the engine appends it to the log and folds it into the state;
* a :class:`~rr.decisions.Decision` — the engine suspends until the player picks an option,
  records the pick as a ``DecisionMade`` event, and sends the option back in;
* a :class:`Chance` — the engine draws the outcome (live) or reads it from the log (replay,
  audit), records it as an event, and sends that event back in.

It reads the game through a :class:`Table`, whose ``state`` the engine keeps current. Given the
same state, options and outcomes, a program yields the same things: that is what lets a game be
replayed, audited and resumed from its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar, Union, cast

from attrs import define, frozen

from rr.decisions import Ask, Decision
from rr.effects.automa import automa_answer
from rr.events.types import Event
from rr.options import Option
from rr.state import GameState


@frozen
class Chance:
    """A random outcome the rules need: how to draw it live, and which recorded ones are valid."""

    what: str
    draw: Callable[[random.Random], Event]
    accepts: Callable[[Event], bool]


Request = Union[Event, Decision, Chance]
T = TypeVar("T")
Program = Generator[Request, Any, T]
"""A rules program returning ``T``."""


@define
class Table:
    """The game as a program sees it. Only the engine sets ``state``."""

    state: GameState


class RulesError(Exception):
    """A bug in the rules (never a user mistake): a program asked for something impossible."""


O = TypeVar("O", bound=Option)


def ask(table: Table, seat: int, kind: Ask, source: str, prompt: str,
        options: Sequence[O]) -> Program[O]:
    """Ask ``seat`` to pick one of ``options``.

    A forced choice (one option, and not a yes/no or block question) is taken without asking:
    there is nothing to decide, and nothing is recorded.
    """
    if not options:
        raise RulesError(f"{source}: a decision with no options ({prompt})")
    if len(set(options)) != len(options):
        raise RulesError(f"{source}: duplicate options in {prompt!r}")
    if len(options) == 1 and kind not in (Ask.CONFIRM, Ask.BLOCK):
        return options[0]
    if table.state.is_automa(seat):  # RR-SOLO-14: Au Toma is never asked
        return automa_answer(table.state, seat, kind, source, options)
    choice = yield Decision(seat, kind, source, prompt, tuple(options))
    return cast(O, choice)


def draw(chance: Chance) -> Program[Event]:
    """Draw a random outcome; returns the recorded outcome event."""
    outcome = yield chance
    return cast(Event, outcome)
