"""The examples are what their scripts write (issue #27)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_physical_game_is_what_its_script_writes() -> None:
    """examples/physical-game.jsonl equals examples/make_physical_game.py's output now."""
    spec = importlib.util.spec_from_file_location(
        "make_physical_game", ROOT / "examples" / "make_physical_game.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.PATH.read_text("utf-8") == script.render(), \
        "examples/physical-game.jsonl is stale: run python examples/make_physical_game.py"
