"""`rr audit`: re-adjudication of engine logs and typed-in logs, divergence reports, and
unreadable logs (exit 0 / 1 / 2)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import attrs
import pytest

from rr.cli import main
from rr.decisions import ByRule
from rr.events import log
from rr.events.codec import pack, unpack
from rr.events.types import (
    DecisionMade, Event, GameStarted, HeliumGained, PhaseChanged, SeedRevealed, TurnStarted,
)
from rr.oracle.audit import Verdict, audit, audit_file
from rr.options import PickCard
from tests.oracle.games import finished, play
from tests.oracle import logformat
from tests.oracle.logformat import encode_v1, reblocked, split_v2

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "physical-game.jsonl"


def _write_text(path: Path, events: tuple[Event, ...]) -> Path:
    path.write_text(log.encode_text(events), "utf-8")
    return path


def _index(events: tuple[Event, ...], kind: type) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, kind))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_engine_logs_audit_clean(players: int) -> None:
    """Every finished engine game re-adjudicates clean, its scores recomputed."""
    events = finished(players, 40 + players)
    report = audit(events)
    assert report.verdict is Verdict.CLEAN and report.exit_code == 0
    assert report.finished and report.totals == events[-3].totals  # type: ignore[union-attr]
    assert report.records == len(events) and report.seed_checked


@pytest.mark.parametrize("suffix", [".rrlog", ".jsonl"])
def test_cli_clean_log_prints_one_line(tmp_path: Path, suffix: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A clean log, binary or text, gives exit 0 and a one-line summary."""
    path = tmp_path / f"game{suffix}"
    log.write(path, finished(3, 7))
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "clean" in out[0] and "records re-adjudicated" in out[0]


def test_game_in_progress_audits_clean() -> None:
    """A log cut at a pending decision is a game in progress: clean, with whose turn it is."""
    game = play(4, 11, decisions=37)
    report = audit(game.events)
    assert report.ok and not report.finished
    assert report.pending is not None and "waiting for" in report.pending


def test_physical_example_audits_clean(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/physical-game.jsonl, typed in with comments, audits clean through the CLI."""
    assert main(["audit", str(EXAMPLE)]) == 0
    assert "clean" in capsys.readouterr().out


def test_physical_example_looks_typed_in() -> None:
    """The example is the text form: comments, a header line, then one event per line."""
    lines = EXAMPLE.read_text("utf-8").splitlines()
    comments = [ln for ln in lines if ln.lstrip().startswith("#")]
    rows = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    assert len(comments) >= 10
    assert json.loads(rows[0])["format"] == "rrlog"
    assert len(rows) - 1 == len(log.read(EXAMPLE).events)
    assert all(isinstance(json.loads(r), list) for r in rows[1:])


def test_altered_token_event_reports_the_first_divergence(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """A miscounted Helium gain: exit 1, with the record, both sides and the deciding rule."""
    events = finished(2, 5)
    at = _index(events, HeliumGained)
    altered = list(events)
    gained = events[at]
    assert isinstance(gained, HeliumGained)
    altered[at] = attrs.evolve(gained, amount=gained.amount + 1)
    path = _write_text(tmp_path / "bad.jsonl", tuple(altered))
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"diverges at record {at}" in out
    assert f"gains {gained.amount + 1} Helium" in out  # what the log says
    assert f"gains {gained.amount} Helium" in out  # what the rules say
    assert "decided by:" in out and "amount: log" in out
    report = audit_file(path)
    assert report.divergence is not None and report.divergence.record == at
    assert report.divergence.rule is not None


def test_illegal_decision_names_the_decision_the_rules_ask() -> None:
    """A recorded choice that is not a legal option diverges at that record, and the report
    says which decision the rules ask, with its rule."""
    events = finished(3, 21)
    at = next(i for i, e in enumerate(events)
              if isinstance(e, DecisionMade) and e.source == ByRule("RR-TURN-1"))
    made = events[at]
    assert isinstance(made, DecisionMade)
    altered = events[:at] + (attrs.evolve(made, option=PickCard("sevro")),) + events[at + 1:]
    report = audit(altered)
    assert report.verdict is Verdict.DIVERGED
    assert report.divergence is not None
    assert report.divergence.record == at and report.divergence.rule == "RR-TURN-1"
    assert "Lead or Scout" in report.divergence.expected


def test_log_that_stops_early_diverges() -> None:
    """A finished game's log without its last step stops where the engine never stops."""
    events = finished(2, 3)
    report = audit(events[:-2])
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == len(events) - 2
    assert report.divergence.recorded == "the end of the log"
    assert "The game is over" in report.divergence.expected


@pytest.mark.rule("RR-VIEW-10")
def test_a_finished_log_without_its_reveal_diverges() -> None:
    """A game over whose log does not reveal the seed it committed to stops early: the
    audit names the missing reveal."""
    events = finished(2, 3)
    assert isinstance(events[-1], SeedRevealed)
    report = audit(events[:-1])
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == len(events) - 1
    assert report.divergence.recorded == "the end of the log"
    assert "the seed and salt revealed" in report.divergence.expected
    assert report.divergence.rule == "RR-VIEW-10"


def test_extra_record_after_the_end_diverges() -> None:
    """A record after the game is over is one the rules never produce."""
    events = finished(2, 3)
    report = audit(events + (PhaseChanged(events[-2].phase),))  # type: ignore[union-attr]
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == len(events)


@pytest.mark.rule("RR-SETUP-7")
def test_game_of_one_player_diverges_at_record_zero(tmp_path: Path) -> None:
    """A typed-in game of 1 player is refused at record 0 under RR-SETUP-7, not run."""
    events = finished(2, 3)
    started = events[0]
    assert isinstance(started, GameStarted)
    one = (attrs.evolve(started, players=started.players[:1]),) + events[1:]
    report = audit(one)
    assert report.divergence is not None and report.divergence.record == 0
    assert report.divergence.rule == "RR-SETUP-7"


def test_impossible_event_is_a_divergence_not_a_crash() -> None:
    """A turn of a seat that does not exist is reported as a divergence."""
    events = finished(2, 3)
    at = _index(events, TurnStarted)
    altered = events[:at] + (TurnStarted(7),) + events[at + 1:]
    report = audit(altered)
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == at


def test_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` prints one object per log with the verdict, the exit code and the divergence."""
    good = tmp_path / "good.rrlog"
    log.write(good, finished(2, 3))
    bad_events = list(finished(2, 3))
    at = _index(tuple(bad_events), HeliumGained)
    gained = bad_events[at]
    assert isinstance(gained, HeliumGained)
    bad_events[at] = attrs.evolve(gained, amount=gained.amount + 2)
    bad = _write_text(tmp_path / "bad.jsonl", tuple(bad_events))
    assert main(["audit", "--json", str(good), str(bad)]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["verdict"] == "clean" and first["exit_code"] == 0
    assert second["verdict"] == "diverged" and second["divergence"]["record"] == at


# --- unreadable logs: exit 2, one line naming the problem ---------------------------------


def _records(events: tuple[Event, ...]) -> list[bytes]:
    """The msgpack objects of a version 1 binary log: the header, then one per record."""
    return [pack(obj) for obj in logformat.objects(encode_v1(events))]


def _rechain(objects: list[object]) -> bytes:
    """Version 1 objects with every record's sequence number and hash computed afresh."""
    out, previous = b"", b""
    for n, obj in enumerate(objects):
        if n > 0:
            assert isinstance(obj, list)
            obj = [n - 1, previous, obj[2]]
        blob = pack(obj)
        out += blob
        previous = hashlib.sha256(blob).digest()
    return out


def _unreadable(tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str],
                suffix: str = ".rrlog") -> str:
    path = tmp_path / f"log{suffix}"
    path.write_bytes(data)
    assert main(["audit", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err
    return lines[0]


def test_bad_header_is_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that does not start with an rr header: exit 2, "bad header" (version 1)."""
    blobs = _records(finished(2, 3))
    header = unpack(blobs[0])
    header["format"] = "chess"
    line = _unreadable(tmp_path, pack(header) + b"".join(blobs[1:]), capsys)
    assert "header" in line


def test_bad_header_is_unreadable_v2(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The same in a version 2 log: exit 2, "bad header"."""
    data = log.encode(finished(2, 3))
    split = split_v2(data)
    header = unpack(split.header)
    header["format"] = "chess"
    line = _unreadable(tmp_path, pack(header) + data[len(split.header):], capsys)
    assert "bad header" in line


def test_broken_hash_chain_is_unreadable(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A record altered in place breaks the hash chain at the next record: exit 2 (version
    1)."""
    blobs = _records(finished(2, 3))
    record = unpack(blobs[30])
    record[2] = unpack(blobs[31])[2]
    blobs[30] = pack(record)
    line = _unreadable(tmp_path, b"".join(blobs), capsys)
    assert "hash chain is broken" in line and "record 30" in line


def test_broken_hash_chain_is_unreadable_v2(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """In a version 2 log, a record altered in place (its block compressed again, the chain
    left as it was) breaks the chain at its block: exit 2, naming the block and its
    records."""
    split = split_v2(log.encode(finished(2, 3)))
    block = split.blocks[0]
    records = list(block.records)
    records[29] = records[30]
    blocks = (attrs.evolve(block, records=tuple(records)), *split.blocks[1:])
    line = _unreadable(tmp_path, attrs.evolve(split, blocks=blocks).wire(), capsys)
    assert "hash chain is broken" in line and "block 0 (records 0–255" in line


def test_truncated_record_is_unreadable(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A log cut in the middle of a record: exit 2, "truncated"."""
    data = log.encode(finished(2, 3))
    line = _unreadable(tmp_path, data[:-7], capsys)
    assert "truncated" in line


def test_unknown_event_tag_is_unreadable(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A record with a tag no rr version wrote: exit 2, naming the tag (version 1)."""
    objects: list[object] = [unpack(b) for b in _records(finished(2, 3))]
    record = objects[5]
    assert isinstance(record, list)
    record[2] = ["card_teleported/1", {"card": "sevro"}]
    line = _unreadable(tmp_path, _rechain(objects), capsys)
    assert "card_teleported/1" in line and "record 4" in line


def test_unknown_event_tag_is_unreadable_v2(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """In a version 2 log whose chain was computed over it, a record with a tag no rr version
    wrote: exit 2, naming the tag, the record and its block."""
    split = split_v2(log.encode(finished(2, 3)))
    records = split.records
    records[300] = pack(["card_teleported/1", {"card": "sevro"}])
    blocks = reblocked(records, [b.chain for b in split.blocks])
    line = _unreadable(tmp_path, attrs.evolve(split, blocks=blocks).rechained(), capsys)
    assert "card_teleported/1" in line and "record 300, in block 1 (records 256–" in line


def test_unknown_tag_in_text_log_names_the_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """In a typed-in log, an unknown tag is reported with its line number."""
    lines = log.encode_text(finished(2, 3)).splitlines()
    lines[4] = '["card_teleported/1", {}]'
    line = _unreadable(tmp_path, ("\n".join(lines) + "\n").encode(), capsys, ".jsonl")
    assert "line 5" in line and "card_teleported/1" in line


def test_missing_file_is_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A path that does not exist: exit 2, one line, no traceback."""
    assert main(["audit", str(tmp_path / "nope.rrlog")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "No such file" in err
