"""The load script stops by itself and reports its figures; it refuses a database elsewhere."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.server.harness import ROOT, rr_env


def load(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr.server.load", *args], capture_output=True,
                          text=True, env=rr_env(), cwd=ROOT, timeout=120)


def test_a_short_run_plays_and_reports() -> None:
    """Four games for three seconds on SQLite: choices made, no errors, latencies given."""
    result = load("--games", "4", "--seconds", "3", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["choices"] > 0 and figures["errors"] == 0
    assert 0 < figures["choice_p50_ms"] <= figures["choice_p99_ms"]
    assert figures["seconds"] < 30


def test_a_database_on_another_machine_is_refused() -> None:
    """Load is sent to this machine only: a PostgreSQL URL of another host is refused."""
    result = load("--db", "postgresql://rr@192.0.2.1/rr", "--seconds", "1")
    assert result.returncode == 2 and "this machine" in result.stderr
