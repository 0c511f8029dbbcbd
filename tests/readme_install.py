"""What a user installs: the README's first command, read from the README and run as written
in a copy of the checkout (so its ``.venv`` is a new one, beside nothing the test suite
installed). The tests of the default paths (``rr demo``, the start page's default game) run
the programs of that venv."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTALL_SECONDS = 900
_SKIPPED = {".git", ".venv", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
            "__pycache__", "node_modules"}


def first_command() -> str:
    """The README's first command: its first indented line (the lines under the title)."""
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("    ") and line.strip():
            return line.strip()
    raise AssertionError("the README has no indented command under its title")


def clean_env() -> dict[str, str]:
    """The environment of a user's shell: no test venv, no import path of the checkout."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def readme_install(folder: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Copy the checkout to ``folder`` and run the README's first command there, as a user
    would in a fresh clone; the copy's root and what the command printed."""
    copy = folder / "checkout"
    shutil.copytree(ROOT, copy, ignore=lambda _where, names: [
        n for n in names if n in _SKIPPED or n.endswith(".egg-info")])
    done = subprocess.run(["bash", "-c", first_command()], cwd=copy, capture_output=True,
                          text=True, env=clean_env(), timeout=INSTALL_SECONDS)
    return copy, done
