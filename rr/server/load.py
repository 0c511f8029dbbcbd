"""The load script: N concurrent games played by bot clients against real ``rr server``
processes on 127.0.0.1, for a bounded time; prints choices/s and latency percentiles.

    python -m rr.server.load --games 100 --db sqlite --seconds 20 [--processes 2]
    python -m rr.server.load --games 100 --db postgresql://postgres@127.0.0.1:5432/rr

It starts ``--processes`` servers itself (``rr server --port 0``, rate limits lifted) on one
database — a fresh SQLite file in a temporary folder for ``--db sqlite``, or the PostgreSQL
URL given, whose host must be this machine — and stops them when done. Each game is played
by one client coroutine on its own keep-alive connection: two seats, random legal options;
the seat that decides reads its view when the last answer was another seat's (a read), then
chooses (a choice). A finished game is replaced by a new one. Games are spread over the
processes (game *i* on process *i mod N*, as a sticky load balancer would), or, with
``--alternate``, every request goes to the next process in turn (the worst case: each
process must catch up on the other's choices). Nothing is sent to any other address; every
loop stops at the deadline.

It also prints the CPU time the servers and the client spent per request (reads and choices
together; from /proc), which the machine's other load does not change as much as the rates.

The client is a minimal HTTP/1.1 client on asyncio streams (no dependency beyond the
server's: on uvloop and reading JSON with orjson where they are installed, as the server
does); it runs in this process, apart from the servers, but on the same machine, so on a
small machine it competes with them for the cores: the figures are a floor. Its own CPU time
a request is printed beside the servers'.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from attrs import define, field

from rr.server.errors import LoadError
from rr.server.http import dumps

try:
    from orjson import loads
except ImportError:  # the standard library's, where orjson is missing
    from json import loads  # type: ignore[assignment]

START_SECONDS = 60.0
LISTENING = re.compile(r"listening on http://127\.0\.0\.1:(\d+)")


@define
class Figures:
    choices: list[float] = field(factory=list)
    """The latency of each choice, in seconds."""
    reads: list[float] = field(factory=list)
    games: int = 0
    """Games played to their end."""
    errors: int = 0


class _Connection:
    """One keep-alive HTTP/1.1 connection to a server on 127.0.0.1."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, token: str | None = None,
                      body: Any = None) -> tuple[int, Any]:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self._reader is not None
        data = b"" if body is None else dumps(body)
        head = [f"{method} {path} HTTP/1.1", f"host: 127.0.0.1:{self.port}",
                f"content-length: {len(data)}", "content-type: application/json"]
        if token:
            head.append(f"authorization: Bearer {token}")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        lines = (await self._reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(int(v) for k, _, v in (line.partition(":") for line in lines[1:])
                      if k.lower() == "content-length")
        return status, loads(await self._reader.readexactly(length))

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


async def _play(ports: Sequence[int], first: int, alternate: bool, seed: int, deadline: float,
                figures: Figures) -> None:
    """Play games on ``ports[first]`` (or on every port in turn) until ``deadline``."""
    connections = [_Connection(p) for p in ports]
    turn = first
    rng = random.Random(seed)

    def connection() -> _Connection:
        nonlocal turn
        chosen = connections[turn % len(connections)]
        if alternate:
            turn += 1
        return chosen

    try:
        while time.monotonic() < deadline:
            status, made = await connection().request(
                "POST", "/api/games", body={"players": ["Ana", "Bo"]})
            if status != 201:
                figures.errors += 1
                continue
            game = made["id"]
            tokens = {s["seat"]: s["token"] for s in made["seats"]}
            # A seat answer (rr.seat_answer): the pending decision is in its view, the
            # decision number a choice names beside it.
            view: dict[str, Any] | None = None
            while time.monotonic() < deadline:
                if view is None or view["view"]["pending"]["options"] is None:
                    seat = 0 if view is None else view["view"]["pending"]["seat"]
                    began = time.perf_counter()
                    status, view = await connection().request("GET", f"/api/games/{game}",
                                                              tokens[seat])
                    figures.reads.append(time.perf_counter() - began)
                    assert view is not None
                    if view["view"]["pending"] is None:
                        break
                    if view["view"]["pending"]["options"] is None:
                        continue  # seat 0 was not the one asked
                pending = view["view"]["pending"]
                pick = rng.choice(pending["options"])
                began = time.perf_counter()
                status, answer = await connection().request(
                    "POST", f"/api/games/{game}/choose", tokens[pending["seat"]],
                    {"action": pick["action"], "decision": view["decision"]})
                figures.choices.append(time.perf_counter() - began)
                if status != 200:
                    figures.errors += 1
                    view = None
                    continue
                view = answer
                if answer["over"]:
                    figures.games += 1
                    break
    finally:
        for c in connections:
            await c.close()


def _cpu_seconds(pids: Sequence[int]) -> float | None:
    """The CPU time the processes ``pids`` have used (Linux's /proc; ``None`` elsewhere)."""
    total = 0.0
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    except (OSError, ValueError, IndexError):
        return None
    return total


def _children(parents: Sequence[int]) -> list[int]:
    """The processes whose parent is one of ``parents`` (Linux's /proc; none elsewhere)."""
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else ():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) in parents:
                found.append(int(entry.name))
    return found


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def _run(ports: Sequence[int], games: int, seconds: float, alternate: bool,
               show: bool) -> tuple[Figures, float]:
    figures = Figures()
    began = time.monotonic()
    deadline = began + seconds
    tasks = [asyncio.ensure_future(_play(ports, i % len(ports), alternate, i, deadline,
                                         figures)) for i in range(games)]
    while not all(t.done() for t in tasks):
        await asyncio.wait(tasks, timeout=1.0)
        if show:
            spent = time.monotonic() - began
            print(f"  {spent:5.1f} s  {len(figures.choices):7d} choices  "
                  f"{len(figures.choices) / max(spent, 1e-9):7.1f}/s  errors {figures.errors}",
                  file=sys.stderr, flush=True)
    for task in tasks:
        task.result()  # a client that failed is a failed run
    return figures, time.monotonic() - began


def _loop_factory() -> Any:
    """uvloop's event loop where it is installed (as the server's), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _check_local(db: str) -> None:
    host = urlsplit(db).hostname or "localhost"
    try:
        local = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = False
    if not local:
        raise LoadError(f"the load script uses a database on this machine only, not {host}")


def _start(db: str, processes: int, folder: Path, extra: Sequence[str] = ()
           ) -> tuple[list[subprocess.Popen[bytes]], list[int]]:
    servers, ports = [], []
    for i in range(processes):
        out = folder / f"server{i}.out"
        with out.open("wb") as sink:
            servers.append(subprocess.Popen(
                [sys.executable, "-m", "rr", "server", "--port", "0", "--db", db,
                 "--rate", "1000000", "--games-per-hour", "1e9", *extra], stdout=sink,
                stderr=subprocess.STDOUT, cwd=folder))
        deadline = time.monotonic() + START_SECONDS
        while not LISTENING.search(out.read_text("utf-8", "replace")):
            if servers[-1].poll() is not None or time.monotonic() > deadline:
                raise LoadError(f"rr server did not start: {out.read_text()[-500:]}")
            time.sleep(0.05)
        found = LISTENING.search(out.read_text("utf-8", "replace"))
        assert found is not None
        ports.append(int(found.group(1)))
    return servers, ports


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rr.server.load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="concurrent games")
    parser.add_argument("--db", default="sqlite", help="'sqlite' or a postgresql:// URL")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes, each on a port of its own")
    parser.add_argument("--workers", type=int, default=1,
                        help="rr server's --workers: processes sharing each server's port")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                        help="rr server's --sqlite-sync")
    parser.add_argument("--alternate", action="store_true",
                        help="every request to the next process in turn")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    if not (1 <= args.games <= 10_000 and 0 < args.seconds <= 3600
            and 1 <= args.processes <= 64 and 1 <= args.workers <= 64):
        parser.error("--games 1-10000, --seconds up to 3600, --processes and --workers 1-64")
    folder = Path(tempfile.mkdtemp(prefix="rr-load-"))
    servers: list[subprocess.Popen[bytes]] = []
    try:
        db = str(folder / "games.sqlite") if args.db == "sqlite" else args.db
        if args.db != "sqlite":
            _check_local(db)
        servers, ports = _start(db, args.processes, folder,
                                ["--sqlite-sync", args.sqlite_sync, "--workers",
                                 str(args.workers)])
        load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        pids = [s.pid for s in servers]
        if args.workers > 1:  # the workers are the servers' children, forked after the
            # servers print their address: wait (bounded) until they are all there
            deadline = time.monotonic() + START_SECONDS
            while len(_children(pids)) < args.workers * args.processes \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            pids = _children(pids)
        cpu_before, client_before = _cpu_seconds(pids), time.process_time()
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            figures, spent = runner.run(_run(ports, args.games, args.seconds, args.alternate,
                                             not args.json))
        cpu_after, client_cpu = _cpu_seconds(pids), time.process_time() - client_before
    except LoadError as err:
        print(f"rr.server.load: error: {err}", file=sys.stderr)
        return 2
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    requests = len(figures.choices) + len(figures.reads)
    result = {
        "db": "sqlite" if args.db == "sqlite" else "postgresql", "processes": args.processes,
        "workers": args.workers,
        "alternate": args.alternate, "games": args.games, "seconds": round(spent, 2),
        "choices": len(figures.choices), "choices_per_second": round(
            len(figures.choices) / spent, 1),
        "choice_p50_ms": round(1000 * _percentile(figures.choices, 0.5), 1),
        "choice_p99_ms": round(1000 * _percentile(figures.choices, 0.99), 1),
        "reads": len(figures.reads),
        "read_p50_ms": round(1000 * _percentile(figures.reads, 0.5), 1),
        "read_p99_ms": round(1000 * _percentile(figures.reads, 0.99), 1),
        "games_finished": figures.games, "errors": figures.errors, "cores": os.cpu_count(),
        # The machine's 1-minute load average as the run began (other people's processes
        # compete for the cores on a shared machine: a figure means little without it).
        "load_average": None if load_before is None else round(load_before, 2),
        "server_cpu_ms_per_request": None if cpu_before is None or cpu_after is None else round(
            1000 * (cpu_after - cpu_before) / max(1, requests), 2),
        "client_cpu_ms_per_request": round(1000 * client_cpu / max(1, requests), 2)}
    if args.json:
        print(json.dumps(result))
    else:
        alternating = ", alternating" if args.alternate else ""
        workers = f" of {args.workers} workers" if args.workers > 1 else ""
        print(f"{result['db']}, {args.processes} process(es){workers}{alternating}: "
              f"{args.games} games for {spent:.1f} s on {os.cpu_count()} cores: "
              f"{result['choices_per_second']} choices/s (p50 {result['choice_p50_ms']} ms, "
              f"p99 {result['choice_p99_ms']} ms); reads p50 {result['read_p50_ms']} ms, "
              f"p99 {result['read_p99_ms']} ms; {figures.games} games finished, "
              f"{figures.errors} errors; CPU a request: server "
              f"{result['server_cpu_ms_per_request']} ms, this client "
              f"{result['client_cpu_ms_per_request']} ms; load average "
              f"{result['load_average']}")
    return 0 if figures.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
