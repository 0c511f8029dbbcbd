"""ruff, with the rules pyproject.toml chooses (``[tool.ruff.lint]``), runs in CI's first stage
(``tools/ci.py``: ``ruff check`` over ``LINTED``), so the README's test command fails on a
finding before any test runs; this test checks that those rules are the ones read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


def test_ruff_reads_the_projects_rules(tmp_path: Path) -> None:
    """The check is live: a file breaking a chosen rule (an unused import, F401; a blind
    except, BLE001) fails it under pyproject.toml's settings, and an ignored rule (E741: ``I``
    is Influence) does not."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\ntry:\n    I = 1\nexcept Exception:\n    I = 2\n")
    done = _ruff("--config", str(ROOT / "pyproject.toml"), "--output-format", "concise",
                 str(bad))
    assert done.returncode == 1
    assert "F401" in done.stdout and "BLE001" in done.stdout and "E741" not in done.stdout
