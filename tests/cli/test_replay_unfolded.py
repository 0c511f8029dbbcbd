"""`rr replay` on a log whose records stop folding (a tampered log that still decodes): the
game up to the last record that folds, then where and why it stops, in `rr audit`'s words —
as the web replay viewer's ``unfolded`` (before: exit 2 and nothing shown)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import main
from rr.events import log
from tests.web.tamper import finished_log, unfoldable


@pytest.fixture(scope="module")
def unfolding(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, int]:
    """A finished log with a card gained from where it is not (``tests.web.tamper``), the
    record the fold refuses, and how many records the log holds."""
    events = finished_log()
    data, record = unfoldable(events)
    path = tmp_path_factory.mktemp("unfolding") / "tampered.rrlog"
    path.write_bytes(data)
    return path, record, len(events)


def test_replay_shows_the_game_up_to_the_record_that_does_not_fold(
        unfolding: tuple[Path, int, int], capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--at``: the state at the last record that folds, then the record the fold
    refuses with its reason and `rr audit`'s report (the first divergence, its rule); exit
    1, no traceback."""
    path, record, records = unfolding
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert f"Record {record - 1} of {records - 1}" in captured.out
    assert f"The records stop folding at record {record}: event {record}: card_gained/1: " \
        in captured.out
    assert f"diverges at record {record} [RR-LEAD-3]" in captured.out
    assert "the rules say:" in captured.out
    assert "Traceback" not in captured.out + captured.err and captured.err == ""


def test_replay_json_says_where_the_records_stop_folding(
        unfolding: tuple[Path, int, int], capsys: pytest.CaptureFixture[str]) -> None:
    """``--json``: the record shown, ``foldable``, ``unfolded`` and the audit, as ``POST
    /api/replay`` answers them; a record before the stop is shown (exit 1), one from it on
    is a one-line refusal naming it (exit 2)."""
    path, record, records = unfolding
    assert main(["replay", "--json", str(path)]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert (shown["record"], shown["records"], shown["foldable"]) == (record - 1, records, record)
    assert shown["unfolded"]["record"] == record
    assert " is not in " in shown["unfolded"]["problem"]
    assert shown["audit"]["verdict"] == "diverged"
    assert shown["audit"]["divergence"]["record"] == record
    assert main(["replay", "--json", "--at", "3", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["record"] == 3
    assert main(["replay", "--at", str(record), str(path)]) == 2
    err = capsys.readouterr().err
    assert f"stop folding at record {record}" in err and len(err.splitlines()) == 1


def test_replay_of_a_log_that_folds_says_nothing_of_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log whose every record folds: exit 0, ``unfolded`` null, no audit run."""
    path = tmp_path / "game.rrlog"
    log.write(path, finished_log())
    assert main(["replay", "--json", str(path)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["unfolded"] is None and shown["audit"] is None
    assert shown["foldable"] == shown["records"]
    assert main(["replay", str(path)]) == 0
    assert "stop folding" not in capsys.readouterr().out
