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

