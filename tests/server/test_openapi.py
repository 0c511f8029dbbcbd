"""The OpenAPI document's error answers (rr.server.openapi): every route that reads a request
body documents the answers reading one can give — 408 when the body stops before its end
(the client went away or was cut off as too slow: ``RequestCutOffError``,
``rr.server.requests.read_body``) and 413 when it is too large — and every status
``rr.server.errors`` gives is documented on some route."""

from __future__ import annotations

from typing import Any

from rr.server import openapi
from rr.server.errors import STATUS


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    return [(route, method, operation)
            for route, methods in openapi.document()["paths"].items()
            for method, operation in methods.items()]


def test_every_route_that_reads_a_body_documents_408_and_413() -> None:
    with_body = [(r, m, o) for r, m, o in _operations() if "requestBody" in o]
    assert len(with_body) >= 4  # create, choose, the seat's registration, the replay viewer
    for route, method, operation in with_body:
        answers = operation["responses"]
        for code in ("408", "413"):
            assert code in answers, f"{method.upper()} {route} does not document {code}"
    created = openapi.document()["paths"]["/api/games"]["post"]["responses"]
    assert "RequestCutOffError" in created["408"]["description"]


def test_every_error_status_is_documented_somewhere() -> None:
    documented = {code for _, _, o in _operations() for code in o.get("responses", {})}
    statuses = {str(code) for _, code in STATUS} - {"500"}  # rr's own failure: any route
    assert statuses <= documented, statuses - documented
