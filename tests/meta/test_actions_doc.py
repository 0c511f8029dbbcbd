"""docs/ACTIONS.md is the table rr.actions generates (`python -m rr.actions > docs/ACTIONS.md`)."""

from __future__ import annotations

from pathlib import Path

from rr.actions import NUM_ACTIONS, action_table_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_table_is_the_generated_one() -> None:
    """The committed docs/ACTIONS.md equals what the code generates now."""
    committed = (ROOT / "docs" / "ACTIONS.md").read_text("utf-8")
    assert committed == action_table_markdown(), (
        "docs/ACTIONS.md is stale: run `python -m rr.actions > docs/ACTIONS.md`")
    assert f"`NUM_ACTIONS` = {NUM_ACTIONS}" in committed
