"""Every file rr replaces is written through rr.files.write_whole: a temporary file created
exclusively under a fresh name, renamed over the target. A symbolic link planted at the
temporary name rr used to use (`.LOG.sig.tmp`, `.summary.json.partial`, `.OUT.tmp`) or at
the target itself is never written through: the file it points to is left as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rr.bench import _write as write_figures
from rr.cli import main
from rr.events import log
from rr.events.signing import keygen, read_signature, signature_path
from rr.files import write_whole
from rr.report.folder import write_json
from tests.oracle.games import finished

SECRET = b"the user's own file, not rr's\n"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the user's that a planted link points to."""
    path = tmp_path / "victim.txt"
    path.write_bytes(SECRET)
    return path


def test_sign_never_writes_through_a_link_at_its_old_temporary_name(
        tmp_path: Path, victim: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`.game.rrlog.sig.tmp` planted as a link to the user's file: `rr sign` signs, and the
    file is unchanged (before: it held the signature, and LOG.sig became the link)."""
    game = tmp_path / "game.rrlog"
    log.write(game, finished(2, 3))
    keygen(tmp_path / "k")
    (tmp_path / ".game.rrlog.sig.tmp").symlink_to(victim)
    assert main(["sign", "--key", str(tmp_path / "k.key"), str(game)]) == 0
    assert victim.read_bytes() == SECRET
    sig = signature_path(game)
    assert stat.S_ISREG(os.lstat(sig).st_mode) and read_signature(sig).key
    assert main(["audit", "--key", str(tmp_path / "k.pub"), str(game)]) == 0


def test_a_link_at_the_target_is_replaced_not_followed(tmp_path: Path, victim: Path) -> None:
    """A link planted at the very name written (a log, a signature) is replaced by the new
    file; what it pointed to is unchanged."""
    target = tmp_path / "game.rrlog"
    target.symlink_to(victim)
    log.write(target, finished(2, 3))
    assert victim.read_bytes() == SECRET and not target.is_symlink()
    assert log.read(target).events == finished(2, 3)


def test_reports_and_figures_never_write_through_a_planted_link(tmp_path: Path,
                                                                victim: Path) -> None:
    """The report folder's `.NAME.partial` and the benchmark's `.OUT.tmp`, planted as links:
    both files are written, the user's file is unchanged."""
    (tmp_path / ".summary.json.partial").symlink_to(victim)
    (tmp_path / ".figures.json.tmp").symlink_to(victim)
    write_json(tmp_path, "summary.json", {"games": 1})
    write_figures(str(tmp_path / "figures.json"), {"format": "x"})
    assert victim.read_bytes() == SECRET
    assert (tmp_path / "summary.json").read_text() == '{\n  "games": 1\n}\n'
    assert '"format": "x"' in (tmp_path / "figures.json").read_text()


def test_sign_where_the_signature_is_a_folder_is_a_user_mistake(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """LOG.sig is a folder: exit 2 with one line (before: exit 3, IsADirectoryError), and no
    temporary file is left behind."""
    game = tmp_path / "game.rrlog"
    log.write(game, finished(2, 3))
    keygen(tmp_path / "k")
    signature_path(game).mkdir()
    assert main(["sign", "--key", str(tmp_path / "k.key"), str(game)]) == 2
    err = capsys.readouterr().err
    assert "game.rrlog.sig: it is a folder" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.rrlog", "game.rrlog.sig",
                                                          "k.key", "k.pub"]


def test_write_whole_gives_the_umasks_permissions(tmp_path: Path) -> None:
    """The file written has the permissions the user's umask allows, as `open` gives."""
    old = os.umask(0o027)
    try:
        write_whole(tmp_path / "a", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a").stat().st_mode) == 0o640
