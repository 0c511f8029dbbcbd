"""A log whose first record names no rules version (a ``game_started/2`` written before
versions were recorded: version 3 or 2) is never silently taken for today's: the re-run, the
blame and the seed check must be told the version (they took the newest, and a version 2
game re-ran, was blamed and seed-checked under rulings it was not played under); ``rr
audit`` says which version it judged the log under and why; ``rr regress`` says so when no
version re-runs the log (rr.oracle.rerun's notes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rr.errors import BadInputError
from rr.events import log
from rr.events.types import DecisionMade, GameStarted, SeedRevealed
from rr.oracle.audit import Verdict, audit, audit_file
from rr.oracle.blame import blame
from rr.oracle.regress import compare
from rr.oracle.rerun import rerun, rules_version_of
from rr.oracle.seed import check_seed
from rr.randomness import Secret, salt_of
from tests.oracle.games import finished
from tests.oracle.test_corpus import CORPUS, _replays_under


def _version_2_only() -> Path:
    """A log of the corpus whose first record names no version that only version 2 replays."""
    for path in sorted((CORPUS / "v2-5150f9d").glob("*.rrlog.bin")):
        started = log.read(path).events[0]
        assert isinstance(started, GameStarted) and started.rules_version is None
        if not _replays_under(path, 3):
            return path
    raise AssertionError("the corpus holds no log only version 2 replays")


def test_rerun_blame_and_seed_check_must_be_told_the_version() -> None:
    path = _version_2_only()
    events = log.read(path).events
    end = events[-1]
    assert isinstance(end, SeedRevealed)
    secret = Secret(end.seed, salt_of(end.salt))
    for call in (lambda: rerun(events), lambda: blame(events, 5),
                 lambda: check_seed(events, secret)):
        with pytest.raises(BadInputError, match=r"record 0 names no rules version .* 3 or 2"):
            call()
    assert rules_version_of(events) == 2
    assert rerun(events, None, 2).stop is None
    assert rerun(events, None, 3).stop is not None  # the newest, once the default: diverges
    assert check_seed(events, secret, 2) is None
    assert blame(events, 5, 2) == blame(events, 5, 3)  # the setup reads alike


def test_the_audit_says_which_version_it_judged_an_unnamed_log_under() -> None:
    path = _version_2_only()
    report = audit_file(path)
    assert report.verdict is Verdict.CLEAN
    assert "judged under version 2, the first of 3, 2 that replays the log" in report.rules_note
    assert any(line.startswith("  rules version:  record 0 names none") for line in
               report.lines())
    assert report.as_json()["rules_note"] == report.rules_note
    assert audit(finished(2, 1)).rules_note == ""  # today's game: record 0 names its version
    # The log with one decision dropped: no version replays it; judged under the newest.
    events = log.read(path).events
    drop = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade) and i > 40)
    broken = events[:drop] + events[drop + 1:]
    diverged = audit(broken)
    assert diverged.verdict is Verdict.DIVERGED
    assert "neither version 3 nor 2 replays the log whole: judged under version 3, the " \
           "newest" in diverged.rules_note
    diff = compare(broken, None, None)
    assert any("record 0 names no rules version and none re-runs the log" in s
               for s in diff.stops)
