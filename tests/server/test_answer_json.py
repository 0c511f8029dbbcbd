"""The game server's seat answers, made directly as JSON (:func:`rr.seat_answer.answer_json`,
issue #32 point 3), are the seat answers of :func:`rr.seat_answer.seat_answer` in the JSON form
of :func:`rr.jsonforms.to_json`, byte for byte: in memory for every viewer at every decision
of seeded games of 1 (solo) to 6 players, and over HTTP for every answer the seats and the
spectator of a real ``rr server`` received, against the answers made again from the game's
log once it is over."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from rr.engine import Game
from rr.events import log
from rr.events.types import DecisionMade, Event
from rr.jsonforms import to_json
from rr.randomness import Secret
from rr.seat_answer import Marks, answer_json, seat_answer
from tests.server.harness import Deployment
from tests.server.play import Answer, create, download, play_out

SIZES = [1, 2, 3, 4, 6]


def _old(game: Game, seat: int | None, since: int | None, marks: Marks) -> Any:
    """The answer as the server made it before: the seat answer through cattrs."""
    return dict(to_json(seat_answer(game, seat, since, marks)))


@pytest.mark.parametrize("players", SIZES)
def test_every_answer_in_memory_is_the_seat_answer_byte_for_byte(players: int) -> None:
    """At every decision of a seeded game, every seat and the spectator, with no record or
    the last few records (and, at the end, all of them), get from ``answer_json`` the bytes
    ``to_json`` of ``seat_answer`` gives (each builder with marks of its own, kept across the
    game)."""
    checked = 0
    for seed in range(1):
        rng = random.Random(seed)
        names = [f"P{i}" for i in range(players)]
        game = Game.new(names, seed=seed, level=2) if players == 1 else Game.new(names, seed=seed)
        new_marks, old_marks = Marks(), Marks()
        while True:
            for seat in [None, *range(len(game.state.players))]:
                for since in (None, max(0, len(game.events) - rng.randrange(1, 12)),
                              *((0,) if game.is_over else ())):
                    made = orjson.dumps(answer_json(game, seat, since, new_marks))
                    assert made == orjson.dumps(_old(game, seat, since, old_marks)), \
                        (players, seed, len(game.events), seat, since)
                    checked += 1
            pending = game.pending
            if pending is None:
                break
            game.choose(rng.choice(pending.options), seat=pending.seat)
        assert game.is_over
    assert checked > 100


def test_the_check_sees_a_changed_answer() -> None:
    """The comparison is not blind: an answer whose line of story, hidden card or option
    differs from the seat answer's is told apart."""
    game = Game.new(["Ana", "Bo"], seed=3)
    start = len(game.events)
    pending = game.pending
    assert pending is not None
    game.choose(pending.options[0], seat=pending.seat)
    made = answer_json(game, pending.seat, start - 2, Marks())
    old = _old(game, pending.seat, start - 2, Marks())
    assert orjson.dumps(made) == orjson.dumps(old)
    for change in (lambda a: a["new"][-1].update(text="?"),
                   lambda a: a["view"]["locations"][0][1].append("?"),
                   lambda a: a["view"].update(seat=1 - pending.seat)):
        changed = orjson.loads(orjson.dumps(made))
        change(changed)
        assert changed != old


def _replayed(events: tuple[Event, ...], secret: Secret | None) -> Callable[[int], Game]:
    """A function giving the game at ``records`` records (asked in increasing order): resumed
    once, then caught up by making the recorded decisions again."""
    game: Game | None = None

    def at(records: int) -> Game:
        nonlocal game
        if game is None or len(game.events) > records:
            game = Game.resume(events[:records], secret=secret)
        while len(game.events) < records:
            event = events[len(game.events)]
            assert isinstance(event, DecisionMade), event
            game.choose(event.option, seat=event.seat)
        assert game.events == events[:records]
        return game
    return at


GAMES = [
    {"players": ["Ana", "Bo"]},
    {"players": ["Ana", "Bo", "Cy", "Di"], "bots": {"2": "greedy"}},
    {"players": ["Ana", "Bo", "Cy", "Di", "Ed", "Fa"]},
    {"players": ["Ana"], "solo": {"level": 3}},
]


def test_every_answer_a_real_server_sent_is_the_seat_answer(sqlite: Deployment,
                                                             tmp_path: Path) -> None:
    """Games of 2, 4 (one bot), 6 players and solo played to their end over HTTP by every
    seat, the spectator reading before every choice: every answer received (``GET`` and
    ``POST .../choose``) is, parsed, the seat answer the old builder makes of the game at
    that record for that receiver, and so are its bytes once written again."""
    client = sqlite.client
    for fields in GAMES:
        created = create(client, **fields)
        seen: list[Answer] = []
        play_out(client, created, random.Random(len(fields["players"])), seen)
        got = log.decode(download(client, created, tmp_path).read_bytes())
        at = _replayed(got.events, got.secret)
        marks = Marks()
        assert len(seen) > 30
        for seat, answer in seen:
            old = _old(at(answer["records"]), seat, answer["since"], marks)
            assert answer == orjson.loads(orjson.dumps(old)), (fields, seat, answer["records"])
