"""Shared test settings: hypothesis profiles (RR_FUZZ=long for the long one), and the ``slow``
marker (issue #26).

``python -m pytest`` runs every test; ``python -m pytest -m "not slow"`` is the quick run for
development, which leaves out what :data:`SLOW` names and every test on PostgreSQL. CI
(``python -m tools.ci``, the README's test command) runs ruff and mypy first, then the quick
tests, then the slow ones. The tests marked are the ones that start heavy real components
(headless Chromium, a PostgreSQL cluster, Ray, a wheel build) or play many games;
``@pytest.mark.slow`` on a test marks it too.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("long" if os.environ.get("RR_FUZZ") == "long" else "ci")

ROOT = Path(__file__).resolve().parent

SLOW: dict[str, str] = {
    "tests/web/": "drives headless Chromium against real server processes",
    "tests/meta/test_wheel.py": "builds the wheel and installs it in a new environment",
    "tests/meta/test_fresh_install.py":
        "installs rr in a new venv as the README's first command does",
    "tests/meta/test_apidocs.py": "builds the API reference with pdoc",
    "tests/meta/test_mutation_tool.py": "runs mutants through pytest subprocesses",
    "tests/meta/test_readme_figures.py": "plays the README's hundreds of games again",
    "tests/server/test_load.py": "the load generator against server processes",
    "tests/server/test_cli.py": "starts `rr server` processes",
    "tests/cli/test_bench.py": "runs python -m rr.bench",
    "tests/cli/test_bench_rl.py": "runs python -m rr.bench.rl",
    "tests/cli/test_audit_workers.py": "audits in worker processes",
    "tests/agents/test_ray.py": "starts Ray",
    "tests/agents/test_report.py": "simulates hundreds of games on workers and Ray",
    "tests/agents/test_simulate_out.py": "simulates games in worker processes",
    "tests/agents/test_impact.py": "plays paired games under two rulesets on workers",
    "tests/agents/test_long_games.py": "plays games of hundreds of rounds",
    "tests/cli/test_hostile.py": "feeds every reader thousands of hostile inputs (3-4 minutes)",
    "tests/engine/test_fold_purity.py": "folds whole random games twice at every prefix",
    "tests/engine/test_views.py::test_no_view_or_event_leaks_a_hidden_card":
        "every view and event of many random games (about 3 minutes loaded)",
    "tests/agents/test_ismcts.py::test_the_same_games_on_one_process_and_on_workers":
        "ISMCTS games on worker processes",
    "tests/agents/test_greedy.py::test_greedy_beats_random_clearly": "hundreds of games",
}
"""Test folders (ending in ``/``), files, or single tests (``file::name``) that are slow, each
with why: the slowest of a whole run with ``--durations`` (2-core machine, shared, load
average about 11, 2026-11-26)."""


def is_slow(item: pytest.Item) -> bool:
    """Whether ``item`` is left out of the quick run: its file is in :data:`SLOW`, or it runs
    on PostgreSQL (a ``deployment`` or ``backend`` of ``postgres``, or the ``pg`` cluster)."""
    where = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
    test = f"{where}::{getattr(item, 'originalname', item.name)}"
    if any(key in (where, test) or (key.endswith("/") and where.startswith(key))
           for key in SLOW):
        return True
    params = getattr(getattr(item, "callspec", None), "params", {})
    return "postgres" in params.values() or "pg" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item):
            item.add_marker(pytest.mark.slow)
