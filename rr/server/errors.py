"""The HTTP status of every error the server answers with, and the body it answers.

The body of every error is ``{"error": {"type", "message", "rule"}}``: the ``error`` object
of ``rr stdio``'s responses (:mod:`rr.protocol`), with the same types, all of
:mod:`rr.errors` — the engine's own (``IllegalChoiceError``, ``WrongPlayerError``,
``NoDecisionPendingError``, ...), ``BadRequest``, and the few only a network service has
(``UnauthorizedError``, ``StaleDecisionError``, ``RateLimitedError``, ...). A failed request
changes nothing.

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
    BotFailedError,
    DealPendingError,
    EngineBugError,
    ForbiddenError,
    GameNotOverError,
    IllegalChoiceError,
    NoDecisionPendingError,
    NotFoundError,
    HeadersTooLargeError,
    RateLimitedError,
    ServerBusyError,
    RequestCutOffError,
    RequestTooLargeError,
    RRError,
    NameTakenError,
    SeatKeyError,
    SeatTakenError,
    SignatureRefusedError,
    StaleDecisionError,
    UnauthorizedError,
    WrongPlayerError,
)
from rr.untrusted import printable

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
    (NameTakenError, 409),
    (SeatTakenError, 409),
    (RequestCutOffError, 408),
    (RequestTooLargeError, 413),
    (IllegalChoiceError, 422),
    (BadInputError, 422),
    (RateLimitedError, 429),
    (HeadersTooLargeError, 431),
    (ServerBusyError, 503),
    (BotFailedError, 500),
    (RRError, 422),
    (EngineBugError, 500),
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
    if not isinstance(err, (RRError, EngineBugError)):
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
