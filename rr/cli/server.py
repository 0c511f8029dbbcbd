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
import socket
import sys

from attrs import evolve

from rr.errors import BadInputError
from rr.server.limits import Limits

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
    parser.add_argument("--allow-agent", action="append", default=[], metavar="MODULE:CLASS",
                        help="let games name this agent for their bots, beside random and "
                             "greedy (repeatable): ismcts[:N] or your own "
                             "package.module:Class[:argument], imported now")
    parser.add_argument("--key", help="a private key (rr keygen) to sign the logs handed out")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                        help="full (default): a choice is on disk before it is answered; "
                             "normal: faster, survives the process being killed but maybe "
                             "not a power cut")
    parser.add_argument("--rate", type=float, default=Limits().rate,
                        help="requests a second per token (burst: twice that; default "
                             "%(default)g)")


def run(args: argparse.Namespace) -> int:
    # Imported here: the rest of rr's commands never load the web stack.
    import uvicorn

    from rr.agents.names import parse
    from rr.events.signing import signer
    from rr.server.bots import KINDS
    from rr.server.app import build
    from rr.server.games import Games
    from rr.server.openapi import document
    from rr.server.store import open_store

    if not 0 < args.rate <= 1e6:
        raise BadInputError(f"--rate is a number of requests a second, not {args.rate}")
    if not 0 <= args.port <= 65535:
        raise BadInputError(f"--port is 0 to 65535, not {args.port}")
    agents = tuple(dict.fromkeys((*KINDS, *(parse(name) for name in args.allow_agent))))
    sign = signer(args.key) if args.key else None
    store = open_store(args.db, args.sqlite_sync.upper())
    listener = _listen(args.host, args.port)
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    where = "PostgreSQL" if args.db.startswith("postgres") else args.db
    print(f"rr server: listening on http://{shown}:{port} (games in {where}"
          f"{', logs signed' if sign else ''})", flush=True)
    limits = evolve(Limits(), rate=args.rate, burst=2 * args.rate)
    app = build(Games(store, sign, agents), limits, openapi=document())
    sys.setswitchinterval(SWITCH_SECONDS)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        store.close()
    return 0


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
