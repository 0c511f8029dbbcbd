"""The command's edges, through the real ``rr`` process: ``rr audit DIR > file`` and
``rr audit DIR | grep`` get every report on stdout while a terminal's stderr shows the
progress, and a usage error is one line pointing at the command's ``--help``."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.oracle.games import write_corpus
from tests.server.harness import ROOT, rr_env

LOGS = 4


def _terminal_stderr(argv: list[str], stdout: int, seconds: float = 240
                     ) -> tuple[int, str]:
    """Run ``python -m rr ARGV`` with stderr on a pseudo-terminal (as in a shell) and stdout
    on STDOUT; its exit status and what the terminal received."""
    main, child = pty.openpty()
    env = {**rr_env(), "COLUMNS": "100", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen([sys.executable, "-m", "rr", *argv], stdout=stdout,
                               stderr=child, stdin=subprocess.DEVNULL, cwd=ROOT, env=env)
    os.close(child)
    seen = bytearray()
    try:
        while True:
            ready, _, _ = select.select([main], [], [], seconds)
            if not ready:
                raise AssertionError(f"rr {argv} wrote nothing for {seconds} s")
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal (Linux: EIO)
                break
            if not chunk:
                break
            seen += chunk
        return process.wait(timeout=seconds), seen.decode("utf-8", "replace")
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()


def _corpus(folder: Path) -> list[Path]:
    folder.mkdir()
    return write_corpus(folder, range(LOGS))


def _reports(folder: Path) -> str:
    """What ``rr audit FOLDER`` prints with its stdout captured (no terminal anywhere)."""
    done = subprocess.run([sys.executable, "-m", "rr", "audit", str(folder), "--workers", "1"],
                          capture_output=True, text=True, cwd=ROOT, env=rr_env(), timeout=240)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_audit_into_a_file_gets_every_report_and_the_terminal_only_the_progress(
        tmp_path: Path) -> None:
    """`rr audit DIR > reports.txt` from a shell: the file holds every log's report, as a
    captured run prints them; the terminal (stderr) none of them."""
    paths = _corpus(tmp_path / "logs")
    expected = _reports(tmp_path / "logs")
    assert all(f"{path}: clean" in expected for path in paths)
    with (tmp_path / "reports.txt").open("wb") as out:
        status, terminal = _terminal_stderr(["audit", str(tmp_path / "logs"),
                                             "--workers", "2"], out.fileno())
    assert status == 0, terminal
    assert (tmp_path / "reports.txt").read_text() == expected
    assert not any(str(path) in terminal for path in paths), terminal


def test_audit_into_grep_gets_every_report(tmp_path: Path) -> None:
    """`rr audit DIR | grep clean` from a shell: grep reads every log's line."""
    paths = _corpus(tmp_path / "logs")
    read, write = os.pipe()
    grep = subprocess.Popen(["grep", "clean"], stdin=read, stdout=subprocess.PIPE)
    os.close(read)
    try:
        status, terminal = _terminal_stderr(["audit", str(tmp_path / "logs"),
                                             "--workers", "2"], write)
    finally:
        os.close(write)
    found = grep.communicate(timeout=60)[0].decode().splitlines()
    assert status == 0, terminal
    assert [line.split(":")[0] for line in found] == [str(path) for path in paths]


@pytest.mark.parametrize(("argv", "expected"), [
    ([], "rr: error: the following arguments are required: command (see rr --help)"),
    (["nope"], "rr: error: argument command: invalid choice: 'nope' (choose from "),
    (["audit"], "rr audit: error: the following arguments are required: LOG "
                "(see rr audit --help)"),
    (["audit", "x.rrlog", "--workers", "0"],
     "rr audit: error: argument --workers: 0 is not a positive number (see rr audit --help)"),
    (["simulate", "--games", "many"],
     "rr simulate: error: argument --games: 'many' is not a whole number "
     "(see rr simulate --help)"),
    (["replay", "x.rrlog", "--bogus"], "rr replay: error: unrecognized arguments: --bogus "
                                       "(see rr replay --help)"),
])
def test_a_usage_error_is_one_line_pointing_at_help(argv: list[str], expected: str) -> None:
    """No usage block: one line, exit 2, ending with the command's ``--help``."""
    done = subprocess.run([sys.executable, "-m", "rr", *argv], capture_output=True, text=True,
                          cwd=ROOT, env=rr_env(), timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(expected) and line.endswith(" --help)"), line
    command = " ".join(["rr", *argv[:1]]) if argv and argv[0] != "nope" else "rr"
    assert line.endswith(f"(see {command} --help)")
