"""``rr stdio``: the rr protocol as JSON lines over stdin and stdout.

Each line read is one request (a JSON object); each line written is its response, in the same
order, flushed at once. Blank lines are skipped. A bad line (not JSON, an unknown op, an
illegal choice) gets an error response and the loop goes on; end of input ends it (exit 0).
The requests, the responses and every op are described in ``rr.protocol``; a worked session
is in examples/protocol.md in rr's source repository. (Its HTTP sibling is ``rr server``.
``rr serve`` is this command's old name, kept until 0.2.0.)

    $ echo '{"id": 1, "op": "new", "players": ["Ana", "Bo"], "seed": 7}' | rr stdio
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import IO

from rr.protocol import Session


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser(
        "stdio", help="play games over JSON lines on stdin/stdout (for non-Python front-ends)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)


def run(args: argparse.Namespace) -> int:
    session = Session()
    for line in _lines(sys.stdin):
        if not line.strip():
            continue
        sys.stdout.write(session.handle_line(line) + "\n")
        sys.stdout.flush()
    return 0


def _lines(stream: IO[str]) -> Iterator[str | bytes]:
    """The input's lines, as bytes when the stream has a binary buffer (so a line that is not
    UTF-8 gets an error response instead of ending the loop)."""
    source: IO[bytes] | IO[str] = getattr(stream, "buffer", stream)
    while True:
        line = source.readline()
        if not line:
            return
        yield line
