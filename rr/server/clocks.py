"""The games' clocks, run by the server (never by a browser) and stored, so that they survive
a restart: real time (each seat's bank, less the time it takes to decide, plus a Fischer
increment after each of its decisions) or turn-based (each decision given so many days).

A clock is one row of the ``clocks`` table (:mod:`rr.server.tables`): its spec
(:mod:`rr.server.clockspec`), each seat's bank in milliseconds, the seat it is running for
and since when (milliseconds since the epoch), the decision number it was started at, and
the moment it runs out (``due``, a column of its own, so that the ticker finds the clocks
due with one query). It is brought up to date (:meth:`Clocks.sync`) after every choice made
through this process and by the ticker (:meth:`Clocks.tick`, every :data:`TICK_SECONDS` in
each server process): when the game's decision number has moved on, the seat that was
deciding is charged the time since its clock started, given its increment (real time) or a
new allowance (turn-based) when the turn passes to another seat (a turn may ask its seat
several decisions), and the clock starts for the seat deciding now.

Time the server is down does not count (lichess's practice): every server process writes
the time it is up (``server_up``, a heartbeat every :data:`BEAT_SECONDS`), and a process
that finds the last heartbeat more than :data:`DOWN_SECONDS` old — the server was down, or
stalled — first moves every running clock's start on by that gap (in the clocks'
transaction, so once whichever process finds it), before it charges any seat. The gap runs
from the last heartbeat, so a seat may get back up to a heartbeat of time the server was up.

When a seat's time runs out, the clock's ``at_zero`` policy is applied, and recorded in the
clock's ``timeouts`` (each: the decision number, the seat, the bot that made that decision
and whether the seat forfeited), which the game's log carries in its header's ``"table"``
section (``"timeouts"``, ``"forfeited"``), checked by ``rr audit``
(:func:`rr.oracle.table.check`):

* a bot's name (``"random"``, ``"greedy"``): that bot makes the seat's decision; the seat's
  bank is then its increment alone (real time) or a new day's allowance (turn-based);
* ``"forfeit"``: the seat forfeits: a random bot makes this and every later decision of the
  seat, the game goes on to its end, and the seat counts last in the ratings
  (:mod:`rr.ratings`).

Every change of a clock is made in a transaction of the ``clocks`` lock, which every server
process takes in turn; the bot's decision is made only if the game is still at the decision
the clock ran out on (:meth:`rr.server.games.Games.play_for`), so two processes never both
play it. A time-out is marked in the clock as being applied before its bot's decisions are
stored, and the log's record of the time-outs (:meth:`Clocks.record`) waits for the marks to
go, so that a log handed out just after a bot's last decision ends the game lists it.

A signed game's clock forfeits at zero (:mod:`rr.server.lobby`): every decision of a seat is
its own, signed with its key, until it forfeits; the decisions the server's bot makes for it
after are the server's, signed with the server's key in the log (:func:`rr.server.signed
.record`), which ``rr audit --seats`` accepts as such (:mod:`rr.oracle.seats`).
"""

from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from rr.events.codec import decode_event
from rr.events.types import DecisionMade
from rr.server.errors import ForbiddenError
from rr.server.clockspec import FORFEIT, ClockSpec, of_text
from rr.server.games import Games
from rr.server.signed import Seats
from rr.server.store import Access
from rr.server.tables import Run, Tables

TICK_SECONDS = 0.25
"""How often each server process looks for clocks that ran out."""
APPLY_SECONDS = 10.0
"""How long a log waits for a time-out being applied to be recorded (an older mark is a
process's that died)."""
BEAT_SECONDS = 1.0
"""How often each server process writes that it is up."""
DOWN_SECONDS = 5.0
"""A heartbeat older than this when a process looks: the server was down since it, and that
time is given back to the running clocks."""
FORFEIT_BOT = "random"
"""The bot that plays a forfeited seat to the end of the game."""


def _behind(state: dict[str, Any], decisions: int) -> bool:
    """Whether a clock at ``state`` is at decision ``decisions`` already, or past it."""
    return state["decisions"] is not None and decisions <= state["decisions"]


def now_ms() -> int:
    return int(time.time() * 1000)


class Clocks:
    """The clocks of one server process's games."""

    def __init__(self, games: Games, tables: Tables) -> None:
        self.games, self.tables = games, tables
        self._stopped = threading.Event()
        self._syncing = ThreadPoolExecutor(1, "rr-clocks-sync")
        self._unclocked: set[str] = set()
        self._beaten = -BEAT_SECONDS
        self.turn: Callable[[str, int, int], None] = lambda game, seat, decision: None
        """Told when the turn passes to a seat (game, seat, decision): its webhook
        (:mod:`rr.server.webhooks`)."""

    def refuse(self, game: str, seat: int) -> None:
        """:class:`ForbiddenError` if ``seat`` forfeited ``game`` on its clock (its bot plays
        it now). A game found without a clock is remembered as such: a clock is made with
        its game, before any seat can choose."""
        if game in self._unclocked:
            return
        state = self._state(self.tables.run, game)
        if state is None:
            self._unclocked.add(game)
            return
        if seat in state["forfeited"]:
            raise ForbiddenError("this seat forfeited when its time ran out: a bot plays it "
                                 "to the end of the game")

    def moved(self, game: str, answer: dict[str, Any]) -> None:
        """``game`` changed (a choice made through this process; ``answer``: the seat's
        answer after it): its clock is brought up to date with the game as the answer shows
        it, in a thread of its own (the caller, the event loop, does not wait; the clocks
        are brought up to date in the order of the choices)."""
        pending = answer["view"]["pending"]
        at = (answer["decision"], None if pending is None else pending["seat"],
              pending is None)
        self._syncing.submit(self._sync_quietly, game, at)

    def _sync_quietly(self, game: str, at: tuple[int, int | None, bool]) -> None:
        try:
            self.sync(game, at)
        except Exception as err:  # noqa: BLE001 - the ticker tries again
            print(f"rr server: the clock of a game: {type(err).__name__}: {err}",
                  file=sys.stderr)

    # --- starting and reading ---------------------------------------------------------------

    def add(self, game: str, spec: ClockSpec, seats: int) -> None:
        """A new game's clock, stopped until the game is dealt."""
        state = {"spec": spec.as_json(), "banks": [spec.bank_ms] * seats, "seat": None,
                 "since": None, "decisions": None, "timeouts": [], "forfeited": []}
        self.tables.run("INSERT INTO clocks (game, state, due) VALUES (?, ?, ?)",
                        (game, json.dumps(state), 0))

    def _state(self, run: Run, game: str) -> dict[str, Any] | None:
        found = run("SELECT state FROM clocks WHERE game = ?", (game,))
        return None if not found else dict(json.loads(found[0][0]))

    def show(self, game: str) -> dict[str, Any] | None:
        """What the table shows of ``game``'s clock: each seat's time left now (the running
        one counted down to this moment), the seat it runs for, the policy at zero and what
        it did; ``None``: the game has no clock."""
        self.sync(game)
        state = self._state(self.tables.run, game)
        if state is None:
            return None
        spec = of_text(json.dumps(state["spec"]))
        assert spec is not None
        now = now_ms()
        left = list(state["banks"])
        seat = state["seat"]
        if seat is not None and state["since"] is not None:
            left[seat] = max(0, left[seat] - (now - state["since"]))
        row = self.games.store.row(game)
        players = [] if row is None else list(
            row.players if row.seats is None else Seats.of(row.seats).players)
        return {"game": game, **spec.as_json(), "text": spec.text(), "seat": seat,
                "players": players,
                "left_ms": left, "running": seat is not None, "now": now,
                "timeouts": state["timeouts"], "forfeited": state["forfeited"]}

    def record(self, game: str) -> dict[str, Any]:
        """The clock's part of the log header's ``"table"`` section, once every time-out
        being applied (its bot's decisions stored, its record not yet: :meth:`_ran_out`) is
        recorded (waiting at most :data:`APPLY_SECONDS`)."""
        deadline = time.monotonic() + APPLY_SECONDS
        while True:
            state = self._state(self.tables.run, game)
            if state is None:
                return {}
            fresh = [at for at in state.get("applying", {}).values()
                     if now_ms() - at < APPLY_SECONDS * 1000]  # older: its process died
            if not fresh or time.monotonic() > deadline:
                return {"timeouts": state["timeouts"], "forfeited": state["forfeited"]}
            time.sleep(0.02)

    def _applying(self, game: str, mark: str, on: bool) -> None:
        """Mark (or unmark) a time-out of ``game`` as being applied."""
        with self.tables.transaction("clocks") as run:
            state = self._state(run, game)
            if state is None:
                return
            applying = state.setdefault("applying", {})
            if on:
                applying[mark] = now_ms()
            else:
                applying.pop(mark, None)
            run("UPDATE clocks SET state = ? WHERE game = ?", (json.dumps(state), game))

    # --- running ----------------------------------------------------------------------------

    def _pending(self, game: str) -> tuple[int, int | None, bool]:
        """The game's decision number, the seat deciding (``None``: none) and whether it is
        over."""
        row = self.games.store.row(game)
        if row is None or row.events == 0:
            return -1, None, False
        answer = self.games.show(Access(game, None))
        pending = answer["view"]["pending"]
        return row.decisions, None if pending is None else pending["seat"], row.over

    def sync(self, game: str, at: tuple[int, int | None, bool] | None = None) -> None:
        """Bring ``game``'s clock up to date with the game (see the module's notes), or with
        ``at`` (its decision number, the seat deciding and whether it is over, as a choice's
        answer said): a clock already past ``at`` is left as it is."""
        known = self._state(self.tables.run, game)
        if known is None:
            return  # no clock
        decisions, seat, over = self._pending(game) if at is None else at
        if decisions < 0 or _behind(known, decisions):
            return
        with self.tables.transaction("clocks") as run:
            state = self._state(run, game)
            if state is None or _behind(state, decisions):
                return
            self._moved(run, game, state, decisions, None if over else seat, now_ms())

    def _moved(self, run: Run, game: str, state: dict[str, Any], decisions: int,
               seat: int | None, now: int) -> None:
        """The game is at decision ``decisions`` now, ``seat``'s: charge the seat that was
        deciding, start ``seat``'s clock."""
        spec = of_text(json.dumps(state["spec"]))
        assert spec is not None
        before, known = state["seat"], state["decisions"]
        if before is not None and state["since"] is not None:
            # A turn may ask its seat several decisions: the increment (real time) or a new
            # allowance (turn-based) comes when the turn passes to another seat.
            left = max(0, state["banks"][before] - (now - state["since"]))
            if seat == before:
                state["banks"][before] = left
            elif spec.kind == "real":
                state["banks"][before] = left + spec.increment_ms
            else:
                state["banks"][before] = spec.bank_ms
        state.update(seat=seat, since=now if seat is not None else None, decisions=decisions)
        due = None
        if seat is not None:
            due = now if seat in state["forfeited"] else now + state["banks"][seat]
        run("UPDATE clocks SET state = ?, due = ? WHERE game = ?",
            (json.dumps(state), due, game))
        for holder, decision in self._passes(game, before, known, decisions, seat):
            if holder not in state["forfeited"]:
                self.turn(game, holder, decision)

    def _passes(self, game: str, before: int | None, known: int | None, decisions: int,
                seat: int | None) -> list[tuple[int, int]]:
        """The passes of the turn (the seat it passed to, at which decision) from ``before``
        deciding decision ``known`` to ``seat`` deciding decision ``decisions``. Decisions
        made in between that the clock did not see (another process's choices, brought up
        to date in another order) are read from the log, so that a pass is told once
        whichever process sees it."""
        seats: list[tuple[int | None, int]] = []
        if known is not None and decisions > known + 1:
            made = [e.seat for e in (decode_event(data) for data in
                                     self.games.store.events(game))
                    if isinstance(e, DecisionMade)]
            seats = [(made[n], n) for n in range(known + 1, min(decisions, len(made)))]
        passes = []
        for holder, decision in [*seats, (seat, decisions)]:
            if holder is not None and holder != before:
                passes.append((holder, decision))
            before = holder
        return passes

    def beat(self) -> int:
        """Write that the server is up now; if the last heartbeat is more than
        :data:`DOWN_SECONDS` old, first give that gap back to every running clock. The gap
        given back (milliseconds; 0: none)."""
        with self.tables.transaction("clocks") as run:
            now = now_ms()
            found = run("SELECT at FROM server_up WHERE id = 1")
            gap = 0 if not found else now - int(found[0][0])
            if gap <= DOWN_SECONDS * 1000:
                gap = 0
            for game, text in (run("SELECT game, state FROM clocks WHERE due IS NOT NULL")
                               if gap else []):
                state = json.loads(text)
                if state["since"] is None:
                    continue
                state["since"] += gap
                run("UPDATE clocks SET state = ?, due = due + ? WHERE game = ?",
                    (json.dumps(state), gap, game))
            if found:
                run("UPDATE server_up SET at = ? WHERE id = 1", (now,))
            else:
                run("INSERT INTO server_up (id, at) VALUES (1, ?)", (now,))
        self._beaten = time.monotonic()
        return gap

    def _beat_and_say(self) -> None:
        gap = self.beat()
        if gap:
            print(f"rr server: the server was down or stalled for {gap / 1000:.1f} s: the "
                  "running clocks were given that time back", file=sys.stderr)

    def tick(self) -> None:
        """Write the heartbeat when it is due (:meth:`beat`), bring the clocks that may have
        run out up to date, and apply the policy of each that has."""
        if time.monotonic() - self._beaten >= BEAT_SECONDS:
            self._beat_and_say()
        now = now_ms()
        for (game,) in self.tables.run(
                "SELECT game FROM clocks WHERE due IS NOT NULL AND due <= ?", (now,)):
            self.sync(game)
            self._ran_out(game)

    def _ran_out(self, game: str) -> None:
        state = self._state(self.tables.run, game)
        if state is None or state["seat"] is None:
            return
        seat, decision = state["seat"], state["decisions"]
        spec = of_text(json.dumps(state["spec"]))
        assert spec is not None
        forfeited = seat in state["forfeited"]
        if not forfeited and now_ms() - state["since"] < state["banks"][seat]:
            return  # not yet (it moved meanwhile, or another process gave it time)
        forfeits = forfeited or spec.at_zero == FORFEIT
        kind = FORFEIT_BOT if forfeits else spec.at_zero
        forfeiting = {*state["forfeited"], seat} if forfeits else set(state["forfeited"])
        # Marked as being applied first: the log's record waits for what it will add.
        mark = secrets.token_hex(8)
        self._applying(game, mark, True)
        try:
            # Outside the clocks' transaction: on SQLite it holds the file's one write lock.
            played = self.games.play_for(game, seat, decision, kind, frozenset(forfeiting),
                                         FORFEIT_BOT)
        except BaseException:
            self._applying(game, mark, False)
            raise
        if played is None:
            self._applying(game, mark, False)
            return  # the game moved on: the next sync charges the seat
        decisions, now_seat, over = self._pending(game)
        with self.tables.transaction("clocks") as run:
            state = self._state(run, game)
            assert state is not None
            state.get("applying", {}).pop(mark, None)
            if forfeits and seat not in state["forfeited"]:
                state["forfeited"].append(seat)
            for number, who, bot in played:
                state["timeouts"].append({"decision": number, "seat": who, "bot": bot,
                                          "forfeit": who in forfeiting})
            state["banks"][seat] = spec.increment_ms if spec.kind == "real" else spec.bank_ms
            if _behind(state, decisions):
                # Another process's sync moved the clock on already (and told the turn):
                # only the record is added.
                running = state["seat"]
                due = None if running is None else (
                    state["since"] if running in state["forfeited"]
                    else state["since"] + state["banks"][running])
                run("UPDATE clocks SET state = ?, due = ? WHERE game = ?",
                    (json.dumps(state), due, game))
                return
            state["seat"] = None  # charged already: the policy set its bank
            self._moved(run, game, state, decisions, None if over else now_seat, now_ms())

    def start(self) -> None:
        """Write the heartbeat now (a choice or a clock read after a restart finds the time
        the server was down given back already), then tick in a thread of this process until
        :meth:`stop` (a daemon: it ends with the process)."""
        try:
            self._beat_and_say()  # at once: the time the server was down given back first
        except Exception as err:  # noqa: BLE001 - the loop tries again
            print(f"rr server: the clocks: {type(err).__name__}: {err}", file=sys.stderr)

        def loop() -> None:
            failures = 0
            while not self._stopped.wait(TICK_SECONDS):
                try:
                    self.tick()
                    failures = 0
                except Exception as err:  # noqa: BLE001 - said, then tried again
                    failures += 1
                    if failures == 1:
                        print(f"rr server: the clocks: {type(err).__name__}: {err}",
                              file=sys.stderr)
                    if failures > 100:
                        return  # the database is gone (a test's server, stopped)
        threading.Thread(target=loop, name="rr-clocks", daemon=True).start()

    def stop(self) -> None:
        self._stopped.set()
