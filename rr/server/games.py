"""The games a server holds: create, show, choose, hand out logs. No HTTP here.

Every change goes through the store's lock (:meth:`rr.server.store.Store.locked`): the row
is read under it, the ``decision`` number checked against it, the choice made, the bots
answer, and the new events are appended and committed before anything is answered. The
stored events are the only truth; what is kept in memory is a cache of the rebuilt
:class:`~rr.engine.Game` per game, valid only while its event count equals the stored one.
Another process may have gone on with a game: a cached game behind the store catches up by
making the recorded decisions again (the rules and the seed give the same events, which are
checked), else it is rebuilt by :meth:`Game.resume` from the stored log.

Within one process a lock per game keeps a cached game from being read while a choice is
being made on it; it is held across the database transaction, so no one sees a choice that
is not committed. Every read takes the game's row under that lock too: a row read before it
could be older than the cached game (a choice committed in between), and the game rebuilt
from it would be behind the store.

What a seat is shown is :func:`rr.seat_answer.seat_answer`'s answer in its JSON form, made
directly by :func:`rr.seat_answer.answer_json` from the cached game and the
:class:`~rr.seat_answer.Marks` kept beside it (so the records since a seat's last answer are
folded from there, not from record 0).
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

import anyio.to_thread
from attrs import define, field

from rr import actions
from rr.decisions import Decision
from rr.engine import Game
from rr.randomness import SALT_BYTES, Secret
from rr.errors import (
    BadRequest,
    IllegalChoiceError,
    NoDecisionPendingError,
    UnknownActionError,
    WrongPlayerError,
)
from rr.server.errors import (
    DealPendingError,
    ForbiddenError,
    GameNotOverError,
    SeatKeyError,
    SeatTakenError,
    StaleDecisionError,
    UnauthorizedError,
)
from rr.events import log
from rr.events.codec import decode_event, encode_event
from rr.events.signing import fingerprint
from rr.events.types import DecisionMade, Event, GameStarted
from rr.jsonforms import to_json
from rr.options import Option
from rr.seat_answer import Marks, answer_json, scores_now
from rr.seatkeys import LogHash, SeatKey
from rr.server import bots, signed
from rr.ruleset import Ruleset
from rr.server.requests import Choice, NewGame, Take
from rr.server.store import Access, GameRow, Moved, Store
from rr.server.tokens import hash_of, new_game_id, new_token

CACHED_GAMES = 2000
"""How many rebuilt games a process keeps in memory (the least recently used go first)."""
ATTEMPTS = 10
"""How many times a choice is made again when another process went on with its game while
it was being made (the next attempt sees the game as it is now: usually the choice is then
refused as stale)."""


@define
class _Entry:
    game: Game
    marks: Marks = field(factory=Marks)
    """The states at the records last answered (:class:`rr.seat_answer.Marks`)."""
    hashed: LogHash | None = None
    """The hash of the game's records so far (what a seat signs, :mod:`rr.seatkeys`)."""

    def log_hash(self, key: bytes) -> str:
        """:func:`rr.seatkeys.log_hash` of the game's records with ``key`` (the game's: the
        server's secret), the ones not hashed yet added."""
        if self.hashed is None:
            self.hashed = LogHash(key)
        return self.hashed.extend(self.game.events[self.hashed.records:]).hex()


@define
class _Made:
    """A choice made in memory, its events handed to the store's next commit."""

    game: str
    entry: _Entry
    start: int
    """The game's event count before the choice."""
    committed: Future[None]


class Games:
    """The games of one store, as one server process sees them."""

    def __init__(self, store: Store, sign: Callable[[bytes], str] | None = None,
                 agents: tuple[str, ...] = bots.KINDS, server_key: SeatKey | None = None
                 ) -> None:
        self.store = store
        self._sign = sign
        self._server_key = server_key
        self.signs_bots = server_key is not None
        """Whether the server signs its bots' decisions (``rr server --key``)."""
        """The key (``rr server --key``) that signs the bots' decisions in a log."""
        self.agents = agents
        """The agents a new game may name for its bots (``rr server --allow-agent``)."""
        self._cache: OrderedDict[str, _Entry] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._tokens: dict[str, Access] = {}
        self.table: Callable[[str], dict[str, Any] | None] = lambda game: None
        """A game's log header's ``"table"`` section: how the server ran it (rated, its
        clock, forfeits: :mod:`rr.server.lobby`); ``None``: none."""
        self.refuse: Callable[[str, int], None] = lambda game, seat: None
        """Raises if ``seat`` of ``game`` may not choose any more (it forfeited on its
        clock, :mod:`rr.server.clocks`)."""
        self.moved: Callable[[str, dict[str, Any]], None] = lambda game, answer: None
        """Told of each game changed by a choice through this process, with the seat's
        answer after it (its clock, :mod:`rr.server.clocks`)."""

    # --- who asks -------------------------------------------------------------------------

    def access(self, token: str | None) -> Access:
        """What ``token`` opens; :class:`UnauthorizedError` if nothing."""
        if not token:
            raise UnauthorizedError("this needs a token: 'Authorization: Bearer TOKEN'")
        digest = hash_of(token)
        found = self._tokens.get(digest)
        if found is None:
            found = self.store.access(digest)
            if found is None:
                raise UnauthorizedError("unknown token")
            with self._guard:
                self._tokens[digest] = found  # tokens never change
        return found

    def opens(self, token: str | None, game: str) -> Access:
        """What ``token`` opens in ``game``; :class:`ForbiddenError` for another game's."""
        found = self.access(token)
        if found.game != game:
            raise ForbiddenError("this token is for another game")
        return found

    # --- creating -------------------------------------------------------------------------

    def create(self, new: NewGame) -> dict[str, Any]:
        """A new game, stored; the bots have played until a person must decide. A signed
        game (issue #29) is dealt only once every person's seat has registered its key
        (:meth:`register`), unless it has no person."""
        if new.signed or new.open:
            return self._create_waiting(new)
        # RR-VIEW-10: a seed drawn here, or (a practice game) the creator's with a random salt,
        # so that the commitment hides even a chosen seed from the other seats.
        game = (Game.new(list(new.players), ruleset=new.ruleset, level=new.level)
                if new.seed is None else
                Game.new(list(new.players), seed=new.seed, salt=secrets.token_bytes(SALT_BYTES),
                         ruleset=new.ruleset, level=new.level))
        secret = game.secret
        assert secret is not None
        decisions = bots.play(game, new.bots, 0)
        game_id = new_game_id()
        state = game.state
        seats: list[dict[str, Any]] = []
        tokens: list[tuple[str, int | None]] = []
        for seat, player in enumerate(state.players):
            person = seat < len(new.players) and seat not in new.bots
            token = new_token() if person else None
            if token is not None:
                tokens.append((hash_of(token), seat))
            seats.append({"seat": seat, "name": player.name, "token": token,
                          "bot": None if person else new.bots.get(seat, "au_toma")})
        spectator = new_token()
        tokens.append((hash_of(spectator), None))
        row = GameRow(game_id, tuple(p.name for p in state.players), len(game.events),
                      decisions, game.is_over, dict(new.bots), secret)
        self.store.create(row, state.ruleset.describe(),
                          [encode_event(e) for e in game.events], tokens)
        with self._lock(game_id):
            self._keep(game_id, _Entry(game))
        return {"id": game_id, "seats": seats, "spectator": spectator}

    def _create_waiting(self, new: NewGame, reserved: bool = False) -> dict[str, Any]:
        """A game dealt once its seats are ready (:class:`signed.Seats`): a signed game, or
        one with seats left open to its invitation (issue #28)."""
        # The players and rules are checked now (a throwaway game), the deal made later.
        probe = Game.new(list(new.players), seed=0, ruleset=new.ruleset, level=new.level)
        names = [p.name for p in probe.state.players]
        persons = [seat for seat in range(len(new.players)) if seat not in new.bots]
        seats_kept, invitation = signed.Seats.new(new.players, new.ruleset, new.level, persons,
                                                  new.signed, new.open, new.seed)
        game_id = new_game_id()
        seats: list[dict[str, Any]] = []
        tokens: list[tuple[str, int | None]] = []
        for seat, name in enumerate(names):
            token = seats_kept.open.get(seat) or (new_token() if seat in persons else None)
            if token is not None:
                tokens.append((hash_of(token), seat))
            is_open = seat in seats_kept.open  # its token is its taker's, not the creator's
            seats.append({"seat": seat, "name": name, "token": None if is_open else token,
                          "bot": None if seat in persons else new.bots.get(seat, "au_toma"),
                          "open": is_open})
        spectator = new_token()
        tokens.append((hash_of(spectator), None))
        seats_kept.watch = spectator  # a full game's invitation offers to watch it
        seats_kept.reserved = reserved  # a rematch: each open seat waits for its player
        events: list[bytes] = []
        decisions, over, secret = 0, False, Secret(0)  # no seed until the deal
        game: Game | None = None
        if seats_kept.ready:  # bots only: the server's secret alone deals
            game = seats_kept.deal()
            decisions = bots.play(game, new.bots, 0)
            events, over = [encode_event(e) for e in game.events], game.is_over
            assert game.secret is not None
            secret = game.secret
        row = GameRow(game_id, tuple(names), len(events), decisions, over, dict(new.bots),
                      secret, seats_kept.text())
        self.store.create(row, probe.state.ruleset.describe(), events, tokens)
        if game is not None:
            with self._lock(game_id):
                self._keep(game_id, _Entry(game))
        made: dict[str, Any] = {"id": game_id, "seats": seats, "spectator": spectator}
        if new.signed:
            made["signed"] = {"server_commitment": seats_kept.commitment,
                              "waiting": seats_kept.waiting}
        if invitation is not None:
            made["invitation"] = invitation
        return made

    # --- seat keys (issue #29) -------------------------------------------------------------

    def seat(self, access: Access) -> dict[str, Any]:
        """What ``access``'s seat signs with: the game, its key, the server's commitment,
        whom the deal waits for, and (once dealt) the pending decision's number and the
        hash of the log up to it (:mod:`rr.seatkeys`)."""
        with self._lock(access.game):
            row = self._row(access.game)
            kept = None if row.seats is None else signed.Seats.of(row.seats)
            signs = kept is not None and kept.signed
            out: dict[str, Any] = {
                "game": row.id, "seat": access.seat, "signed": signs,
                "key": None, "server_commitment": None, "waiting": [],
                "open": [] if kept is None else kept.free,
                "dealt": row.events > 0, "decision": row.decisions, "log_hash": None}
            out["players"] = _seats_now(row, kept)
            out["practice"] = None if kept is None else _practice(kept)
            if kept is not None and signs:
                mine = access.seat
                out.update(server_commitment=kept.commitment, waiting=kept.waiting,
                           key=fingerprint(kept.key_now(mine))
                           if mine is not None and mine in kept.keys else None,
                           released=access.seat in kept.releases)
            if row.events and kept is not None and signs:
                entry = self._fresh(row, lambda start: self.store.events(row.id, start))
                out["log_hash"] = entry.log_hash(kept.secret)
            return out

    def register(self, access: Access, body: dict[str, Any]) -> dict[str, Any]:
        """Register the key and contribution of ``access``'s seat (:meth:`seat`'s answer
        after it); the last person's registration deals the game and lets the bots play."""
        if access.seat is None:
            raise ForbiddenError("a spectator has no seat key")
        with self._lock(access.game):
            with self.store.locked(access.game) as locked:
                row = locked.row
                if row.seats is None:
                    raise SeatKeyError("this game was created without seat keys (\"signed\": "
                                       "true makes a game whose seats sign)")
                if row.events:
                    raise SeatKeyError("this game was dealt: a key is registered before")
                kept = signed.Seats.of(row.seats)
                kept.register(row.id, access.seat, body)
                if not kept.ready:
                    locked.append([], 0, False, seats=kept.text())
                    game = None
                else:
                    game = kept.deal()
                    decisions = bots.play(game, row.bots, 0)
                    locked.append([encode_event(e) for e in game.events], decisions,
                                  game.is_over, seats=kept.text(), secret=game.secret)
            if game is not None:
                self._keep(access.game, _Entry(game))
        return self.seat(access)

    def release(self, access: Access, body: dict[str, Any]) -> dict[str, Any]:
        """Release ``access``'s seat to whoever holds a transfer code (:mod:`rr.seatmoves`),
        signed by the seat's key now; :meth:`seat`'s answer after it."""
        return self._moving(access, lambda row, kept: kept.release(row.id, _seat(access), body))

    def move(self, access: Access, body: dict[str, Any]) -> dict[str, Any]:
        """Give ``access``'s seat to the new key ``body`` names, with the transfer code its
        release was made for (:mod:`rr.seatmoves`); :meth:`seat`'s answer after it."""
        return self._moving(access, lambda row, kept: kept.move(row.id, _seat(access),
                                                                row.decisions, body))

    def _moving(self, access: Access, change: Callable[[GameRow, signed.Seats], Any]
                ) -> dict[str, Any]:
        """Make ``change`` on the seats of ``access``'s game and store them (under its
        locks); nothing changes if it fails."""
        with self._lock(access.game), self.store.locked(access.game) as locked:
            row = locked.row
            kept = None if row.seats is None else signed.Seats.of(row.seats)
            if kept is None or not kept.signed:
                raise SeatKeyError("this game's seats have no keys: its seat's link opens "
                                   "it on any device")
            if row.over:
                raise SeatKeyError("the game is over: there is no seat to move")
            change(row, kept)
            locked.append([], row.decisions, row.over, seats=kept.text())
        return self.seat(access)

    # --- open seats (issue #28) -------------------------------------------------------------

    def invitation(self, game: str, invitation: str | None) -> dict[str, Any]:
        """What ``game``'s invitation shows: the players by seat (a bot's kind, an open
        seat's taker or ``null``), the open seats still free, whether the game is full. No
        hand, no card, no token: nothing of the game itself."""
        with self._lock(game):
            row, kept = self._invited(game, invitation)
            return _invited_answer(row, kept)

    def take(self, game: str, invitation: str | None, take: Take) -> dict[str, Any]:
        """Give an open seat of ``game`` to ``take.name``: the seat's token (its link's), the
        seat and the invitation's answer after it. The last seat taken deals an unsigned
        game (a signed one is dealt once the last key is registered too)."""
        with self._lock(game):
            self._invited(game, invitation)
            return self._give(game, take)

    def _give(self, game: str, take: Take) -> dict[str, Any]:
        """:meth:`take`'s work, once the taker may have the seat (``game``'s lock held)."""
        dealt: Game | None = None
        with self.store.locked(game) as locked:
            row = locked.row
            kept = signed.Seats.of(row.seats or "")
            seat, token = kept.take(take.seat, take.name)
            # The names are checked as the creator's were (two players of one name: 422).
            Game.new(list(kept.players), seed=0, ruleset=kept.ruleset, level=kept.level)
            if kept.ready:
                dealt = kept.deal()
                decisions = bots.play(dealt, row.bots, 0)
                locked.append([encode_event(e) for e in dealt.events], decisions,
                              dealt.is_over, seats=kept.text(), secret=dealt.secret)
            else:
                locked.append([], 0, False, seats=kept.text())
        if dealt is not None:
            self._keep(game, _Entry(dealt))
        after = self._row(game)
        return {"game": game, "seat": seat, "name": take.name, "token": token,
                **_invited_answer(after, kept)}

    # --- a rematch for every seat -----------------------------------------------------------

    def rematch(self, access: Access) -> dict[str, Any]:
        """Seat ``access``'s player in the rematch of their finished game: the same players,
        bots, rules and kind of game (signed or not), a new deal. The first seat to ask makes
        it, every person's seat left open to its old player; each then takes their own seat
        under their name (its token in the answer). The rematch is dealt once every person
        has come (and, signed, registered a key)."""
        if access.seat is None:
            raise ForbiddenError("a spectator has no seat in a rematch")
        with self._lock(access.game):
            row = self._row(access.game)
            if not row.over:
                raise GameNotOverError("a rematch is offered once the game is over")
            kept = None if row.seats is None else signed.Seats.of(row.seats)
            made = kept.rematch if kept is not None else None
        if made is None:
            # Made outside the old game's store lock (a store's transactions do not nest);
            # two seats asking at once: the first recorded wins, the other game is never used.
            made = self._create_waiting(self._rematch_of(row, kept), reserved=True)["id"]
            with self._lock(access.game), self.store.locked(access.game) as locked:
                now = locked.row
                kept = (signed.Seats.of(now.seats) if now.seats is not None
                        else signed.Seats.new(now.players, Ruleset(), None, (), signed=False)[0])
                if kept.rematch is None:
                    kept.rematch = made
                    locked.append([], now.decisions, now.over, seats=kept.text())
                made = kept.rematch
        name = (row.players if kept is None else kept.players)[access.seat]
        try:
            with self._lock(made):
                taken = self._give(made, Take(name, access.seat))
        except SeatTakenError:
            raise SeatTakenError("you took your seat in this game's rematch already: it is "
                                 "among your games") from None
        return {"id": made, **taken}

    def _rematch_of(self, row: GameRow, kept: signed.Seats | None) -> NewGame:
        """The new game a rematch of ``row``'s game is: every person's seat open."""
        entry = self._fresh(row, lambda start: self.store.events(row.id, start))
        started = entry.game.events[0]
        assert isinstance(started, GameStarted)
        players = started.players[:-1] if started.solo_level is not None else started.players
        persons = tuple(seat for seat in range(len(players)) if seat not in row.bots)
        return NewGame(tuple(players), None, started.ruleset, started.solo_level,
                       dict(row.bots), signed=kept is not None and kept.signed, open=persons)

    def _invited(self, game: str, invitation: str | None) -> tuple[GameRow, signed.Seats]:
        """``game``'s row and seats, if ``invitation`` is its invitation;
        :class:`UnauthorizedError` otherwise (whether the game exists is not said)."""
        row = self.store.row(game)
        kept = None if row is None or row.seats is None else signed.Seats.of(row.seats)
        if row is None or kept is None or not kept.invites(invitation):
            raise UnauthorizedError("unknown invitation")
        return row, kept

    # --- reading --------------------------------------------------------------------------

    def show(self, access: Access, since: int | None = None) -> dict[str, Any]:
        """The seat answer of ``access``'s seat (:func:`rr.seat_answer.seat_answer`, JSON),
        with the records from ``since`` on (``None``: none)."""
        with self._lock(access.game):
            return self.show_held(access, since)

    def show_held(self, access: Access, since: int | None = None) -> dict[str, Any]:
        """:meth:`show`, the game's lock held by the caller (:meth:`held`)."""
        # Read under the lock: no choice of this process is then half made, so a cached
        # game is never rightly ahead of the row.
        row = _dealt(self._row(access.game))
        entry = self._fresh(row, lambda start: self.store.events(row.id, start))
        return _answer(entry, access, since)

    def count(self, game: str) -> int:
        """How many events ``game`` has stored (for pushes: has it changed?)."""
        return self._row(game).events

    def listing(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        """The games the tokens open, each with its players' names: an open seat's taker's
        once taken (as the game shows them), the creator's name for it until then."""
        found = []
        for token in tokens:
            access = self.access(token)
            row = self._row(access.game)
            players = row.players if row.seats is None else signed.Seats.of(row.seats).players
            found.append({"id": row.id, "seat": access.seat, "players": list(players),
                          "records": row.events, "decision": row.decisions, "over": row.over})
        return found

    def log(self, access: Access) -> tuple[bytes, str | None]:
        """The game's ``.rrlog`` and its signature file's text (``None`` without a key)."""
        row = self._row(access.game)
        if not row.over:
            raise GameNotOverError("the log holds every hidden card: it is given once the game "
                                   "is over")
        events = [decode_event(e) for e in self.store.events(row.id)]
        kept = None if row.seats is None else signed.Seats.of(row.seats)
        table = self.table(row.id)
        data = log.encode(events, row.secret, seats=signed.record(
            row.id, events, row.bots, kept, self._server_key, signed.forfeited(table)),
            table=table)
        return data, None if self._sign is None else self._sign(data)

    def scores_now(self, access: Access) -> dict[str, Any]:
        """What each card of ``access``'s seat's hand would score now
        (:func:`rr.scoring.now.hand_now`, JSON), read from that seat's view only."""
        if access.seat is None:
            raise BadRequest("a spectator holds no hand to score")
        with self._lock(access.game):
            row = _dealt(self._row(access.game))
            entry = self._fresh(row, lambda start: self.store.events(row.id, start))
            return dict(to_json(scores_now(entry.game, access.seat)))

    # --- choosing -------------------------------------------------------------------------

    def choose(self, access: Access, choice: Choice) -> dict[str, Any]:
        """Make ``access``'s seat's choice, let the bots answer, commit; the seat's answer,
        with the records since the choice (its own and the bots' after it). Waits for the
        commit (from any thread but the event loop's: :meth:`choose_soon` there)."""
        with self._lock(access.game):
            for _ in range(ATTEMPTS):
                made = self._choice(access, choice)
                try:
                    made.committed.result()
                except BaseException as err:
                    if self._undone(made, err):
                        continue
                    raise
                return _answer(made.entry, access, made.start)
        raise _busy(access.game)

    async def choose_soon(self, access: Access, choice: Choice) -> dict[str, Any]:
        """:meth:`choose`, from the event loop: the rules run on the loop (no thread hop: they
        would hold the interpreter's lock anyway), and the commit is awaited without blocking
        it, so the choices of many games wait for one commit together (group commit,
        :mod:`rr.server.commits`). The game's lock is held until the answer, so no one is
        shown a choice not yet committed; if another thread holds it, or if the store's
        reads wait for a database server (``reads_wait``), all is done in a worker thread."""
        lock = self._lock(access.game)
        if self.store.reads_wait or not lock.acquire(blocking=False):
            answer: dict[str, Any] = await anyio.to_thread.run_sync(self.choose, access, choice)
            return answer
        try:
            for _ in range(ATTEMPTS):
                made = self._choice(access, choice)
                try:
                    await asyncio.wrap_future(made.committed)
                except BaseException as err:
                    if self._undone(made, err):
                        continue
                    raise
                return _answer(made.entry, access, made.start)
            raise _busy(access.game)
        finally:
            lock.release()

    async def held(self, game: str, read: Callable[[], Any]) -> Any:
        """``read()`` with ``game``'s lock held (a method ending in ``_held``): on the event
        loop at once if the lock is free (and the store's reads are made in this process),
        else in a worker thread once it is."""
        lock = self._lock(game)
        if not self.store.reads_wait and lock.acquire(blocking=False):
            try:
                return read()
            finally:
                lock.release()

        def waited() -> Any:
            with lock:
                return read()
        return await anyio.to_thread.run_sync(waited)

    def _choice(self, access: Access, choice: Choice) -> _Made:
        """Make the choice in memory (``access.game``'s lock held) and hand its events to the
        store's next commit. The row is read before, outside any transaction: the commit
        stores the events only if the game still has the row's (:class:`Moved` otherwise)."""
        entry: _Entry | None = None
        start = 0
        try:
            row = _dealt(self._row(access.game))
            # The events the row counts, not more (another process may be appending).
            entry = self._fresh(row, lambda first: self.store.events(row.id, first)[
                :row.events - first])
            start = len(entry.game.events)
            kept = None if row.seats is None else signed.Seats.of(row.seats)
            pending = entry.game.pending
            if kept is not None and choice.decision == row.decisions \
                    and pending is not None and pending.seat == access.seat:
                # Checked before anything changes: a missing or bad signature of a
                # seat with a key is refused (issue #29).
                kept.check(row.id, row.decisions, pending.seat, choice.action,
                           entry.log_hash(kept.secret), choice.signature)
            decisions = self._make(entry.game, row, access, choice)
            new = entry.game.events[start:]
            committed = self.store.append_later(
                row, [encode_event(e) for e in new], decisions, entry.game.is_over,
                seats=None if kept is None else kept.text())
        except BaseException:
            if entry is not None and len(entry.game.events) != start:
                self._drop(access.game)  # changed in memory, not in the store
            raise
        return _Made(access.game, entry, start, committed)

    def _undone(self, made: _Made, err: BaseException) -> bool:
        """Forget the game ``made`` changed in memory, its commit having failed with ``err``;
        whether to make the choice again (another process went on with the game)."""
        self._drop(made.game)
        return isinstance(err, Moved)

    def _make(self, game: Game, row: GameRow, access: Access, choice: Choice) -> int:
        """Check and make the choice on ``game``, then the bots'; the decisions made."""
        if choice.decision != row.decisions:
            raise StaleDecisionError(f"decision {choice.decision} is past: the game is at "
                                     f"decision {row.decisions}")
        decision = game.pending
        if decision is None:
            raise NoDecisionPendingError("the game is over; no decision is pending")
        rule = decision.rule
        if access.seat is None:
            raise ForbiddenError("a spectator's token cannot choose")
        if access.seat != decision.seat:
            raise WrongPlayerError(f"seat {access.seat} may not choose now: the decision is "
                                   f"seat {decision.seat}'s ({decision.prompt})", rule)
        self.refuse(access.game, access.seat)
        option = _listed(decision, choice.action)
        if option is None:
            raise IllegalChoiceError(f"action {choice.action} is not one of this decision's "
                                     f"options ({decision.prompt})", rule)
        game.choose(option, seat=access.seat)
        return bots.play(game, row.bots, row.decisions + 1)

    def play_for(self, game: str, seat: int, decision: int, kind: str,
                 also: frozenset[int] = frozenset(), also_kind: str = "random"
                 ) -> list[tuple[int, int, str]] | None:
        """Have the bot ``kind`` make decision number ``decision`` of ``game`` for ``seat``
        (a person's seat whose time ran out: :mod:`rr.server.clocks`), then the game's bots,
        and the bot ``also_kind`` for the seats in ``also`` (forfeited), as long as it is
        theirs; committed at once. The decisions made for ``seat`` and ``also`` (number,
        seat, bot); ``None`` (nothing changed) if the game is no longer at that decision, or
        it is not ``seat``'s."""
        with self._lock(game):
            try:
                with self.store.locked(game) as locked:
                    row = locked.row
                    if row.decisions != decision or row.events == 0:
                        return None
                    entry = self._fresh(row, locked.events)
                    pending = entry.game.pending
                    if pending is None or pending.seat != seat:
                        return None
                    start = len(entry.game.events)
                    made = decision
                    played: list[tuple[int, int, str]] = []
                    while pending is not None:
                        if pending.seat in row.bots:
                            made = bots.play(entry.game, row.bots, made)
                        elif not played or pending.seat in also:
                            bot = kind if not played else also_kind
                            played.append((made, pending.seat, bot))
                            bots.play_one(entry.game, bot, made)
                            made += 1
                        else:
                            break
                        pending = entry.game.pending
                    locked.append([encode_event(e) for e in entry.game.events[start:]], made,
                                  entry.game.is_over)
            except BaseException:
                self._drop(game)  # changed in memory, perhaps not in the store
                raise
        return played

    # --- the cache ------------------------------------------------------------------------

    def _row(self, game: str) -> GameRow:
        row = self.store.row(game)
        if row is None:  # a token of a game that is gone: the store was replaced
            raise ForbiddenError("this token's game is not in this server's store (a game "
                                 "not finished is deleted once unchanged for long enough)")
        return row

    def _lock(self, game: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(game)
            if lock is None:
                lock = self._locks[game] = threading.Lock()
            return lock

    def _keep(self, game: str, entry: _Entry) -> None:
        with self._guard:
            self._cache[game] = entry
            self._cache.move_to_end(game)
            while len(self._cache) > CACHED_GAMES:
                self._cache.popitem(last=False)

    def _drop(self, game: str) -> None:
        with self._guard:
            self._cache.pop(game, None)

    def forget(self, games: Sequence[str]) -> None:
        """Forget ``games`` (deleted from the store: ``rr.server.expiry``) and their tokens."""
        gone = set(games)
        with self._guard:
            for game in gone:
                self._cache.pop(game, None)
                self._locks.pop(game, None)
            for digest in [d for d, a in self._tokens.items() if a.game in gone]:
                del self._tokens[digest]

    def _fresh(self, row: GameRow, stored: Callable[[int], list[bytes]]) -> _Entry:
        """The game ``row`` describes (read with the lock of the game held), from the cache if
        it has the row's events; caught up if it has fewer; rebuilt if it has more (the
        database was put back to an older copy). ``stored(n)``: the stored events from the
        ``n``-th on."""
        with self._guard:
            entry = self._cache.get(row.id)
            if entry is not None:
                self._cache.move_to_end(row.id)
        if entry is not None:
            have = len(entry.game.events)
            if have == row.events:
                return entry
            if have < row.events and _catch_up(entry.game,
                                               [decode_event(e) for e in stored(have)]):
                return entry
        entry = _Entry(Game.resume([decode_event(e) for e in stored(0)], secret=row.secret))
        self._keep(row.id, entry)
        return entry


def _seat(access: Access) -> int:
    if access.seat is None:
        raise ForbiddenError("a spectator has no seat to move")
    return access.seat


def _busy(game: str) -> StaleDecisionError:
    return StaleDecisionError(f"game {game} kept changing while this choice was made (other "
                              f"server processes choosing in it); read it again")


def _dealt(row: GameRow) -> GameRow:
    """``row``, if its game was dealt; :class:`DealPendingError` if it waits for seats."""
    if row.events == 0:
        kept = signed.Seats.of(row.seats) if row.seats is not None else None
        if kept is not None and kept.free:
            raise DealPendingError(f"the game is not dealt yet: {len(kept.free)} open seat(s) "
                                   "wait to be taken with the game's invitation")
        waiting = ", ".join(str(s) for s in kept.waiting) if kept is not None else "?"
        raise DealPendingError(f"the game is not dealt yet: it waits for the keys of seat(s) "
                               f"{waiting} (POST /api/games/ID/seat)")
    return row


def _seats_now(row: GameRow, kept: signed.Seats | None) -> list[dict[str, Any]]:
    """Who sits where, for a seat waiting for the deal: each seat's name (``None``: an open
    seat nobody took yet), its bot's kind, whether it was left open, and whether its player
    has joined (taken the seat and, in a signed game, registered a key)."""
    names = row.players if kept is None else kept.players
    free = [] if kept is None else kept.free
    waiting = [] if kept is None else kept.waiting
    reserved = kept is not None and kept.reserved
    return [{"seat": seat, "name": None if seat in free and not reserved else name,
             "bot": row.bots.get(seat),
             "open": kept is not None and seat in kept.open,
             "joined": seat not in free and seat not in waiting}
            for seat, name in enumerate(names)]


def _invited_answer(row: GameRow, kept: signed.Seats) -> dict[str, Any]:
    """The invitation's answer: the seats by name, who is free, whether the game is full."""
    seats = []
    for seat, name in enumerate(kept.players):
        is_open = seat in kept.open
        seats.append({"seat": seat, "name": None if seat in kept.free else name,
                      "bot": row.bots.get(seat), "open": is_open})
    return {"game": row.id, "seats": seats, "free": kept.free, "full": not kept.free,
            "dealt": row.events > 0, "watch": None if kept.free else kept.watch,
            "practice": _practice(kept)}


def _practice(kept: signed.Seats) -> dict[str, Any] | None:
    """A practice game's chosen seed, said before a seat is taken (RR-VIEW-10): whoever
    chose it can know every card. ``None`` for a game whose seed nobody chooses."""
    if kept.seed is None:
        return None
    return {"seed_origin": "chosen", "words": "This is a practice game: its creator chose "
            "the seed, so they can know every card, yours included."}


def _catch_up(game: Game, recorded: list[Event]) -> bool:
    """Make on ``game`` the decisions ``recorded`` (the events after its own) holds; whether
    that gave exactly those events (else ``game`` is spoilt: rebuild it)."""
    start = len(game.events)
    try:
        while len(game.events) - start < len(recorded):
            event = recorded[len(game.events) - start]
            if not isinstance(event, DecisionMade):
                return False
            game.choose(event.option, seat=event.seat)
    except Exception:  # noqa: BLE001 - any failure means: rebuild from the log
        return False
    return game.events[start:] == tuple(recorded)


def _answer(entry: _Entry, access: Access, since: int | None) -> dict[str, Any]:
    """``access``'s seat's answer (the game's lock held: the marks are not shared), as
    :func:`rr.seat_answer.answer_json` makes it: read-only (parts are shared)."""
    return answer_json(entry.game, access.seat, since, entry.marks)


def _listed(decision: Decision, action: int) -> Option | None:
    """The option of ``decision`` whose action integer (``rr.actions``) is ``action``, or
    ``None`` if the decision does not list it."""
    try:
        option = actions.option_of(action)
    except UnknownActionError:
        return None
    return option if option in decision.options else None
