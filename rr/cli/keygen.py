"""``rr keygen NAME``: a new Ed25519 key pair for signing logs.

Writes NAME.key (the private key, PKCS#8 PEM, mode 0600: keep it secret) and NAME.pub (the
public key, PEM: hand it to whoever audits your logs), and prints the key's fingerprint.
Never overwrites a key. The Ed25519 is the ``cryptography`` package's (a run-time
dependency).
"""

from __future__ import annotations

import argparse

from rr.events import signing
from rr.untrusted import printable


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("keygen", help="make an Ed25519 key pair for signing logs",
                            description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", metavar="NAME", help="writes NAME.key and NAME.pub")


def run(args: argparse.Namespace) -> int:
    private, public, fingerprint = signing.keygen(args.name)
    print(printable(f"key {fingerprint}: private key {private} (keep it secret), public key "
                    f"{public}"))
    return 0
