"""Slow clients are timed out (rr.server.timeouts): against a real `rr server` on 127.0.0.1
with `--read-timeout 1`, connections that send nothing, send their headers a line at a time,
or their body a byte at a time are closed; so is one left idle after an answer (keep-alive).
A request that arrives in time is answered, however long it stays open before. Before, none
of them was ever closed (55 connections held open for 20 s all stayed open).

Counts are small and every wait is bounded: the test fails, rather than hangs, if a
connection is never closed."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server

READ = 1.0
"""The read timeout the server under test is given, in seconds."""
WAIT = 15.0
"""The longest the test waits for a connection to be closed (well above READ and the
keep-alive's 5 s)."""
EACH = 4
"""Connections of each kind."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("timeouts")
    running = Server(str(folder / "games.sqlite"), folder,
                     extra=["--read-timeout", str(READ)])
    try:
        yield running
    finally:
        running.stop()


def connect(server: Server) -> socket.socket:
    port = int(server.url.rsplit(":", 1)[1])
    conn = socket.create_connection(("127.0.0.1", port), timeout=5)
    conn.setblocking(False)
    return conn


def closed(conn: socket.socket) -> bool:
    """Whether the server has closed ``conn`` (what it sent before is read and dropped)."""
    try:
        while True:
            data = conn.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset by the server
        return True


def trickle(conns: list[socket.socket], piece: bytes) -> None:
    for conn in conns:
        with contextlib.suppress(OSError):  # closed by the server: what the test waits for
            conn.send(piece)


def wait_closed(conns: list[socket.socket], piece: bytes = b"") -> float:
    """Send ``piece`` on every connection a few times a second until the server has closed
    all of them; how long that took. Fails after :data:`WAIT` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < WAIT:
        if all(closed(conn) for conn in conns):
            return time.monotonic() - start
        if piece:
            trickle(conns, piece)
        time.sleep(0.2)
    still = sum(not closed(conn) for conn in conns)
    raise AssertionError(f"{still} of {len(conns)} connections still open after {WAIT} s")


def test_silent_and_slow_connections_are_closed(server: Server) -> None:
    """A connection that sends nothing, one that sends a header line every 0.2 s, and one
    whose body comes a byte every 0.2 s are all closed, and the server still answers."""
    silent = [connect(server) for _ in range(EACH)]
    headers = [connect(server) for _ in range(EACH)]
    trickle(headers, b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n")
    body = [connect(server) for _ in range(EACH)]
    trickle(body, b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                  b"\r\nContent-Length: 400\r\n\r\n{")
    try:
        wait_closed(silent)
        wait_closed(headers, b"X-Slow: y\r\n")
        wait_closed(body, b" ")
        fresh = connect(server)
        fresh.setblocking(True)
        fresh.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert fresh.recv(65536).startswith(b"HTTP/1.1 200")
        fresh.close()
    finally:
        for conn in silent + headers + body:
            conn.close()
    assert "Traceback" not in server.output()


def test_an_idle_connection_after_an_answer_is_closed(server: Server) -> None:
    """After an answer, a connection that asks nothing more is closed (uvicorn's keep-alive
    timeout, now set explicitly: rr.server.timeouts.KEEP_ALIVE_SECONDS)."""
    conns = [connect(server) for _ in range(EACH)]
    for conn in conns:
        conn.setblocking(True)
        conn.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert conn.recv(65536).startswith(b"HTTP/1.1 200")
        conn.setblocking(False)
    try:
        wait_closed(conns)
    finally:
        for conn in conns:
            conn.close()


def test_a_request_that_arrives_in_time_is_answered(server: Server) -> None:
    """A request sent in pieces, whole within the timeout, is answered on the same
    connection as the one before it."""
    conn = connect(server)
    conn.setblocking(True)
    try:
        for _ in range(2):
            for piece in (b"GET /api/health HTTP/1.1\r\n", b"Host: localhost\r\n", b"\r\n"):
                conn.sendall(piece)
                time.sleep(READ / 10)
            assert conn.recv(65536).startswith(b"HTTP/1.1 200")
    finally:
        conn.close()
