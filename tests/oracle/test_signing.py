"""Signed logs: `rr keygen`, `rr sign`, `rr audit --key`. A signature covers the log file's
exact bytes, so one byte altered anywhere fails the audit (exit 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.cli import main
from rr.events import log
from rr.oracle.audit import Verdict, audit_file
from tests.oracle.games import finished


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One key pair for the module (`rr keygen`)."""
    folder = tmp_path_factory.mktemp("keys")
    assert main(["keygen", str(folder / "ana")]) == 0
    return folder / "ana.key", folder / "ana.pub"


def _signed(folder: Path, keys: tuple[Path, Path], suffix: str = ".rrlog") -> Path:
    path = folder / f"game{suffix}"
    log.write(path, finished(2, 3))
    assert main(["sign", "--key", str(keys[0]), str(path)]) == 0
    return path


def test_keygen_writes_a_secret_private_key_and_never_overwrites(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The private key is mode 0600, both are PEM, and a second keygen refuses (exit 2)."""
    assert main(["keygen", str(tmp_path / "bo")]) == 0
    private, public = tmp_path / "bo.key", tmp_path / "bo.pub"
    assert private.stat().st_mode & 0o777 == 0o600
    assert b"PRIVATE KEY" in private.read_bytes() and b"PUBLIC KEY" in public.read_bytes()
    before = private.read_bytes()
    capsys.readouterr()
    assert main(["keygen", str(tmp_path / "bo")]) == 2
    assert "never overwrites" in capsys.readouterr().err and private.read_bytes() == before


@pytest.mark.parametrize("suffix", [".rrlog", ".jsonl"])
def test_signed_log_audits_clean_with_its_key(suffix: str, tmp_path: Path,
                                              keys: tuple[Path, Path],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A signed log, checked with the signer's public key: exit 0, the key named."""
    path = _signed(tmp_path, keys, suffix)
    capsys.readouterr()
    assert main(["audit", "--key", str(keys[1]), str(path)]) == 0
    out = capsys.readouterr().out
    assert "clean" in out and "signature by key" in out and "verified" in out


@settings(max_examples=25, deadline=None, derandomize=True)
@given(data=st.data())
def test_one_byte_altered_anywhere_fails(data: st.DataObject, tmp_path_factory:
                                         pytest.TempPathFactory) -> None:
    """Flip any bit of any byte of a signed log: `rr audit --key` exits 1."""
    folder = tmp_path_factory.mktemp("flip")
    keys = (folder / "k.key", folder / "k.pub")
    if not keys[0].exists():
        assert main(["keygen", str(folder / "k")]) == 0
    path = _signed(folder, keys)
    raw = bytearray(path.read_bytes())
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] ^= 1 << data.draw(st.integers(0, 7))
    path.write_bytes(bytes(raw))
    report = audit_file(path, keys[1])
    assert report.verdict is Verdict.BAD_SIGNATURE and report.exit_code == 1
    assert "signature does not match the log" in (report.problem or "")


def test_cli_altered_log_exits_1(tmp_path: Path, keys: tuple[Path, Path],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The command line: an altered signed log exits 1 with the reason on stdout."""
    path = _signed(tmp_path, keys)
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0x10
    path.write_bytes(bytes(raw))
    capsys.readouterr()
    assert main(["audit", "--key", str(keys[1]), str(path)]) == 1
    assert "signature check failed" in capsys.readouterr().out


def test_another_key_fails(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """A log signed by another key (a forger's) fails with the signer's public key."""
    assert main(["keygen", str(tmp_path / "forger")]) == 0
    path = _signed(tmp_path, (tmp_path / "forger.key", tmp_path / "forger.pub"))
    report = audit_file(path, keys[1])
    assert report.exit_code == 1 and "not by the key given" in (report.problem or "")


def test_altered_signature_file_fails(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """A signature with one byte changed (or its key id swapped) does not verify."""
    path = _signed(tmp_path, keys)
    sig = path.with_name(path.name + ".sig")
    data = json.loads(sig.read_text())
    data["signature"] = ("B" if data["signature"][0] != "B" else "C") + data["signature"][1:]
    sig.write_text(json.dumps(data))
    assert audit_file(path, keys[1]).exit_code == 1


@pytest.mark.parametrize("damage", ["missing", "not json", "private key as public"])
def test_unusable_signature_or_key_exits_2(damage: str, tmp_path: Path,
                                           keys: tuple[Path, Path],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """No signature, an unreadable one, or the wrong kind of key: exit 2, one line."""
    path = _signed(tmp_path, keys)
    sig = path.with_name(path.name + ".sig")
    key = keys[1]
    if damage == "missing":
        sig.unlink()
    elif damage == "not json":
        sig.write_text("[[[")
    else:
        key = keys[0]
    capsys.readouterr()
    assert main(["audit", "--key", str(key), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_signing_leaves_the_log_unchanged(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """`rr sign` writes LOG.sig and does not touch LOG."""
    path = tmp_path / "game.rrlog"
    log.write(path, finished(2, 3))
    before = path.read_bytes()
    assert main(["sign", "--key", str(keys[0]), str(path)]) == 0
    assert path.read_bytes() == before and path.with_name("game.rrlog.sig").exists()
