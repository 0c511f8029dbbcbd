"""A real PostgreSQL for the tests: Debian's package, a cluster in a temporary folder.

The cluster belongs to the ``postgres`` user (PostgreSQL refuses to run as root), listens on
127.0.0.1 only, on a free port, with ``fsync`` on (the durability tests mean it), and is
stopped at teardown. If the package is missing and the tests run as root, it is installed
with apt-get, saying so (``tests.system_packages``: the README's test command must install
what its tests need); otherwise the PostgreSQL tests are skipped, saying why.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.system_packages import apt_install

APT_SECONDS = 600


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def install(config: object) -> Path | str:
    """The folder of PostgreSQL's programs, installing the package if need be and possible
    (``tests.system_packages``); else why there is none."""
    found = _bin()
    if found is None:
        why = apt_install(config, ("postgresql",), "POSTGRESQL TESTS (tests/server)",
                          APT_SECONDS, lambda: _bin() is not None)
        found = _bin()
        if found is None:
            return why or "POSTGRESQL TESTS SKIPPED: apt-get installed no initdb"
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Cluster:
    """A running PostgreSQL cluster; :meth:`database` makes a fresh, empty database."""

    def __init__(self, programs: Path) -> None:
        self.programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="rr-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._made = 0
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run([str(programs / "initdb"), "-D", str(self.data), "-U", "postgres",
                   "--auth=trust", "-E", "UTF8", "--no-sync"], 120)
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                   f"-c unix_socket_directories={self.folder} -c max_connections=200 "
                   "-c shared_buffers=64MB")
        self._run([str(programs / "pg_ctl"), "-D", str(self.data), "-o", options,
                   "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start"], 90)

    def _run(self, command: list[str], seconds: int) -> None:
        subprocess.run(_as_postgres(command), check=True, timeout=seconds,
                       capture_output=True, cwd=self.folder)

    def database(self) -> str:
        """The URL of a new, empty database."""
        self._made += 1
        name = f"rr{self._made}"
        self._run([str(self.programs / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                   "-U", "postgres", name], 60)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self._run([str(self.programs / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                       "-w", "-t", "30", "stop"], 60)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def cluster(config: object) -> Iterator[Cluster | str]:
    """A cluster for a session-scoped fixture, or the reason there is none."""
    programs = install(config)
    if isinstance(programs, str):
        yield programs
        return
    running = Cluster(programs)
    try:
        yield running
    finally:
        running.stop()
