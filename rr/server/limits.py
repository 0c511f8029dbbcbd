"""Request limits: the size of a body, and how often one token or address may ask.

Rates are token buckets: each key (a token's hash, or the client's address for creating
games) holds up to ``burst`` requests and gets ``rate`` more a second. Generous defaults
(a person clicks a few times a second; a bot client of the load script a few dozen) that
still stop one client from flooding the server. The buckets live in one process: with
several server processes each counts its own requests.

A token the server does not know is counted by the address it comes from (``guess_rate``),
never by itself: made-up tokens cost their sender, and take no room among the buckets of
real ones. The buckets a set keeps are bounded (:attr:`Buckets.MAX_KEYS`): past that, the
least recently used is forgotten — one idle long enough to have filled up again, not the
bucket of a client that keeps asking.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from attrs import frozen

from rr.server.work import SECONDS_A_SECOND

GAMES_PER_HOUR = 100.0
"""New games an hour per client address, and at once (``rr server --games-per-hour``): each
is kept until it is finished or expires (``rr.server.expiry``), so this bounds what one
address can make the store hold."""
MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a choice is under 100)."""


@frozen
class Limits:
    body: int = MAX_BODY
    rate: float = 50.0
    """Requests a second per token (reads and choices together)."""
    burst: float = 100.0
    create_rate: float = GAMES_PER_HOUR / 3600
    """New games a second per client address (a quota: 100 an hour)."""
    create_burst: float = GAMES_PER_HOUR
    guess_rate: float = 5.0
    """Requests a second with a token the server does not know, per client address."""
    guess_burst: float = 10.0
    replay_cpu: float = SECONDS_A_SECOND
    """CPU seconds a second the replays of one client address may use (``rr.server.work``;
    at once: ten times that)."""


class Buckets:
    """Token buckets by key; :meth:`take` says whether a request may go on."""

    MAX_KEYS = 100_000
    """The most keys kept: past this, the least recently used key is forgotten (its bucket
    refilled), so memory stays bounded whatever the clients send, and a client that keeps
    asking is never the one forgotten."""

    def __init__(self, rate: float, burst: float) -> None:
        self._rate, self._burst = rate, burst
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Each key's level and when it was last asked, the least recently used first."""
        self._guard = threading.Lock()

    def take(self, key: str) -> bool:
        now = time.monotonic()
        with self._guard:
            level, then = self._levels.pop(key, (self._burst, now))
            level = min(self._burst, level + (now - then) * self._rate)
            allowed = level >= 1
            self._levels[key] = (level - 1 if allowed else level, now)
            while len(self._levels) > self.MAX_KEYS:
                self._levels.popitem(last=False)
            return allowed
