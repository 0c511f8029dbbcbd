"""`rr simulate --ray` against a real Ray, not a stand-in: a local instance (``--ray local``)
and a head node started with ``ray start`` on 127.0.0.1, reached by its address. Each reports
exactly what a local run of the same seeds reports.

Runs when the ``ray`` extra is installed (``pip install -e '.[test,ray]'``); ``.ci/ray`` installs
it in a venv of its own and runs this file. Without Ray it is skipped, saying so."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest


pytest.importorskip("ray", reason="needs the ray extra: pip install -e '.[test,ray]' "
                                  "(.ci/ray does it)")

ARGV = ["simulate", "--games", "12", "--players", "3", "--seed", "5",
        "--agents", "greedy,random"]
TOKEN = secrets.token_hex(32)
QUIET = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token",
         "RAY_AUTH_TOKEN": TOKEN}
"""Every Ray process of these tests: no usage reporting, and token authentication with a
token of their own (Ray's default would generate one into ~/.ray, which a test must not
touch)."""


def _simulate(*extra: str) -> dict[str, Any]:
    """``rr simulate ARGV EXTRA --json`` in a process of its own (Ray reads its settings from
    the environment once, when it is imported), with :data:`QUIET`'s environment."""
    run = subprocess.run([sys.executable, "-m", "rr", *ARGV, *extra, "--json"], env=QUIET,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    summary: dict[str, Any] = json.loads(run.stdout)
    assert summary["games"] == 12 and summary["errors"] == 0
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_a_local_ray_instance_reports_what_a_local_run_reports() -> None:
    assert _simulate("--ray", "local") == _simulate("--workers", "1")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_a_head_node_is_reached_by_its_address() -> None:
    """``ray start --head`` on 127.0.0.1 (another process, as a cluster would be), then
    ``rr simulate --ray 127.0.0.1:PORT`` in a third: the same summary as a local run."""
    ray_cli = Path(sys.executable).parent / "ray"
    port = _free_port()
    # Ray's sockets live under its temp folder, and a socket path has at most 107 bytes.
    temp = tempfile.mkdtemp(prefix="rr-ray-", dir="/tmp")
    started = subprocess.run(
        [str(ray_cli), "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}",
         "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats",
         f"--temp-dir={temp}"],
        env=QUIET, capture_output=True, text=True, timeout=180)
    try:
        assert started.returncode == 0, started.stderr[-2000:]
        assert _simulate("--ray", f"127.0.0.1:{port}") == _simulate("--workers", "1")
    finally:
        subprocess.run([str(ray_cli), "stop", "--force"], env=QUIET, capture_output=True,
                       timeout=120)
        shutil.rmtree(temp, ignore_errors=True)


def test_an_address_with_no_cluster_is_one_line_exit_2() -> None:
    port = _free_port()  # nothing listens there
    run = subprocess.run([sys.executable, "-m", "rr", *ARGV, "--ray", f"127.0.0.1:{port}"],
                         env=QUIET, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr[-2000:]
    assert f"cannot reach a Ray cluster at '127.0.0.1:{port}': nothing answers there" in run.stderr
    assert "Traceback" not in run.stderr
