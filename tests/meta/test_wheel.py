"""The wheel built from this repository works alone: installed with no source tree beside it, it
reads the spec and the cards (issue #27), and it carries its licence and its metadata.

The wheel is built as a user would (``pip wheel . --no-deps``, from a copy of the files a build
reads, with build isolation: pip
fetches the build backend pyproject.toml names from the package registry), installed with
``--no-deps`` into a fresh venv in a temporary folder, and given this environment's
dependencies through a ``.pth`` line (site-packages read as a plain folder: this venv's own
editable install of rr is not loaded). About 20 s.
"""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import rr

REPO = Path(__file__).resolve().parents[2]


SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "rr", "spec")
"""What a build reads. They are copied into a fresh folder and built there: a build in the work
tree would leave build/ behind, whose stale files a later build could ship."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copyfile(REPO / name, source / name)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "-w", str(out), "--no-deps", "-q"],
        capture_output=True, text=True, timeout=600, cwd=out)
    assert build.returncode == 0, build.stdout + build.stderr
    [built] = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv holding only the wheel (and this venv's dependencies by a .pth line)."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home, with_pip=False)
    python = home / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                           "'purelib'))"], capture_output=True, text=True, check=True)
    Path(site.stdout.strip(), "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", str(wheel)], check=True, capture_output=True, timeout=300)
    yield home


def run_rr(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """The installed ``rr`` command, run from a folder with no source tree around it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(home / "bin" / "rr"), *argv], capture_output=True, text=True,
                          timeout=120, cwd=home, env=env)


def test_the_installed_wheel_prints_a_rule_and_a_card(installed: Path) -> None:
    """`rr spec RR-TURN-1` and `rr cards sevro` from the wheel print their texts; rr is the
    wheel's copy, not this checkout."""
    where = subprocess.run([str(installed / "bin" / "python"), "-c",
                            "import rr; print(rr.__file__)"], capture_output=True, text=True,
                           cwd=installed, check=True).stdout
    assert where.startswith(str(installed)), where
    rule = run_rr(installed, "spec", "RR-TURN-1")
    assert rule.returncode == 0, rule.stderr
    expected = (REPO / "spec" / "rules.md").read_text("utf-8")
    assert rule.stdout.startswith("## RR-TURN-1 — A turn is one Lead or one Scout\nSource: ")
    assert all(line in expected for line in rule.stdout.splitlines())
    assert "Passing is not possible." in rule.stdout
    card = run_rr(installed, "cards", "sevro")
    assert card.returncode == 0, card.stderr
    assert "Deploy: Banish the card directly under this one." in card.stdout
    assert "End-game bonus: 20 if with Victra, The Howlers, or a Red." in card.stdout
    listing = run_rr(installed, "spec")
    assert listing.returncode == 0 and "RULING-B8" in listing.stdout


def test_the_wheel_carries_the_spec_the_licence_and_its_metadata(wheel: Path) -> None:
    """The spec's files equal spec/ byte for byte; LICENSE ships; the name, the version and
    the SPDX licence are the ones the README and `rr --version` give."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        for name in ("rules.md", "rulings.md"):
            assert archive.read(f"rr/data/spec/{name}") == (REPO / "spec" / name).read_bytes()
        [licence] = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert archive.read(licence) == (REPO / "LICENSE").read_bytes()
        [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
        fields = email.message_from_bytes(archive.read(metadata))
    assert fields["Name"] == "red-rising-engine" and fields["Version"] == rr.__version__
    assert fields["License-Expression"] == "MIT"
    assert "rr/py.typed" in names and "rr/server/static/table.html" in names
    assert not [n for n in names if n.startswith(("spec/", "tests/", "examples/"))]
