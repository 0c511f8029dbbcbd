"""Request limits: the size of a body, and how often one token or address may ask.

Rates are token buckets: each key (a token's hash, or the client's address for creating
games) holds up to ``burst`` requests and gets ``rate`` more a second. Generous defaults
(a person clicks a few times a second; a bot client of the load script a few dozen) that
still stop one client from flooding the server. The buckets live in one process: with
several server processes each counts its own requests.
"""

from __future__ import annotations

import threading
import time

from attrs import frozen

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a choice is under 100)."""


@frozen
class Limits:
    body: int = MAX_BODY
    rate: float = 50.0
    """Requests a second per token (reads and choices together)."""
    burst: float = 100.0
    create_rate: float = 20.0
    """New games a second per client address."""
    create_burst: float = 200.0


class Buckets:
    """Token buckets by key; :meth:`take` says whether a request may go on."""

    MAX_KEYS = 100_000
    """Past this many keys the buckets are forgotten (and so refilled): memory stays
    bounded whatever the clients send."""

    def __init__(self, rate: float, burst: float) -> None:
        self._rate, self._burst = rate, burst
        self._levels: dict[str, tuple[float, float]] = {}
        self._guard = threading.Lock()

    def take(self, key: str) -> bool:
        now = time.monotonic()
        with self._guard:
            level, then = self._levels.get(key, (self._burst, now))
            level = min(self._burst, level + (now - then) * self._rate)
            if len(self._levels) >= self.MAX_KEYS:
                self._levels.clear()
            if level < 1:
                self._levels[key] = (level, now)
                return False
            self._levels[key] = (level - 1, now)
            return True
