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

Every seat also asks, after every choice, what its hand would score now
(``GET .../scores-now``, the table's card zoom): each answer names exactly the seat's own hand,
whose cards it saw (``fuzz.seen``). One more game is a practice game whose creator chose the
seed, with two seats left open to its invitation (``"open"``, issue #28): before the deal
everyone asks the invitation, the game and the scores (refused); two players take the open
seats under names of their own, and the invitation is asked again now and then while they
play. The invitation's answers name no card and no hand, only the seats and their players;
no answer to anyone before the end holds the seed, in decimal or hex, or the salt of its
commitment, and every integer and hex string in them, tried as a seed, deals other hands.

CI plays one game of 3 players and the open practice game of 3; ``RR_FUZZ=long`` plays one of
1 (solo), 2, 3, 4 and 6, and the open practice game.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import attrs
import pytest
from attrs import Factory, define
from websockets.sync.client import connect

from fuzz import worlds
from fuzz.seen import (
    Observer,
    Seen,
    card_ids,
    free_names,
    names_in,
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
from tests.protocol.test_leaks import strings
from tests.server.harness import Client, Deployment
from tests.server.play import create, download, tokens

LONG = os.environ.get("RR_FUZZ") == "long"
SIZES = [1, 2, 3, 4, 6] if LONG else [3]
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa"]
SEED = 6_022_140_761_234_567_890
"""The seed the open practice game's creator chooses."""
OPEN: dict[str, Any] = {"practice": True, "seed": SEED, "open": [1, 2]}
"""The open practice game's fields (3 players): the creator's seed, seats 1 and 2 open."""
TAKERS = {1: "Xan", 2: "Yul"}
"""The names the open seats are taken under (the creator named them Bo and Cy)."""
INVITATION_KEYS = frozenset({"game", "seats", "free", "full", "dealt", "seat", "name", "token",
                             "bot", "open", "watch", "practice", "seed_origin", "words"})
"""Every key an invitation's answer (``GET``/``POST .../invitation``) may hold (``watch``:
the spectator's token once the game is full; ``practice``: a chosen seed, said in words)."""

Received = tuple[Observer, str, int, Any]
"""Who received an answer (the invitation's: ``None``), what was asked (``"scores-now"``,
``"invitation"``, ``"taken"``; a refusal before the deal: ``"pending refused"``,
``"scores-now refused"``), how many records the game held when it was asked (0: before the
deal), and the answer's JSON."""


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
    received: list[Received] = Factory(list)
    """Every other answer: the scores now, the invitation's, the refusals before the deal."""


@pytest.fixture(scope="module")
def played(wire: Deployment) -> list[Played]:
    games = [play(wire, players) for players in SIZES]
    return [*games, play(wire, 3, OPEN)]


def play(wire: Deployment, players: int, fields: dict[str, Any] | None = None) -> Played:
    """One game of ``players`` (1: solo) created without a seed (or with ``fields``: then its
    open seats are taken first), played to its end by every seat; every message every seat
    and the spectator received, and the downloaded log."""
    client, server = wire.client, wire.servers[0]
    created = create(client, players=NAMES[:players],
                     **({"solo": {"level": 2}} if players == 1 else {}), **(fields or {}))
    game = created["id"]
    viewers: dict[Observer, str] = {None: created["spectator"]}
    for seat, token in tokens(created).items():
        viewers[seat] = token
    received: list[Received] = []
    if "invitation" in created:
        viewers.update(take_open_seats(client, created, viewers, received))
    scores = client.call("GET", f"/api/games/{game}/scores-now", created["spectator"])
    assert scores.status_code == 400, scores.text  # a spectator holds no hand
    received.append((None, "scores-now", 0, scores.json()))
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
        for turn in range(5000):
            shown = {v: client.ok("GET", f"/api/games/{game}", t) for v, t in viewers.items()}
            views += shown.items()
            records = shown[None]["records"]
            received.extend((v, "scores-now", records,
                             client.ok("GET", f"/api/games/{game}/scores-now", t))
                            for v, t in viewers.items() if v is not None)
            if "invitation" in created and turn % 10 == 0:
                received.append((None, "invitation", records,
                                 client.ok("GET", f"/api/games/{game}/invitation",
                                           created["invitation"])))
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
    events = log.read(download(client, created, wire.folder)).events
    return Played(players, created, views, tuple(events), pushed, received)


def take_open_seats(client: Client, created: dict[str, Any], viewers: dict[Observer, str],
                    received: list[Received]) -> dict[int, str]:
    """Take ``created``'s open seats with its invitation under :data:`TAKERS`' names (the
    last taking deals the game); before each taking the invitation is asked, and every seat
    so far (and the spectator) asks for the game and its scores (refused: not dealt). The
    takers' tokens."""
    game, invitation = created["id"], created["invitation"]
    taken: dict[int, str] = {}

    def ask() -> None:
        received.append((None, "invitation", 0,
                         client.ok("GET", f"/api/games/{game}/invitation", invitation)))
        for viewer, token in {**viewers, **taken}.items():
            for what, path in (("pending", ""), ("scores-now", "/scores-now")):
                refused = client.call("GET", f"/api/games/{game}{path}", token)
                assert refused.status_code in (400, 409), refused.text
                received.append((viewer, f"{what} refused", 0, refused.json()))

    for seat in [s["seat"] for s in created["seats"] if s["open"]]:
        ask()
        answer = client.ok("POST", f"/api/games/{game}/invitation", invitation,
                           {"name": TAKERS[seat], "seat": seat})
        received.append((seat, "taken", 0, answer))
        taken[seat] = answer["token"]
    return taken


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
        assert _secret_problems(game, revealed) == []
        if "invitation" in game.created:  # the open practice game: the creator's seed
            assert started.seed_origin.value == "chosen" and revealed.seed == SEED
        else:
            assert started.seed_origin.value == "drawn"
            assert "seed drawn at random" in report.randomness


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
    for _, _, records, answer in game.received:
        if records < len(game.events):
            found |= numbers(answer)
    return found | numbers(game.created["id"])


def _before_end(game: Played) -> Iterator[tuple[Observer, Any]]:
    """Everything a seat, the spectator or a holder of the invitation received before the end
    (an answer at the end: its records before the reveal)."""
    end = len(game.events) - 1
    for observer, answer in game.views:
        yield observer, answer if answer["records"] < len(game.events) else \
            [record for record in answer["new"] if record["record"] < end]
    for observer, _, records, answer in game.received:
        if records < len(game.events):
            yield observer, answer


def _secret_problems(game: Played, revealed: SeedRevealed) -> list[str]:
    """Every answer before the end that holds the seed (in decimal or hex, either case) or
    the salt of its commitment."""
    secrets = {"the seed": str(revealed.seed), "the seed in hex": f"{revealed.seed:x}",
               "the salt": revealed.salt.lower()}
    return [f"{observer} received {what}" for observer, answer in _before_end(game)
            for what, value in secrets.items() if value in json.dumps(answer).lower()]


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-3")
def test_every_score_now_names_its_seats_hand_only(played: list[Played]) -> None:
    """Every answer to ``GET .../scores-now`` a seat received names exactly the cards of its
    own hand (``fuzz.seen``), every one of which it sees; the spectator's is refused."""
    for game in played:
        asked = [r for r in game.received if r[1] == "scores-now" and r[0] is not None]
        assert _score_problems(game) == [], f"{game.players} players"
        # Every seat asks after every choice: a solo game of RR_FUZZ=long asked 49 times.
        assert len(asked) > 10 * _seats(game)
        assert any(a["cards"] for _, _, _, a in asked)
        assert [a["error"]["type"] for o, w, _, a in game.received
                if o is None and w == "scores-now"] == ["BadRequest"]


def _score_problems(game: Played) -> list[str]:
    """Each seat's scores now against its hand and what it saw (``fuzz.seen``), at the record
    it was asked."""
    seen, fed = Seen(), 0
    problems: list[str] = []
    asked = [r for r in game.received if r[1] == "scores-now" and r[0] is not None]
    for seat, _, records, answer in sorted(asked, key=lambda r: r[2]):
        assert seat is not None
        while fed < records:
            seen.feed(game.events[fed])
            fed += 1
        where = f" (record {records})"
        named = [card["card"] for card in answer["cards"]]
        if sorted(named) != sorted(seen.hands[seat]):
            problems.append(f"seat {seat}'s scores now name {named}, not its hand "
                            f"{seen.hands[seat]}{where}")
        problems += [f"seat {seat}'s scores now name {c}, which it cannot see{where}"
                     for c in sorted(card_ids(answer)) if not seen.knows(seat, CardId(c))]
    return problems


@pytest.mark.rule("RR-VIEW-1")
def test_the_invitation_names_no_card_and_no_hand(played: list[Played]) -> None:
    """Every answer of the invitation (``GET``, and ``POST`` taking a seat) holds only the
    seats, their players and bots, which are free, and the taker's seat and token: no card,
    by id or by name, no hand; a taken seat shows its taker's name."""
    game = next(g for g in played if "invitation" in g.created)
    answers = [a for _, w, _, a in game.received if w in ("invitation", "taken")]
    assert _invitation_problems(game) == []
    assert len(answers) > 5
    assert [s["name"] for s in answers[-1]["seats"]] == ["Ana", *TAKERS.values()]


def _invitation_problems(game: Played) -> list[str]:
    problems: list[str] = []
    for _, what, records, answer in game.received:
        if what not in ("invitation", "taken"):
            continue
        where = f" ({what}, record {records})"
        keys = set(_keys(answer))
        problems += [f"the invitation's answer holds {k!r}{where}"
                     for k in sorted(keys - INVITATION_KEYS)]
        # Random strings (a token, the game's id) are checked for their form, then left out
        # of the search by name: 43 random characters hold a short name like "Eo" by chance.
        problems += [f"the invitation's {key} {text!r} is not a random token{where}"
                     for key, text in strings(answer) if key in RANDOM_KEYS
                     and not RANDOM_KEYS[key].fullmatch(text)]
        said = [text for key, text in strings(answer) if key not in RANDOM_KEYS]
        named = card_ids(answer) | names_in(json.dumps(said))  # by id, by name
        problems += [f"the invitation's answer names {c}{where}" for c in sorted(named)]
    return problems


RANDOM_KEYS = {"token": re.compile(r"[A-Za-z0-9_-]{43}"),
               "watch": re.compile(r"[A-Za-z0-9_-]{43}"),
               "game": re.compile(r"[A-Za-z0-9_-]{12}")}
"""The invitation's keys whose strings are random (``rr.server.tokens``): a seat's token, the
game's id."""



def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


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
    of a hand, or a line of story naming one, is caught.

    The card is one of seat 1's that neither seat 0 nor the spectator can follow by then
    (``fuzz.seen``): a card seat 1 took from a location is public, and naming it is no leak
    (the game is dealt at random, so its first hand card was such a card once, in CI)."""
    game = played[0]
    observer, answer, card = next(_hidden_hand_cards(game))
    state = Game.resume(game.events[:answer["records"]]).state
    wrong = {**answer, "view": {**answer["view"],
                                "banished": answer["view"]["banished"] + [card]}}
    assert _view_problems(Played(game.players, game.created, [(observer, wrong)],
                                 game.events, {}))
    assert card in state.hand(1)
    index = answer["records"] - 1
    for told in ({"record": index, "event": ["card_revealed/1", {"card": card}], "text": ""},
                 {"record": index, "event": ["turn_ended/1", {}], "text": f"P2 holds {card}"}):
        told_wrong = {**answer, "new": [told]}
        assert _story_problems(Played(game.players, game.created, [(None, told_wrong)],
                                      game.events, {}))


def _hidden_hand_cards(game: Played) -> Iterator[tuple[Observer, dict[str, Any], CardId]]:
    """Seat 0's answers after record 100 with a decision pending, each with a card of seat 1's
    hand that neither seat 0 nor the spectator can follow at that record (``fuzz.seen``)."""
    for observer, answer in game.views:
        if observer != 0 or answer["records"] <= 100 or answer["view"]["pending"] is None:
            continue
        seen = Seen()
        for event in game.events[:answer["records"]]:
            seen.feed(event)
        hidden = [c for c in seen.hands[1] if not seen.knows(0, c) and not seen.knows(None, c)]
        if hidden:
            yield observer, answer, hidden[0]


def test_the_wire_check_sees_a_hand_scored_or_the_seed_sent_to_the_wrong_seat(
        played: list[Played]) -> None:
    """The new checks are not blind: scores now naming another seat's card, an invitation
    naming a card or holding a hand, an answer holding the seed (in decimal or hex) or the
    salt, are caught."""
    game = next(g for g in played if "invitation" in g.created)
    seat, _, records, answer = next(r for r in game.received
                                    if r[1] == "scores-now" and r[0] == 0 and r[2] > 100)
    other = Game.resume(game.events[:records]).state.hand(1)[0]
    card = {**answer["cards"][0], "card": other}
    for wrong in ({**answer, "cards": [*answer["cards"], card]},
                  {**answer, "cards": [card, *answer["cards"][1:]]}):
        spoilt = attrs.evolve(game, received=[(seat, "scores-now", records, wrong)])
        assert _score_problems(spoilt)
    invited = next(a for _, w, _, a in game.received if w == "invitation")
    for wrong in ({**invited, "hand": []}, {**invited, "note": f"Bo holds {other}"},
                  {**invited, "seats": [{**invited["seats"][0], "name": "Sevro"}]}):
        assert _invitation_problems(attrs.evolve(game, received=[(None, "invitation", 0,
                                                                   wrong)]))
    # A token or a game id is random, so it may hold a short name ("Eo") by chance: that is
    # no leak (a flaky failure once); a "token" that is not a random token's form is one.
    lucky = {**invited, "game": "xEo_" + "a" * 8, "token": "Eo" + "b" * 41}
    assert _invitation_problems(attrs.evolve(game, received=[(None, "invitation", 0,
                                                               lucky)])) == []
    for wrong in ({**invited, "token": "Eo holds Sevro"}, {**invited, "game": "Sevro"}):
        assert _invitation_problems(attrs.evolve(game, received=[(None, "invitation", 0,
                                                                   wrong)]))
    revealed = game.events[-1]
    assert isinstance(revealed, SeedRevealed)
    for secret in (str(revealed.seed), f"{revealed.seed:X}", revealed.salt):
        spoilt = attrs.evolve(game, received=[(None, "invitation", 0, {**invited,
                                                                         "x": secret})])
        assert _secret_problems(spoilt, revealed)
