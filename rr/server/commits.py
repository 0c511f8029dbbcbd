"""Group commit: the choices of many games written in one transaction, by one thread.

A commit that survives a crash waits for the disk (SQLite's ``synchronous=FULL`` fsyncs its
write-ahead log; PostgreSQL flushes its WAL): about 6 ms on the 2-core machine, so one commit
a choice caps a server at some 170-300 choices a second, whatever the rules cost. Here a
choice's events are handed to :class:`GroupCommit` as a :data:`Work` and the choice waits for
its :class:`~concurrent.futures.Future`; one thread takes every work handed in since its last
commit, runs them in one transaction — each in a savepoint of its own, so one that fails
(another process went on with that game: :class:`rr.server.store.Moved`) is undone alone —
and commits, then settles the futures. While it waits for the disk the next works pile up,
and go in the next commit: the more choices wait, the more each commit carries.

Durability is unchanged: a future is settled only once the ``COMMIT`` holding its work has
returned, and a choice is answered only once its future is settled, so an answered choice is
on disk (``kill -9`` or a power cut after the answer lose nothing). :meth:`GroupCommit.close`
commits what was handed in before it returns (``rr server`` on SIGTERM: uvicorn lets the
requests in hand finish, then the store closes).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from rr.server.errors import StoreError

Work = Callable[[Any], None]
"""Statements for one game, run by the committing thread inside its transaction, given its
connection; raising undoes that work alone."""

Batch = Callable[[Sequence[Work]], list[BaseException | None]]
"""Runs works in one transaction, each in a savepoint, and commits: what each raised
(``None``: done). Raises if the transaction itself fails (then nothing of it is stored)."""

MOST = 1000
"""The most works one transaction carries."""


class GroupCommit:
    """One thread committing the works handed to :meth:`submit`, many in a transaction."""

    def __init__(self, batch: Batch, name: str = "rr-commit") -> None:
        self._batch = batch
        self._name = name
        self._waiting: list[tuple[Work, Future[None]]] = []
        self._ready = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.commits = 0
        """Transactions committed so far."""
        self.works = 0
        """Works carried by them."""

    def submit(self, work: Work) -> Future[None]:
        """``work``'s future: done once the transaction holding it is committed; failed with
        what it raised, or with what the commit raised."""
        done: Future[None] = Future()
        with self._ready:
            if self._closed:
                done.set_exception(StoreError("the game store is closed (the server is "
                                              "stopping)"))
                return done
            self._waiting.append((work, done))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name,
                                                daemon=True)
                self._thread.start()
            self._ready.notify()
        return done

    def close(self) -> None:
        """Commit every work handed in, then stop the thread (no work is taken after)."""
        with self._ready:
            self._closed = True
            self._ready.notify()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._waiting and not self._closed:
                    self._ready.wait()
                if not self._waiting:
                    return  # closed, and everything committed
                taken, self._waiting = self._waiting[:MOST], self._waiting[MOST:]
            # A future cancelled before its commit (its request gone) is left out.
            taken = [(w, f) for w, f in taken if f.set_running_or_notify_cancel()]
            if taken:
                self._commit(taken)

    def _commit(self, taken: list[tuple[Work, Future[None]]]) -> None:
        try:
            failures = self._batch([work for work, _ in taken])
        except Exception as err:  # noqa: BLE001 - the commit failed: none of it is stored
            failure = err if isinstance(err, StoreError) else StoreError(
                f"the game store could not commit: {err}")
            for _, done in taken:
                done.set_exception(failure)
            return
        except BaseException as err:
            for _, done in taken:
                done.set_exception(StoreError(f"the game store stopped: {err!r}"))
            raise
        self.commits += 1
        self.works += len(taken)
        for (_, done), failed in zip(taken, failures):
            if failed is None:
                done.set_result(None)
            else:
                done.set_exception(failed)


def run_each(works: Sequence[Work], db: Any, savepoint: Callable[[], Any],
             release: Callable[[], Any], undo: Callable[[], Any]
             ) -> list[BaseException | None]:
    """Run ``works`` on ``db`` inside its open transaction, each between ``savepoint()`` and
    ``release()`` (``undo()`` first if it raised): what each raised."""
    failures: list[BaseException | None] = []
    for work in works:
        savepoint()
        try:
            work(db)
        except Exception as err:  # noqa: BLE001 - this work's failure, given to its future
            undo()
            failures.append(err)
        else:
            failures.append(None)
        release()
    return failures
