"""Agents by name, wherever agents are named (issue #30): ``random``, ``greedy``,
``ismcts[:N]``, ``ismcts:flat`` (:mod:`rr.agents.flat`, the cheap setting), or a user's agent
``package.module:Class[:argument]``.

``rr simulate --agents``, ``rr regress --impact``, Ray runs, the environments' opponents and
the server's bots (those its operator allows) all read names with :func:`parse` and make agents
with :func:`make`. A user's class is imported (``importlib``) and called as
``Class(seed, ruleset)``, or ``Class(seed, ruleset, argument)`` when the name carries one (the
text after the class's colon, as it was written); what it makes must have the
:class:`rr.agents.interface.Agent` method ``choose(decision, seen)``. On a Ray cluster the
module must be importable on every worker.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import cast

from rr.agents.flat import FlatAgent
from rr.agents.greedy import GreedyAgent
from rr.agents.interface import Agent
from rr.agents.ismcts import ITERATIONS, ISMCTSAgent
from rr.agents.random import RandomAgent
from rr.errors import BadInputError
from rr.ruleset import Ruleset

MAX_DECISIONS = 20_000
"""The safety limit of a game played by agents (``rr simulate``, the server's bots): one
still going after this many decisions is stopped. Under the default ruleset it should not
happen: a game that goes round in circles ends by RULING-B11 (``repetition_ends_game``)."""

MAX_ITERATIONS = 1_000_000
"""The most iterations ``ismcts:N`` may ask for."""


FLAT = "flat"
"""``ismcts:flat``: the flat search over information-set samples (:mod:`rr.agents.flat`)."""


def _ismcts(seed: int, ruleset: Ruleset, argument: str | None) -> Agent:
    if argument == FLAT:
        return FlatAgent(seed, ruleset)
    return ISMCTSAgent(seed, ruleset, iterations=int(argument) if argument else ITERATIONS)


BUILT_IN: Mapping[str, Callable[[int, Ruleset, str | None], Agent]] = {
    "random": lambda seed, ruleset, argument: RandomAgent(seed),
    "greedy": lambda seed, ruleset, argument: GreedyAgent(seed, ruleset),
    "ismcts": _ismcts,
}
"""rr's agents by name; ``ismcts:N`` is the ISMCTS agent with N iterations a decision,
``ismcts:flat`` its cheap flat setting."""
HINT = ("agents are: random, greedy, ismcts[:N] (N iterations a decision), ismcts:flat (the "
        "cheap flat search), or your own as package.module:Class[:argument]")


def parse(name: str) -> str:
    """``name`` checked (a user's class is imported), as it is to be written in results:
    built-in names in lower case, a user's as given. :class:`BadInputError` if it names no
    agent."""
    name = name.strip()
    kind, colon, argument = name.partition(":")
    if kind.lower() in BUILT_IN:
        kind = kind.lower()
        if colon and kind != "ismcts":
            raise BadInputError(f"agent {name!r} takes no argument; {HINT}")
        if colon and argument.lower() == FLAT:
            argument = FLAT
        elif colon and not (argument.isdigit() and 0 < int(argument) <= MAX_ITERATIONS):
            raise BadInputError(f"{name!r}: ismcts:N needs N from 1 to {MAX_ITERATIONS} "
                                f"iterations (or ismcts:{FLAT})")
        return kind + colon + argument
    if not colon:
        raise BadInputError(f"unknown agent {name!r}; {HINT}" if name
                            else f"an empty agent name; {HINT}")
    _class_of(name)
    return name


def make(name: str, seed: int, ruleset: Ruleset) -> Agent:
    """A new agent of the kind ``name`` (as :func:`parse` accepts it) with ``seed``."""
    kind, colon, argument = name.partition(":")
    if kind in BUILT_IN:
        return BUILT_IN[kind](seed, ruleset, argument if colon else None)
    _, _, rest = name.partition(":")
    _, colon, argument = rest.partition(":")
    made = _class_of(name)(seed, ruleset, argument) if colon \
        else _class_of(name)(seed, ruleset)
    if not callable(getattr(made, "choose", None)):
        raise BadInputError(f"agent {name!r} made {type(made).__name__}, which has no "
                            "choose(decision, seen)")
    return cast(Agent, made)  # checked above: it has choose


def _class_of(name: str) -> Callable[..., object]:
    """The class (or any callable) ``package.module:Class[:argument]`` names."""
    module_name, _, rest = name.partition(":")
    class_name = rest.partition(":")[0]
    if not module_name or not class_name.isidentifier():
        raise BadInputError(f"agent {name!r}: a user's agent is package.module:Class"
                            f"[:argument]; {HINT}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise BadInputError(f"agent {name!r}: cannot import {module_name!r} ({err})") from None
    found = getattr(module, class_name, None)
    if not callable(found):
        raise BadInputError(f"agent {name!r}: {module_name} has no class {class_name!r}")
    return found  # type: ignore[no-any-return]  # checked: callable
