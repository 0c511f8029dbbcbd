"""What every route of the server does alike: read its token and the size it declares, and
answer in JSON, a failure with its typed body and status (:mod:`rr.server.errors`).

JSON is written by orjson (a dependency of ``rr server``: a seat answer, the largest thing
the server writes on every request, is written about ten times faster than by the standard
library), in the same compact UTF-8 form as Starlette's ``JSONResponse``; the standard
library writes what orjson refuses (an integer beyond 64 bits) or when orjson is missing."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

try:
    import orjson
except ImportError:  # a platform without orjson's wheel: the standard library
    orjson = None  # type: ignore[assignment]

from rr.errors import BadRequest, RequestTooLargeError
from rr.server.errors import failed, status_of

Handler = Callable[[Request], Awaitable[Response]]
"""A route's function: a request in, its response out."""


def dumps(content: Any) -> bytes:
    """``content`` as compact UTF-8 JSON."""
    if orjson is not None:
        try:
            return orjson.dumps(content)
        except TypeError:  # orjson.JSONEncodeError: e.g. an integer of more than 64 bits
            pass
    return json.dumps(content, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


class JSON(Response):
    """A JSON answer (:func:`dumps`)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


def answers(handler: Callable[[Request], Awaitable[Any]]) -> Handler:
    """A route from ``handler``: what it returns is answered as JSON (a :class:`Response` as
    it is), and whatever it raises with its typed body and HTTP status."""
    async def route(request: Request) -> Response:
        try:
            answer = await handler(request)
        except Exception as err:  # noqa: BLE001 - every failure gets its typed body
            return JSON(failed(err, request.method, request.url.path), status_of(err))
        return answer if isinstance(answer, Response) else JSON(answer)
    route.answers_every_failure = True  # type: ignore[attr-defined]
    return route


def answered(endpoint: object) -> bool:
    """Whether ``endpoint`` was made by :func:`answers` (so it raises nothing)."""
    return getattr(endpoint, "answers_every_failure", False) is True


def bearer(request: HTTPConnection) -> list[str]:
    """The tokens of the ``Authorization: Bearer T1[,T2...]`` header."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return []
    return [t.strip() for t in value.split(",") if t.strip()]


def refuse_large(request: Request, limit: int, message: str) -> None:
    """:class:`RequestTooLargeError` if the request declares a body over ``limit`` bytes
    (before any of it is read; the reader bounds what it reads too)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise RequestTooLargeError(message)


def record_number(text: str | None, name: str) -> int | None:
    """A record number given as a query parameter (``None`` when absent): a few ASCII digits
    (``"²"`` is a digit to ``str.isdigit``, and not to ``int``)."""
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise BadRequest(f"{name} takes a record number, not {text[:20]!r}")
    return int(text)
