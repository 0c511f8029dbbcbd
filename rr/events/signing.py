"""Signed logs: an Ed25519 signature over a log file's exact bytes, kept beside it.

A signature file (``game.rrlog.sig``) is one JSON object::

    {"format": "rr-signature", "version": 1, "algorithm": "ed25519",
     "key": "<fingerprint of the public key>", "signature": "<base64>"}

The signed message is ``b"rr-log-signature/1\\n"`` followed by the log's bytes, so a signature
made for a log can never be taken for a signature of anything else. Keys are PEM files
(PKCS#8 private key, SubjectPublicKeyInfo public key), readable by OpenSSL. A key's
fingerprint is the SHA-256 of its 32 raw public bytes, in hex, cut to 16 characters.

The cryptography is the ``cryptography`` package's (a run-time dependency); it is imported
only when a key is used, so the rest of rr starts without loading it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

from rr.errors import BadInputError, RRError
from rr.files import write_whole
from rr.untrusted import load_json, read_bytes, text_of

DOMAIN = b"rr-log-signature/1\n"
SIGNATURE_SUFFIX = ".sig"
HINT = "pip install 'cryptography>=42' (a dependency of red-rising-engine: reinstall it)"


class SignatureError(RRError):
    """A signature that does not verify: the log (or the signature) was altered, or another
    key signed it."""


@frozen
class Signature:
    """A log's signature, as read from its ``.sig`` file."""

    key: str
    """The fingerprint of the key that made it."""
    signature: bytes


def _ed25519() -> Any:
    try:
        return importlib.import_module("cryptography.hazmat.primitives.asymmetric.ed25519")
    except ImportError:
        raise BadInputError(f"signed logs need the 'cryptography' package: {HINT}") from None


def _serialization() -> Any:
    _ed25519()
    return importlib.import_module("cryptography.hazmat.primitives.serialization")


def fingerprint(public_raw: bytes) -> str:
    """A public key's short name: SHA-256 of its raw bytes, hex, 16 characters."""
    return hashlib.sha256(public_raw).hexdigest()[:16]


def keygen(stem: str | Path) -> tuple[Path, Path, str]:
    """Write a new key pair: ``STEM.key`` (private, mode 0600) and ``STEM.pub``; refuse to
    overwrite either. Returns both paths and the fingerprint."""
    ed, ser = _ed25519(), _serialization()
    private_path, public_path = Path(f"{stem}.key"), Path(f"{stem}.pub")
    for path in (private_path, public_path):
        if path.exists():
            raise BadInputError(f"{path} already exists; rr keygen never overwrites a key")
    private = ed.Ed25519PrivateKey.generate()
    private_pem = private.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8,
                                        ser.NoEncryption())
    public = private.public_key()
    public_pem = public.public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo)
    _write_new(private_path, private_pem, 0o600)
    _write_new(public_path, public_pem, 0o644)
    return private_path, public_path, fingerprint(_raw(public))


def _write_new(path: Path, data: bytes, mode: int) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as err:
        raise BadInputError(f"cannot write {path}: {err.strerror or err}") from None
    with os.fdopen(fd, "wb") as file:
        file.write(data)
        os.fsync(file.fileno())


def _raw(public: Any) -> bytes:
    ser = _serialization()
    raw: bytes = public.public_bytes(ser.Encoding.Raw, ser.PublicFormat.Raw)
    return raw


def _load_key(path: str | Path, private: bool) -> Any:
    _ed25519()  # the missing extra is named before any file is read
    return _key_of(read_bytes(path, BadInputError), str(path), private)


def _key_of(data: bytes, path: str, private: bool) -> Any:
    """The Ed25519 key a PEM file's bytes hold (``path`` names it in errors)."""
    ed, ser = _ed25519(), _serialization()
    try:
        key = (ser.load_pem_private_key(data, password=None) if private
               else ser.load_pem_public_key(data))
    except (ValueError, TypeError) as err:
        what = "private" if private else "public"
        raise BadInputError(f"{path} is not a PEM {what} key: {str(err).splitlines()[0]}"
                            ) from None
    kind = ed.Ed25519PrivateKey if private else ed.Ed25519PublicKey
    if not isinstance(key, kind):
        raise BadInputError(f"{path} is not an Ed25519 key")
    return key


def sign(log_path: str | Path, private_key: str | Path) -> Path:
    """Sign the log at ``log_path`` with the key at ``private_key``; write ``LOG.sig``
    (replacing an older one, whole: :func:`rr.files.write_whole`); return its path."""
    key = _load_key(private_key, private=True)
    data = read_bytes(log_path, BadInputError)
    out = signature_path(log_path)
    try:
        write_whole(out, _signature_text(key, data).encode("ascii"))
    except IsADirectoryError:
        raise BadInputError(f"cannot write {out}: it is a folder") from None
    except OSError as err:
        raise BadInputError(f"cannot write {out}: {err.strerror or err}") from None
    return out


def signer(private_key: str | Path) -> Callable[[bytes], str]:
    """Sign logs in memory (a server handing out logs): the key at ``private_key`` is read
    once, now; the function returned gives the text of a log's ``.sig`` file."""
    key = _load_key(private_key, private=True)
    return lambda data: _signature_text(key, data)


def _signature_text(key: Any, data: bytes) -> str:
    signature = key.sign(DOMAIN + data)
    return (f'{{"format": "rr-signature", "version": 1, "algorithm": "ed25519", '
            f'"key": "{fingerprint(_raw(key.public_key()))}", '
            f'"signature": "{base64.b64encode(signature).decode("ascii")}"}}\n')


def signature_path(log_path: str | Path) -> Path:
    return Path(f"{log_path}{SIGNATURE_SUFFIX}")


def read_signature(path: str | Path) -> Signature:
    """The signature file at ``path``; :class:`BadInputError` if it cannot be read."""
    return parse_signature(read_bytes(path, BadInputError), str(path))


def parse_signature(raw: bytes, path: str) -> Signature:
    """A signature file's bytes (``path`` names it in errors: an upload has no path)."""
    data = load_json(text_of(raw, path, BadInputError), path, BadInputError)
    if not (isinstance(data, dict) and data.get("format") == "rr-signature"
            and data.get("version") == 1 and data.get("algorithm") == "ed25519"
            and isinstance(data.get("key"), str) and isinstance(data.get("signature"), str)):
        raise BadInputError(f"{path} is not an rr signature file")
    try:
        raw = base64.b64decode(data["signature"], validate=True)
    except (binascii.Error, ValueError):
        raise BadInputError(f"{path}: the signature is not base64") from None
    return Signature(data["key"], raw)


def verify(log_bytes: bytes, signature: Signature, public_key: str | Path) -> str:
    """Check ``signature`` over ``log_bytes`` with the key at ``public_key``; returns the
    key's fingerprint, or raises :class:`SignatureError`."""
    return verify_with(log_bytes, signature, _load_key(public_key, private=False))


def verify_pem(log_bytes: bytes, signature: Signature, public_pem: bytes, what: str) -> str:
    """:func:`verify` with the public key's PEM bytes (an upload; ``what`` names it)."""
    return verify_with(log_bytes, signature, _key_of(public_pem, what, private=False))


def verify_with(log_bytes: bytes, signature: Signature, key: Any) -> str:
    """:func:`verify` with a loaded public key."""
    from rr import ed25519

    raw = _raw(key)
    mine = fingerprint(raw)
    weak = ed25519.key_problem(raw)
    if weak is not None:
        raise SignatureError(f"the key given ({mine}) is refused: it is {weak}; a signature "
                             "by it proves nothing")
    if signature.key != mine:
        raise SignatureError(f"signed by key {signature.key[:16]}, not by the key given "
                             f"({mine})")
    weak = ed25519.signature_problem(signature.signature)
    if weak is not None:
        raise SignatureError(f"the signature is refused: {weak}")
    exceptions = importlib.import_module("cryptography.exceptions")
    try:
        key.verify(signature.signature, DOMAIN + log_bytes)
    except exceptions.InvalidSignature:
        raise SignatureError(f"the signature does not match the log: the log or its "
                             f"signature was altered after key {mine} signed it") from None
    return mine
