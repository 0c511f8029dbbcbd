"""Typed errors: every one the engine, the files and the front doors (``rr stdio`` and
``rr server``) raise; those only the game server raises are :mod:`rr.server.errors`'. Each
says what was wrong and, where one applies, the spec rule it breaks.

Every error rr raises is an :class:`RRError`. A user mistake (bad choice, bad file, bad log,
a request a front door cannot read) raises one of its subclasses, and the game, the log and
every file are left exactly as they were; a failure of rr's own is :class:`EngineBugError`,
which a handler of user mistakes lets through. An error's wire name (``rr stdio``'s
and ``rr server``'s ``error.type``) is its class name; the HTTP status of each is
``rr.server.errors``'.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

__all__ = [
    "AgentError", "BadInputError", "BadJsonError", "BadRequest", "CorruptLogError",
    "DivergenceError", "EngineBugError", "IllegalChoiceError", "MissingExtraError",
    "NoDecisionPendingError", "RRError", "RayUnavailableError", "ReportUnavailableError",
    "RequestTooLargeError", "SamplingError", "SeedUnknownError", "SignatureRefusedError",
    "UnknownActionError", "UnknownCardError", "UnknownOptionError", "WeakSignatureError",
    "WrongPlayerError",
]


class RRError(Exception):
    """Base of every error rr raises (bad input, and :class:`EngineBugError`, a bug in rr):
    the message says what was wrong and, where one applies, names the rule (:attr:`rule`,
    also at the message's end).

    >>> import rr
    >>> game = rr.Game.new(["Ana", "Bo"], seed=1)
    >>> try:
    ...     game.choose(game.pending.options[0], seat=1 - game.pending.seat)
    ... except rr.RRError as err:
    ...     print(type(err).__name__, err.rule)
    WrongPlayerError RR-TURN-1
    """

    rule: str | None = None

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class UnknownCardError(RRError, KeyError):
    """A card id or name that is not one of the 112 cards."""

    def __init__(self, text: str) -> None:
        self.text = text
        RRError.__init__(self, f"unknown card {text!r}")

    def __str__(self) -> str:  # KeyError would add quotes
        return str(self.args[0])


class IllegalChoiceError(RRError):
    """An option that is not among the pending decision's legal options; the game is left
    as it was.

    >>> import rr
    >>> from rr.options import PickCard
    >>> game = rr.Game.new(["Ana", "Bo"], seed=1)
    >>> try:
    ...     game.choose(PickCard("sevro"))
    ... except rr.IllegalChoiceError as err:
    ...     print("refused:", len(game.events), "events, as before")
    refused: ... events, as before
    """


class WrongPlayerError(RRError):
    """A choice made by a player who is not the one the pending decision is addressed to."""


class NoDecisionPendingError(RRError):
    """A choice submitted when the game is over (no decision is pending)."""


class CorruptLogError(RRError):
    """A log that cannot be read: bad header, broken hash chain, truncated record, unknown tag."""


class DivergenceError(RRError):
    """A log whose recorded events differ from what the rules produce (audit failure)."""

    def __init__(self, index: int, recorded: str, expected: str, rule: str | None,
                 card: str | None = None) -> None:
        self.index = index
        self.recorded = recorded
        self.expected = expected
        self.card = card
        """The card whose question was asked last, when a card asked it (``rule`` then
        ``None``)."""
        RRError.__init__(
            self, f"record {index}: the log says {recorded}, the rules say {expected}", rule
        )


class BadInputError(RRError):
    """A malformed input file or value (scorepad JSON, CLI argument)."""


class AgentError(RRError):
    """An agent (``rr simulate --agents``, an environment's opponent) that failed to decide:
    its ``choose`` raised, or chose an option that is not legal. The message names the agent
    and its seat; the original error is the ``__cause__``."""



class UnknownOptionError(IllegalChoiceError):
    """An option no decision of any game can list, so it has no action (rr.actions)."""


class UnknownActionError(IllegalChoiceError):
    """An action that is not an integer of the action space (rr.actions)."""


class BadJsonError(BadInputError):
    """A document that is not the JSON form it claims to be (rr.jsonforms); the message names
    the field (``$.options[2].action``). ``unknown_card`` is the card id, when that is what
    was wrong (a front-end may treat it as an illegal choice rather than a malformed one)."""

    def __init__(self, message: str, unknown_card: str | None = None) -> None:
        self.unknown_card = unknown_card
        BadInputError.__init__(self, message)


class SeedUnknownError(RRError):
    """A random outcome (or the reveal at the end) is needed from a game whose seed is secret
    and was not given: resume it with its secret (``Game.resume(events, secret=...)``)."""




class MissingExtraError(RRError, ImportError):
    """A part of rr used without its optional dependencies (an *extra*) installed; the message
    names the extra and the command that installs it, and :attr:`extra` is its name.

    >>> import rr
    >>> raise rr.MissingExtraError("rr.integrations.pettingzoo", "pettingzoo", "numpy")
    Traceback (most recent call last):
    ...
    rr.errors.MissingExtraError: rr.integrations.pettingzoo needs the 'pettingzoo' extra \
(numpy is not installed): pip install 'red-rising-engine[pettingzoo]'
    """

    def __init__(self, what: str, extra: str, missing: str | None = None) -> None:
        self.extra = extra
        self.install = f"pip install 'red-rising-engine[{extra}]'"
        why = f" ({missing} is not installed)" if missing else ""
        RRError.__init__(self, f"{what} needs the '{extra}' extra{why}: {self.install}")


class ReportUnavailableError(RRError):
    """``--report`` without matplotlib installed."""


class RayUnavailableError(RRError):
    """``--ray`` without Ray installed, or with no cluster to reach."""


class EngineBugError(RRError):
    """The rules failed on a legal choice: a bug in rr, not a user mistake. The game is left
    as it was before the choice. An :class:`RRError` like every error of rr's, but never one
    to answer as a user's mistake: a handler of user mistakes lets it through (the CLI
    reports it as a bug, ``rr server`` answers 500 and logs it)."""


class SamplingError(RRError):
    """No sample of an information set could be drawn (see ``Game.sample_for``)."""


# --- the front doors: rr stdio and rr server ------------------------------------------------


class BadRequest(RRError):  # no "Error" suffix: the error type's wire name is the class name
    """A request a front door cannot read: not JSON, not an object, an unknown op, route or
    game, or a missing, unknown or wrong-typed field (400)."""






class RequestTooLargeError(RRError):
    """A request body over the limit (413)."""









class SignatureRefusedError(RRError):
    """A choice or a seat key's registration whose signature is missing, malformed or not
    made by the seat's key over the right message (issue #29) (403). Nothing changed."""


class WeakSignatureError(SignatureRefusedError):
    """A public key or a signature that strict Ed25519 verification refuses before its
    equation (:mod:`rr.ed25519`): a point of small order, an encoding that is not canonical, a
    point off the curve, or S not below the group's order (403). Nothing changed."""


MOVED = frozenset({
    "BotFailedError", "DamagedStoreError", "DealPendingError", "ForbiddenError",
    "GameNotOverError", "HeadersTooLargeError", "LoadError", "NotFoundError",
    "RateLimitedError", "RequestCutOffError", "SeatKeyError", "SeatTakenError",
    "ServerBusyError", "StaleDecisionError", "StoreError", "UnauthorizedError",
})
"""The errors only ``rr server`` raises, now in :mod:`rr.server.errors`: importing one from
here still works for one release, with a :class:`DeprecationWarning`."""


def __getattr__(name: str) -> Any:
    if name not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"rr.errors.{name} moved to rr.server.errors; import it from there (the old "
                  "name is removed in 0.4)", DeprecationWarning, stacklevel=2)
    # By name: the server is a higher layer, loaded only for a name that moved there.
    return getattr(importlib.import_module("rr.server.errors"), name)
