"""Real ``rr server`` processes for the tests, on 127.0.0.1, and an HTTP client over them.

Every wait is bounded; every process started is stopped (or killed) at teardown.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30.0
LISTENING = re.compile(r"listening on http://127\.0\.0\.1:(\d+)")


def rr_env() -> dict[str, str]:
    """The environment of a child rr: this checkout's rr first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


class Server:
    """One ``rr server`` process; its output goes to a file (read by :meth:`output`)."""

    def __init__(self, db: str, folder: Path, key: Path | None = None, name: str = "s",
                 extra: Sequence[str] = ()) -> None:
        self.db, self.folder, self.key, self.name = db, folder, key, name
        self.extra = list(extra)
        self.log = folder / f"{name}.out"
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""
        self.start()

    def start(self) -> None:
        command = [sys.executable, "-m", "rr", "server", "--port", "0", "--db", self.db]
        if self.key is not None:
            command += ["--key", str(self.key)]
        command += self.extra
        out = self.log.open("ab")
        self.process = subprocess.Popen(command, cwd=self.folder, env=rr_env(), stdout=out,
                                        stderr=subprocess.STDOUT)
        out.close()
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            found = LISTENING.findall(self.output())
            if found and self.process.poll() is None:
                self.url = f"http://127.0.0.1:{found[-1]}"
                try:
                    if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
            if self.process.poll() is not None:
                raise RuntimeError(f"rr server ended: {self.output()[-2000:]}")
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"rr server did not answer in {START_SECONDS} s")

    def output(self) -> str:
        return self.log.read_text("utf-8", "replace") if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """HTTP to one or several servers of one database, taking turns between them."""

    def __init__(self, servers: Sequence[Server]) -> None:
        self.servers = list(servers)
        self._http = httpx.Client(timeout=30)
        self._turn = itertools.cycle(range(len(self.servers)))

    def base(self) -> str:
        return self.servers[next(self._turn)].url

    def call(self, method: str, path: str, token: str | None = None,
             body: Any = None, content: bytes | None = None,
             base: str | None = None) -> httpx.Response:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        return self._http.request(method, f"{base or self.base()}{path}", headers=headers,
                                  json=body if content is None else None, content=content)

    def ok(self, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
        answer = self.call(method, path, token, body)
        assert answer.status_code in (200, 201), (answer.status_code, answer.text[:300])
        return answer.json()

    def close(self) -> None:
        self._http.close()


class Deployment:
    """The servers of one database: one on SQLite, two on PostgreSQL."""

    def __init__(self, db: str, folder: Path, processes: int, key: Path | None = None) -> None:
        self.db, self.folder, self.key = db, folder, key
        # The tests ask faster than a person: the rate limit has its own test (--rate 5), and
        # so has the quota of new games (tests/server/test_storage.py).
        self.servers = [Server(db, folder, key, f"server{i}",
                               ["--rate", "100000", "--games-per-hour", "1000000"])
                        for i in range(processes)]
        self.client = Client(self.servers)

    def kill(self) -> None:
        for server in self.servers:
            server.kill()

    def restart(self) -> None:
        for server in self.servers:
            server.kill()
            server.start()

    def output(self) -> str:
        return "".join(server.output() for server in self.servers)

    def close(self) -> None:
        self.client.close()
        for server in self.servers:
            server.stop()
