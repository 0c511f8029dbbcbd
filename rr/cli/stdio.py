"""``rr stdio``: the rr protocol as JSON lines over stdin and stdout.

Each line read is one request (a JSON object); each line written is its response, in the same
order, flushed at once. Blank lines are skipped. A line longer than 8 MiB
(``rr.protocol.MAX_REQUEST_BYTES``) is skipped without being held whole and answered with a
``RequestTooLargeError``. A bad line (not JSON, an unknown op, an
illegal choice) gets an error response and the loop goes on; end of input ends it (exit 0).
The requests, the responses and every op are described in ``rr.protocol``; a worked session
is in examples/protocol.md in rr's source repository. (Its HTTP sibling is ``rr server``.
Its old name ``rr serve``, deprecated in 0.1.0, is gone since 0.2.0.)

    $ echo '{"id": 1, "op": "new", "players": ["Ana", "Bo"], "seed": 7}' | rr stdio
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import IO

from rr.protocol import MAX_REQUEST_BYTES, Session, too_long


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser(
        "stdio", help="play games over JSON lines on stdin/stdout (for non-Python front-ends)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)


def run(args: argparse.Namespace) -> int:
    session = Session()
    for line in _lines(sys.stdin):
        if line is None:
            answer = too_long()
        elif not line.strip():
            continue
        else:
            answer = session.handle_line(line)
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


def _lines(stream: IO[str], limit: int = MAX_REQUEST_BYTES) -> Iterator[str | bytes | None]:
    """The input's lines, as bytes when the stream has a binary buffer (so a line that is not
    UTF-8 gets an error response instead of ending the loop); ``None`` for a line longer
    than ``limit``, read to its end in pieces and dropped (never held whole)."""
    source: IO[bytes] | IO[str] = getattr(stream, "buffer", stream)
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and line[-1:] not in ("\n", b"\n"):
            while (rest := source.readline(PIECE)) and rest[-1:] not in ("\n", b"\n"):
                pass
            yield None
            continue
        yield line


PIECE = 1 << 16
"""How much of a line too long is read at a time while it is skipped."""
