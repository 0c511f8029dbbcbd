"""The Debian packages some tests need, installed with apt-get when missing (issue #27).

Two groups of tests need programs that pip cannot install: the browser tests (``tests/web``:
``chromium`` and ``chromium-driver``) and the PostgreSQL tests (``tests/server``:
``postgresql``). When one is missing and the tests run as root with apt-get at hand (CI, this
project's machines), the session installs it — saying so on the terminal, one line before and
one after, since it changes the machine (apt may pull in or upgrade other packages). Run as any
other user, nothing is installed and those tests are skipped, with that reason.

CI runs the tests on several pytest-xdist workers, each of which may find a package missing:
one installs it at a time, under a file lock (:data:`LOCK`), and a worker that waited for the
lock first looks again whether the package is there now.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LOCK = Path(tempfile.gettempdir()) / "rr-tests-apt-get.lock"
"""Held while one test process runs apt-get, so that xdist's workers install one at a time."""
DPKG_WAIT = 600
"""Seconds apt-get waits for dpkg's own lock (another install on the machine) before failing."""

def say(config: object, text: str) -> None:
    """One line on pytest's terminal, past its output capture."""
    plugins = getattr(config, "pluginmanager", None)
    reporter = plugins.get_plugin("terminalreporter") if plugins is not None else None
    capture = plugins.get_plugin("capturemanager") if plugins is not None else None
    if reporter is None:
        return
    if capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(text)
    else:
        reporter.write_line(text)


def apt_install(config: object, packages: tuple[str, ...], needed_by: str,
                seconds: int = 900, present: Callable[[], bool] | None = None) -> str | None:
    """Install ``packages`` with apt-get, saying so; None once done, else why they are not
    installed (the reason the tests that need them are skipped with). ``present`` says whether
    they are there now: asked once this process holds :data:`LOCK`, as another test process
    may have installed them meanwhile."""
    names = " ".join(packages)
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return (f"{needed_by} SKIPPED: they need the Debian package(s) {names}, which only root "
                f"can install (as root the tests run apt-get install -y {names} themselves)")
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if present is not None and present():
                return None
            return _install(config, packages, needed_by, seconds)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _install(config: object, packages: tuple[str, ...], needed_by: str,
             seconds: int) -> str | None:
    names = " ".join(packages)
    say(config, f"rr tests: installing the Debian package(s) {names} with apt-get for "
                f"{needed_by} (missing on this machine; root)")
    started = time.monotonic()
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    wait = f"DPkg::Lock::Timeout={DPKG_WAIT}"
    for command in (["apt-get", "update", "-q"],
                    ["apt-get", "-o", wait, "install", "-y", "-q", *packages]):
        done = subprocess.run(command, env=env, capture_output=True, text=True,
                              timeout=seconds, check=False)
        if done.returncode != 0:
            say(config, f"rr tests: {' '.join(command)} failed")
            return (f"{needed_by} SKIPPED: {' '.join(command)} failed: "
                    f"{(done.stderr or done.stdout)[-500:]}")
    say(config, f"rr tests: installed {names} in {time.monotonic() - started:.0f} s")
    return None
