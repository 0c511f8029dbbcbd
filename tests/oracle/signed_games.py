"""Signed games made as ``rr server`` makes them (rr.server.signed), without HTTP: the seats
register keys and contributions, the game is dealt from them, every person's decision is
signed by its seat's key, and the log is written with the header's seats section. And the
forger of issue #29: one decision changed, the rest replayed legally, rr's writer, the
server's key."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from rr import actions
from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log
from rr.events.types import DecisionMade, Event
from rr.ruleset import Ruleset
from rr.seatkeys import LogHash, SeatKey, b64, decision_message, key_message, log_hash
from rr.server import signed

GAME = "g-test-29"


@frozen
class Made:
    """A finished signed game: its events, its kept seats, the seats' keys, the bots."""

    events: tuple[Event, ...]
    seats: signed.Seats
    keys: dict[int, SeatKey]
    bots: dict[int, str]
    game: str = GAME


def register(seats: signed.Seats, game: str, seat: int, key: SeatKey,
             contribution: bytes) -> None:
    message = key_message(game, seat, b64(key.public), contribution.hex(), seats.commitment)
    seats.register(game, seat, {"key": b64(key.public), "contribution": contribution.hex(),
                                "signature": b64(key.sign(message))})


def play_signed(players: Sequence[str] = ("Ana", "Bo"), bots: dict[int, str] | None = None,
                seed: int = 5, game: str = GAME) -> Made:
    """A signed game played to its end by random agents (persons sign their decisions)."""
    bots = {1: "random"} if bots is None else bots
    persons = [s for s in range(len(players)) if s not in bots]
    seats = signed.Seats.new(players, Ruleset(), None, persons)[0]
    keys = {s: SeatKey.generate() for s in persons}
    for s in persons:
        register(seats, game, s, keys[s], bytes([s + 1]) * 32)
    dealt = seats.deal()
    agent = RandomAgent(seed)
    number = 0
    while dealt.pending is not None:
        decision = dealt.pending
        option = agent.choose(decision)
        if decision.seat in keys:
            action = actions.action_of(option)
            prefix = log_hash(dealt.events, seats.secret)
            message = decision_message(game, number, decision.seat, action, prefix)
            seats.check(game, number, decision.seat, action, prefix,
                        b64(keys[decision.seat].sign(message)))
        dealt.choose(option, seat=decision.seat)
        number += 1
    return Made(dealt.events, seats, keys, bots, game)


def write(path: Path, made: Made, server: SeatKey | None = None,
          events: Sequence[Event] | None = None, seats: signed.Seats | None = None) -> Path:
    """The log as the server hands it out (the header's seats section, bots signed by
    ``server``)."""
    events = made.events if events is None else events
    section = signed.record(made.game, events, made.bots,
                            made.seats if seats is None else seats, server)
    path.write_bytes(log.encode(events, seats=section))
    return path


def person_decisions(made: Made) -> list[int]:
    """The records of the persons' decisions."""
    return [i for i, e in enumerate(made.events)
            if isinstance(e, DecisionMade) and e.seat in made.keys]


def forge(made: Made | Sequence[Event], record: int) -> tuple[Event, ...]:
    """The game with the decision at ``record`` changed to another legal option and every
    later decision made again as recorded where still legal (else the first option): what
    a host that holds the seed can write."""
    events = tuple(made.events if isinstance(made, Made) else made)
    secret = log.secret_of({}, events)  # revealed at the end: the host had it all along
    game = Game.resume(events[:record], secret=secret)
    decision = game.pending
    assert decision is not None
    recorded = events[record]
    assert isinstance(recorded, DecisionMade)
    game.choose(next(o for o in decision.options if o != recorded.option), seat=decision.seat)
    later = [e for e in events[record + 1:] if isinstance(e, DecisionMade)]
    while game.pending is not None:
        pending = game.pending
        wanted = later.pop(0).option if later else None
        game.choose(wanted if wanted in pending.options else pending.options[0],
                    seat=pending.seat)
    return game.events


def changeable(events: Sequence[Event], records: Sequence[int]) -> int:
    """The first of ``records`` whose decision had another legal option (the game is dealt
    from a fresh server secret each time, so which decisions had a choice varies)."""
    secret = log.secret_of({}, events)
    for record in records:
        pending = Game.resume(events[:record], secret=secret).pending
        if pending is not None and len(pending.options) > 1:
            return record
    raise AssertionError("no decision with a choice")


def resigned(section: dict[str, Any], events: Sequence[Event],
             server: SeatKey) -> dict[str, Any]:
    """The header's seats section for forged ``events``: the bots' decisions signed anew by
    the server's key (the forger holds it), the persons' signatures kept (it cannot make
    theirs), one per decision."""
    bots = {entry["seat"] for entry in section["seats"] if entry["kind"] == "bot"}
    kept = list(section["signatures"])
    running = LogHash(bytes.fromhex(section["server_secret"]))
    mine: list[str | None] = []
    for index, made in enumerate(events):
        if not isinstance(made, DecisionMade):
            continue
        number = len(mine)
        if made.seat in bots:
            running.extend(events[running.records:index])
            message = decision_message(section["game"], number, made.seat,
                                       actions.action_of(made.option), running.hex())
            mine.append(b64(server.sign(message)))
        else:
            mine.append(kept[number] if number < len(kept) else None)
    return {**section, "signatures": mine}
