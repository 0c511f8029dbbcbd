"""The tests install Debian packages only as root, and say so; otherwise they skip, saying why."""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests import system_packages


class Reporter:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_line(self, text: str) -> None:
        self.lines.append(text)


class Plugins:
    def __init__(self, reporter: Reporter) -> None:
        self.reporter = reporter

    def get_plugin(self, name: str) -> object:
        return self.reporter if name == "terminalreporter" else None


class Config:
    def __init__(self) -> None:
        self.pluginmanager = Plugins(Reporter())


def test_without_root_nothing_is_installed_and_the_reason_names_root_and_packages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Not root: no apt-get is run, nothing is printed, and the skip reason says what is
    needed and that only root can install it."""
    ran: list[list[str]] = []
    monkeypatch.setattr(system_packages.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(system_packages.subprocess, "run", lambda c, **_: ran.append(c))
    config = Config()
    why = system_packages.apt_install(config, ("chromium", "chromium-driver"), "BROWSER TESTS")
    assert ran == [] and config.pluginmanager.reporter.lines == []
    assert why is not None and why.startswith("BROWSER TESTS SKIPPED")
    assert "chromium chromium-driver" in why and "only root" in why


def test_as_root_the_install_is_announced_and_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Root: a line before apt-get runs and one after, naming the packages; update, then
    install -y of exactly those packages."""
    ran: list[list[str]] = []

    def run(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(system_packages.os, "geteuid", lambda: 0)
    monkeypatch.setattr(system_packages.shutil, "which", lambda _: "/usr/bin/apt-get")
    monkeypatch.setattr(system_packages.subprocess, "run", run)
    config = Config()
    assert system_packages.apt_install(config, ("postgresql",), "POSTGRESQL TESTS") is None
    assert ran == [["apt-get", "update", "-q"],
                   ["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "-q",
                    "postgresql"]]
    before, after = config.pluginmanager.reporter.lines
    assert "installing the Debian package(s) postgresql with apt-get" in before
    assert after.startswith("rr tests: installed postgresql in ")


def test_a_failed_install_is_said_and_skips_with_apt_gets_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """apt-get failing: the failure is printed and becomes the skip reason, with its output."""
    monkeypatch.setattr(system_packages.os, "geteuid", lambda: 0)
    monkeypatch.setattr(system_packages.shutil, "which", lambda _: "/usr/bin/apt-get")
    monkeypatch.setattr(system_packages.subprocess, "run", lambda c, **_: (
        subprocess.CompletedProcess(c, 100, "", "E: Unable to locate package chromium")))
    config = Config()
    why = system_packages.apt_install(config, ("chromium",), "BROWSER TESTS")
    assert why is not None and "apt-get update -q failed" in why and "Unable to locate" in why
    assert config.pluginmanager.reporter.lines[-1] == "rr tests: apt-get update -q failed"


def test_workers_install_one_at_a_time_and_a_waiting_one_finds_the_package(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Two test processes (xdist workers; threads here, each opening the lock file) missing
    the same package: the first installs it under the lock, the second waits, then finds it
    present and runs no apt-get of its own."""
    installed: list[str] = []
    ran: list[list[str]] = []

    def run(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        time.sleep(0.3)  # long enough for the other thread to reach the lock
        if "install" in command:
            installed.append("postgresql")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(system_packages, "LOCK", tmp_path / "apt.lock")
    monkeypatch.setattr(system_packages.os, "geteuid", lambda: 0)
    monkeypatch.setattr(system_packages.shutil, "which", lambda _: "/usr/bin/apt-get")
    monkeypatch.setattr(system_packages.subprocess, "run", run)
    answers: list[str | None] = []

    def worker() -> None:
        answers.append(system_packages.apt_install(
            Config(), ("postgresql",), "POSTGRESQL TESTS", present=lambda: bool(installed)))

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert answers == [None, None]
    assert [command[-1] for command in ran] == ["-q", "postgresql"]  # one update, one install
