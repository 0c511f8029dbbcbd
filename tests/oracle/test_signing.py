"""Signed logs: `rr keygen`, `rr sign`, `rr audit --key`. A signature covers the log file's
exact bytes, so one byte altered anywhere fails the audit (exit 1)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.cli import main
from rr.errors import BadInputError
from rr.events import log, signing
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


def test_keygen_returns_the_fingerprint_verify_names(tmp_path: Path) -> None:
    """The fingerprint is SHA-256 of the 32 raw public bytes, 16 hex digits; `verify`
    returns it for a good signature, and the signature file names it."""
    from cryptography.hazmat.primitives import serialization
    private, public, key_id = signing.keygen(tmp_path / "cy")
    assert (private, public) == (tmp_path / "cy.key", tmp_path / "cy.pub")
    raw = serialization.load_pem_public_key(public.read_bytes()).public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert len(raw) == 32 and key_id == hashlib.sha256(raw).hexdigest()[:16]
    path = tmp_path / "game.rrlog"
    log.write(path, finished(2, 3))
    sig_path = signing.sign(path, private)
    assert sig_path == signing.signature_path(path) == tmp_path / "game.rrlog.sig"
    assert not (tmp_path / ".game.rrlog.sig.tmp").exists()
    sig = signing.read_signature(sig_path)
    assert sig.key == key_id and len(sig.signature) == 64
    assert signing.verify(path.read_bytes(), sig, public) == key_id


def test_the_signed_message_is_domain_separated(tmp_path: Path) -> None:
    """The signature is over b"rr-log-signature/1\\n" + the log: the bare log's bytes do not
    verify it."""
    from cryptography.hazmat.primitives import serialization
    private, public, _ = signing.keygen(tmp_path / "dd")
    path = tmp_path / "game.rrlog"
    log.write(path, finished(2, 3))
    sig = signing.read_signature(signing.sign(path, private))
    key = serialization.load_pem_public_key(public.read_bytes())
    key.verify(sig.signature, b"rr-log-signature/1\n" + path.read_bytes())  # type: ignore[union-attr]
    with pytest.raises(signing.SignatureError, match="does not match the log"):
        signing.verify(b"rr-log-signature/1\n" + path.read_bytes(), sig, public)


def test_keygen_file_modes(tmp_path: Path) -> None:
    """The private key is readable by its owner only, the public key by anyone."""
    old = os.umask(0)
    try:
        private, public, _ = signing.keygen(tmp_path / "ed")
    finally:
        os.umask(old)
    assert private.stat().st_mode & 0o777 == 0o600
    assert public.stat().st_mode & 0o777 == 0o644


def test_keygen_refuses_when_only_the_public_key_exists(tmp_path: Path) -> None:
    (tmp_path / "fa.pub").write_text("mine")
    with pytest.raises(BadInputError, match=r"fa\.pub already exists; rr keygen never"):
        signing.keygen(tmp_path / "fa")
    assert not (tmp_path / "fa.key").exists()


def test_a_file_that_is_not_a_key_is_named(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """Not PEM: which kind of key was expected; PEM but not Ed25519 (an RSA key): said so."""
    junk = tmp_path / "junk.pem"
    junk.write_text("hello\n")
    path = tmp_path / "game.rrlog"
    log.write(path, finished(2, 3))
    with pytest.raises(BadInputError, match=r"junk.pem is not a PEM private key: "):
        signing.sign(path, junk)
    sig = signing.read_signature(signing.sign(path, keys[0]))
    with pytest.raises(BadInputError, match=r"junk.pem is not a PEM public key: "):
        signing.verify(path.read_bytes(), sig, junk)
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    rsa_pem = tmp_path / "rsa.pub"
    rsa_pem.write_bytes(rsa_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    with pytest.raises(BadInputError, match=r"rsa.pub is not an Ed25519 key$"):
        signing.verify(path.read_bytes(), sig, rsa_pem)
    with pytest.raises(BadInputError, match=r"is not a PEM public key"):  # a private key
        signing.verify(path.read_bytes(), sig, keys[0])


@pytest.mark.parametrize("change, problem", [
    ({"format": "rr-sig"}, "is not an rr signature file"),
    ({"version": 2}, "is not an rr signature file"),
    ({"algorithm": "rsa"}, "is not an rr signature file"),
    ({"key": 7}, "is not an rr signature file"),
    ({"signature": None}, "is not an rr signature file"),
    ({"signature": "not*base64"}, "the signature is not base64"),
])
def test_a_malformed_signature_file_is_refused(change: dict[str, object], problem: str,
                                               tmp_path: Path, keys: tuple[Path, Path]) -> None:
    path = _signed(tmp_path, keys)
    sig = signing.signature_path(path)
    data = json.loads(sig.read_text())
    assert data["format"] == "rr-signature" and data["version"] == 1
    assert data["algorithm"] == "ed25519"
    sig.write_text(json.dumps({**data, **change}))
    with pytest.raises(BadInputError) as caught:
        signing.read_signature(sig)
    assert str(caught.value) in (f"{sig} {problem}", f"{sig}: {problem}")
    sig.write_text(json.dumps([data]))
    with pytest.raises(BadInputError, match="is not an rr signature file"):
        signing.read_signature(sig)


def test_without_cryptography_a_key_use_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """cryptography missing (a dependency uninstalled by hand): a BadInputError saying what to
    install, from every entry point (none reaches the missing import unguarded)."""
    real = importlib.import_module

    def missing(name: str, *args: object) -> object:
        if name.startswith("cryptography"):
            raise ImportError(name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(signing.importlib, "import_module", missing)
    for call in (lambda: signing.keygen(tmp_path / "x"), signing._serialization,
                 lambda: signing.sign(tmp_path / "log", tmp_path / "x.key")):
        with pytest.raises(BadInputError) as caught:
            call()
        assert str(caught.value) == (
            "signed logs need the 'cryptography' package: pip install 'cryptography>=42' "
            "(a dependency of red-rising-engine: reinstall it)")


def test_keygen_into_a_missing_folder_names_the_reason(tmp_path: Path) -> None:
    with pytest.raises(BadInputError) as caught:
        signing.keygen(tmp_path / "nowhere" / "gh")
    assert str(caught.value) == (f"cannot write {tmp_path / 'nowhere' / 'gh.key'}: "
                                 "No such file or directory")


def test_a_signature_by_another_key_names_both_keys(tmp_path: Path,
                                                    keys: tuple[Path, Path]) -> None:
    """The signer's key id (at most 16 characters of it) and the given key's fingerprint."""
    path = _signed(tmp_path, keys)
    sig = signing.read_signature(signing.signature_path(path))
    other = signing.Signature("0123456789abcdefXYZ", sig.signature)
    with pytest.raises(signing.SignatureError) as caught:
        signing.verify(path.read_bytes(), other, keys[1])
    assert str(caught.value) == (f"signed by key 0123456789abcdef, not by the key given "
                                 f"({sig.key})")


def test_a_key_error_is_reported_on_one_line(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    """A library error of several lines: only its first line goes into the message (a
    refusal is one line, exit 2)."""
    from cryptography.hazmat.primitives import serialization

    def several_lines(data: bytes) -> object:
        raise ValueError("the key is bad\nbecause of this\nand that")

    monkeypatch.setattr(serialization, "load_pem_public_key", several_lines)
    key = tmp_path / "k.pub"
    key.write_text("whatever\n")
    with pytest.raises(BadInputError) as caught:
        signing.verify(b"", signing.Signature("x", b""), key)
    assert str(caught.value) == f"{key} is not a PEM public key: the key is bad"
