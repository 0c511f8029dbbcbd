"""Another project's `rr` installed beside this one is named in a one-line warning (issue #27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rr.cli import main, namesake


def dist_info(folder: Path, name: str, version: str, summary: str) -> None:
    """An installed distribution's metadata, as pip writes it, in a folder on sys.path."""
    info = folder / f"{name}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.0\nName: {name}\nVersion: {version}\n"
                                   f"Summary: {summary}\n", "utf-8")


def test_runner_reloader_installed_here_is_warned_about(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The index's `rr` (Runner-Reloader) found among the installed distributions: one line
    on stderr naming it and the way out; the command still runs."""
    dist_info(tmp_path, "rr", "0.2.0", "Runner-Reloader for development")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["spec", "RR-TURN-1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("## RR-TURN-1 — ")
    [line] = captured.err.splitlines()
    assert "another project named rr" in line and "rr 0.2.0 (Runner-Reloader" in line
    assert "pip uninstall rr red-rising-engine" in line


def test_this_project_under_its_old_name_is_not_a_namesake(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A distribution named `rr` that is this project (installed before the rename) is not
    warned about; without any other `rr`, nothing is."""
    dist_info(tmp_path, "rr", "0.1.0", namesake.SUMMARY + " (Stonemaier Games).")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert namesake.namesakes() == [] and namesake.warning() is None
    assert main(["spec", "RR-TURN-1"]) == 0
    assert capsys.readouterr().err == ""
