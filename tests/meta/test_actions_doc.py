"""docs/ACTIONS.md is the table rr.actions generates (`python -m rr.actions > docs/ACTIONS.md`),
and docs/OBSERVATION.md shows the layout rr.observation builds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rr.actions import NUM_ACTIONS, action_table_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_table_is_the_generated_one() -> None:
    """The committed docs/ACTIONS.md equals what the code generates now."""
    committed = (ROOT / "docs" / "ACTIONS.md").read_text("utf-8")
    assert committed == action_table_markdown(), (
        "docs/ACTIONS.md is stale: run `python -m rr.actions > docs/ACTIONS.md`")
    assert f"`NUM_ACTIONS` = {NUM_ACTIONS}" in committed


def test_the_documented_command_prints_the_table() -> None:
    """`python -m rr.actions` prints exactly the committed docs/ACTIONS.md."""
    done = subprocess.run([sys.executable, "-m", "rr.actions"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout == (ROOT / "docs" / "ACTIONS.md").read_text("utf-8")


def test_the_committed_observation_layout_is_the_code_s() -> None:
    """docs/OBSERVATION.md ends with the segment table rr.observation lays out."""
    from rr.observation import OBSERVATION_SIZE, layout_markdown

    committed = (ROOT / "docs" / "OBSERVATION.md").read_text("utf-8")
    assert committed.endswith(layout_markdown()), "docs/OBSERVATION.md's table is stale"
    assert f"list of {OBSERVATION_SIZE} floats" in " ".join(committed.split())
