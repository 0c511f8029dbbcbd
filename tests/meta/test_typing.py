"""mypy --strict on rr/ is part of the test suite, so CI fails on a type error."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_is_clean() -> None:
    """`mypy --strict` reports no error on the rr package."""
    out, err, status = api.run(["--strict", "--no-error-summary", "--config-file",
                                str(ROOT / "pyproject.toml"), str(ROOT / "rr")])
    assert status == 0, out + err
