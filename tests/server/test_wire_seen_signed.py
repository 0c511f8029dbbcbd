"""Signed games (issue #29) played over HTTP and the WebSocket of a real ``rr server`` by
their persons' seats, bots beside them, watched by the spectator: every answer each of them
receives — before the deal as after it — is checked against ``fuzz.seen`` and against the
secrets of the deal, as ``test_wire_seen`` checks unsigned games.

A signed game is created (one asked with a seed is refused: its seed comes from the deal);
before the deal every person and the spectator ask for the game (409, ``DealPendingError``),
for their scores now (409; the spectator's: 400), for their seat (``GET .../seat``), for the
log (409), open the WebSocket (an error, closed) and list their games; each person then
registers a key and a contribution (``POST .../seat``) and, after each registration, everyone
asks again. Once dealt, the game is played to its end by random choices, each signed over the
log hash the seat was just shown; after every choice every person and the spectator fetch
their answer and their seat's, every person its scores now, and the log is refused them;
each has a WebSocket open. Then:

* every seat answer (``GET``, ``POST .../choose``, WebSocket message) and every record and
  line of story it brings is checked as in ``test_wire_seen`` (``fuzz.seen``, the engine's
  view, ``fuzz.worlds``), and so is every person's scores now (its own hand, seen);
* every seat's answer (``GET``/``POST .../seat``) is the same whoever asks, but for the
  asker's own key: the log hash is that of the records so far keyed with the server's
  secret (the same for every asker: it does not depend on who knows what), it is not the
  hash of the records without the key, nor any hash shown before extended over the true
  records since (a seat could test its guesses of hidden cards so), nor keyed with anything
  the asker received; no other seat's key or contribution is in it;
* no answer before the end holds the server's secret, the seed, the salt or another seat's
  contribution; every integer and hex string received, tried as a seed, deals other hands;
  every hex string received, tried as the server's secret, opens no commitment and derives
  no seed; the log (and its ``seats`` section) is refused until the end, and then holds the
  secret and the contributions that deal the game (the control), and passes
  ``audit --seats``.

CI plays one game of 4 (two persons, two bots); ``RR_FUZZ=long`` plays 2, 3, 4, 5 and 6.
"""

from __future__ import annotations

import hashlib
import itertools
import json
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
from fuzz.seen import Observer
from rr.errors import BadInputError
from rr.engine import Game
from rr.events import log
from rr.events.codec import encode_event
from rr.events.types import DecisionMade, Event, GameStarted, SeedRevealed
from rr.oracle.audit import audit, audit_file
from rr.seatkeys import (
    SeatKey,
    b64,
    decision_message,
    derive_seed,
    key_message,
    log_hash,
    server_commitment,
)
from tests.server.harness import Deployment
from tests.server.test_wire_seen import (
    LONG,
    NAMES,
    Played,
    Received as Asked,
    _first_hands,
    _score_problems,
    _story_problems,
    _view_problems,
    numbers,
)

BOTS: dict[int, dict[str, str]] = {
    2: {"1": "random"},
    3: {"2": "greedy"},
    4: {"1": "random", "3": "greedy"},
    5: {"0": "random", "2": "random", "3": "greedy"},
    6: {"1": "random", "2": "greedy", "4": "random"},
}
"""The bots of each size of game: people and bots mixed (a bot first, at 5)."""
SIZES = [2, 3, 4, 5, 6] if LONG else [4]

Received = tuple[Observer, str, Any]
"""An observer, what it asked (``"seat"``, ``"pending"``, ...), and the answer's JSON."""


@define
class SignedPlayed:
    """A signed game played over the wire: the seat answers (as :class:`Played`), everything
    else each observer received, the persons' contributions and the log's seats section."""

    played: Played
    received: list[Received]
    """Every other answer: before the deal, the seat's answers, the refused logs."""
    seat_answers: list[tuple[Observer, dict[str, Any]]]
    """Every ``GET``/``POST .../seat`` answer after the deal."""
    keys: dict[int, SeatKey]
    contributions: dict[int, bytes]
    section: dict[str, Any]
    """The downloaded log's header's ``seats`` section."""
    path: Path


@pytest.fixture(scope="module")
def played(wire: Deployment) -> list[SignedPlayed]:
    return [play(wire, players) for players in SIZES]


def play(wire: Deployment, players: int) -> SignedPlayed:
    """One signed game of ``players`` (:data:`BOTS`), registered and played to its end."""
    client, server, folder = wire.client, wire.servers[0], wire.folder
    fields = {"players": NAMES[:players], "bots": BOTS[players], "signed": True}
    refused = client.call("POST", "/api/games", None, {**fields, "seed": 5, "practice": True})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["type"] == BadInputError.__name__
    created = client.ok("POST", "/api/games", body=fields)
    game = created["id"]
    persons = [s["seat"] for s in created["seats"] if s["token"]]
    viewers: dict[Observer, str] = {None: created["spectator"]}
    viewers.update({s["seat"]: s["token"] for s in created["seats"] if s["token"]})
    keys = {seat: SeatKey.generate() for seat in persons}
    rng = random.Random(players)
    contributions = {seat: rng.randbytes(32) for seat in persons}
    received: list[Received] = []
    asked: list[Asked] = []
    """Every scores now (``GET .../scores-now``), with the records then."""
    seat_answers: list[tuple[Observer, dict[str, Any]]] = []
    base = server.url.replace("http://", "ws://")

    def before_deal() -> None:
        for viewer, token in viewers.items():
            for what, path in (("pending", ""), ("log", "/log"), ("log.sig", "/log.sig")):
                answer = client.call("GET", f"/api/games/{game}{path}", token)
                assert answer.status_code == 409, (what, answer.text)
                received.append((viewer, what, answer.json()))
            received.append((viewer, "seat", client.ok("GET", f"/api/games/{game}/seat", token)))
            scores = client.call("GET", f"/api/games/{game}/scores-now", token)
            assert scores.status_code == (409 if viewer is not None else 400), scores.text
            received.append((viewer, "scores-now", scores.json()))
            received.append((viewer, "listing", client.ok("GET", "/api/games", token)))
            with connect(f"{base}/api/games/{game}/ws?token={token}", open_timeout=10) as ws:
                received.append((viewer, "ws", json.loads(ws.recv(timeout=10))))

    before_deal()
    for seat in persons:
        shown = client.ok("GET", f"/api/games/{game}/seat", viewers[seat])
        received.append((seat, "seat", shown))
        key = b64(keys[seat].public)
        message = key_message(game, seat, key, contributions[seat].hex(),
                              shown["server_commitment"])
        answer = client.ok("POST", f"/api/games/{game}/seat", viewers[seat],
                           {"key": key, "contribution": contributions[seat].hex(),
                            "signature": b64(keys[seat].sign(message))})
        if answer["dealt"]:
            seat_answers.append((seat, answer))
        else:
            received.append((seat, "registered", answer))
            before_deal()

    views: list[tuple[Observer, dict[str, Any]]] = []
    with ExitStack() as stack:
        sockets = {v: stack.enter_context(connect(f"{base}/api/games/{game}/ws?token={t}",
                                                  open_timeout=10))
                   for v, t in viewers.items()}
        latest = {v: json.loads(s.recv(timeout=10)) for v, s in sockets.items()}
        views += latest.items()
        pushed = {v: [t["record"] for t in latest[v]["new"]] for v in viewers}
        for turn in range(5000):
            shown = {v: client.ok("GET", f"/api/games/{game}", t) for v, t in viewers.items()}
            views += shown.items()
            seats = {v: client.ok("GET", f"/api/games/{game}/seat", t)
                     for v, t in viewers.items()}
            seat_answers += seats.items()
            records = shown[None]["records"]
            asked.extend((v, "scores-now", records,
                          client.ok("GET", f"/api/games/{game}/scores-now", t))
                         for v, t in viewers.items() if v is not None)
            if turn % 7 == 0 and not shown[None]["over"]:
                for viewer, token in viewers.items():
                    refused = client.call("GET", f"/api/games/{game}/log", token)
                    assert refused.status_code == 409, refused.text
                    received.append((viewer, "log", refused.json()))
            pending = shown[None]["view"]["pending"]
            if pending is None:
                break
            seat = pending["seat"]
            pick = rng.choice(shown[seat]["view"]["pending"]["options"])
            mine = seats[seat]
            message = decision_message(game, mine["decision"], seat, pick["action"],
                                       mine["log_hash"])
            answer = client.ok("POST", f"/api/games/{game}/choose", viewers[seat],
                               {"action": pick["action"], "decision": mine["decision"],
                                "signature": b64(keys[seat].sign(message))})
            views.append((seat, answer))
            for v, socket in sockets.items():
                while latest[v]["records"] < answer["records"]:
                    latest[v] = json.loads(socket.recv(timeout=10))
                    views.append((v, latest[v]))
                    pushed[v] += [t["record"] for t in latest[v]["new"]]
        else:
            raise AssertionError("no end after 5000 choices")
    response = client.call("GET", f"/api/games/{game}/log", created["spectator"])
    assert response.status_code == 200
    path = folder / f"{game}.rrlog"
    path.write_bytes(response.content)
    read = log.read(path)
    return SignedPlayed(Played(players, created, views, tuple(read.events), pushed, asked),
                        received, seat_answers, keys, contributions, read.header["seats"],
                        path)


def _hexes(data: Any) -> set[str]:
    """Every run of 16 or more hex digits in the strings of ``data`` (JSON), lowercased."""
    found: set[str] = set()
    for text in _strings(data):
        found.update(h.lower() for h in re.findall(r"[0-9a-fA-F]{16,}", text))
    return found


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def _before_end(game: SignedPlayed) -> list[tuple[Observer, Any]]:
    """Everything each observer received while the game was not over (a seat answer at the
    end brings the reveal: its records before it only)."""
    events = game.played.events
    end = len(events) - 1
    out: list[tuple[Observer, Any]] = [(o, a) for o, _, a in game.received]
    for observer, answer in game.played.views:
        if answer["records"] < len(events):
            out.append((observer, answer))
        else:
            out.append((observer, {**answer, "view": None, "scores": None, "new": [
                r for r in answer["new"] if r["record"] < end]}))
    out += [(o, a) for o, a in game.seat_answers if a["decision"] < _decisions(events)]
    out += [(o, a) for o, _, records, a in game.played.received if records < len(events)]
    out += [(seat, game.played.created) for seat in (None, *game.keys)]
    return out


def _decisions(events: tuple[Event, ...]) -> int:
    return sum(isinstance(e, DecisionMade) for e in events)


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-2", "RR-VIEW-3", "RR-VIEW-4", "RR-VIEW-5", "RR-VIEW-6",
                  "RR-VIEW-8", "RR-VIEW-9", "RULING-B8", "RULING-B10")
def test_every_message_of_a_signed_game_shows_its_receiver_exactly_what_it_saw(
        played: list[SignedPlayed]) -> None:
    """As ``test_wire_seen``: every seat answer a person or the spectator received shows the
    cards it saw by then and no other, every record and line of story it brings those it was
    told, every person's scores now its own hand; the WebSocket tells every record once, in
    order; the game asks every observer the same questions as games differing only in cards
    it never saw."""
    for signed in played:
        game = signed.played
        started = game.events[0]
        assert isinstance(started, GameStarted) and started.seed_origin.value == "joint"
        problems = _view_problems(game) + _story_problems(game) + _score_problems(game)
        seats = len(started.players)
        leaks, compared = worlds.check(game.events, random.Random(game.players),
                                       [None, *range(seats)], checkpoints=2)
        assert problems + leaks == [], f"{game.players} players"
        assert compared == 2 * (seats + 1) and len(game.views) > 20
        assert len(game.received) > 20 and any(a["cards"] for _, _, _, a in game.received)
        for observer, told in game.pushed.items():
            assert told == list(range(len(game.events))), observer


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-10")
def test_what_a_seat_signs_with_tells_it_nothing_hidden(played: list[SignedPlayed]) -> None:
    """Every ``.../seat`` answer: the asker's own key and no other's; the same log hash for
    every asker at a decision, the records so far keyed with the server's secret, which no
    asker can recompute: not from the records alone, not by extending a hash shown before
    over the true records since, not with any hex string it received as the key."""
    for signed in played:
        events, section = signed.played.events, signed.section
        secret = bytes.fromhex(section["server_secret"])
        waits = [i for i, e in enumerate(events) if isinstance(e, DecisionMade)]
        waits.append(len(events))
        fingerprints = {s: k.fingerprint for s, k in signed.keys.items()}
        publics = {s: b64(k.public) for s, k in signed.keys.items()}
        by_decision: dict[int, set[str]] = {}
        received: dict[Observer, set[str]] = {}
        for observer, answer in _before_end(signed):
            received.setdefault(observer, set()).update(_hexes(answer))
        problems: list[str] = []
        for observer, answer in signed.seat_answers:
            if answer["seat"] != observer or answer["game"] != signed.played.created["id"] \
                    or answer["server_commitment"] != section["server_commitment"] \
                    or answer["waiting"] != [] or not answer["dealt"]:
                problems.append(f"{observer} was sent a wrong seat answer: {answer}")
            if answer["key"] != fingerprints.get(observer):  # type: ignore[arg-type]
                problems.append(f"{observer} was sent key {answer['key']}")
            others = [s for s in signed.keys if s != observer]
            text = json.dumps(answer)
            for other in others:
                for what in (fingerprints[other], publics[other],
                             signed.contributions[other].hex()):
                    if what in text:
                        problems.append(f"{observer} was sent seat {other}'s {what}")
            by_decision.setdefault(answer["decision"], set()).add(answer["log_hash"])
        for decision, shown in sorted(by_decision.items()):
            records = waits[decision]
            if shown != {log_hash(events[:records], secret)}:
                problems.append(f"decision {decision}: log hashes {shown} are not the keyed "
                                "hash of the records so far, or differ by asker")
            elif log_hash(events[:records]) in shown:
                problems.append(f"decision {decision}: the log hash is not keyed")
        hashes = [(waits[d], next(iter(h))) for d, h in sorted(by_decision.items())]
        for (start, first), (end, then) in itertools.pairwise(hashes):
            digest = bytes.fromhex(first)
            for record in events[start:end]:
                digest = hashlib.sha256(digest + encode_event(record)).digest()
            if digest.hex() == then:
                problems.append(f"the hash at record {end} extends the one at {start}")
        for observer, hexes in received.items():
            for candidate in {h[:64] for h in hexes if len(h) >= 64}:
                key = bytes.fromhex(candidate)
                if any(log_hash(events[:r], key) == h for r, h in hashes[:2]):
                    problems.append(f"{observer} received the key of the log hash")
        assert problems == [], f"{signed.played.players} players: {problems[:5]}"
        assert len(by_decision) > 5 and len(hashes) > 5


@pytest.mark.rule("RR-VIEW-6", "RR-VIEW-10")
def test_nothing_received_before_the_end_reproduces_the_deal(
        played: list[SignedPlayed]) -> None:
    """No answer before the end (before the deal, the seat's answers, the refused logs, the
    seat answers) holds the server's secret, the seed, the salt or another seat's
    contribution; every integer and hex string received, tried as a seed, deals other hands;
    every hex string received, tried as the server's secret, opens no commitment and derives
    no seed with the contributions. The log, given at the end, holds them (the control)."""
    for signed in played:
        events, section = signed.played.events, signed.section
        started, revealed = events[0], events[-1]
        assert isinstance(started, GameStarted) and isinstance(revealed, SeedRevealed)
        secret = bytes.fromhex(section["server_secret"])
        contributions = [signed.contributions[s] for s in sorted(signed.contributions)]
        assert revealed.seed == derive_seed(secret, contributions)  # the control
        assert server_commitment(secret) == section["server_commitment"]
        assert [e.get("contribution") for e in section["seats"] if e["kind"] == "person"] \
            == [c.hex() for c in contributions]
        dealt = _first_hands(events)
        problems: list[str] = []
        tried: set[int] = set()
        for observer, answer in _before_end(signed):
            text = json.dumps(answer).lower()
            secrets = {"the server's secret": secret.hex(), "the salt": revealed.salt,
                       "the seed in hex": f"{revealed.seed:x}"}
            secrets.update({f"seat {s}'s contribution": c.hex()
                            for s, c in signed.contributions.items() if s != observer})
            problems += [f"{observer} received {what}" for what, value in secrets.items()
                         if value.lower() in text]
            tried |= numbers(answer)
            for candidate in {h[:64] for h in _hexes(answer) if len(h) >= 64}:
                guess = bytes.fromhex(candidate)
                if server_commitment(guess) == section["server_commitment"] \
                        or derive_seed(guess, contributions) == revealed.seed:
                    problems.append(f"{observer} received the server's secret")
        assert problems == [], f"{signed.played.players} players: {problems[:5]}"
        assert revealed.seed not in tried and len(tried) > 20
        names = list(started.players)
        for seed in sorted(tried):
            again = Game.new(names, seed=seed, ruleset=started.ruleset)
            assert _first_hands(again.events) != dealt, \
                f"{seed}, received before the end, deals the game's hands"
        assert _first_hands(Game.new(names, seed=revealed.seed,
                                     ruleset=started.ruleset).events) == dealt
        report = audit(events)
        assert report.ok and report.seed_checked, report.summary()
        checked = audit_file(signed.path, seats=True)
        assert checked.exit_code == 0 and checked.seat_problem is None, checked.summary()


def test_before_the_deal_every_seat_is_told_only_whom_the_deal_waits_for(
        played: list[SignedPlayed]) -> None:
    """Before the deal: the game, the log and the WebSocket answer 409 ``DealPendingError`` /
    ``GameNotOverError`` naming the seats still to register; the seat's answer says whom the
    deal waits for, its own key once registered, no log hash; the listing no record."""
    for signed in played:
        kinds: dict[str, set[str]] = {}
        for observer, what, answer in signed.received:
            if what in ("pending", "ws", "scores-now"):
                kinds.setdefault(what, set()).add(answer["error"]["type"])
            elif what in ("log", "log.sig"):
                kinds.setdefault("log", set()).add(answer["error"]["type"])
            elif what in ("seat", "registered"):
                assert answer["log_hash"] is None and not answer["dealt"], answer
                assert answer["seat"] == observer and answer["decision"] == 0
                assert answer["key"] in (None, signed.keys[observer].fingerprint
                                         if observer is not None else None)
            elif what == "listing":
                assert [(g["records"], g["decision"], g["over"]) for g in answer["games"]] \
                    == [(0, 0, False)]
        assert kinds == {"pending": {"DealPendingError"}, "ws": {"DealPendingError"},
                         "log": {"GameNotOverError"},
                         "scores-now": {"DealPendingError", "BadRequest"}}, kinds


def test_the_signed_wire_check_sees_a_secret_or_a_chained_hash(
        played: list[SignedPlayed]) -> None:
    """The checks are not blind: a seat answer carrying the server's secret, another seat's
    contribution or an unkeyed log hash is caught."""
    signed = played[0]
    secret = signed.section["server_secret"]
    observer, answer = next((o, a) for o, a in signed.seat_answers if o is not None)
    other = next(s for s in signed.keys if s != observer) if len(signed.keys) > 1 else None
    for wrong in ({**answer, "server_commitment": secret},
                  {**answer, "log_hash": log_hash(signed.played.events[:1])},
                  *([{**answer, "note": signed.contributions[other].hex()}]
                    if other is not None else [])):
        spoilt = SignedPlayed(signed.played, signed.received,
                              [*signed.seat_answers, (observer, wrong)], signed.keys,
                              signed.contributions, signed.section, signed.path)
        with pytest.raises(AssertionError):
            test_what_a_seat_signs_with_tells_it_nothing_hidden([spoilt])
    spoilt = SignedPlayed(signed.played, [*signed.received, (observer, "seat", {"x": secret})],
                          signed.seat_answers, signed.keys, signed.contributions,
                          signed.section, signed.path)
    with pytest.raises(AssertionError):
        test_nothing_received_before_the_end_reproduces_the_deal([spoilt])
