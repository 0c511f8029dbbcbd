"""The README's figures are what a fresh run writes (issue #27): `python -m tools.readme_figures`.

What each check costs, and why it is done that way (2-core machine, shared; 2026-11-26):

* the solo table is recomputed exactly, the same 6,000 games with the same seeds (about 70 s of
  CPU: 1 min 44 s with 2 workers at a load of 5, under a minute on an idle machine) — cheap
  enough for CI, and nothing short of the same games would show a figure is stale;
* the ``rr regress --impact`` example is recomputed exactly (2,000 random games, about 25 s of
  CPU);
* the greedy-against-random rows are recomputed exactly (400 games), and so is the ladder of
  rr's agents (40 two-player games, about a minute of CPU); the ISMCTS rows (78
  games, some 6 minutes of CPU at 30 iterations a decision) are not: the script writes, beside
  them, a fingerprint of each row's first game (its first decisions as ``rr simulate`` plays
  them, hashed), and the test plays those decisions again. A change of the rules or of an
  agent that moves those games changes their fingerprint, and the test asks for the section
  to be written again.
"""

from __future__ import annotations

import re
from pathlib import Path

from rr.actions import NUM_ACTIONS
from tools import readme_figures as figures

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2
AGAIN = "README.md is stale: run python -m tools.readme_figures {} and commit README.md"


def section(name: str) -> str:
    return figures.sections((ROOT / "README.md").read_text("utf-8"))[name]


def test_the_readme_has_every_section_the_script_writes() -> None:
    """Each section of the script has its markers in README.md, once, and a body."""
    text = (ROOT / "README.md").read_text("utf-8")
    for name in figures.SECTIONS:
        assert text.count(f"<!-- figures:{name} -->") == 1, name
        assert section(name).strip(), name


def test_the_solo_table_is_a_fresh_run() -> None:
    """The difficulty table equals `rr simulate --solo --levels 1-6 --games 500` run now."""
    fresh = figures.solo_text(figures.solo_lines(WORKERS))
    assert section("solo") == fresh, AGAIN.format("solo")


def test_the_impact_example_is_a_fresh_run() -> None:
    """The worked example's figures equal `rr regress --impact ...` run now."""
    assert section("impact") == figures.impact_text(WORKERS), AGAIN.format("impact")


def test_the_greedy_rows_are_a_fresh_run() -> None:
    """The greedy agent's shares against the random one equal a fresh run."""
    assert section("bots") == figures.bots_text(WORKERS), AGAIN.format("bots")


def test_the_ladder_is_a_fresh_run() -> None:
    """The ladder of rr's agents equals `rr ladder --agents random,greedy,ismcts:flat,ismcts
    --players 2 --games 40 --seed 8000` run now (about a minute of CPU)."""
    assert section("ladder") == figures.ladder_text(WORKERS), AGAIN.format("ladder")


def test_the_ismcts_rows_are_those_of_the_games_played_now() -> None:
    """Every ISMCTS row's fingerprint equals its first game's first decisions played now."""
    recorded = re.search(r"<!-- fingerprints: ([0-9a-f ]+) -->", section("ismcts"))
    assert recorded is not None
    assert recorded[1].split() == [figures.fingerprint(m) for m in figures.ISMCTS_MATCHES], \
        AGAIN.format("ismcts")


def test_the_number_of_actions_is_the_code_s() -> None:
    """The README's count of actions is rr.actions.NUM_ACTIONS."""
    assert f"`rr.actions`, {NUM_ACTIONS} actions," in (ROOT / "README.md").read_text("utf-8")


def test_a_changed_figure_is_found_and_rewritten(tmp_path: Path) -> None:
    """The script's section reader and writer: a section's body is replaced, and only it."""
    text = ("a\n<!-- figures:solo -->\nold\n<!-- /figures:solo -->\nb\n"
            "<!-- figures:impact -->\nkeep\n<!-- /figures:impact -->\n")
    new = figures.replace(text, "solo", "new\n")
    assert figures.sections(new) == {"solo": "new\n", "impact": "keep\n"}
    assert new.startswith("a\n") and "\nb\n" in new
