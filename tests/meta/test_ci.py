"""CI (``tools/ci.py``, which ``.ci/run`` and the README's test command run): lint first, then
the quick tests on xdist workers, then the slow ones, the first failing stage ending the run."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from tools import ci

ROOT = Path(__file__).resolve().parents[2]

FAKE_CONFTEST = '''
import os
from pathlib import Path

import pytest

def pytest_configure(config):
    config.addinivalue_line("markers", "slow: slow")

@pytest.fixture(autouse=True)
def _ran(request):
    with open(Path(os.environ["RAN"]), "a") as log:
        log.write(request.node.name + "\\n")
'''


def _fake_suite(root: Path, quick_passes: bool) -> None:
    (root / "pytest.ini").write_text("[pytest]\naddopts = -q\n")
    (root / "conftest.py").write_text(FAKE_CONFTEST)
    (root / "test_quick.py").write_text(
        f"def test_quick_one():\n    assert {quick_passes}\n\n"
        "def test_quick_two():\n    pass\n")
    (root / "test_other.py").write_text("def test_quick_three():\n    pass\n")
    (root / "test_heavy.py").write_text(
        "import pytest\n\n@pytest.mark.slow\ndef test_slow_one():\n    pass\n")


def _run_fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_passes: bool, lint: str
              ) -> tuple[int, list[str], str]:
    _fake_suite(tmp_path, quick_passes)
    ran = tmp_path / "ran.txt"
    monkeypatch.setenv("RAN", str(ran))
    lint_stage = ci.Stage("lint", ((sys.executable, "-c", lint),))
    out = io.StringIO()
    status = ci.run([lint_stage, *ci.stages(workers=2)[1:]], cwd=tmp_path, out=out)
    names = ran.read_text().split() if ran.exists() else []
    return status, names, out.getvalue()


def test_the_stages_are_lint_then_quick_then_slow() -> None:
    """ruff and mypy --strict come first; the quick tests run on two workers a file to each;
    the slow ones after them."""
    lint, quick, slow = ci.stages(python="py", workers=2)
    assert [stage.name for stage in (lint, quick, slow)] == ["lint", "quick", "slow"]
    assert lint.commands[0][:4] == ("py", "-m", "ruff", "check")
    assert set(ci.LINTED) <= set(lint.commands[0])
    assert lint.commands[1][:4] == ("py", "-m", "mypy", "--strict") and "rr" in lint.commands[1]
    [command] = quick.commands
    assert " ".join(command).endswith('-m not slow -n 2 --dist loadfile')
    [command] = slow.commands
    assert " ".join(command).endswith("-m slow -n 2 --dist loadfile")
    assert "-n" not in ci.stages(workers=1)[1].commands[0]


def test_a_passing_run_runs_every_stage_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a tiny fake suite: the quick tests (on xdist workers), then the slow one, and a line
    per stage with its time and the load average."""
    status, names, out = _run_fake(tmp_path, monkeypatch, True, "print('lint ok')")
    assert status == 0, out
    assert sorted(names[:3]) == ["test_quick_one", "test_quick_three", "test_quick_two"]
    assert names[3:] == ["test_slow_one"]
    lines = [line for line in out.splitlines() if line.startswith("ci: ")]
    assert [line.split()[1] for line in lines] == [
        "lint", "lint", "quick", "quick", "slow", "slow", "all"]
    assert all("load average" in line for line in lines[:-1])
    assert "quick passed in " in out and " s (load average " in out


def test_a_failing_quick_test_stops_the_run_before_the_slow_stage(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, names, out = _run_fake(tmp_path, monkeypatch, False, "print('lint ok')")
    assert status == 1
    assert "test_quick_one" in names and "test_slow_one" not in names
    assert "ci: quick FAILED (exit 1)" in out and "later stages not run" in out
    assert "slow starts" not in out


def test_a_lint_finding_stops_the_run_before_any_test(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, names, out = _run_fake(tmp_path, monkeypatch, True, "raise SystemExit(3)")
    assert status == 3 and names == []
    assert "ci: lint FAILED (exit 3)" in out and "quick starts" not in out


def test_the_readme_and_ci_run_the_same_command() -> None:
    """.ci/run runs exactly the README's second command, which runs tools.ci."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text().splitlines()
             if line.startswith("    python3 -m venv")]
    assert len(lines) >= 2 and "rr demo" in lines[0]
    assert lines[1] == ("python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
                        ".venv/bin/python -m tools.ci")
    commands = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line and not line.startswith(("#", "set ", "cd "))]
    assert commands == [lines[1]]


def test_the_runner_answers_its_help() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.ci", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "--only" in done.stdout and "--from" in done.stdout
