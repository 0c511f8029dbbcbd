"""``rr serve``: the old name of ``rr stdio`` (JSON lines on stdin and stdout), deprecated.

It was one letter away from ``rr server`` (HTTP), so it was renamed in 0.1.0; the old name
runs ``rr stdio`` with a one-line note on stderr (stdout, the protocol's channel, is
untouched) and goes away in 0.2.0.
"""

from __future__ import annotations

import argparse
import sys

from rr.cli import stdio

NOTE = "rr serve: deprecated: this command is now rr stdio; rr serve goes away in 0.2.0"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("serve", help="deprecated: the old name of rr stdio (until 0.2.0)",
                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)


def run(args: argparse.Namespace) -> int:
    print(NOTE, file=sys.stderr, flush=True)
    return stdio.run(args)
