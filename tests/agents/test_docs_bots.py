"""Every bot the docs write (docs/AGENTS.md's ``mybot.py``, docs/BOTS.md's tutorial bots) can
be named with ``--agents`` by the installed ``rr`` command run from the folder that holds it,
as the docs say: the real console script, in a process of its own, no ``PYTHONPATH``."""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RR = Path(sys.executable).with_name("rr")
"""The console script pip installed beside this Python (``.venv/bin/rr``)."""


def agents_md_bot() -> str:
    """docs/AGENTS.md's ``mybot.py``, as the page shows it."""
    found = re.search(r"```python\n# mybot\.py\n(.*?)```", (ROOT / "docs" / "AGENTS.md")
                      .read_text(), re.S)
    assert found is not None
    return found.group(1)


def bots_md_module() -> tuple[str, list[str]]:
    """docs/BOTS.md's imports and class definitions (its doctest examples that start with
    ``import``, ``from`` or ``class``) as one module, and the classes that have ``choose``."""
    examples = doctest.DocTestParser().get_examples((ROOT / "docs" / "BOTS.md").read_text())
    kept = [e.source for e in examples if e.source.startswith(("import ", "from ", "class "))]
    classes = [re.match(r"class (\w+)", s).group(1) for s in kept  # type: ignore[union-attr]
               if s.startswith("class ") and "def choose" in s]
    return "".join(kept), classes


def simulate(folder: Path, agents: str) -> dict[str, object]:
    """``rr simulate`` of 2 two-player games with ``agents``, run by the installed command
    with ``folder`` as the current folder; its JSON report."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(RR), "simulate", "--agents", agents, "--players", "2",
                           "--games", "2", "--workers", "1", "--json"], cwd=folder,
                          env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def _installed() -> None:
    if not RR.exists():
        pytest.skip("rr is not installed as a command beside this Python")


def test_the_agents_page_bot_plays_from_its_folder(tmp_path: Path) -> None:
    """``rr simulate --agents mybot:Hoarder,random`` with mybot.py in the current folder:
    the installed command finds it (its own import path starts at its own folder)."""
    (tmp_path / "mybot.py").write_text(agents_md_bot())
    got = simulate(tmp_path, "mybot:Hoarder,random")
    assert got["errors"] == 0 and got["games_by_agent"] == {"mybot:Hoarder": 2, "random": 2}


def test_every_bot_of_the_tutorial_can_be_named(tmp_path: Path) -> None:
    """docs/BOTS.md's bots (BigLeads, whose constructor takes no seed or ruleset) are made
    with as many of (seed, ruleset) as they take, and play from their folder."""
    source, classes = bots_md_module()
    assert "BigLeads" in classes
    (tmp_path / "tutorial.py").write_text(source)
    for name in classes:
        got = simulate(tmp_path, f"tutorial:{name},random")
        assert got["errors"] == 0 and got["games_by_agent"][f"tutorial:{name}"] == 2


def test_a_module_in_the_folder_does_not_shadow_an_installed_one(tmp_path: Path) -> None:
    """The current folder is searched last: a ``json.py`` there does not replace the
    standard library's for the command (which would break it)."""
    (tmp_path / "json.py").write_text("raise SystemExit('the folder shadowed json')\n")
    (tmp_path / "mybot.py").write_text(agents_md_bot())
    assert simulate(tmp_path, "mybot:Hoarder,random")["errors"] == 0
