"""Agents by name, wherever agents are named (issue #30): ``random``, ``greedy``,
``ismcts[:N]``, ``ismcts:flat`` (:mod:`rr.agents.flat`, the cheap setting), or a user's agent
``package.module:Class[:argument]``.

``rr simulate --agents``, ``rr regress --impact``, Ray runs, the environments' opponents and
the server's bots (those its operator allows) all read names with :func:`parse` and make agents
with :func:`make`. A user's class is imported (``importlib``; the current folder is searched
after every other place, as ``python -m`` would, so that the installed ``rr`` command finds a
``mybot.py`` beside the user) and called as ``Class(seed, ruleset)``, or ``Class(seed,
ruleset, argument)`` when the name carries one (the text after the class's colon, as it was
written); a class whose constructor takes fewer arguments is given the first ones it takes
(``Class(seed)`` or ``Class()``: the tutorial's bots). What it makes must have the
:class:`rr.agents.interface.Agent` method ``choose(decision, seen)``. :func:`parse` checks
what it can without making one: that the module imports, that the class has ``choose`` and
that it can be called with those arguments. On a Ray cluster the module must be importable on
every worker.

:func:`play` plays an agent's choice: an agent that raises, or chooses an option that is not
legal, is an :class:`rr.errors.AgentError` naming it and its seat (not the engine's
``IllegalChoiceError``, which an environment's learner would take for its own).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from rr.agents.flat import FlatAgent
from rr.agents.greedy import GreedyAgent
from rr.agents.interface import Agent, Seen
from rr.agents.ismcts import ITERATIONS, ISMCTSAgent
from rr.agents.random import RandomAgent
from rr.decisions import Decision
from rr.errors import AgentError, BadInputError, IllegalChoiceError
from rr.ruleset import Ruleset

if TYPE_CHECKING:
    from rr.engine import Game

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
    _check_class(name, _class_of(name))
    return name


def make(name: str, seed: int, ruleset: Ruleset) -> Agent:
    """A new agent of the kind ``name`` (as :func:`parse` accepts it) with ``seed``."""
    kind, colon, argument = name.partition(":")
    if kind in BUILT_IN:
        return BUILT_IN[kind](seed, ruleset, argument if colon else None)
    found, given = _class_of(name), _parts(name)[2]
    made = (found(*(seed, ruleset)[:_arity(found)]) if given is None
            else found(seed, ruleset, given))
    if not callable(getattr(made, "choose", None)):
        raise BadInputError(f"agent {name!r} made {type(made).__name__}, which has no "
                            "choose(decision, seen)")
    return cast(Agent, made)  # checked above: it has choose


def play(agent: Agent, name: str, game: Game, decision: Decision) -> None:
    """``agent`` (named ``name``, or its class's name for an object) decides ``decision``,
    the pending one of ``game``, and its choice is played. :class:`AgentError` naming the
    agent and its seat if ``choose`` raises or returns an option that is not legal; the game
    is then left as it was."""
    seat = decision.seat
    try:
        option = agent.choose(decision, Seen.of(game, seat))
    except Exception as err:  # any failure of the agent's code, said with its name
        raise AgentError(f"seat {seat}'s agent {name!r}: choose raised "
                         f"{type(err).__name__}: {err}") from err
    try:
        game.choose(option, seat=seat)
    except IllegalChoiceError as err:
        raise AgentError(f"seat {seat}'s agent {name!r} chose an option that is not legal: "
                         f"{err}") from err


def _check_class(name: str, found: Callable[..., object]) -> None:
    """:class:`BadInputError` if the class ``name`` names has no ``choose`` or cannot be
    called as :func:`make` calls it (``Class(seed, ruleset[, argument])``)."""
    _, class_name, argument = _parts(name)
    if isinstance(found, type) and not callable(getattr(found, "choose", None)):
        raise BadInputError(f"agent {name!r}: {class_name} has no choose(decision, seen)")
    with_argument = argument is not None
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):  # no signature to read (a builtin): found out when made
        return
    if not with_argument and _arity(found) < 2:
        return  # made as Class(seed) or Class(), which _arity found it takes
    try:
        signature.bind(*(None,) * (3 if with_argument else 2))
    except TypeError as err:
        call = f"{class_name}(seed, ruleset{', argument' if with_argument else ''})"
        raise BadInputError(f"agent {name!r}: an agent is made as {call}, which {class_name} "
                            f"does not take ({err})") from None


def _arity(found: Callable[..., object]) -> int:
    """How many of ``(seed, ruleset)`` a class named without an argument is made with: 2 if
    it takes them (or its signature cannot be read), else 1 (``Class(seed)``) or 0
    (``Class()``) if it takes those."""
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):
        return 2
    for count in (2, 1, 0):
        try:
            signature.bind(*(None,) * count)
        except TypeError:
            continue
        return count
    return 2  # takes none of these: _check_class says so


def _parts(name: str) -> tuple[str, str, str | None]:
    """``package.module:Class[:argument]`` as its module, its class and its argument (``None``
    without one)."""
    module_name, _, rest = name.partition(":")
    class_name, colon, argument = rest.partition(":")
    return module_name, class_name, argument if colon else None


def _class_of(name: str) -> Callable[..., object]:
    """The class (or any callable) ``package.module:Class[:argument]`` names."""
    module_name, class_name, argument = _parts(name)
    if not module_name or not class_name.isidentifier():
        raise BadInputError(f"agent {name!r}: a user's agent is package.module:Class"
                            f"[:argument]; {HINT}")
    if argument == "":  # a slip, not an argument: say so rather than pass ""
        raise BadInputError(f"agent {name!r}: nothing after the class's colon (leave the "
                            "colon out for no argument)")
    folder = os.getcwd()
    if folder not in sys.path and "" not in sys.path:
        # The installed `rr` script's path starts at its own folder, not the user's (as
        # `python -m rr` does): look there last, so nothing installed is shadowed.
        sys.path.append(folder)
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise BadInputError(f"agent {name!r}: cannot import {module_name!r} ({err})") from None
    found = getattr(module, class_name, None)
    if not callable(found):
        raise BadInputError(f"agent {name!r}: {module_name} has no class {class_name!r}")
    return found  # type: ignore[no-any-return]  # checked: callable
