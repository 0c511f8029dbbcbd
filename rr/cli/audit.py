"""``rr audit LOG``: re-adjudicate a game log (re-run the rules over its recorded decisions and
random outcomes, and compare every event).

Exit status: 0 when every record matches (one summary line); 1 at the first divergence, with
a report of the record number, what the log says, what the rules say and the rule or card
that decides it, or when a signature does not verify (--key) or a seat did not sign
(--seats); 2 for a log that cannot be read
(bad header, broken hash chain, truncated record, unknown event tag, a missing signature),
naming the problem; 3 if the rules themselves fail (a bug in rr).

Seats. The report says whether the seats signed their decisions (a signed game of rr server,
issue #29) and how the seed was dealt. With --seats, every person's decision must be signed
by the key its seat registered, every bot's by the server's key (when the log names one), and
the seed must be the one derived from the server's revealed secret and the seats'
contributions; else exit 1, naming the first decision (record, seat, player) that is
unsigned, mis-signed or signed by another key. A log without seat keys fails --seats.

Signatures. With --key PUBLIC, every LOG must carry LOG.sig (written by ``rr sign``) and the
key must verify it over the file's exact bytes before the log is audited; one byte changed
anywhere fails. What each check proves is in docs/ARCHITECTURE.md, "Threat model".

Random outcomes. A game rr played (a binary ``.rrlog``, or a text log whose header says
``"outcomes": "seed"``, as rr's writer does) is also played again live from its header's
seed: every shuffle, die roll and random pick must be the one that seed draws (draw n of seed
s uses ``Random(f"{s}:{n}")``), else the audit stops at that record with exit 1. A log typed
in from a physical game (the ``.jsonl`` text form, see examples/README.md in rr's source
repository) takes its deck order and die rolls as recorded observations, and the report says so.
A log of this rr's version whose record 0 holds no commitment to a seed (whatever origin it
claims), or a binary log saying its outcomes were made at a table, has randomness the audit
cannot check: exit 1, saying so, unless --accept-unseeded (then clean, and said). Logs from
before commitments keep their meaning.

Many logs. LOG may be a folder: every ``*.rrlog`` and ``*.jsonl`` in it, by name. Several
logs are audited by worker processes, one per core (``--workers N``; 1: none), with a progress bar
on a terminal; the reports are printed in the order of the logs, exactly as one process would
print them, and the exit status is the worst of them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from rr.cli import silence_stdout
from rr.cli.options import positive_int
from rr.cli.simulate import terminated
from rr.oracle.audit import AuditReport, Verdict, audit_file
from rr.oracle.regress import corpus
from rr.simulate import worker_signals
from rr.untrusted import printable


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "audit", help="re-adjudicate a game log against the rules",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", metavar="LOG", nargs="+",
                        help="a .rrlog (binary) or .jsonl (text) log, or a folder of them; "
                             "several may be given")
    parser.add_argument("--workers", type=positive_int, default=None, metavar="N",
                        help="processes (default: one per core; 1: no workers)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per log, one per line")
    parser.add_argument("--seats", action="store_true",
                        help="the seats' check (issue #29): every person's decision signed by "
                             "its seat's registered key, the bots' by the server's, and the "
                             "seed derived as recorded; exit 1 naming the first decision "
                             "(record, seat, player) that is not")
    parser.add_argument("--accept-unseeded", action="store_true",
                        help="accept a log whose record 0 holds no commitment to a seed (its "
                             "random outcomes taken as recorded, and said); without it, such "
                             "a log of this rr's version exits 1")
    parser.add_argument("--key", metavar="PUBLIC", default=None,
                        help="a public key (rr keygen): each LOG must carry a signature "
                             "(LOG.sig, made by rr sign) that this key verifies over the "
                             "file's exact bytes; exit 1 if it does not")


def logs_of(names: Sequence[str]) -> list[Path]:
    """The logs named: a file as given, a folder as every log in it (sorted by name)."""
    return [p for name in names
            for p in (corpus(name) if Path(name).is_dir() else [Path(name)])]


def audit_all(paths: Sequence[Path], key: str | None, workers: int,
              seats: bool = False, accept_unseeded: bool = False) -> Iterator[AuditReport]:
    """The report of each log, in the order of ``paths``, from ``workers`` processes."""
    if workers == 1 or len(paths) < 2:
        for path in paths:
            yield audit_file(path, key, seats, accept_unseeded)
        return
    # A Pool terminated on the way out of the ``with`` (Ctrl-C, SIGTERM, a closed pipe): no
    # worker outlives the command. imap keeps the order of the logs.
    with multiprocessing.Pool(min(workers, len(paths)), initializer=worker_signals) as pool:
        yield from pool.imap(_audit, [(path, key, seats, accept_unseeded) for path in paths])


def _audit(job: tuple[Path, str | None, bool, bool]) -> AuditReport:
    return audit_file(*job)


def run(args: argparse.Namespace) -> int:
    paths = logs_of(args.logs)
    workers = args.workers or os.cpu_count() or 1
    signal.signal(signal.SIGTERM, terminated)
    console = Console(stderr=True)
    with Progress(TextColumn("audit"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=args.json or len(paths) < 2 or not console.is_terminal) as progress:
        task = progress.add_task("logs", total=len(paths))
        return _report(audit_all(paths, args.key, workers, args.seats, args.accept_unseeded),
                       args.json,
                       lambda: progress.advance(task))


def _report(reports: Iterator[AuditReport], as_json: bool, advance: Callable[[], None]) -> int:
    worst = 0
    printing = True
    for report in reports:
        advance()
        worst = max(worst, report.exit_code)
        if as_json and printing:
            printing = _say(json.dumps(report.as_json()))
        elif report.verdict is Verdict.UNREADABLE:
            print(f"rr audit: error: {printable(report.summary())}", file=sys.stderr)
        elif printing:
            printing = _say("\n".join(printable(line) for line in report.lines()))
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
