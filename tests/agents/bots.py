"""Users' agents for the tests: plain classes named ``tests.agents.bots:Class``, as a user
would write them (issue #30)."""

from __future__ import annotations

from typing import ClassVar

from rr.agents.interface import Seen
from rr.decisions import Decision
from rr.options import Option
from rr.ruleset import Ruleset


class FirstOption:
    """Picks the first listed option; remembers the seats it was handed and its argument."""

    def __init__(self, seed: int, ruleset: Ruleset, argument: str | None = None) -> None:
        self.seed, self.argument = seed, argument
        self.seats: list[int] = []

    def choose(self, decision: Decision, seen: Seen) -> Option:
        self.seats.append(seen.seat)
        assert seen.view.seat == decision.seat  # its own seat's view
        return decision.options[0]


class NoChoose:
    """Not an agent: it has no choose."""

    def __init__(self, seed: int, ruleset: Ruleset) -> None:
        self.seed = seed


class Recorder:
    """Picks the last listed option; records, for the whole class, what each call was handed
    (every bot decision of the server makes a new agent)."""

    handed: ClassVar[list[tuple[int, int, str]]] = []
    """(decision's seat, seen's seat, type of what was handed) per call."""

    def __init__(self, seed: int, ruleset: Ruleset) -> None:
        self.seed = seed

    def choose(self, decision: Decision, seen: Seen) -> Option:
        Recorder.handed.append((decision.seat, seen.seat, type(seen).__name__))
        return decision.options[-1]


class Raiser:
    """An agent whose code fails: its choose raises."""

    def __init__(self, seed: int, ruleset: Ruleset) -> None:
        self.seed = seed

    def choose(self, decision: Decision, seen: Seen) -> Option:
        raise ValueError("the bot is broken")


class Illegal:
    """An agent that answers with something no decision lists."""

    def __init__(self, seed: int, ruleset: Ruleset) -> None:
        self.seed = seed

    def choose(self, decision: Decision, seen: Seen) -> Option:
        return "not an option"  # type: ignore[return-value]  # the mistake under test


class Unseeded:
    """Made with no arguments (docs/BOTS.md's bots are): rr makes it as ``Unseeded()``."""

    def choose(self, decision: Decision, seen: Seen) -> Option:
        return decision.options[0]


class NeedsDepth:
    """Needs an argument besides the seed and ruleset: named without one, it cannot be made."""

    def __init__(self, seed: int, ruleset: object, depth: str) -> None:
        self.depth = depth

    def choose(self, decision: Decision, seen: Seen) -> Option:
        return decision.options[0]
