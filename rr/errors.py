"""Typed errors, every one rr raises. Each says what was wrong and, where one applies, the
spec rule it breaks.

A user mistake (bad choice, bad file, bad log, a request a front door cannot read) raises a
subclass of :class:`RRError`; the game, the log and every file are left exactly as they
were. A failure of rr's own is :class:`EngineBugError`. An error's wire name (``rr stdio``'s
and ``rr server``'s ``error.type``) is its class name; the HTTP status of each is
``rr.server.errors``'.
"""

from __future__ import annotations

__all__ = [
    "AgentError", "BadInputError", "BadJsonError", "BadRequest", "BotFailedError",
    "CorruptLogError", "DealPendingError", "DivergenceError", "EngineBugError", "ForbiddenError",
    "GameNotOverError", "IllegalChoiceError", "LoadError", "MissingExtraError",
    "NameTakenError", "NoDecisionPendingError", "NotFoundError", "RRError", "RateLimitedError",
    "RayUnavailableError",
    "ReportUnavailableError", "RequestCutOffError", "RequestTooLargeError", "SamplingError",
    "SeatKeyError", "SeatTakenError", "SeedUnknownError", "SignatureRefusedError",
    "StaleDecisionError", "StoreError", "UnauthorizedError", "UnknownActionError",
    "UnknownCardError", "UnknownOptionError", "WrongPlayerError",
]


class RRError(Exception):
    """Base of every error rr raises for bad input: the message says what was wrong and,
    where one applies, names the rule (:attr:`rule`, also at the message's end).

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


class BotFailedError(RRError):
    """A seat the game server's bot plays could not be decided: the bot's agent (one its
    operator allowed) raised, or chose an option that is not legal — an
    :class:`AgentError`, the ``__cause__``. The message names the seat and the bot only: the
    cause may name the bot's own cards (an illegal option's error lists its legal ones), so
    it goes to the server's log, never to a client (HTTP 500, nothing changed)."""


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


class StoreError(BadInputError):
    """A game server's database that cannot be opened or used (a bad path, an unreachable
    server)."""


class DamagedStoreError(StoreError):
    """A game whose stored rows are damaged: a value of the wrong type (an event stored as
    text), a record missing, a column that cannot be read. The game is not served; the store
    is left as it is."""


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


class EngineBugError(Exception):
    """The rules failed on a legal choice: a bug in rr, not a user mistake. The game is left
    as it was before the choice."""


class SamplingError(Exception):
    """No sample of an information set could be drawn (see ``Game.sample_for``)."""


# --- the front doors: rr stdio and rr server ------------------------------------------------


class BadRequest(RRError):  # no "Error" suffix: the error type's wire name is the class name
    """A request a front door cannot read: not JSON, not an object, an unknown op, route or
    game, or a missing, unknown or wrong-typed field (400)."""


class UnauthorizedError(RRError):
    """No token, or one the server does not know (401)."""


class ForbiddenError(RRError):
    """A token that does not open this game, or a spectator's where a seat's is needed
    (403)."""


class StaleDecisionError(RRError):
    """A choice made against a decision number that is no longer the game's (409): someone
    (or a second click) chose first."""


class GameNotOverError(RRError):
    """The whole log of a game still under way holds hidden cards: it is given once the
    game is over (409)."""


class RequestTooLargeError(RRError):
    """A request body over the limit (413)."""


class RequestCutOffError(RRError):
    """A request whose body stopped before its end: the client went away, or was too slow
    and its connection was closed (``rr.server.timeouts``) (408). Nobody is left to read the
    answer; it is not a failure of rr's."""


class RateLimitedError(RRError):
    """Too many requests from one token or address (429)."""


class HeadersTooLargeError(RRError):
    """A request whose headers are too many or too large (``rr server --max-header-bytes``,
    ``--max-headers``) (431). Nothing changed; the connection is closed."""


class ServerBusyError(RRError):
    """A connection past the server's limit (``rr server --max-connections``) (503). Nothing
    changed; the connection is closed: try again in a moment."""


class NotFoundError(RRError):
    """No such route (404)."""


class LoadError(RRError):
    """The server's load script (``python -m rr.server.load``) could not start: a server did
    not come up, or the database is not on this machine (exit status 2)."""


class SignatureRefusedError(RRError):
    """A choice or a seat key's registration whose signature is missing, malformed or not
    made by the seat's key over the right message (issue #29) (403). Nothing changed."""


class WeakSignatureError(SignatureRefusedError):
    """A public key or a signature that strict Ed25519 verification refuses before its
    equation (:mod:`rr.ed25519`): a point of small order, an encoding that is not canonical, a
    point off the curve, or S not below the group's order (403). Nothing changed."""


class DealPendingError(RRError):
    """A game not dealt yet: it waits for every person's seat to register its key and
    contribution (a signed game, issue #29), or for its open seats to be taken through its
    invitation (issue #28) (409)."""


class SeatTakenError(RRError):
    """An open seat that cannot be taken with the game's invitation: someone took it
    already, or every open seat is taken (issue #28) (409). Nothing changed."""


class NameTakenError(RRError):
    """A name another player's identity holds: registered by someone else, or played only by
    its identity (:mod:`rr.identities`) (409). Nothing changed."""


class SeatKeyError(RRError):
    """A seat key that cannot be registered: the game is not a signed one, the seat has its
    key already, or the game was dealt (409)."""
