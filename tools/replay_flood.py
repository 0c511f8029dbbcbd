"""A player's reads while one address floods the replay route: ``python -m tools.replay_flood
[--url URL] [--seconds 15] [--flooders 4]``.

Starts ``rr server`` on 127.0.0.1 (or uses ``--url``), creates a two-player game, then times
a seat's ``GET /api/games/{id}`` (one every 20 ms): first quietly, then while ``--flooders``
threads from this one address send ``POST /api/replay`` with a crafted log of 10,000 records
that fold but are not legal (10.6 KB) as fast as they are answered. Prints the GET's median,
95th percentile and maximum, quiet and flooded, the replay answers by status, and the CPU
time the server used. Prints figures, never asserts them (the test
tests/server/test_replay_work.py asserts a bound on them).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from rr.events import log as logfile
from rr.events.codec import pack, unstructure_event
from rr.events.types import HeliumGained
from rr.engine import Game


def crafted_log(records: int = 10_000) -> bytes:
    """A version 2 log: a real game's records up to its first decision, then ``helium_gained``
    records up to ``records`` in all (they fold, one after another; the rules never made
    them)."""
    events = list(Game.new(2, seed=3).events)
    header = pack(logfile.header_for(events, logfile.VERSION))
    parts, previous = [header], hashlib.sha256(header).digest()
    blocks = [(len(events), b"".join(pack(unstructure_event(e)) for e in events))]
    left = records - len(events)
    one = pack(unstructure_event(HeliumGained(int(getattr(events[-1], "seat", 0)), 1)))
    while left:
        count = min(256, left)
        blocks.append((count, one * count))
        left -= count
    for count, raw in blocks:
        digest = hashlib.sha256(previous)
        digest.update(count.to_bytes(8, "big"))
        digest.update(raw)
        previous = digest.digest()
        parts.append(pack([count, previous, zlib.compress(raw, 9)]))
    parts.append(pack([records, previous]))
    return b"".join(parts)


def _cpu(pid: int) -> float:
    """A process's CPU seconds (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # clock ticks: 100 a second on Linux


def _reads(http: httpx.Client, url: str, token: str, seconds: float) -> list[float]:
    """A seat's GET timed every 20 ms for ``seconds``: the times in milliseconds."""
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        answer = http.get(url, headers={"authorization": f"Bearer {token}"})
        times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200, answer.text[:200]
        time.sleep(0.02)
    return times


def measure(base: str, seconds: float = 15.0, flooders: int = 4,
            pid: int | None = None) -> dict[str, Any]:
    """The figures (see the module's text) against the server at ``base``."""
    with httpx.Client(timeout=60) as http:
        created = http.post(f"{base}/api/games", json={"players": ["Ana", "Bo"]}).json()
        token = next(s["token"] for s in created["seats"] if s["token"])
        game = f"{base}/api/games/{created['id']}"
        _reads(http, game, token, 1.0)  # warm
        quiet = _reads(http, game, token, seconds / 2)
        # The flooders in processes of their own (this one's interpreter only times the
        # GETs), timed once each has had its first answer.
        flooders_ = [subprocess.Popen([sys.executable, "-m", "tools.replay_flood", "--flood",
                                       base], stdout=subprocess.PIPE, text=True)
                     for _ in range(flooders)]
        lines: list[str] = []
        for process in flooders_:
            assert process.stdout is not None
            lines.append(process.stdout.readline())
        readers = [threading.Thread(target=lambda p=process: lines.extend(p.stdout))
                   for process in flooders_]
        for reader in readers:
            reader.start()
        time.sleep(1.0)
        cpu = _cpu(pid) if pid else 0.0
        counted = len(lines)
        flooded = _reads(http, game, token, seconds)
        statuses: Counter[str] = Counter()
        sizes: list[int] = []
        for line in lines[counted:]:
            status, size = line.split()
            statuses[status] += 1
            if status == "200":
                sizes.append(int(size))
        for process in flooders_:
            process.terminate()
            process.wait(timeout=60)
        for reader in readers:
            reader.join()
        used = (_cpu(pid) - cpu) if pid else None
    return {"quiet": quiet, "flooded": flooded, "statuses": dict(statuses),
            "answer_bytes": max(sizes) if sizes else None, "cpu_seconds": used,
            "seconds": seconds}


def flood(base: str) -> None:
    """Send the crafted log to ``base``'s replay route until terminated, printing each
    answer's status and size."""
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    body = {"log": base64.b64encode(crafted_log()).decode("ascii"), "seat": "all"}
    with httpx.Client(timeout=60) as http:
        while True:
            answer = http.post(f"{base}/api/replay", json=body)
            print(answer.status_code, len(answer.content), flush=True)
            if answer.status_code == 429:
                time.sleep(0.05)


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    high = ordered[int(.95 * len(ordered))]
    return (f"median {statistics.median(ordered):.1f} ms, 95th {high:.1f} ms, "
            f"max {ordered[-1]:.1f} ms ({len(ordered)} GETs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running rr server (default: start one here)")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--flooders", type=int, default=4)
    parser.add_argument("--flood", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.flood:
        flood(args.flood)
        return
    server = None
    with tempfile.TemporaryDirectory() as folder:
        url, pid = args.url, None
        if url is None:
            server = subprocess.Popen(
                [sys.executable, "-m", "rr", "server", "--port", "0", "--rate", "1000",
                 "--db", str(Path(folder) / "games.sqlite")], stdout=subprocess.PIPE, text=True)
            assert server.stdout is not None
            line = server.stdout.readline()
            url, pid = line.split("listening on ")[1].split()[0], server.pid
        try:
            got = measure(url, args.seconds, args.flooders, pid)
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
    print(f"quiet:   {_figures(got['quiet'])}")
    print(f"flooded: {_figures(got['flooded'])}")
    print(f"replay answers by status: {got['statuses']}; largest answer "
          f"{got['answer_bytes']} bytes")
    if got["cpu_seconds"] is not None:
        print(f"server CPU: {got['cpu_seconds']:.1f} s in {got['seconds']:.1f} s of flood")


if __name__ == "__main__":
    main()
