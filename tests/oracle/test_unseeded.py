"""`rr audit` of a log whose randomness it cannot check (RR-VIEW-10): a log of this rr's
version whose record 0 holds no commitment to a seed — a server's log rewritten to claim no
seed, its commitment and reveal removed, then replayed legally — exits 1 saying so, unless
`--accept-unseeded` (clean, and said). A binary log claiming its outcomes were made at a
table is the same. A table's text log and logs from before commitments keep their meaning."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from rr.cli import main
from rr.events import log
from rr.events.types import GameStarted, SeedRevealed
from rr.oracle.audit import Verdict, audit_file, unseeded
from rr.oracle.seed import Outcomes
from rr.randomness import SeedOrigin
from tests.oracle.games import finished

ROOT = Path(__file__).resolve().parents[2]


def _unseeded(path: Path, origin: SeedOrigin = SeedOrigin.NONE) -> Path:
    """A finished game's log with record 0 claiming ``origin`` and no commitment, and the
    reveal removed: written by rr's writer."""
    events = finished(2, 3)
    started = events[0]
    assert isinstance(started, GameStarted) and started.commitment is not None
    assert isinstance(events[-1], SeedRevealed)
    forged = (attrs.evolve(started, seed_origin=origin, commitment=None), *events[1:-1])
    path.write_bytes(log.encode(forged))
    return path


@pytest.mark.rule("RR-VIEW-10")
def test_a_log_rewritten_to_claim_no_seed_exits_1_unless_accepted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _unseeded(tmp_path / "no-seed.rrlog")
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: randomness rr audit cannot check — record 0 holds no "
                          "commitment to a seed (it claims no seed), so nothing fixed the "
                          "random outcomes before the first decision; the rules "
                          "re-adjudicate its"), out
    assert "--accept-unseeded" in out
    assert main(["audit", "--accept-unseeded", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": clean —" in out and "accepted (--accept-unseeded)" in out
    assert main(["audit", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["verdict"] == "unseeded" and report["exit_code"] == 1


@pytest.mark.rule("RR-VIEW-10")
def test_a_log_relabelled_chosen_without_its_commitment_is_refused_too(tmp_path: Path) -> None:
    """Relabelled "chosen" (or "drawn") with the commitment removed: record 0 cannot be what
    rr wrote (the rules refuse a chosen or drawn seed without a commitment)."""
    for origin in (SeedOrigin.CHOSEN, SeedOrigin.DRAWN):
        report = audit_file(_unseeded(tmp_path / f"{origin.value}.rrlog", origin))
        assert report.exit_code == 1 and report.verdict in (Verdict.DIVERGED,
                                                            Verdict.UNSEEDED), origin


@pytest.mark.rule("RR-VIEW-10")
def test_a_binary_log_claiming_table_outcomes_cannot_be_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rr writes no binary log whose outcomes were made at a table: one saying so (written
    by rr's writer, its header given ``"outcomes": "table"``) has outcomes never checked
    against the seed."""
    events = finished(2, 3)
    path = tmp_path / "table.rrlog"
    header_for = log.header_for
    monkeypatch.setattr(log, "header_for", lambda *a, **k: {**header_for(*a, **k),
                                                            "outcomes": "table"})
    path.write_bytes(log.encode(events))
    assert log.decode(path.read_bytes()).header["outcomes"] == "table"
    report = audit_file(path)
    assert report.verdict is Verdict.UNSEEDED and report.exit_code == 1
    assert "a binary log whose header says its random outcomes were made at a table" in (
        report.summary())


def test_a_table_log_and_logs_from_before_commitments_keep_their_meaning(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(ROOT / "examples" / "physical-game.jsonl")]) == 0
    assert "taken as recorded at the table" in capsys.readouterr().out
    old = ROOT / "tests" / "oracle" / "corpus" / "v1-37fffc3" / "random-2p-000000.rrlog.bin"
    report = audit_file(old)
    assert report.exit_code == 0, report.summary()


def test_a_log_that_does_not_start_is_no_unseeded_log() -> None:
    """Its first record is not game_started: a divergence at record 0 says so, not this."""
    events = finished(2, 3)
    assert unseeded(events[1:], Outcomes.SEED, False) is None
    assert unseeded((), Outcomes.SEED, False) is None
    assert unseeded(events, Outcomes.SEED, False) is None
