"""`rr server --workers N` (issue #32): N processes take connections on the one port, play
one game together (each catching up on the others' choices), and SIGTERM to the first
process stops them all cleanly."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import httpx

from tests.server.harness import Client, Server
from tests.server.pinned import children
from tests.server.play import create, step


def test_two_workers_serve_one_port_and_stop_together(tmp_path: Path) -> None:
    """Two workers on one SQLite file: a game is created and forty choices are made, each
    request on a new connection (so on either worker); SIGTERM to the server ends both
    workers and the server with status 0."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path,
                    extra=["--workers", "2", "--rate", "100000"])
    try:
        assert server.process is not None
        workers = children(server.process.pid)
        assert len(workers) == 2
        client = Client([server])
        client._http = httpx.Client(timeout=30, limits=httpx.Limits(max_keepalive_connections=0))
        created = create(client, players=["Ana", "Bo"], seed=8, practice=True)
        rng = random.Random(8)
        last = None
        for _ in range(40):
            last = step(client, created, rng, last=last)
            assert last is not None
        assert last["decision"] >= 40
        client.close()
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=60) == 0
        assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
        assert "Traceback" not in server.output()
    finally:
        server.stop()
