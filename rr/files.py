"""Writing a file whole: the one way rr replaces a file (logs, signatures, reports,
benchmark figures).

The new bytes go into a temporary file created *exclusively* in the same folder
(:func:`tempfile.mkstemp`: ``O_CREAT | O_EXCL``, a fresh random name, mode 0600 while it is
written), so nothing planted at a name known in advance — a symbolic link to a file of the
user's, a file of someone else's — is ever opened, followed or overwritten. It is then given
the permissions the user's umask allows (as ``open`` would), flushed to disk and renamed over
the target, which replaces a link there rather than writing through it; the folder is synced
so that the rename survives a crash. A reader sees the old file or the new one, never half
of one; a failure removes the temporary file and leaves the old file as it was.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data``, atomically and durably (see the module's docstring).
    Raises :class:`OSError` (the folder is missing or not writable, ``path`` is a folder, the
    disk is full), having left ``path`` as it was."""
    path = Path(path)
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fchmod(file.fileno(), 0o666 & ~_umask())
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _sync_folder(folder)


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the data itself is synced
    finally:
        os.close(fd)
