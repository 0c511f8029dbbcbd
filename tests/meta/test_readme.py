"""The README's Python examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples_run() -> None:
    """Every `>>>` example in README.md gives the output the README shows."""
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_commands_match_ci() -> None:
    """.ci/run runs exactly the README's second command (the whole test suite)."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text().splitlines()
             if line.startswith("    python3 -m venv")]
    assert len(lines) >= 2 and "rr demo" in lines[0] and "pytest" in lines[1]
    assert lines[1] in (ROOT / ".ci" / "run").read_text()
