"""The release's facts agree (issue #27): one version everywhere, one distribution name in every
install hint, a licence."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import rr
from rr.cli import main, namesake

ROOT = Path(__file__).resolve().parents[2]
TEXTS = ("README.md", "pyproject.toml", "examples", "docs", "rr", "tools", "tests", "spec")


def texts() -> dict[str, str]:
    found = {}
    for name in TEXTS:
        path = ROOT / name
        files = [path] if path.is_file() else [
            p for p in path.rglob("*") if p.suffix in (".py", ".md", ".toml", ".js", ".html",
                                                        ".json", ".txt")]
        for file in files:
            found[file.relative_to(ROOT).as_posix()] = file.read_text("utf-8")
    return found


def test_the_version_is_dated_in_the_changelog_and_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The CHANGELOG's latest release is rr.__version__ with a date; `rr --version` prints it;
    pyproject.toml reads it from rr.__version__."""
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] — (\d{4}-\d{2}-\d{2})$",
                          (ROOT / "CHANGELOG.md").read_text("utf-8"), re.MULTILINE)
    assert releases and releases[0][0] == rr.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "rr.__version__"}
    try:
        main(["--version"])
    except SystemExit as stop:
        assert stop.code == 0
    assert capsys.readouterr().out == f"rr {rr.__version__}\n"


def test_every_install_hint_names_the_distribution() -> None:
    """No text tells anyone to `pip install rr` or `'rr[extra]'` (that is another project):
    hints name red-rising-engine, which pyproject.toml declares."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["name"] == namesake.DISTRIBUTION == "red-rising-engine"
    wrong = re.compile(r"pip install (-U )?['\"]?rr(\[|['\"`]|\s|$)", re.MULTILINE)
    found = {path: m.group(0) for path, text in texts().items() if (m := wrong.search(text))
             and path != "tests/meta/test_release.py"}
    assert found == {"README.md": "pip install rr`"}  # the README's warning against it
    hints = [path for path, text in texts().items() if "pip install 'red-rising-engine[" in text]
    assert len(hints) >= 8


def test_the_licence_is_mit_as_declared() -> None:
    """LICENSE is the MIT licence, and pyproject.toml declares it as an SPDX expression."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License\n")
