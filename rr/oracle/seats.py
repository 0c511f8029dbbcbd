"""The seats' check of ``rr audit`` (``--seats``, issue #29): were the decisions the seats' own,
and was the deal made as recorded?

A log a server wrote for a signed game holds, in its header's ``"seats"`` section
(:mod:`rr.seatkeys`), each person's public key with its registration (signed over the game,
the seat, the key, its contribution to the deal and the server's commitment), the server's
secret and commitment, and one signature per decision. The check:

1. **the deal**: the server's secret opens its commitment; each person's registration
   verifies with its key; the seed derived from the secret and the contributions (in seat
   order) is the seed the last record reveals, and record 0 says the seed was dealt jointly;
2. **the decisions**: for each decision, at record *r*, decision number *k*: a person's seat
   with a key must have signed ``(game, k, seat, action, hash of records 0..r-1)`` (the
   hash keyed with the server's secret: :class:`rr.seatkeys.LogHash`) with that
   key; a bot's decision, when the section names a server key, with the server's key. The
   first decision that is unsigned, signed wrongly or signed by another key is named
   (record, seat, player);
3. **a seat that forfeited on its clock** (a signed game with a clock, :mod:`rr.server.clocks`):
   the decisions the header's ``"table"`` section lists as made for a seat that forfeited
   (time-outs with ``"forfeit": true``) are the server's, not the seat's: each must be signed
   with the server's key (whether the section's time-outs hold is the table's check,
   :mod:`rr.oracle.table`); a time-out that did not forfeit is still the seat's to sign;
4. **the moves** (a seat moved to another device, :mod:`rr.seatmoves`): each move's release
   verifies with the seat's key before it and its own signature with the new key; from the
   move's decision on, the seat's decisions are checked against the new key, before it
   against the old one.

A log without the section (older logs, physical games, other hosts) has seats that did not
sign: the check says so and, with ``--seats``, names the first decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from rr import actions, ed25519
from rr.errors import BadInputError
from rr.events.signing import fingerprint
from rr.events.types import DecisionMade, Event, GameStarted, SeedRevealed
from rr.randomness import SeedOrigin, unhex
from rr.seatmoves import Move, key_at
from rr.seatkeys import (
    BOT,
    PERSON,
    LogHash,
    SeatsRecord,
    decision_message,
    derive_seed,
    key_message,
    server_commitment,
    unb64,
    verifies,
)


@frozen
class SeatProblem:
    """The first record that fails the seats' check."""

    record: int
    seat: int | None
    player: str | None
    reason: str

    def words(self) -> str:
        who = "" if self.seat is None else f", seat {self.seat} ({self.player})"
        return f"record {self.record}{who}: {self.reason}"


@frozen
class SeatsCheck:
    """What the seats' check found: ``note`` in words, the first ``problem`` (``None``: every
    person's decision is signed by its seat's key and the deal is as recorded)."""

    note: str
    problem: SeatProblem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def check_seats(header: Mapping[str, Any], events: Sequence[Event]) -> SeatsCheck:
    """The seats' check of a log (its header and its events; module notes)."""
    if not events or not isinstance(events[0], GameStarted):
        return SeatsCheck("no seats to check", SeatProblem(0, None, None, "no game_started"))
    started = events[0]
    names = started.players
    section = header.get("seats")
    if section is None:
        first = next((i for i, e in enumerate(events) if isinstance(e, DecisionMade)), None)
        note = "the seats did not sign (the log holds no seat keys)"
        if first is None:
            return SeatsCheck(note)
        made = events[first]
        assert isinstance(made, DecisionMade)
        return SeatsCheck(note, SeatProblem(first, made.seat, names[made.seat],
                                            "unsigned (the log holds no seat keys)"))
    try:
        record = SeatsRecord.of(section)
        kinds = {entry.seat: entry for entry in record.seats}
        if sorted(kinds) != list(range(len(names))) or len(record.seats) != len(names):
            raise BadInputError("the seats section does not list every seat once")
        if any(entry.kind not in (PERSON, BOT) for entry in record.seats):
            raise BadInputError("a seat is a person's or a bot's")
        keys = {s: unb64(e.key, f"seat {s}'s key", 32) for s, e in kinds.items()
                if e.kind == PERSON and e.key is not None}
        server = (None if record.server_key is None
                  else unb64(record.server_key, "the server's key", 32))
        moves = tuple(Move.of(m) for m in record.moves)
    except BadInputError as err:
        return SeatsCheck(f"the seats section cannot be read: {err}",
                          SeatProblem(0, None, None, f"the seats section cannot be read: {err}"))
    weak = _weak_key(keys, server, names)
    if weak is not None:
        return SeatsCheck(f"a key is refused: {weak.reason}", weak)
    deal_note, deal_problem = _deal(record, keys, started, events)
    persons = [s for s, e in kinds.items() if e.kind == PERSON]
    servers = _forfeited(header)
    problem = deal_problem or _moves(record, keys, moves, names, events) or _decisions(
        record, keys, server, kinds, names, events, _log_key(record), moves, servers)
    signers = [f"{names[s]} (key {fingerprint(keys[s])})" for s in persons if s in keys]
    unsigned = [names[s] for s in persons if s not in keys]
    bots = [names[s] for s, e in kinds.items() if e.kind == BOT]
    parts = []
    if signers:
        parts.append("seats signed: " + ", ".join(signers))
    for move in moves:
        parts.append(f"{names[move.seat]}'s seat moved to another device from decision "
                     f"{move.decision} (key {fingerprint(unb64(move.key, 'key', 32))}), "
                     "released by its key before")
    if unsigned:
        parts.append("did not sign: " + ", ".join(unsigned))
    if servers:
        deciders = [e.seat for e in events if isinstance(e, DecisionMade)]
        gone = sorted({deciders[d] for d in servers if 0 <= d < len(deciders)})
        parts.append(f"{', '.join(names[s] for s in gone)} forfeited on the clock: "
                     f"{len(servers)} decision(s) made and signed by the server")
    if bots:
        parts.append(f"bots ({', '.join(bots)}) " + (
            f"signed by the server's key {fingerprint(server)}" if server is not None
            else "unsigned (the server had no key)"))
    parts.append(deal_note)
    return SeatsCheck("; ".join(parts), problem)


def _deal(record: SeatsRecord, keys: Mapping[int, bytes], started: GameStarted,
          events: Sequence[Event]) -> tuple[str, SeatProblem | None]:
    """The deal's note and its first problem (at record 0, or at the reveal)."""
    if record.deal != "joint":
        if started.seed_origin is SeedOrigin.JOINT:
            return "", SeatProblem(0, None, None, "record 0 says the seed was dealt jointly, "
                                                   "the seats section does not")
        said = {"chosen": "the seed was chosen by the game's creator",
                "server": "the seed was drawn by the server alone",
                "public": "the seed was public from the start",
                "none": "no seed: random outcomes given from outside"}
        return said.get(record.deal, f"deal {record.deal!r}"), None
    bad = SeatProblem(0, None, None, "")
    if started.seed_origin is not SeedOrigin.JOINT:
        return "", _why(bad, "the seats section says the seed was dealt jointly, record 0 "
                             f"says {started.seed_origin.describe()}")
    if record.server_secret is None or record.server_commitment is None:
        return "", _why(bad, "the server's secret or commitment is missing")
    try:
        secret = unhex(record.server_secret, "the server's secret", 32)
    except BadInputError as err:
        return "", _why(bad, str(err))
    if server_commitment(secret) != record.server_commitment:
        return "", _why(bad, "the server's secret does not open its commitment")
    contributions = []
    for entry in record.seats:
        if entry.kind != PERSON:
            continue
        player = started.players[entry.seat]
        if entry.seat not in keys or entry.contribution is None or entry.registration is None:
            return "", SeatProblem(0, entry.seat, player, "a person's seat without a key or "
                                                           "contribution in a joint deal")
        try:
            contributions.append(unhex(entry.contribution, "a contribution", 32))
            signature = unb64(entry.registration, "a registration", 64)
        except BadInputError as err:
            return "", SeatProblem(0, entry.seat, player, str(err))
        weak = ed25519.signature_problem(signature)
        if weak is not None:
            return "", SeatProblem(0, entry.seat, player,
                                   f"its key's registration is refused: {weak}")
        message = key_message(record.game, entry.seat, str(entry.key), entry.contribution,
                              record.server_commitment)
        if not verifies(keys[entry.seat], signature, message):
            return "", SeatProblem(0, entry.seat, player,
                                   "its key's registration does not verify (not this game's, "
                                   "this seat's, this contribution's or this commitment's)")
    last = events[-1]
    if not isinstance(last, SeedRevealed):
        return ("seed dealt jointly (not revealed yet: the game is not over)", None)
    seed = derive_seed(secret, contributions)
    if seed != last.seed:
        return "", SeatProblem(len(events) - 1, None, None,
                               f"the seed revealed ({last.seed}) is not the one derived from "
                               f"the server's secret and the contributions ({seed})")
    who = ", ".join(started.players[e.seat] for e in record.seats if e.kind == PERSON)
    return (f"seed derived from the server's committed secret and the contributions of "
            f"{who or 'no person'}: recomputed", None)


def _weak_key(keys: Mapping[int, bytes], server: bytes | None,
              names: Sequence[str]) -> SeatProblem | None:
    """The first key strict verification refuses (:mod:`rr.ed25519`: small order, not
    canonical), at record 0: a seat with such a key signs nothing it can be held to."""
    for seat, key in sorted(keys.items()):
        problem = ed25519.key_problem(key)
        if problem is not None:
            return SeatProblem(0, seat, names[seat], f"its key is refused: it is {problem}")
    problem = None if server is None else ed25519.key_problem(server)
    if problem is not None:
        return SeatProblem(0, None, None, f"the server's key is refused: it is {problem}")
    return None


def _moves(record: SeatsRecord, keys: Mapping[int, bytes], moves: Sequence[Move],
           names: Sequence[str], events: Sequence[Event]) -> SeatProblem | None:
    """The first move of a seat that does not hold (module notes), named at the record of
    its decision."""
    made = [i for i, e in enumerate(events) if isinstance(e, DecisionMade)]
    last: dict[int, int] = {}
    for number, move in enumerate(moves):
        at = made[move.decision] if 0 <= move.decision < len(made) else len(events)
        problem = SeatProblem(at, move.seat if move.seat in keys else None,
                              names[move.seat] if 0 <= move.seat < len(names) else None, "")
        if move.seat not in keys:
            return _why(problem, f"move {number + 1} is of a seat with no key")
        if move.decision < last.get(move.seat, 0):
            return _why(problem, f"move {number + 1} goes back before the seat's last move")
        before = key_at(move.seat, move.decision, keys[move.seat], moves[:number])
        why = move.problem(record.game, before)
        if why is not None:
            return _why(problem, f"the seat's move to another device does not hold: {why}")
        last[move.seat] = move.decision
    return None


def _why(problem: SeatProblem, reason: str) -> SeatProblem:
    return SeatProblem(problem.record, problem.seat, problem.player, reason)


def _log_key(record: SeatsRecord) -> bytes:
    """The key of the log hashes a section's signatures cover: the server's secret of a joint
    deal (:class:`rr.seatkeys.LogHash`), else none."""
    if record.deal != "joint" or record.server_secret is None:
        return b""
    try:
        return unhex(record.server_secret, "the server's secret", 32)
    except BadInputError:
        return b""  # the deal's check names it


def _forfeited(header: Mapping[str, Any]) -> frozenset[int]:
    """The decisions the header's ``"table"`` section lists as made by the server for a seat
    that forfeited on its clock."""
    table = header.get("table")
    timeouts = table.get("timeouts") if isinstance(table, dict) else None
    if not isinstance(timeouts, list):
        return frozenset()
    return frozenset(t["decision"] for t in timeouts if isinstance(t, dict)
                     and t.get("forfeit") is True and type(t.get("decision")) is int)


def _decisions(record: SeatsRecord, keys: Mapping[int, bytes], server: bytes | None,
               kinds: Mapping[int, Any], names: Sequence[str],
               events: Sequence[Event], log_key: bytes, moves: Sequence[Move] = (),
               servers: frozenset[int] = frozenset()) -> SeatProblem | None:
    """The first decision whose signature fails (module notes); ``servers``: the decisions
    of persons' seats the server made (a seat that forfeited on its clock)."""
    running = LogHash(log_key)
    number = 0
    others = {f"seat {s}'s key": k for s, k in keys.items()}
    if server is not None:
        others["the server's key"] = server
    for index, event in enumerate(events):
        if not isinstance(event, DecisionMade):
            continue
        seat = event.seat
        entry = kinds[seat]
        theirs = entry.kind == PERSON and number not in servers
        key = keys.get(seat) if theirs else server
        if key is not None and theirs:
            key = key_at(seat, number, key, moves)
        if key is None and entry.kind == BOT:
            number += 1
            continue  # a bot of a server without a key: marked as a bot, not signed
        problem = SeatProblem(index, seat, names[seat], "")
        if key is None:
            return _why(problem, "unsigned: this person's seat registered no key" if theirs
                        else f"unsigned: the server made decision {number} for a seat that "
                             "forfeited on its clock, and had no key")
        text = record.signatures[number] if number < len(record.signatures) else None
        if text is None:
            return _why(problem, f"unsigned (decision {number})")
        try:
            signature = unb64(text, "a signature", 64)
        except BadInputError as err:
            return _why(problem, f"mis-signed (decision {number}): {err}")
        weak = ed25519.signature_problem(signature)
        if weak is not None:
            return _why(problem, f"mis-signed (decision {number}): the signature is refused: "
                                 f"{weak}")
        running.extend(events[running.records:index])
        message = decision_message(record.game, number, seat, actions.action_of(event.option),
                                   running.hex())
        if not verifies(key, signature, message):
            whose = next((name for name, other in others.items()
                          if other != key and verifies(other, signature, message)), None)
            return _why(problem, f"signed by another key ({whose}), not "
                                 f"{'the seat' if theirs else 'the server'}'s "
                                 f"(decision {number})" if whose else
                                 f"mis-signed (decision {number}): the signature is not "
                                 f"{'the seat' if theirs else 'the server'}'s "
                                 "key's over this game, decision, choice and log so far")
        number += 1
    if number != len(record.signatures):
        return SeatProblem(len(events), None, None,
                           f"the seats section holds {len(record.signatures)} signatures for "
                           f"{number} decisions")
    return None
