"""The folder a report is written into (``--report DIR``).

It is created if need be. A report writes files of fixed names (``summary.json``,
``win_rates.png``, ...) and replaces those of an earlier report; nothing else in the folder
is touched, so ``--force`` is not needed (unlike ``--out``, whose logs must not be mixed with
another run's). Each file is written whole, then renamed into place: a reader never sees
half a report file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rr.errors import BadInputError
from rr.files import write_whole


def prepare(folder: Path) -> None:
    """Create ``folder`` and check that it can be written, before any game is played."""
    if folder.exists() and not folder.is_dir():
        raise BadInputError(f"--report {folder} exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BadInputError(f"--report {folder}: cannot create the folder: "
                            f"{err.strerror or err}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BadInputError(f"--report {folder}: the folder is not writable")


def write_bytes(folder: Path, name: str, data: bytes) -> Path:
    """Write ``folder/name`` whole (:func:`rr.files.write_whole`: a temporary file created
    exclusively, renamed into place)."""
    path = folder / name
    try:
        write_whole(path, data)
    except OSError as err:
        raise BadInputError(f"--report {folder}: cannot write {name}: "
                            f"{err.strerror or err}") from None
    return path


def write_json(folder: Path, name: str, data: Any) -> Path:
    """``data`` as indented JSON, keys in the order given."""
    return write_bytes(folder, name, (json.dumps(data, indent=2) + "\n").encode())
