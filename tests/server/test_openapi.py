"""The OpenAPI document's error answers (rr.server.openapi): every route that reads a request
body documents the answers reading one can give — 408 when the body stops before its end
(the client went away or was cut off as too slow: ``RequestCutOffError``,
``rr.server.requests.read_body``) and 413 when it is too large — and every status
``rr.server.errors`` gives is documented on some route."""

from __future__ import annotations

from typing import Any

from rr.server import openapi
from rr.server.errors import STATUS
from rr.wire import HEADER, SERVED


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


def test_every_api_route_documents_the_wire_version() -> None:
    """Every ``/api/`` operation takes the ``RR-Wire`` request header, may answer 400 for a
    version not served, and documents the ``RR-Wire`` header on each answer; the WebSocket
    takes ``?wire=`` too; the versions are those served."""
    document = openapi.document()
    parameter = document["components"]["parameters"]["Wire"]
    assert (parameter["name"], parameter["in"]) == (HEADER, "header")
    assert parameter["schema"]["enum"] == list(SERVED)
    wire = {"$ref": "#/components/parameters/Wire"}
    for path, operations in document["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            assert wire in operation["parameters"], (method, path)
            if path.endswith("/ws"):
                assert any(p["name"] == "wire" and p["in"] == "query"
                           for p in operation["parameters"] if "name" in p)
                continue
            assert "400" in operation["responses"], (method, path)
            for answer in operation["responses"].values():
                assert answer["headers"][HEADER] == {"$ref": "#/components/headers/Wire"}
