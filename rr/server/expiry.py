"""Games that are never finished do not stay for ever: a game not over whose last change is
older than ``rr server --expire-days`` (default :data:`DAYS`) is deleted with its events and
tokens — a game whose open seats were never taken, a signed game whose seats never
registered, a game its players left. A finished game is never deleted: its log stays
downloadable by its seats and spectator for as long as the store is kept.

The server looks every :func:`interval` (an hour at most) and says in its output how many
games it deleted; each process of a server looks for itself (a game deleted by one is gone
for all).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from rr.server.store import Store

DAYS = 30.0
"""How long a game not over may stay unchanged (a game played by post over weeks is kept)."""

LOG = logging.getLogger("rr.server")


def interval(days: float) -> float:
    """Seconds between two looks: a quarter of the expiry, at least a second, at most an
    hour."""
    return min(3600.0, max(1.0, days * 86400 / 4))


def before(days: float, now: float | None = None) -> str:
    """The time (as the stores write it) before which an unchanged game not over expires."""
    moment = (time.time() if now is None else now) - days * 86400
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(moment))


class Sweeper:
    """A thread deleting the expired games of ``store`` now and every :func:`interval`
    (``days`` 0: never), and telling ``forget`` which (the server's cache of games)."""

    def __init__(self, store: Store, days: float,
                 forget: Callable[[list[str]], None] | None = None) -> None:
        self._store, self._days, self._forget = store, days, forget
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rr-expiry", daemon=True)

    def start(self) -> None:
        if self._days > 0:
            self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def sweep(self) -> list[str]:
        """Delete the expired games now; their ids (said in the server's output)."""
        gone = self._store.expire(before(self._days))
        if gone and self._forget is not None:
            self._forget(gone)
        if gone:
            LOG.info("%d game(s) not finished and unchanged for %g day(s) deleted", len(gone),
                     self._days)
        return gone

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                self.sweep()
            except Exception as err:  # noqa: BLE001 - said; the next look tries again
                LOG.warning("could not delete expired games: %s", err)
            self._stopped.wait(interval(self._days))
