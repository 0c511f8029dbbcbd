"""Whole games played over HTTP and the WebSocket of a real ``rr server`` by every seat, watched
by the spectator: every message each of them receives is checked against ``fuzz.seen``, the
second implementation of what each seat and the spectator saw (issue 25, point 4).

A game is created without a seed and played to its end by random choices, each seat through
its own token; after every choice every seat and the spectator fetch their answer, and each
has a WebSocket open, whose messages bring the records since the last (the story). Once the
game is over its log (the truth) is downloaded, and then:

* every seat answer (``GET``, ``POST .../choose``, WebSocket message) shows its receiver the
  cards it saw and no other, and is the engine's view and pending decision for it at that
  record;
* every record it brings, and every line of story with it, names only cards its receiver was
  told at that record;
* the game, played again beside games that differ only in cards an observer never saw, asks
  every observer the same questions (``fuzz.worlds``);
* no integer and no hex string any of them received, tried as a seed, deals the game's hands.

CI plays one game of 3 players; ``RR_FUZZ=long`` plays one of 1 (solo), 2, 3, 4 and 6.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from attrs import define
from websockets.sync.client import connect

from fuzz import worlds
from fuzz.seen import (
    Observer,
    Seen,
    free_names,
    pending_problems,
    text_cards,
    told_problems,
    view_problems,
)
from rr.engine import Game
from rr.events import log
from rr.events.types import CardDealt, DecisionMade, Event, GameStarted, SeedRevealed
from rr.jsonforms import to_json
from rr.oracle.audit import audit
from rr.model import CardId
from tests.server.harness import Client, Server
from tests.server.play import create, download, tokens

LONG = os.environ.get("RR_FUZZ") == "long"
SIZES = [1, 2, 3, 4, 6] if LONG else [3]
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa"]


@define
class Played:
    """A game played over the wire: what each observer received, and the true log."""

    players: int
    created: dict[str, Any]
    views: list[tuple[Observer, dict[str, Any]]]
    """Every seat answer received, with its receiver."""
    events: tuple[Event, ...]
    pushed: dict[Observer, list[int]]
    """The records each observer's WebSocket messages told, in the order they came."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Played]]:
    folder = tmp_path_factory.mktemp("wire")
    server = Server(str(folder / "games.sqlite"), folder, extra=["--rate", "100000"])
    client = Client([server])
    try:
        yield [play(client, server, players, folder) for players in SIZES]
    finally:
        client.close()
        server.stop()


def play(client: Client, server: Server, players: int, folder: Path) -> Played:
    """One game of ``players`` (1: solo) created without a seed, played to its end by every
    seat; every message every seat and the spectator received, and the downloaded log."""
    created = create(client, players=NAMES[:players],
                     **({"solo": {"level": 2}} if players == 1 else {}))
    game = created["id"]
    viewers: dict[Observer, str] = {None: created["spectator"]}
    for seat, token in tokens(created).items():
        viewers[seat] = token
    rng = random.Random(players)
    views: list[tuple[Observer, dict[str, Any]]] = []
    base = server.url.replace("http://", "ws://")
    with ExitStack() as stack:
        sockets = {v: stack.enter_context(connect(f"{base}/api/games/{game}/ws?token={t}",
                                                  open_timeout=10))
                   for v, t in viewers.items()}
        latest = {v: json.loads(s.recv(timeout=10)) for v, s in sockets.items()}
        views += latest.items()
        pushed = {v: [t["record"] for t in latest[v]["new"]] for v in viewers}
        for _ in range(5000):
            shown = {v: client.ok("GET", f"/api/games/{game}", t) for v, t in viewers.items()}
            views += shown.items()
            pending = shown[None]["view"]["pending"]
            if pending is None:
                break
            seat = pending["seat"]
            pick = rng.choice(shown[seat]["view"]["pending"]["options"])
            answer = client.ok("POST", f"/api/games/{game}/choose", viewers[seat],
                               {"action": pick["action"], "decision": shown[seat]["decision"]})
            views.append((seat, answer))
            for v, socket in sockets.items():
                while latest[v]["records"] < answer["records"]:
                    latest[v] = json.loads(socket.recv(timeout=10))
                    views.append((v, latest[v]))
                    pushed[v] += [t["record"] for t in latest[v]["new"]]
        else:
            raise AssertionError("no end after 5000 choices")
    events = log.read(download(client, created, folder)).events
    return Played(players, created, views, tuple(events), pushed)


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-2", "RR-VIEW-3", "RR-VIEW-4", "RR-VIEW-5", "RR-VIEW-6",
                  "RR-VIEW-8", "RR-VIEW-9", "RULING-B8", "RULING-B10")
def test_every_message_shows_its_receiver_exactly_what_it_saw(played: list[Played]) -> None:
    """Every seat answer a seat or the spectator received (GET, a choice's POST, WebSocket
    message) shows the cards it saw by then (``fuzz.seen``) and no other, and every record
    and line of story it brings those it was told at that record; each answer is the engine's
    view and pending decision for its receiver; the WebSocket messages of each observer tell
    every record once, in order; and the game asks every observer the same questions as games
    that differ only in cards it never saw."""
    for game in played:
        problems = _view_problems(game) + _story_problems(game)
        leaks, compared = worlds.check(game.events, random.Random(game.players),
                                       [None, *range(_seats(game))], checkpoints=2)
        assert problems + leaks == [], f"{game.players} players"
        assert compared == 2 * (_seats(game) + 1)
        assert len(game.views) > 100
        for observer, told in game.pushed.items():
            assert told == list(range(len(game.events))), observer


def _seats(game: Played) -> int:
    started = game.events[0]
    assert isinstance(started, GameStarted)
    return len(started.players)


def _view_problems(game: Played) -> list[str]:
    """Each view answer against ``fuzz.seen`` and against the engine, at its record."""
    started = game.events[0]
    assert isinstance(started, GameStarted)
    seen, replay, fed = Seen(), worlds.fresh(started), 0
    problems: list[str] = []
    for observer, answer in sorted(game.views, key=lambda item: item[1]["records"]):
        count = answer["records"]
        while fed < count:
            seen.feed(game.events[fed])
            fed += 1
        while len(replay.events) < count:
            record = game.events[len(replay.events)]
            if isinstance(record, DecisionMade):
                replay.choose(record.option, seat=record.seat)
            else:
                replay.give_chance(record)
        assert len(replay.events) == count, "a view answer between two records of one step"
        where = f" (record {count})"
        problems += [p + where for p in view_problems(seen, observer, answer["view"],
                                                      answer["face_down"])]
        problems += [p + where for p in pending_problems(seen, observer,
                                                         answer["view"]["pending"])]
        if answer["view"] != to_json(replay.view(observer)):
            problems.append(f"{observer} was sent a view that is not the engine's{where}")
        if answer["decision"] != sum(isinstance(e, DecisionMade) for e in replay.events):
            problems.append(f"{observer} was sent a wrong decision number{where}")
    return problems


def _story_problems(game: Played) -> list[str]:
    """Each record an answer brings, and its line of story, against what its receiver was
    told at that record."""
    told: dict[int, list[tuple[Observer, dict[str, Any]]]] = {}
    for observer, answer in game.views:
        for record in answer["new"]:
            told.setdefault(record["record"], []).append((observer, record))
    seen = Seen()
    problems: list[str] = []
    for index, event in enumerate(game.events):
        allowed = seen.feed(event)
        source = event.source if isinstance(event, DecisionMade) else ""
        for observer, record in told.get(index, ()):
            problems += told_problems(allowed[observer], record["event"], observer, index)
            problems += [f"{observer} reads {c} in {record['text']!r} (record {index})"
                         for c in text_cards(record["text"], source, free_names(event))
                         if c not in allowed[observer] and not seen.knows(observer, c)]
    if not told:
        problems.append("no record was told")
    return problems


@pytest.mark.rule("RR-VIEW-6", "RR-VIEW-10")
def test_nothing_received_reproduces_the_deal(played: list[Played]) -> None:
    """Every integer and every hex string a seat or the spectator received before the end
    (in views, pushes, choices' answers, stories, its game id), tried as a seed, deals other
    hands; the seed revealed at the end does (the control: the check would see it)."""
    for game in played:
        started = game.events[0]
        assert isinstance(started, GameStarted)
        dealt = _first_hands(game.events)
        tried = _candidates(game)
        assert len(tried) > 20
        for seed in sorted(tried):
            names = list(started.players)[:1] if started.solo_level is not None \
                else list(started.players)
            again = Game.new(names, seed=seed, ruleset=started.ruleset,
                             level=started.solo_level)
            assert _first_hands(again.events) != dealt, \
                f"{seed}, received by a seat or the spectator, deals the game's hands"
        revealed = game.events[-1]
        assert isinstance(revealed, SeedRevealed) and revealed.seed not in tried
        names = list(started.players)[:1] if started.solo_level is not None \
            else list(started.players)
        again = Game.new(names, seed=revealed.seed, ruleset=started.ruleset,
                         level=started.solo_level)
        assert _first_hands(again.events) == dealt
        report = audit(game.events)  # the downloaded log: its commitment opened and checked
        assert report.ok and report.seed_checked, report.summary()
        assert started.seed_origin.value == "drawn" and "seed drawn at random" in report.randomness


def _first_hands(events: tuple[Event, ...]) -> list[tuple[str, Any]]:
    """The cards dealt at setup, in order, with where they went."""
    return [(e.card, e.to) for e in events[:60] if isinstance(e, CardDealt)]


def _candidates(game: Played) -> set[int]:
    """Every integer (0 to 2**63 - 1) and hex string (as an integer) in what was received."""
    found: set[int] = set()
    end = len(game.events) - 1  # the reveal: the game is over (RR-VIEW-10)
    for _, answer in game.views:
        if answer["records"] < len(game.events):
            found |= numbers(answer)
        else:
            found |= numbers([record for record in answer["new"] if record["record"] < end])
    return found | numbers(game.created["id"])


def numbers(data: Any) -> set[int]:
    """Every integer (0 to 2**63 - 1) and hex string (as an integer) in ``data`` (JSON)."""
    found: set[int] = set()

    def walk(data: Any) -> None:
        if isinstance(data, bool):
            return
        if isinstance(data, int):
            found.add(data)
        elif isinstance(data, str):
            found.update(int(d) for d in re.findall(r"\d+", data))
            found.update(int(h, 16) for h in re.findall(r"[0-9a-fA-F]{6,}", data))
        elif isinstance(data, dict):
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for value in data:
                walk(value)

    walk(data)
    return {n for n in found if 0 <= n < 2**63}


def test_the_wire_check_sees_a_card_sent_to_the_wrong_seat(played: list[Played]) -> None:
    """The check is not blind: an answer carrying another seat's hand, a record naming a card
    of a hand, or a line of story naming one, is caught."""
    game = played[0]
    observer, answer = next((o, a) for o, a in game.views
                            if o == 0 and a["records"] > 100 and a["view"]["pending"] is not None)
    state = Game.resume(game.events[:answer["records"]]).state
    wrong = {**answer, "view": {**answer["view"],
                                "banished": answer["view"]["banished"] + list(state.hand(1))}}
    assert _view_problems(Played(game.players, game.created, [(observer, wrong)],
                                 game.events, {}))
    card = CardId(state.hand(1)[0])
    index = answer["records"] - 1
    for told in ({"record": index, "event": ["card_revealed/1", {"card": card}], "text": ""},
                 {"record": index, "event": ["turn_ended/1", {}], "text": f"P2 holds {card}"}):
        told_wrong = {**answer, "new": [told]}
        assert _story_problems(Played(game.players, game.created, [(None, told_wrong)],
                                      game.events, {}))
