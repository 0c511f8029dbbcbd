"""``rr audit LOG``: re-adjudicate a game log (re-run the rules over its recorded decisions and
random outcomes, and compare every event).

Exit status: 0 when every record matches (one summary line); 1 at the first divergence, with
a report of the record number, what the log says, what the rules say and the rule or card
that decides it, or when a signature does not verify (--key); 2 for a log that cannot be read
(bad header, broken hash chain, truncated record, unknown event tag, a missing signature),
naming the problem; 3 if the rules themselves fail (a bug in rr).

Signatures. With --key PUBLIC, every LOG must carry LOG.sig (written by ``rr sign``) and the
key must verify it over the file's exact bytes before the log is audited; one byte changed
anywhere fails. What each check proves is in docs/ARCHITECTURE.md, "Threat model".

Random outcomes. A game rr played (a binary ``.rrlog``, or a text log whose header says
``"outcomes": "seed"``, as rr's writer does) is also played again live from its header's
seed: every shuffle, die roll and random pick must be the one that seed draws (draw n of seed
s uses ``Random(f"{s}:{n}")``), else the audit stops at that record with exit 1. A log typed
in from a physical game (the ``.jsonl`` text form, see examples/README.md) takes its deck
order and die rolls as recorded observations, and the report says so.
"""

from __future__ import annotations

import argparse
import json
import sys

from rr.cli import silence_stdout
from rr.oracle.audit import Verdict, audit_file


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "audit", help="re-adjudicate a game log against the rules",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", metavar="LOG", nargs="+",
                        help="a .rrlog (binary) or .jsonl (text) log; several may be given")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per log, one per line")
    parser.add_argument("--key", metavar="PUBLIC", default=None,
                        help="a public key (rr keygen): each LOG must carry a signature "
                             "(LOG.sig, made by rr sign) that this key verifies over the "
                             "file's exact bytes; exit 1 if it does not")


def run(args: argparse.Namespace) -> int:
    worst = 0
    printing = True
    for path in args.logs:
        report = audit_file(path, args.key)
        worst = max(worst, report.exit_code)
        if args.json and printing:
            printing = _say(json.dumps(report.as_json()))
        elif report.verdict is Verdict.UNREADABLE:
            print(f"rr audit: error: {report.summary()}", file=sys.stderr)
        elif printing:
            printing = _say("\n".join(report.lines()))
    return worst


def _say(text: str) -> bool:
    """Print ``text``; ``False`` once stdout's reader has gone away (the audit goes on, so
    the exit status is still the verdict)."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        silence_stdout()
        return False
    return True
