"""Old logs keep their meaning (issue #26 point 4): the logs in ``tests/oracle/corpus``, each
folder written by an older rr with ``make_corpus.py`` (its docstring says how), still read,
resume and audit clean under the rules version they were played under, though RULING-B10
changed since.

- ``v1-37fffc3``: rr at commit 37fffc3, before the seed was committed to (``game_started/1``,
  rules version 1);
- ``v2-5150f9d``: rr at commit 5150f9d, with commitments but before RULING-B10's corrections
  (``game_started/2`` naming no version: rules version 2, found by replaying);
- ``v3-cece0d5``: rr at commit cece0d5 (main before this change), RULING-B10 corrected but no
  version recorded yet (``game_started/2`` naming none: rules version 3).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from rr.engine import Game
from rr.errors import DivergenceError
from rr.events import log
from rr.events.codec import encode_event
from rr.events.types import GameStarted
from rr.oracle.audit import Verdict, audit_file
from rr.oracle.regress import Change, compare
from rr.ruleset import RULES_VERSION

CORPUS = Path(__file__).parent / "corpus"
VERSIONS = {"v1-37fffc3": 1, "v2-5150f9d": 2, "v3-cece0d5": 3}
"""Each folder of the corpus and the rules version its logs were played under."""
LOGS = sorted(p for folder in VERSIONS for p in (CORPUS / folder).iterdir()
              if p.name.endswith((".rrlog.bin", ".jsonl")))


def test_the_corpus_is_there() -> None:
    for folder in VERSIONS:
        assert any((CORPUS / folder).glob("*.rrlog.bin")), folder


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.rule("RR-VIEW-10")
def test_an_old_log_audits_clean_under_its_rules_version(path: Path) -> None:
    report = audit_file(path)
    assert report.verdict is Verdict.CLEAN, report
    assert report.finished
    events = log.read(path).events
    game = Game.resume(events)
    started = events[0]
    assert isinstance(started, GameStarted)
    expected = VERSIONS[path.parent.name]
    if started.rules_version is None and _replays_under(path, RULES_VERSION):
        expected = RULES_VERSION  # nothing tells them apart: it goes on under today's
    assert game.state.rules_version == expected
    assert game.events == events  # the log's own events, its first record unchanged


def _replays_under(path: Path, version: int) -> bool:
    """Whether the log at ``path`` replays whole when its first record names ``version``."""
    events = log.read(path).events
    started = evolve(events[0], rules_version=version)
    assert isinstance(started, GameStarted)
    try:
        game = Game(started, [started, *events[1:]])
    except DivergenceError:
        return False
    return len(game.events) == len(events)


@pytest.mark.parametrize("folder, other", [("v1-37fffc3", 3), ("v2-5150f9d", 3),
                                           ("v3-cece0d5", 2)])
@pytest.mark.rule("RR-VIEW-10")
def test_the_corpus_holds_logs_that_only_their_own_version_replays(folder: str,
                                                                   other: int) -> None:
    """The versions differ in the corpus's games: some old logs (a Politician "yes" on
    exactly two Golds, a Roque guess by card) do not replay under today's rulings, and some of
    today's (Politician's second question) not under version 2; each replays under its own
    version (for a record that names none, found by the resume, which tries 3, then 2)."""
    differ = [p for p in (CORPUS / folder).glob("*.rrlog.bin") if not _replays_under(p, other)]
    assert len(differ) >= 2, f"no log of {folder} tells its version from version {other}"
    for path in differ:
        assert _replays_under(path, VERSIONS[folder])
        events = log.read(path).events
        assert Game.resume(events).state.rules_version == VERSIONS[folder]
        assert compare(events, None, None).change is Change.SAME  # rr regress reads it too


def test_a_new_game_names_its_rules_version_and_an_old_start_is_written_again_as_it_was(
        ) -> None:
    started = Game.new(2, seed=1).events[0]
    assert isinstance(started, GameStarted) and started.rules_version == RULES_VERSION
    assert b"rules_version" in encode_event(started)
    old = next((CORPUS / "v2-5150f9d").glob("*.rrlog.bin"))
    first = log.read(old).events[0]
    assert isinstance(first, GameStarted) and first.rules_version is None
    assert b"rules_version" not in encode_event(first)
