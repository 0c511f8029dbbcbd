"""The errors only the server raises, the HTTP status of every error it answers with, and
the body it answers.

The body of every error is ``{"error": {"type", "message", "rule"}}``: the ``error`` object
of ``rr stdio``'s responses (:mod:`rr.protocol`), with the same types: those of
:mod:`rr.errors` — the engine's own (``IllegalChoiceError``, ``WrongPlayerError``,
``NoDecisionPendingError``, ...), ``BadRequest`` — and the few only a network service has,
defined here (``UnauthorizedError``, ``StaleDecisionError``, ``RateLimitedError``, ...). A
failed request changes nothing.

A failure of rr's own (status 500: a bug, or a fault of the store under it) answers only
"a bug in rr" to the client (a bot the operator allowed that fails: ``BotFailedError``,
naming its seat and bot only), and is written with its traceback to the server's log (the
``rr.server`` logger, on stderr under ``rr server``) by :func:`failed`: the method, the
path and the traceback, control characters escaped; never a header, a query or a body, so
never a token.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

from rr.errors import (
    BadInputError,
    BadRequest,
    EngineBugError,
    IllegalChoiceError,
    NoDecisionPendingError,
    RequestTooLargeError,
    RRError,
    SignatureRefusedError,
    WrongPlayerError,
)
from rr.untrusted import printable

__all__ = [
    "LOG", "STATUS", "BotFailedError", "DamagedStoreError", "DealPendingError", "ForbiddenError",
    "GameNotOverError", "HeadersTooLargeError", "LoadError", "NotFoundError", "RateLimitedError",
    "RequestCutOffError", "SeatKeyError", "SeatTakenError", "ServerBusyError",
    "StaleDecisionError", "StoreError", "UnauthorizedError", "error_body", "failed", "status_of",
]

# --- the errors only the server raises (those both front doors raise are rr.errors') -------


class BotFailedError(RRError):
    """A seat the game server's bot plays could not be decided: the bot's agent (one its
    operator allowed) raised, or chose an option that is not legal — an
    :class:`AgentError`, the ``__cause__``. The message names the seat and the bot only: the
    cause may name the bot's own cards (an illegal option's error lists its legal ones), so
    it goes to the server's log, never to a client (HTTP 500, nothing changed)."""


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


class DealPendingError(RRError):
    """A game not dealt yet: it waits for every person's seat to register its key and
    contribution (a signed game, issue #29), or for its open seats to be taken through its
    invitation (issue #28) (409)."""


class SeatTakenError(RRError):
    """An open seat that cannot be taken with the game's invitation: someone took it
    already, or every open seat is taken (issue #28) (409). Nothing changed."""


class SeatKeyError(RRError):
    """A seat key that cannot be registered: the game is not a signed one, the seat has its
    key already, or the game was dealt (409)."""


class StoreError(BadInputError):
    """A game server's database that cannot be opened or used (a bad path, an unreachable
    server)."""


class DamagedStoreError(StoreError):
    """A game whose stored rows are damaged: a value of the wrong type (an event stored as
    text), a record missing, a column that cannot be read. The game is not served; the store
    is left as it is."""


# --- the HTTP status of each, and the body -----------------------------------------------

LOG = logging.getLogger("rr.server")
"""The server's log: failures of rr's own, with their tracebacks."""


STATUS: tuple[tuple[type[Exception], int], ...] = (
    (BadRequest, 400),
    (UnauthorizedError, 401),
    (ForbiddenError, 403),
    (SignatureRefusedError, 403),
    (WrongPlayerError, 403),
    (NotFoundError, 404),
    (StaleDecisionError, 409),
    (NoDecisionPendingError, 409),
    (GameNotOverError, 409),
    (DealPendingError, 409),
    (SeatKeyError, 409),
    (SeatTakenError, 409),
    (RequestCutOffError, 408),
    (RequestTooLargeError, 413),
    (IllegalChoiceError, 422),
    (BadInputError, 422),
    (RateLimitedError, 429),
    (HeadersTooLargeError, 431),
    (ServerBusyError, 503),
    (BotFailedError, 500),
    (EngineBugError, 500),
    (RRError, 422),
)
"""The HTTP status of each error type (the first that matches); anything else is 500."""


def status_of(err: Exception) -> int:
    return next((code for kind, code in STATUS if isinstance(err, kind)), 500)


def error_body(err: Exception) -> dict[str, Any]:
    """``{"error": {"type", "message", "rule"}}``, as ``rr stdio`` words it."""
    rule = err.rule if isinstance(err, RRError) else None
    message = str(err)
    if rule and message.endswith(f" [{rule}]"):
        message = message[:-len(rule) - 3]  # the rule has its own field
    kind = type(err).__name__
    if not isinstance(err, RRError):
        kind, message = "InternalError", "rr failed on this request (a bug in rr)"
    return {"error": {"type": kind, "message": message, "rule": rule}}


def failed(err: Exception, method: str, path: str) -> dict[str, Any]:
    """The typed body answering ``err``; a failure of rr's own (5xx) is also written to the
    server's log with its traceback."""
    if status_of(err) >= 500:
        lines = "".join(traceback.format_exception(err)).splitlines()
        LOG.error("%s %s failed (a bug in rr, or a fault of its store):\n%s",
                  printable(method), printable(path),
                  "\n".join(printable(line) for line in lines))
    return error_body(err)
