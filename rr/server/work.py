"""The replay route's work, bounded by what it costs rather than by the requests counted.

``POST /api/replay`` takes no token: anyone may send it a log to fold, show and audit. A
log of 10,000 records that fold but are not legal (10.6 KB) cost up to half a second of CPU,
so ten requests a second from one address took a core, and the rules hold the interpreter's
lock wherever they run: a player's reads waited behind them (2 ms became 250 ms). Here:

* each address has a budget of CPU time for replays (:class:`Budget`): it holds up to
  :data:`BURST_SECONDS` and gets :data:`SECONDS_A_SECOND` more a second; a request may
  start while its address's budget is above zero, and is charged what it cost when done
  (read, folded, shown, audited: the thread's own CPU time). An address past its budget is
  refused with 429 until it has refilled;
* replays are computed in a process of their own (:class:`Worker`, started at the first,
  scheduled below the server: :data:`NICE`),
  :data:`AT_ONCE` at a time whatever the addresses: the others wait their turn (at most
  :data:`WAITING` of them; more: 503). The players' requests never wait for the interpreter's
  lock behind a replay (in a thread of the server's process they did: a replay holds it
  while it folds); a replay running longer than :data:`REQUEST_SECONDS` is stopped (its
  process ended, and another started for the next) and refused.

Per request, the work is bounded by the log's record bound (``rr.server.replays``), and the
story is told only for the records shown (the last :data:`rr.server.replays.STORY` up to the
record asked).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rr.errors import RRError
from rr.server.errors import ServerBusyError

SECONDS_A_SECOND = 0.2
"""CPU seconds a second an address's replays may use, in the long run (a finished
6-player game's step costs a few hundredths of a second: several steps a second)."""
BURST_SECONDS = 2.0
"""CPU seconds an address's replays may use at once (opening and auditing a long game
costs a few tenths of a second)."""
AT_ONCE = 1
"""Replays computed at once, every address together."""
WAITING = 16
"""Replays waiting for their turn, past which one more is refused (503)."""
NICE = 19
"""How much lower the replays' process is scheduled than the server's (``os.nice``): on a
busy machine the players' requests get the cores first."""
REQUEST_SECONDS = 10.0
"""The longest a replay may run (the longest log allowed takes about a second)."""
START_SECONDS = 120.0
"""The longest the worker may take to start: a fresh interpreter importing the rules,
scheduled below the server (:data:`NICE`), takes seconds on a busy machine. Not counted in
a replay's :data:`REQUEST_SECONDS`."""


class Budget:
    """Seconds of work by key (an address): :meth:`allows` before, :meth:`charge` after."""

    MAX_KEYS = 100_000
    """The most keys kept (the least recently used forgotten first: a full budget)."""

    def __init__(self, rate: float = SECONDS_A_SECOND, burst: float = BURST_SECONDS) -> None:
        self.rate, self.burst = rate, burst
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._guard = threading.Lock()

    def _level(self, key: str, now: float) -> float:
        level, then = self._levels.pop(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.rate)

    def allows(self, key: str) -> float:
        """0 if ``key`` may start a request now, else the seconds until it may."""
        now = time.monotonic()
        with self._guard:
            level = self._level(key, now)
            self._levels[key] = (level, now)
            self._forget()
            return 0.0 if level > 0 else (1e-3 - level) / self.rate

    def charge(self, key: str, seconds: float) -> None:
        """Take ``seconds`` of work from ``key``'s budget (down to minus the burst at most)."""
        now = time.monotonic()
        with self._guard:
            level = max(-self.burst, self._level(key, now) - seconds)
            self._levels[key] = (level, now)
            self._forget()

    def _forget(self) -> None:
        while len(self._levels) > self.MAX_KEYS:
            self._levels.popitem(last=False)


class Timed:
    """The CPU time of the calling thread while it is in the ``with`` block."""

    seconds = 0.0

    def __enter__(self) -> Timed:
        self._start = time.thread_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.thread_time() - self._start


def warmed() -> bool:
    """In the worker, once at its start: import what a replay uses, so that the first
    replay's time is its own."""
    from rr.server import replays, requests  # noqa: F401
    return True


def computed(raw: bytes) -> tuple[dict[str, Any] | None, RRError | None, float]:
    """In the worker: the replay of the request body ``raw`` (or the error refusing it) and
    the CPU seconds it took."""
    from rr.server import replays, requests
    timed = Timed()
    try:
        with timed:
            answer = replays.answer(replays.request_of(requests.body_of(raw)))
    except RRError as err:
        return None, err, timed.seconds
    return answer, None, timed.seconds


def _started(server: int) -> None:
    """In the worker, first: scheduled below the server (:data:`NICE`), and ended as soon as
    the server is gone, however it ended (``kill -9`` included: the worker would otherwise
    wait for work for ever)."""
    os.nice(NICE)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="rr-replay-watch", daemon=True).start()


class Worker:
    """The process computing replays (``spawn``: a fresh interpreter, never a fork of the
    server's threads), started at the first replay and again after one is stopped."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._starting = asyncio.Lock()

    async def run(self, raw: bytes) -> tuple[dict[str, Any], float]:
        """The replay of ``raw`` and its CPU seconds; its :class:`RRError` raised (with the
        seconds in :attr:`spent`)."""
        pool = await self._ready()
        started = time.monotonic()
        try:
            answer, err, seconds = await asyncio.wait_for(
                asyncio.get_running_loop().run_in_executor(pool, computed, raw),
                REQUEST_SECONDS)
        except (TimeoutError, BrokenProcessPool):
            self.stop()
            raise Spent(ServerBusyError(
                f"this replay took more than {REQUEST_SECONDS:g} s and was stopped"),
                time.monotonic() - started) from None
        if err is not None:
            raise Spent(err, seconds)
        assert answer is not None
        return answer, seconds

    async def _ready(self) -> ProcessPoolExecutor:
        """The worker's process, started (and its imports done) if it was not: the start
        is bounded by :data:`START_SECONDS`, apart from the replay's own limit."""
        async with self._starting:
            if self._pool is None:
                pool = ProcessPoolExecutor(AT_ONCE, mp_context=multiprocessing.get_context(
                    "spawn"), initializer=_started, initargs=(os.getpid(),))
                self._pool = pool
                started = time.monotonic()
                try:
                    await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(
                        pool, warmed), START_SECONDS)
                except (TimeoutError, BrokenProcessPool):
                    self.stop()
                    raise Spent(ServerBusyError(
                        f"the replays' process did not start in {START_SECONDS:g} s"),
                        time.monotonic() - started) from None
            return self._pool

    def stop(self) -> None:
        """End the process (a replay it runs is lost)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
            pool.shutdown(wait=False, cancel_futures=True)


class Spent(Exception):
    """A replay refused by :attr:`error` after :attr:`seconds` of work."""

    def __init__(self, error: RRError, seconds: float) -> None:
        super().__init__(str(error))
        self.error, self.seconds = error, seconds
