"""``rr server``: the game server, over HTTP and WebSocket (``rr.server``).

    rr server [--host 127.0.0.1] [--port 8000] [--db PATH | postgresql://...] [--key KEY]

Games are stored in ``--db``: a SQLite file (default ``rr-games.sqlite`` in the working
folder, created if missing) or a PostgreSQL URL (``pip install 'rr[postgres]'``). Several
processes may serve one database. ``--key`` (a private key from ``rr keygen``) signs the logs
it hands out. It prints the address it listens on (``--port 0``: a free port), and runs
until interrupted (Ctrl-C or SIGTERM). The routes are in ``examples/server/``.
"""

from __future__ import annotations

import argparse
import logging
import socket
import sys

from attrs import evolve

from rr.errors import BadInputError
from rr.server.limits import Limits
from rr.untrusted import printable

DEFAULT_DB = "rr-games.sqlite"
SWITCH_SECONDS = 0.0005
"""The interpreter's thread switch interval while serving (Python's default: 5 ms). Requests
hop from the event loop to the thread pool and back; with the default, the loop waits up to
5 ms for the lock of the interpreter at each hop (a cached view: 370 answers/s; with 0.5 ms:
770, measured with 100 clients on this 2-core machine)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "server", help="serve games over HTTP and WebSocket (stored in SQLite or PostgreSQL)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    parser.add_argument("--db", default=DEFAULT_DB,
                        help=f"a SQLite file or a postgresql:// URL (default {DEFAULT_DB})")
    parser.add_argument("--key", help="a private key (rr keygen) to sign the logs handed out")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                        help="full (default): a choice is on disk before it is answered; "
                             "normal: faster, survives the process being killed but maybe "
                             "not a power cut")
    parser.add_argument("--rate", type=float, default=Limits().rate,
                        help="requests a second per token (burst: twice that; default "
                             "%(default)g); requests with tokens the server does not know: "
                             "a tenth of that per client address")
    parser.add_argument("--read-timeout", type=float, default=None, metavar="SECONDS",
                        help="how long a request may take to arrive, headers and body, before "
                             "the connection is closed (default 15)")


def run(args: argparse.Namespace) -> int:
    # Imported here: the rest of rr's commands never load the web stack.
    import uvicorn

    from rr.events.signing import signer
    from rr.server.app import build
    from rr.server.games import Games
    from rr.server.openapi import document
    from rr.server.store import open_store
    from rr.server.timeouts import KEEP_ALIVE_SECONDS, READ_SECONDS, timed_protocol

    if not 0 < args.rate <= 1e6:
        raise BadInputError(f"--rate is a number of requests a second, not {args.rate}")
    read_seconds = READ_SECONDS if args.read_timeout is None else args.read_timeout
    if not 0 < read_seconds <= 3600:
        raise BadInputError(f"--read-timeout is a number of seconds above 0 (at most 3600), "
                            f"not {read_seconds:g}")
    if not 0 <= args.port <= 65535:
        raise BadInputError(f"--port is 0 to 65535, not {args.port}")
    sign = signer(args.key) if args.key else None
    store = open_store(args.db, args.sqlite_sync.upper())
    listener = _listen(args.host, args.port)
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    where = "PostgreSQL" if args.db.startswith("postgres") else printable(args.db)
    print(f"rr server: listening on http://{shown}:{port} (games in {where}"
          f"{', logs signed' if sign else ''})", flush=True)
    limits = evolve(Limits(), rate=args.rate, burst=2 * args.rate, guess_rate=args.rate / 10,
                    guess_burst=args.rate / 5)
    app = build(Games(store, sign), limits, openapi=document())
    sys.setswitchinterval(SWITCH_SECONDS)
    _log_to_stderr()
    # Slow clients are cut off: a request must arrive whole in read_seconds, and a connection
    # idle after an answer is closed after KEEP_ALIVE_SECONDS (rr.server.timeouts).
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                            http=timed_protocol(read_seconds),
                            timeout_keep_alive=KEEP_ALIVE_SECONDS)
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        store.close()
    return 0


def _log_to_stderr() -> None:
    """The server's own log (a failure of rr's, with its traceback: rr.server.errors) goes
    to stderr, one record after another, each starting "rr server:"."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("rr server: %(message)s"))
    log = logging.getLogger("rr.server")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def _listen(host: str, port: int) -> socket.socket:
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # IPPROTO_TCP spelled out: asyncio sets TCP_NODELAY only on sockets that say so, and
        # without it every keep-alive answer waits 40 ms for a delayed ACK (Nagle).
        listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except (OSError, OverflowError) as err:
        raise BadInputError(f"cannot listen on {host}:{port}: "
                            f"{getattr(err, 'strerror', None) or err}") from None
    listener.set_inheritable(True)
    return listener
