"""Fixtures: a signing key, a PostgreSQL cluster (session), a deployment of real ``rr server``
processes on each backend — one on SQLite, two on one PostgreSQL database — and the one server
of a module's games played over the wire (``test_wire_seen*``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rr.events.signing import keygen
from tests.server import postgres
from tests.server.harness import Deployment


@pytest.fixture(scope="session")
def pg(request: pytest.FixtureRequest) -> Iterator[postgres.Cluster | str]:
    yield from postgres.cluster(request.config)


@pytest.fixture(scope="session")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    private, public, _ = keygen(tmp_path_factory.mktemp("keys") / "server")
    return private, public


def _deploy(backend: str, request: pytest.FixtureRequest, folder: Path,
            key: Path) -> Deployment:
    if backend == "sqlite":
        return Deployment(str(folder / "games.sqlite"), folder, 1, key)
    pg: postgres.Cluster | str = request.getfixturevalue("pg")  # started for PostgreSQL only
    if isinstance(pg, str):
        pytest.skip(pg)
    return Deployment(pg.database(), folder, 2, key)


@pytest.fixture(params=["sqlite", "postgres"])
def deployment(request: pytest.FixtureRequest, tmp_path: Path,
               keys: tuple[Path, Path]) -> Iterator[Deployment]:
    """The servers of one fresh database: SQLite (one process) or PostgreSQL (two processes,
    the client taking turns between them; the cluster is started when first asked for, so a
    run of ``-m "not slow"`` starts none)."""
    running = _deploy(request.param, request, tmp_path, keys[0])
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def sqlite(tmp_path: Path, keys: tuple[Path, Path]) -> Iterator[Deployment]:
    """One server on a fresh SQLite file."""
    running = Deployment(str(tmp_path / "games.sqlite"), tmp_path, 1, keys[0])
    try:
        yield running
    finally:
        running.close()


@pytest.fixture(scope="module")
def wire(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """One server on a fresh SQLite file, without a signing key, for a whole module: the
    games ``test_wire_seen`` and ``test_wire_seen_signed`` play to their end once and check
    in every test."""
    folder = tmp_path_factory.mktemp("wire")
    running = Deployment(str(folder / "games.sqlite"), folder, 1)
    try:
        yield running
    finally:
        running.close()
