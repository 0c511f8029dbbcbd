"""The audit's checks of a log's start (rr.oracle.audit's ``_check_start``), each told at the
record and in the words it is reported with: a first record that is not ``game_started``
(RR-SETUP-1), a player count out of 2 to 6 or two players of one name (RR-SETUP-7), houses
not one distinct per player (RR-SETUP-3) — and every start the rules make passes: 2 and 6
players, houses given one per player, none given."""

from __future__ import annotations

import json

import attrs
import pytest

from rr.engine import Game
from rr.events.codec import unstructure_event
from rr.events.types import Event, GameStarted
from rr.model import House
from rr.oracle.audit import Divergence, Verdict, _check_start, audit
from tests.oracle.games import finished


def _raw(event: Event) -> str:
    return json.dumps(unstructure_event(event))


def _start(players: int, houses: bool = False) -> tuple[Event, ...]:
    given = list(House)[:players] if houses else None
    return Game.new([f"P{i}" for i in range(players)], seed=4, houses=given).events


@pytest.mark.rule("RR-SETUP-1")
def test_a_first_record_that_is_not_the_start_is_reported_at_record_0_as_written() -> None:
    events = finished(2, 3)[3:]
    report = audit(events)
    assert report.verdict is Verdict.DIVERGED
    assert report.divergence == Divergence(0, _raw(events[0]), "game_started", "RR-SETUP-1",
                                           recorded_raw=_raw(events[0]))
    assert ": diverges at record 0 [" in report.summary()
    one = audit(events[:1]).divergence
    assert one is not None and (one.record, one.recorded_raw) == (0, _raw(events[0]))


@pytest.mark.rule("RR-SETUP-7")
@pytest.mark.parametrize("players", [2, 6])
def test_the_fewest_and_the_most_players_start(players: int) -> None:
    events = _start(players)
    assert _check_start(events) is None
    assert audit(events).verdict is Verdict.CLEAN


@pytest.mark.rule("RR-SETUP-7")
@pytest.mark.parametrize("players", [1, 7])
def test_one_too_few_or_too_many_players_diverge_at_record_0(players: int) -> None:
    start = _start(2)[0]
    assert isinstance(start, GameStarted)
    changed = attrs.evolve(start, players=tuple(f"P{i}" for i in range(players)))
    assert _check_start((changed,)) == Divergence(
        0, f"a game of {players} players", "a game of 2 to 6 players", "RR-SETUP-7",
        recorded_raw=_raw(changed))


@pytest.mark.rule("RR-SETUP-7")
def test_two_players_of_one_name_diverge_and_distinct_names_do_not() -> None:
    start = _start(3)[0]
    assert isinstance(start, GameStarted)
    same = attrs.evolve(start, players=("Ana", "Bo", "Ana"))
    assert _check_start((same,)) == Divergence(0, "players Ana, Bo, Ana",
                                               "players with distinct names", "RR-SETUP-7",
                                               recorded_raw=_raw(same))
    assert _check_start((attrs.evolve(start, players=("Ana", "Bo", "Cy")),)) is None


@pytest.mark.rule("RR-SETUP-3")
def test_houses_given_must_be_one_distinct_per_player() -> None:
    """A wrong number of houses (distinct ones: three for two players, and three of which
    two are one for two players), a house twice, diverge at record 0; one distinct house
    per player, or none given, start."""
    events = _start(2, houses=True)
    start = events[0]
    assert isinstance(start, GameStarted) and start.houses is not None
    assert _check_start(events) is None
    assert audit(events).verdict is Verdict.CLEAN
    assert _check_start((attrs.evolve(start, houses=None),)) is None
    a, b, c = list(House)[:3]
    for houses in ((a, b, c), (a, b, a), (a,), (a, a)):
        changed = attrs.evolve(start, houses=houses)
        assert _check_start((changed,)) == Divergence(
            0, f"houses {', '.join(h.value for h in houses)}",
            "one distinct house per player", "RR-SETUP-3", recorded_raw=_raw(changed)), houses
