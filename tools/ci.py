"""The test suite as CI runs it, in stages that answer early: ``python -m tools.ci``.

1. **lint** — ``ruff check`` (the rules ``pyproject.toml`` chooses) over the package, the
   tests, the fuzzers, the tools and the examples, then ``mypy --strict`` over ``rr/``;
2. **quick** — every test not marked ``slow`` (``conftest.py``), on pytest-xdist workers, a
   test file to a worker (``--dist loadfile``: a file's fixtures and order stay together);
3. **slow** — the tests marked ``slow`` (Chromium, PostgreSQL, mypy-free builds of the wheel
   and the API reference, many-game runs), on workers in the same way.

The first stage that fails stops the run: a typo is reported after the lint stage's minute,
not behind Chromium. Each stage prints its time and the machine's load average (on a shared
machine, the figure a time is read against). ``--from STAGE`` starts at a later stage and
``--only STAGE`` runs one; ``--workers N`` sets the number of pytest workers (default 2).
The exit status is the failing stage's, or 0.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

__all__ = ["LINTED", "Stage", "main", "run", "stages"]

ROOT = Path(__file__).resolve().parents[1]
LINTED = ("rr", "tests", "fuzz", "tools", "examples", "conftest.py", "setup.py")
"""What ruff checks: the package, the tests, the fuzzers, the tools, the examples."""


@dataclass(frozen=True)
class Stage:
    """A stage of the run: its name and the commands it runs, in order, each of which must
    succeed (exit 0)."""

    name: str
    commands: tuple[tuple[str, ...], ...]


def stages(python: str = sys.executable, workers: int = 2) -> list[Stage]:
    """The stages of CI, in their order: lint, quick, slow."""
    pytest = (python, "-m", "pytest", "-p", "no:cacheprovider")
    parallel = ("-n", str(workers), "--dist", "loadfile") if workers > 1 else ()
    return [
        Stage("lint", ((python, "-m", "ruff", "check", "--no-cache", *LINTED),
                       (python, "-m", "mypy", "--strict", "--no-error-summary",
                        "--config-file", "pyproject.toml", "rr"))),
        Stage("quick", ((*pytest, "-m", "not slow", *parallel),)),
        Stage("slow", ((*pytest, "-m", "slow", *parallel),)),
    ]


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # no load average on this platform
        return "load average unknown"
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def run(chosen: Sequence[Stage], cwd: Path = ROOT, out: TextIO = sys.stdout) -> int:
    """Run CHOSEN in order, stopping at the first failing command; its exit status, or 0.

    Before and after each stage, one line: its name, its time and the load average."""
    started = time.monotonic()
    for stage in chosen:
        print(f"ci: {stage.name} starts ({_load()})", file=out, flush=True)
        begun = time.monotonic()
        for command in stage.commands:
            status = subprocess.run(command, cwd=cwd, check=False).returncode
            if status != 0:
                print(f"ci: {stage.name} FAILED (exit {status}) after "
                      f"{time.monotonic() - begun:.0f} s ({_load()}): {' '.join(command)}; "
                      "later stages not run", file=out, flush=True)
                return status
        print(f"ci: {stage.name} passed in {time.monotonic() - begun:.0f} s ({_load()})",
              file=out, flush=True)
    print(f"ci: all {len(chosen)} stage(s) passed in {time.monotonic() - started:.0f} s",
          file=out, flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    names = [stage.name for stage in stages()]
    parser = argparse.ArgumentParser(prog="python -m tools.ci", description=__doc__.split("\n")[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--from", dest="start", choices=names, help="start at this stage")
    which.add_argument("--only", choices=names, help="run this stage alone")
    parser.add_argument("--workers", type=int, default=2,
                        help="pytest-xdist workers for the test stages (1: no xdist)")
    args = parser.parse_args(argv)
    every = stages(workers=args.workers)
    if args.only:
        every = [stage for stage in every if stage.name == args.only]
    elif args.start:
        every = every[names.index(args.start):]
    return run(every)


if __name__ == "__main__":
    sys.exit(main())
