"""`rr simulate --out`: no data loss — a folder that holds files is refused unless --force, a
folder that cannot be made is a one-line error, logs are written atomically, synced, with the
user's umask, and a SIGTERM takes the worker processes down with the command."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rr.cli import main
from rr.events import log
from rr.randomness import Secret
from tests.oracle.games import finished


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def test_folder_with_files_is_refused_and_left_alone(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that already holds a log is refused (exit 2), the log unchanged."""
    kept = tmp_path / "game-000000.rrlog"
    kept.write_bytes(b"precious")
    code, err = _run(capsys, "simulate", "--games", "2", "--players", "2", "--workers", "1",
                     "--out", str(tmp_path))
    assert code == 2 and "already holds 1 file(s) (game-000000.rrlog)" in err
    assert "--force" in err and kept.read_bytes() == b"precious"


def test_force_replaces_logs_of_the_same_name(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """With --force the games are written, replacing a log of the same name only."""
    (tmp_path / "game-000000.rrlog").write_bytes(b"old")
    (tmp_path / "notes.txt").write_text("mine")
    code, _ = _run(capsys, "simulate", "--games", "2", "--players", "2", "--workers", "1",
                   "--out", str(tmp_path), "--force")
    assert code == 0
    assert log.read(tmp_path / "game-000000.rrlog").secret == Secret.chosen(0)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "a temporary file left"


@pytest.mark.parametrize("where", ["/proc/nope", "{file}/sub", "{file}"])
def test_folder_that_cannot_be_made_is_one_line(where: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """`--out /proc/nope`, `--out afile/sub` and `--out afile` exit 2 with one line."""
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, err = _run(capsys, "simulate", "--games", "2", "--players", "2", "--workers", "1",
                     "--out", where.format(file=afile))
    assert code == 2 and err.count("\n") == 1 and err.startswith("rr simulate: error: --out")


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_logs_get_the_users_umask(mask: int, mode: int, tmp_path: Path) -> None:
    """A written log has the permissions `open` would give it under the umask (not 0600)."""
    old = os.umask(mask)
    try:
        path = tmp_path / "game.rrlog"
        log.write(path, finished(2, 3))
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == mode


def test_logs_are_synced_before_the_rename(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is fsynced before it replaces the old one, and the folder after."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real_fsync(fd)

    def replace(a: str, b: str) -> None:
        calls.append("rename")
        real_replace(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    log.write(tmp_path / "game.rrlog", finished(2, 3))
    assert calls == ["file", "rename", "folder"]


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _terminate_when_working(argv: list[str], ready: object = None) -> tuple[int, set[int],
                                                                           bytes]:
    """Start ``python -m rr ARGV``, wait for two workers (and ``ready()``), SIGTERM it; return
    its exit status, the workers' ids and its stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "rr", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:
            workers = _children(proc.pid)
            time.sleep(0.05)
        assert len(workers) >= 2, "the workers did not start"
        while callable(ready) and time.monotonic() < deadline and not ready():
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    return code, workers, proc.stderr.read() if proc.stderr else b""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigterm_stops_regress_and_its_workers(tmp_path: Path) -> None:
    """SIGTERM to `rr regress --jobs 2` ends it and its workers (exit 143)."""
    data = log.encode(finished(2, 3))
    for n in range(300):  # about 15 s of work for two workers: the signal comes long before
        (tmp_path / f"game-{n:03d}.rrlog").write_bytes(data)
    code, workers, err = _terminate_when_working(
        ["regress", str(tmp_path), "--against", "protect_small_hands=true", "--jobs", "2"])
    assert code == 128 + signal.SIGTERM and b"Traceback" not in err
    assert not any(_alive(w) for w in workers), "a worker outlived the command"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigterm_stops_the_workers(tmp_path: Path) -> None:
    """SIGTERM to `rr simulate` ends it and its worker processes, with no log half-written."""
    out = tmp_path / "logs"
    code, workers, err = _terminate_when_working(
        ["simulate", "--games", "5000", "--players", "2", "--workers", "2", "--out", str(out)],
        ready=lambda: any(out.glob("*.rrlog")))
    assert code == 128 + signal.SIGTERM and b"Traceback" not in err
    assert not any(_alive(w) for w in workers), "a worker outlived the command"
    for path in out.glob("*.rrlog"):
        log.read(path)  # every log there is whole
