"""Whether a change leaves the logs byte-identical: ``python -m tools.same_logs [--base REV]
[--keep DIR] [--digests]``.

Writes the standard set of logs (:data:`RUNS`: 86 games of 2, 3, 4 and 6 players and solo, by
random and greedy agents, each ``rr simulate`` with ``--workers 1``) twice: once with the
``rr`` of git revision ``--base`` (default ``main``), checked out in a temporary worktree, and
once with the ``rr`` of this working tree; then compares them file by file and byte by byte.
Prints each log that differs (or is missing) and exits 1 if any does, 0 if all are the same.
A change meant only to make rr faster (issue #32) must leave every log as it was.

``--digests`` writes nothing of the base: it prints the SHA-256 of each log of this working
tree as JSON, the form ``tests/oracle/data/log_digests.json`` keeps (a smaller set, for the
test suite: see ``tests/oracle/test_same_logs.py``).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("random-2", ("--games", "15", "--players", "2", "--seed", "100")),
    ("random-4", ("--games", "15", "--players", "4", "--seed", "100")),
    ("random-6", ("--games", "15", "--players", "6", "--seed", "100")),
    ("greedy-4", ("--games", "10", "--players", "4", "--seed", "200",
                  "--agents", "greedy,random")),
    ("solo-random", ("--games", "15", "--solo", "--level", "2", "--seed", "300")),
    ("solo-greedy", ("--games", "10", "--level", "5", "--seed", "400", "--agents", "greedy")),
    ("random-3", ("--games", "6", "--players", "3", "--seed", "500", "--ruleset", "official")),
)
"""Each folder of the set and the ``rr simulate`` arguments that write it."""


def write_logs(source: Path, out: Path) -> list[Path]:
    """The set of logs written by the ``rr`` whose source is in ``source``, into ``out``."""
    env = dict(os.environ, PYTHONPATH=str(source))  # that checkout's rr, before any installed
    for folder, arguments in RUNS:
        subprocess.run([sys.executable, "-m", "rr", "simulate", *arguments, "--workers", "1",
                        "--out", str(out / folder)],
                       cwd=source, env=env, check=True, stdout=subprocess.DEVNULL)
    return sorted(p.relative_to(out) for p in out.rglob("*.rrlog"))


def differences(base: Path, new: Path) -> list[str]:
    """The logs of ``base`` and ``new`` (two folders of the set) that are not the same."""
    names = {p.relative_to(base) for p in base.rglob("*.rrlog")}
    names |= {p.relative_to(new) for p in new.rglob("*.rrlog")}
    out = []
    for name in sorted(names):
        a, b = base / name, new / name
        if not a.exists() or not b.exists():
            out.append(f"{name}: only in {'the base' if a.exists() else 'this tree'}")
        elif not filecmp.cmp(a, b, shallow=False):
            out.append(f"{name}: differs")
    return out


def _checkout(revision: str, into: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(into), revision], check=True)


def _remove(worktree: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)],
                   check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.same_logs",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the git revision to compare with")
    parser.add_argument("--keep", type=Path, help="write both sets under this folder and "
                                                  "keep them (default: a temporary folder)")
    parser.add_argument("--digests", action="store_true",
                        help="print the SHA-256 of each log of this tree as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="same-logs-") as scratch:
        place = args.keep or Path(scratch)
        if args.digests:
            names = write_logs(ROOT, place / "new")
            print(json.dumps({str(n): hashlib.sha256((place / "new" / n).read_bytes())
                              .hexdigest() for n in names}, indent=1, sort_keys=True))
            return 0
        worktree = Path(scratch) / "base-source"
        _checkout(args.base, worktree)
        try:
            count = len(write_logs(worktree, place / "base"))
        finally:
            _remove(worktree)
        write_logs(ROOT, place / "new")
        differ = differences(place / "base", place / "new")
    for line in differ:
        print(line)
    print(f"{count} logs of {args.base}: "
          + (f"{len(differ)} not the same in this tree" if differ
             else "every one byte-identical in this tree"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
