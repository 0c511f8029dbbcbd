"""The examples of docs/BOTS.md (the bot-writing tutorial) run as written (issue #27)."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bot_tutorial_runs() -> None:
    """Every `>>>` example in docs/BOTS.md gives the output the page shows."""
    result = doctest.testfile(str(ROOT / "docs" / "BOTS.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0
