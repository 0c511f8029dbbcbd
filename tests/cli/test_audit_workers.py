"""``rr audit DIR`` audits every log of a folder on every core, and says exactly what one
process would say, in the same order, with the same exit status."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import attrs
import pytest

from rr.cli import main
from rr.events import log
from rr.events.types import HeliumGained
from tests.agents.test_simulate_out import _alive, _terminate_when_working
from tests.oracle.games import finished, write_corpus


def _corpus(folder: Path) -> list[Path]:
    """Six logs, of which game-0003 has one Helium gain forged (one more than the rules
    give), and a file that is not a log at all."""
    paths = write_corpus(folder, range(6))
    events = list(finished(5, 3))
    index = _first_helium()
    gained = events[index]
    assert isinstance(gained, HeliumGained)
    events[index] = attrs.evolve(gained, amount=gained.amount + 1)
    log.write(paths[3], events)
    (folder / "game-9999.rrlog").write_bytes(b"not a log")
    return paths


def _first_helium() -> int:
    """The record of the first Helium gained in the game of seed 3 (the one forged)."""
    return next(i for i, e in enumerate(finished(5, 3)) if isinstance(e, HeliumGained))


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("as_json", [False, True])
def test_workers_say_what_one_process_says(tmp_path: Path, as_json: bool,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _corpus(tmp_path)
    extra = ["--json"] if as_json else []
    serial = _run(["audit", str(tmp_path), "--workers", "1", *extra], capsys)
    parallel = _run(["audit", str(tmp_path), "--workers", "2", *extra], capsys)
    assert parallel == serial
    code, out, err = serial
    assert code == 2  # the worst: an unreadable file, beside a diverged log (1)
    if as_json:
        reports = [json.loads(line) for line in out.splitlines()]
        assert [Path(r["source"]).name for r in reports] == [
            *(f"game-{n:04d}.rrlog" for n in range(6)), "game-9999.rrlog"]
        assert [r["verdict"] for r in reports] == (["clean"] * 3 + ["diverged"]
                                                   + ["clean"] * 2 + ["unreadable"])
        assert reports[3]["divergence"]["record"] == _first_helium()
    else:
        assert "game-9999.rrlog" in err
        assert out.index("game-0002") < out.index("game-0003") < out.index("game-0004")


def test_a_folder_and_files_can_be_mixed(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    paths = write_corpus(folder, range(3))
    extra = write_corpus(tmp_path, [7])[0]
    code, out, _ = _run(["audit", str(extra), str(folder), "--json"], capsys)
    assert code == 0
    assert [Path(json.loads(line)["source"]).name for line in out.splitlines()] == [
        extra.name, *(p.name for p in paths)]


def test_an_empty_folder_is_a_user_mistake(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["audit", str(tmp_path)], capsys)
    assert (code, out) == (2, "")
    assert "holds no game logs" in err and "Traceback" not in err


def test_workers_must_be_a_positive_number(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(tmp_path), "--workers", "0"])
    assert stop.value.code == 2


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigterm_stops_audit_and_its_workers(tmp_path: Path) -> None:
    """SIGTERM to `rr audit DIR --workers 2` ends it and its workers (exit 143)."""
    data = log.encode(finished(2, 3))
    for n in range(300):  # many seconds of work for two workers: the signal comes long before
        (tmp_path / f"game-{n:03d}.rrlog").write_bytes(data)
    code, workers, err = _terminate_when_working(["audit", str(tmp_path), "--workers", "2"])
    assert code == 128 + signal.SIGTERM and b"Traceback" not in err
    assert not any(_alive(w) for w in workers), "a worker outlived the command"
