"""``rr sign --key PRIVATE LOG...``: sign game logs with an Ed25519 key (``rr keygen``).

Each LOG gets LOG.sig beside it: a signature over the file's exact bytes, which
``rr audit --key PUBLIC LOG`` checks before it audits the log. The log itself is not changed.
The log is not audited here: sign only logs you vouch for (``rr audit`` them first).
"""

from __future__ import annotations

import argparse

from rr.events import signing
from rr.untrusted import printable


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("sign", help="sign game logs (writes LOG.sig)", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", metavar="LOG", nargs="+", help="a .rrlog or .jsonl log")
    parser.add_argument("--key", metavar="PRIVATE", required=True,
                        help="the private key file (NAME.key from rr keygen)")


def run(args: argparse.Namespace) -> int:
    for path in args.logs:
        print(printable(f"{path}: signed, {signing.sign(path, args.key)}"))
    return 0
