"""ruff, with the rules pyproject.toml chooses (``[tool.ruff.lint]``), is part of the test
suite, so the README's test command — which CI runs — fails on a finding (issue #26)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("rr", "tests", "fuzz", "tools", "examples", "conftest.py", "setup.py")


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


def test_ruff_is_clean() -> None:
    """ruff reports nothing on the package, the tests, the fuzzers, the tools and examples."""
    done = _ruff(*CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


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
