"""Headers bounded in size and number, connections in count, each an ``rr server`` setting
answered in words (before: 100 headers of 1 MiB were answered 200, a few connections sending
headers without end took the server's memory up by a gigabyte, and slow connections without
number used up the open files)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx

from tests.server.harness import Server

MiB = 2**20


def _rss(server: Server) -> int:
    """The server process's resident memory, in bytes."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return next(int(line.split()[1]) * 1024 for line in status.splitlines()
                if line.startswith("VmRSS:"))


def _flood(url: str, megabytes: int) -> None:
    """One connection sending a request head of endless 1 MiB headers, until the server
    closes it or ``megabytes`` are sent."""
    host, port = url.removeprefix("http://").split(":")
    line = b"x-big: " + b"a" * (MiB - 9) + b"\r\n"
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nhost: x\r\n")
        try:
            for _ in range(megabytes):
                sock.sendall(line)
        except OSError:
            return  # closed by the server


def test_too_many_or_too_large_headers_are_a_431_in_words(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        with httpx.Client(timeout=30) as http:
            many = http.get(f"{server.url}/api/health",
                            headers={f"x-h{n}": "1" for n in range(101)})
            large = http.get(f"{server.url}/api/health", headers={"x-big": "a" * 70_000})
            fine = http.get(f"{server.url}/api/health",
                            headers={**{f"x-h{n}": "1" for n in range(90)},
                                     "x-big": "a" * 30_000})
        for refused in (many, large):
            assert refused.status_code == 431, refused.text
            error = refused.json()["error"]
            assert error["type"] == "HeadersTooLargeError"
            assert "at most 100 headers of 64 KiB" in error["message"]
        assert fine.status_code == 200
        # Four connections each sending 64 MiB of headers: the memory stays bounded.
        before = _rss(server)
        started = time.monotonic()
        for _ in range(4):
            _flood(server.url, 64)
        assert time.monotonic() - started < 60
        assert _rss(server) - before < 32 * MiB, (before, _rss(server))
        assert httpx.get(f"{server.url}/api/health", timeout=10).status_code == 200
    finally:
        server.stop()


def test_a_connection_past_the_limit_is_a_503_in_words(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--max-connections", "5"])
    host, port = server.url.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port)), timeout=10) for _ in range(5)]
    try:
        time.sleep(0.5)  # the server takes them
        busy = httpx.get(f"{server.url}/api/health", timeout=10)
        assert busy.status_code == 503, busy.text
        error = busy.json()["error"]
        assert error["type"] == "ServerBusyError"
        assert "holds 5 connections, its most; try again" in error["message"]
        for sock in idle:
            sock.close()
        time.sleep(0.5)
        assert httpx.get(f"{server.url}/api/health", timeout=10).status_code == 200
    finally:
        for sock in idle:
            sock.close()
        server.stop()


def test_one_address_past_its_connections_is_a_503_others_are_served(tmp_path: Path) -> None:
    """--max-connections-per-address 3: three idle connections from 127.0.0.1, and the
    fourth from there is a 503, while 127.0.0.2 is served; a named proxy has no such limit."""
    for extra, refused in (([], True), (["--forwarded-allow-ips", "127.0.0.1"], False)):
        server = Server(str(tmp_path / "games.sqlite"), tmp_path,
                        extra=["--max-connections-per-address", "3", *extra])
        host, port = server.url.removeprefix("http://").split(":")
        idle = [socket.create_connection((host, int(port)), timeout=10) for _ in range(3)]
        try:
            time.sleep(0.5)
            mine = httpx.get(f"{server.url}/api/health", timeout=10)
            with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
                assert other.get(f"{server.url}/api/health", timeout=10).status_code == 200
            if refused:
                assert mine.status_code == 503, mine.text
                assert "this address holds 3 connections, its most" in mine.text
            else:
                assert mine.status_code == 200, mine.text
        finally:
            for sock in idle:
                sock.close()
            server.stop()
