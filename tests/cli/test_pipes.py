"""A pipe closed early: not an error for a command that only prints (`rr demo | head -2`
exits 0), but never a way to hide a verdict (`rr audit FORGED | head -1` still exits 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from rr.events import log
from rr.events.types import HeliumGained
from tests.oracle.games import finished


def _piped(args: list[str]) -> tuple[int, str]:
    """Run ``python -m rr ARGS | head -1``; return rr's exit status and its stderr."""
    rr = subprocess.Popen([sys.executable, "-m", "rr", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    assert rr.stdout is not None and rr.stderr is not None
    rr.stdout.readline()
    rr.stdout.close()  # what `head -1` does
    err = rr.stderr.read().decode()
    return rr.wait(timeout=120), err


def test_demo_into_a_closed_pipe_exits_0() -> None:
    """`rr demo | head` is not an error, and prints no traceback."""
    code, err = _piped(["demo", "--seed", "2"])
    assert code == 0 and "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.rule("RR-BONUS-2")
def test_audit_into_a_closed_pipe_keeps_its_verdict(tmp_path: Path) -> None:
    """`rr audit GOOD BAD | head -1`: the first report is read, the reader leaves, and the
    exit status is still 1 for the altered second log."""
    events = list(finished(2, 3))
    good, bad = tmp_path / "good.rrlog", tmp_path / "bad.rrlog"
    log.write(good, events)
    index = next(i for i, e in enumerate(events) if isinstance(e, HeliumGained))
    events[index] = attrs.evolve(events[index], amount=9)  # type: ignore[misc]
    log.write(bad, events)
    code, err = _piped(["audit", str(good), str(bad)])
    assert code == 1 and "Traceback" not in err
