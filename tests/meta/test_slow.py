"""The ``slow`` marker: ``pytest -m "not slow"`` is the quick run for development and leaves out
the wheel build, Chromium, PostgreSQL and the many-game runs; ``pytest -m slow`` runs those
(CI's last stage, ``tools/ci.py``), and ``pytest`` alone runs every test."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT, SLOW

SAMPLE = ("tests/meta/test_wheel.py", "tests/web/test_routes.py", "tests/server/test_games.py",
          "tests/meta/test_slow.py", "tests/agents/test_greedy.py")


def _collected(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "--collect-only", "-q",
                           "-p", "no:cacheprovider", *args, *SAMPLE],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_every_slow_entry_names_a_test_file_or_folder() -> None:
    """An entry of ``SLOW`` that names nothing would quietly mark nothing."""
    missing = []
    for key in SLOW:
        path, _, test = key.partition("::")
        if not (ROOT / path).exists() or path.endswith("/") != (ROOT / path).is_dir() or (
                test and f"def {test}(" not in (ROOT / path).read_text()):
            missing.append(key)
    assert not missing, missing


def test_the_quick_run_leaves_out_the_slow_tests_and_the_full_run_keeps_them() -> None:
    """The wheel build, the browser tests and the PostgreSQL half of the server tests are
    deselected by ``-m "not slow"`` (their SQLite half and this file stay); without ``-m`` all
    are run."""
    everything = _collected()
    quick = _collected("-m", "not slow")
    assert any("test_wheel.py" in t for t in everything)
    assert any(t.startswith("tests/web/") for t in everything)
    assert any("[postgres]" in t for t in everything)
    assert not any("test_wheel.py" in t or t.startswith("tests/web/") or "[postgres]" in t
                   for t in quick)
    assert any("test_games.py" in t and "[sqlite]" in t for t in quick)
    assert any("test_slow.py" in t for t in quick)
    assert any("test_greedy_beats_random_clearly" in t for t in everything)
    assert not any("test_greedy_beats_random_clearly" in t for t in quick)
    assert any("test_greedy.py" in t for t in quick)  # the file's other tests stay
    assert set(quick) < set(everything)
