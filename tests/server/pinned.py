"""Requests to one chosen worker of ``rr server --workers N``: the workers share one port, and
the kernel hands each new connection to whichever worker accepts it first. A connection is
kept once Linux's /proc tells which worker holds its socket; a request for another worker (or
after the connection was idle long enough for the server to close it) opens connections until
one lands there (bounded)."""

from __future__ import annotations

import http.client
import json
import os
import time
from pathlib import Path
from typing import Any

TRIES = 200
IDLE_SECONDS = 2.0
"""A kept connection idle this long is replaced (the server closes idle ones after 5 s)."""


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)


def _inode(server_port: int, client_port: int) -> int | None:
    """The inode of the server's end of the connection from ``client_port``."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if int(local.split(":")[1], 16) == server_port \
                and int(remote.split(":")[1], 16) == client_port:
            return int(fields[9])
    return None


def _holder(inode: int, pids: list[int]) -> int | None:
    target = f"socket:[{inode}]"
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) == target:
                        return pid
                except OSError:
                    continue
        except OSError:
            continue
    return None


class Pinned:
    """HTTP to the workers ``pids`` of a server on 127.0.0.1:``port``, each request to the
    worker asked for."""

    def __init__(self, port: int, pids: list[int]) -> None:
        self.port, self.pids = port, pids
        self._kept: dict[int, tuple[http.client.HTTPConnection, float]] = {}

    def _connect(self) -> tuple[int, http.client.HTTPConnection]:
        """A new connection and the worker holding it."""
        for _ in range(50):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            conn.request("GET", "/api/health")
            conn.getresponse().read()
            assert conn.sock is not None
            inode = _inode(self.port, conn.sock.getsockname()[1])
            pid = None if inode is None else _holder(inode, self.pids)
            if pid is not None:
                return pid, conn
            conn.close()
        raise AssertionError("no worker holds the connection")

    def _to(self, worker: int) -> http.client.HTTPConnection:
        pid = self.pids[worker]
        kept = self._kept.get(pid)
        if kept is not None and time.monotonic() - kept[1] < IDLE_SECONDS:
            return kept[0]
        if kept is not None:
            kept[0].close()
            del self._kept[pid]
        for _ in range(TRIES):
            holder, conn = self._connect()
            old = self._kept.pop(holder, None)
            if old is not None:
                old[0].close()
            self._kept[holder] = (conn, time.monotonic())
            if holder == pid:
                return conn
        raise AssertionError(f"no connection reached worker {worker} in {TRIES} tries")

    def call(self, worker: int, method: str, path: str, token: str | None = None,
             body: Any = None) -> tuple[int, Any]:
        """The status and JSON (or bytes) of a request to worker number ``worker``."""
        conn = self._to(worker)
        headers = {"authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        conn.request(method, path, data, headers)
        answer = conn.getresponse()
        content = answer.read()
        self._kept[self.pids[worker]] = (conn, time.monotonic())
        kind = answer.getheader("content-type") or ""
        return answer.status, json.loads(content) if "json" in kind else content

    def ok(self, worker: int, method: str, path: str, token: str | None = None,
           body: Any = None) -> Any:
        status, found = self.call(worker, method, path, token, body)
        assert status in (200, 201), (status, found)
        return found

    def close(self) -> None:
        for conn, _ in self._kept.values():
            conn.close()
        self._kept.clear()
