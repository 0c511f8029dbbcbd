"""``rr server``: the game server, over HTTP and WebSocket (``rr.server``), with the web
table at / and the replay viewer at /replay.

Games are stored in ``--db``: a SQLite file (created if missing) or a PostgreSQL URL
(``pip install 'red-rising-engine[postgres]'``); several processes may serve one database.
``--key`` (a private key from ``rr keygen``) signs the logs it hands out. The port is taken
before anything is written, so a port in use changes nothing. It prints the address it
listens on (``--port 0``: a free port) and runs until interrupted (Ctrl-C or SIGTERM).

By default only this machine can reach it (127.0.0.1). To play from a phone or another
computer on your network, listen on every address, ``--host 0.0.0.0``, and open
http://THIS-MACHINE'S-ADDRESS:PORT there; anyone who can reach that address can then create
games on it. It answers only to this machine's names and the addresses it listens on
(``--allowed-hosts`` adds names, for a server reached by one). The routes are described in
examples/server/ in rr's source repository.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import socket
import sys
import traceback
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

from attrs import evolve

from rr.errors import BadInputError
from rr.seatkeys import SeatKey
from rr.server.expiry import DAYS
from rr.server.guards import CONNECTIONS, HEADER_BYTES, HEADERS, PER_ADDRESS, Guards
from rr.server.limits import GAMES_PER_HOUR, Limits
from rr.untrusted import printable

if TYPE_CHECKING:
    from rr.server.store import Store

DEFAULT_DB = "rr-games.sqlite"
LOCAL_HOST = "127.0.0.1"
LOOPBACK = ("127.0.0.1", "::1", "localhost")
"""Addresses only this machine can reach (127.0.0.0/8 is loopback too; these are the usual)."""
SWITCH_SECONDS = 0.0005
"""The interpreter's thread switch interval while serving (Python's default: 5 ms). Requests
hop from the event loop to the thread pool and back; with the default, the loop waits up to
5 ms for the lock of the interpreter at each hop (a cached view: 370 answers/s; with 0.5 ms:
770, measured with 100 clients on this 2-core machine)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "server", help="serve games and the web table over HTTP (games in SQLite or "
                       "PostgreSQL)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default=LOCAL_HOST,
                        help="the address to listen on (default %(default)s: this machine "
                             "only; 0.0.0.0: every address, for a phone on your network)")
    parser.add_argument("--port", type=int, default=8000,
                        help="the port (default %(default)s; 0: any free one)")
    parser.add_argument("--db", default=DEFAULT_DB,
                        help="a SQLite file or a postgresql:// URL (default %(default)s, in "
                             "the working folder)")
    parser.add_argument("--allow-agent", action="append", default=[], metavar="MODULE:CLASS",
                        help="let games name this agent for their bots, beside random and "
                             "greedy (repeatable): ismcts[:N] or your own "
                             "package.module:Class[:argument], imported now")
    parser.add_argument("--key", help="a private key (rr keygen) to sign the logs handed out "
                                      "(default: logs are not signed)")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                        help="full (the default): a choice is on disk before it is answered; "
                             "normal: faster, survives the process being killed but maybe "
                             "not a power cut")
    parser.add_argument("--rate", type=float, default=Limits().rate,
                        help="requests a second per token (burst: twice that; default "
                             "%(default)g); requests with tokens the server does not know: "
                             "a tenth of that per client address")
    parser.add_argument("--read-timeout", type=float, default=None, metavar="SECONDS",
                        help="how long a request may take to arrive, headers and body, before "
                             "the connection is closed (default 15)")
    parser.add_argument("--allowed-hosts", default="", metavar="NAMES",
                        help="host names the server answers to besides this machine's own "
                             "and the address it listens on (comma-separated; * for any): "
                             "a request under another name is refused (DNS rebinding)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="server processes taking connections on the one port (default "
                             "1); on PostgreSQL they use several cores at once (on SQLite "
                             "they take turns for the file's one write lock); not on Windows")
    parser.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
                        help="the reverse proxies whose X-Forwarded-For header is believed "
                             "(addresses or networks, comma-separated; * for any); default: "
                             "none, not even 127.0.0.1 (the limits count each connection's "
                             "own address)")
    parser.add_argument("--games-per-hour", type=float, default=GAMES_PER_HOUR, metavar="N",
                        help="new games an hour per client address (at once: as many; "
                             "default %(default)g); past it: 429")
    parser.add_argument("--expire-days", type=float, default=DAYS, metavar="DAYS",
                        help="a game not finished and unchanged this long is deleted (default "
                             "%(default)g; 0: never); a finished game is never deleted")
    parser.add_argument("--replay-cpu", type=float, default=Limits().replay_cpu,
                        metavar="SECONDS",
                        help="CPU seconds a second the replay viewer's requests from one "
                             "address may use (default %(default)g; at once: ten times that); "
                             "past it: 429")
    parser.add_argument("--webhooks-private", action="store_true",
                        help="let turn webhooks reach loopback, private, link-local and "
                             "reserved addresses (default: refused, so that no player can "
                             "make the server call into its own network; the same as "
                             "RR_WEBHOOKS_PRIVATE=1 in the environment)")
    parser.add_argument("--max-header-bytes", type=int, default=HEADER_BYTES, metavar="BYTES",
                        help="the most bytes of a request's line and headers (default "
                             "%(default)s); past it: 431, the connection closed")
    parser.add_argument("--max-headers", type=int, default=HEADERS, metavar="N",
                        help="the most headers of a request (default %(default)s); past it: "
                             "431")
    parser.add_argument("--max-connections", type=int, default=CONNECTIONS, metavar="N",
                        help="the most connections held at once, HTTP and WebSocket (default "
                             "%(default)s, under the usual open-file limit of 1,024); one more "
                             "is answered 503 and closed")
    parser.add_argument("--max-connections-per-address", type=int, default=PER_ADDRESS,
                        metavar="N",
                        help="the most connections held at once from one address (default "
                             "%(default)s; a proxy named by --forwarded-allow-ips has no such "
                             "limit); one more is answered 503 and closed")


def run(args: argparse.Namespace) -> int:
    # Imported here: the rest of rr's commands never load the web stack.
    import uvicorn

    from rr.agents.names import parse
    from rr.events.signing import signer
    from rr.server.bots import KINDS
    from rr.server.app import build
    from rr.server.expiry import Sweeper
    from rr.server.games import Games
    from rr.server.hosts import AllowedHosts, allowed
    from rr.server.openapi import document
    from rr.server.proxies import trusted
    from rr.server.store import open_store
    from rr.server.guards import guarded
    from rr.server.timeouts import KEEP_ALIVE_SECONDS, READ_SECONDS, timed_protocol
    from rr.server.webhooks import PRIVATE_ENV

    if not 0 < args.rate <= 1e6:
        raise BadInputError(f"--rate is a number of requests a second, not {args.rate}")
    read_seconds = READ_SECONDS if args.read_timeout is None else args.read_timeout
    if not 0 < read_seconds <= 3600:
        raise BadInputError(f"--read-timeout is a number of seconds above 0 (at most 3600), "
                            f"not {read_seconds:g}")
    if not 0 <= args.port <= 65535:
        raise BadInputError(f"--port is 0 to 65535, not {args.port}")
    if not 1 <= args.workers <= 64:
        raise BadInputError(f"--workers is a number of processes from 1 to 64, not "
                            f"{args.workers}")
    if args.workers > 1 and not hasattr(os, "fork"):
        raise BadInputError("--workers above 1 needs os.fork (not on Windows)")
    hosts = allowed(args.host, args.allowed_hosts.split(",") if args.allowed_hosts else ())
    if not 0 < args.games_per_hour <= 1e9:
        raise BadInputError(f"--games-per-hour is a number above 0, not {args.games_per_hour:g}")
    if not 0 <= args.expire_days <= 1e5:
        raise BadInputError(f"--expire-days is a number of days, 0 or more, not "
                            f"{args.expire_days:g}")
    if not 0 < args.replay_cpu <= 100:
        raise BadInputError(f"--replay-cpu is a number of seconds a second above 0 (at most "
                            f"100), not {args.replay_cpu:g}")
    proxies = trusted(args.forwarded_allow_ips)
    if args.webhooks_private:  # read by rr.server.webhooks, in every worker
        os.environ[PRIVATE_ENV] = "1"
    guards = _guards(args, proxies)
    agents = tuple(dict.fromkeys((*KINDS, *(parse(name) for name in args.allow_agent))))
    listener = _listen(args.host, args.port)  # first: a port in use leaves no file behind
    try:
        sign = signer(args.key) if args.key else None
        # The same key signs the bots' decisions in a signed game's log (issue #29).
        server_key = SeatKey.load(args.key) if args.key else None
        store = open_store(args.db, args.sqlite_sync.upper())
    except BaseException:
        listener.close()
        raise
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    where = "PostgreSQL" if args.db.startswith("postgres") else printable(args.db)
    print(f"rr server: listening on http://{shown}:{port} (games in {where}"
          f"{', logs signed' if sign else ''})", flush=True)
    if host in LOOPBACK:
        print("rr server: only this machine can reach it; for a phone or another computer on "
              "your network: rr server --host 0.0.0.0", flush=True)
    limits = evolve(Limits(), rate=args.rate, burst=2 * args.rate, guess_rate=args.rate / 10,
                    guess_burst=args.rate / 5, replay_cpu=args.replay_cpu,
                    create_rate=args.games_per_hour / 3600,
                    create_burst=max(1.0, args.games_per_hour))
    sys.setswitchinterval(SWITCH_SECONDS)
    _log_to_stderr()

    def serve(store: Store) -> None:
        games = Games(store, sign, agents, server_key)
        app = AllowedHosts(build(games, limits, openapi=document()), hosts | allowed(host))
        # Slow clients are cut off: a request must arrive whole in read_seconds, and a
        # connection idle after an answer is closed after KEEP_ALIVE_SECONDS
        # (rr.server.timeouts).
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                http=guarded(timed_protocol(read_seconds), guards),
                                h11_max_incomplete_event_size=guards.header_bytes,
                                timeout_keep_alive=KEEP_ALIVE_SECONDS,
                                proxy_headers=bool(proxies), forwarded_allow_ips=proxies)
        # Games never finished are deleted once unchanged long enough (rr.server.expiry).
        sweeper = Sweeper(store, args.expire_days, games.forget)
        sweeper.start()
        try:
            _serve(uvicorn.Server(config), listener, store)
        finally:
            sweeper.stop()

    if args.workers == 1:
        serve(store)
        return 0
    store.close()  # opened to check it; each worker opens its own after the fork
    return _workers(args.workers, lambda: serve(open_store(args.db, args.sqlite_sync.upper())))


def _guards(args: argparse.Namespace, proxies: list[str]) -> Guards:
    """The connection limits asked for, checked."""
    for name, value, least, most in (("--max-header-bytes", args.max_header_bytes, 1024, 2**24),
                                     ("--max-headers", args.max_headers, 10, 10_000),
                                     ("--max-connections", args.max_connections, 1, 1_000_000),
                                     ("--max-connections-per-address",
                                      args.max_connections_per_address, 1, 1_000_000)):
        if not least <= value <= most:
            raise BadInputError(f"{name} is a number from {least} to {most}, not {value}")
    return Guards(args.max_header_bytes, args.max_headers, args.max_connections,
                  args.max_connections_per_address, tuple(proxies))


def _serve(server: Any, listener: socket.socket, store: Store) -> None:
    """Run ``server`` (uvicorn's) on ``listener`` until Ctrl-C or SIGTERM, then close
    ``store``."""
    # SIGTERM stops the server as Ctrl-C does: uvicorn stops taking connections and lets the
    # requests in hand finish (a choice is answered once committed), then raises the signal
    # again, which here ends the run instead of the process, so that the store is closed: its
    # group commit commits what it was handed (rr.server.commits) before the exit (status 0).
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        server.run(sockets=[listener])
    except _Terminated:
        pass
    finally:
        store.close()
        signal.signal(signal.SIGTERM, previous)


def _workers(count: int, serve: Callable[[], None]) -> int:
    """Fork ``count`` processes each running ``serve()`` (on the listening socket they
    inherit); SIGTERM and SIGINT are passed on to them; 0 once all have ended well."""
    children: list[int] = []
    for _ in range(count):
        pid = os.fork()
        if pid == 0:  # a worker
            code = 1
            try:
                serve()
                code = 0
            except KeyboardInterrupt:
                code = 0
            except BaseException:  # noqa: BLE001 - said, and the worker ends with status 1
                traceback.print_exc()
            finally:
                os._exit(code)
        children.append(pid)

    def pass_on(signum: int, frame: FrameType | None) -> None:
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGTERM)
    signal.signal(signal.SIGTERM, pass_on)
    signal.signal(signal.SIGINT, pass_on)  # Ctrl-C reaches the workers too: they stop
    failed = 0
    for child in children:
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except InterruptedError:
                continue
        failed += os.waitstatus_to_exitcode(status) != 0
    return 0 if failed == 0 else 1


class _Terminated(Exception):
    """SIGTERM was received (see :func:`run`)."""


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise _Terminated


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
