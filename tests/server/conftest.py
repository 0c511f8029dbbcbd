"""Fixtures: a signing key, a PostgreSQL cluster (session), and a deployment of real
``rr server`` processes on each backend — one on SQLite, two on one PostgreSQL database."""

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


def _deploy(backend: str, pg: postgres.Cluster | str, folder: Path,
            key: Path) -> Deployment:
    if backend == "sqlite":
        return Deployment(str(folder / "games.sqlite"), folder, 1, key)
    if isinstance(pg, str):
        pytest.skip(pg)
    return Deployment(pg.database(), folder, 2, key)


@pytest.fixture(params=["sqlite", "postgres"])
def deployment(request: pytest.FixtureRequest, pg: postgres.Cluster | str, tmp_path: Path,
               keys: tuple[Path, Path]) -> Iterator[Deployment]:
    """The servers of one fresh database: SQLite (one process) or PostgreSQL (two processes,
    the client taking turns between them)."""
    running = _deploy(request.param, pg, tmp_path, keys[0])
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
