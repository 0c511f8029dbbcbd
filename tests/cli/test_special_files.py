"""Files that are not regular files — a named pipe (FIFO) with no writer, a device, a folder —
given where rr reads a file: refused at once with one line and exit 2. Before, every command
opened a FIFO and waited for a writer for ever; each command here runs in a subprocess with a
timeout, so a regression fails instead of hanging."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rr.errors import CorruptLogError
from rr.events import log
from rr.events.signing import keygen, sign
from rr.untrusted import read_bytes
from tests.oracle.games import finished
from tests.server.harness import rr_env

SECONDS = 30
"""Far above what a refusal takes (well under a second); a blocked read never ends."""


def rr(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", *args], capture_output=True, text=True,
                          env=rr_env(), cwd=cwd, timeout=SECONDS, stdin=subprocess.DEVNULL,
                          check=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A log signed by a key pair, and named pipes beside them: ``pipe.rrlog``, ``pipe.json``,
    ``pipe.key``, and a log whose ``.sig`` is a pipe."""
    log.write(tmp_path / "game.rrlog", finished(2, 3))
    keygen(tmp_path / "k")
    sign(tmp_path / "game.rrlog", tmp_path / "k.key")
    log.write(tmp_path / "piped.rrlog", finished(2, 3))
    for name in ("pipe.rrlog", "pipe.json", "pipe.key", "piped.rrlog.sig"):
        os.mkfifo(tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("args, named", [
    (["audit", "pipe.rrlog"], "pipe.rrlog"),
    (["audit", "--key", "pipe.key", "game.rrlog"], "pipe.key"),
    (["audit", "--key", "k.pub", "piped.rrlog"], "piped.rrlog.sig"),
    (["replay", "pipe.rrlog"], "pipe.rrlog"),
    (["score", "pipe.json"], "pipe.json"),
    (["sign", "--key", "k.key", "pipe.rrlog"], "pipe.rrlog"),
    (["sign", "--key", "pipe.key", "game.rrlog"], "pipe.key"),
    (["server", "--port", "0", "--db", "games.sqlite", "--key", "pipe.key"], "pipe.key"),
    (["server", "--port", "0", "--db", "pipe.rrlog"], "pipe.rrlog"),
])
def test_a_named_pipe_is_refused_at_once(folder: Path, args: list[str], named: str) -> None:
    """A FIFO where a log, a signature, a key, a score file or a database is read: exit 2,
    one line naming the file and saying it is not a regular file."""
    done = rr(*args, cwd=folder)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, (args, done.stderr)
    assert len(lines) == 1 and named in lines[0] and "not a regular file" in lines[0], lines
    assert "Traceback" not in done.stderr


def test_read_bytes_refuses_a_device_and_a_folder_by_name(tmp_path: Path) -> None:
    """A device (``/dev/null`` reads as empty, ``/dev/zero`` never ends) and a folder are
    named for what they are."""
    with pytest.raises(CorruptLogError, match="it is a device, not a regular file"):
        read_bytes("/dev/zero", CorruptLogError)
    with pytest.raises(CorruptLogError, match="it is a folder"):
        read_bytes(tmp_path, CorruptLogError)


def test_a_fifo_in_a_corpus_folder_is_not_waited_on(folder: Path) -> None:
    """`rr audit DIR` lists the regular logs of a folder; a pipe named like a log is not
    opened."""
    done = rr("audit", "--workers", "1", ".", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "game.rrlog: clean" in done.stdout and "pipe.rrlog" not in done.stdout
