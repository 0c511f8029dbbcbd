"""What an audit report says: the record, both sides in words, the rule, the card, the
differences field by field (issue #17: reports are checked for what they name, not only for
their exit code)."""

from __future__ import annotations

import attrs
import pytest

from rr.agents.random import RandomAgent
from rr.decisions import ByCard, ByRule
from rr.engine import Game
from rr.errors import CorruptLogError, DivergenceError
from rr.events.types import (
    DecisionMade, DieRolled, Event, GameStarted, HeliumGained, HeliumLost, HousesDealt,
    TurnEnded,
)
from rr.model import Bonus, House
from rr.oracle.audit import (
    AuditReport, Divergence, Verdict, _clip, _differences, _expected_at, _impossible, _say,
    _value, audit, explain,
)
from rr.narrate import option_text
from rr.oracle.seed import Outcomes
from rr.state import fold
from tests.oracle.games import finished, play


def first(events: tuple[Event, ...], kind: type, after: int = 0) -> int:
    return next(i for i, e in enumerate(events) if i >= after and isinstance(e, kind))


@pytest.mark.rule("RR-SETUP-1", "RR-SETUP-7", "RR-SETUP-3")
def test_a_log_that_cannot_start() -> None:
    """A log not opening with game_started, with a player count out of range, with two
    players of one name, or with repeated houses, diverges at record 0 naming the rule."""
    events = finished(2, 3)
    report = audit(events[1:])
    assert report.divergence is not None and report.divergence.record == 0
    assert report.divergence.expected == "game_started" and report.divergence.rule == "RR-SETUP-1"
    assert report.divergence.recorded.startswith('["deck_shuffled/1"')
    assert audit(()).divergence == Divergence(0, "nothing", "game_started", "RR-SETUP-1")
    start = events[0]
    assert isinstance(start, GameStarted)
    for changed, rule, said in (
            (attrs.evolve(start, players=("A",) * 7), "RR-SETUP-7", "a game of 7 players"),
            (attrs.evolve(start, players=("A", "A")), "RR-SETUP-7", "players A, A"),
            (attrs.evolve(start, houses=(House.CERES, House.CERES)), "RR-SETUP-3",
             "houses ceres, ceres")):
        d = audit((changed, *events[1:])).divergence
        assert d is not None and (d.record, d.rule, d.recorded) == (0, rule, said)
        assert d.recorded_raw.startswith('["game_started/2"')


def test_a_changed_amount_is_told_field_by_field_with_the_rule() -> None:
    """A Helium gain of the wrong amount: the record, both sides in words, the deciding rule,
    and the one differing field."""
    events = finished(3, 8)
    at = first(events, HeliumGained)
    gained = events[at]
    assert isinstance(gained, HeliumGained)
    changed = attrs.evolve(gained, amount=gained.amount + 2)
    report = audit((*events[:at], changed, *events[at + 1:]))
    d = report.divergence
    assert report.verdict is Verdict.DIVERGED and report.exit_code == 1 and d is not None
    assert d.record == at and d.seed is None
    assert d.differences == (f"amount: log {gained.amount + 2}, rules {gained.amount}",)
    assert d.rule is not None and d.rule.startswith("RR-")
    assert d.expected_raw.startswith('["helium_gained/1"') and d.recorded_raw != d.expected_raw
    assert f"diverges at record {at}" in report.summary()


def test_a_different_kind_of_event_and_a_seat_are_named() -> None:
    """A recorded event of another kind says both kinds; a seat difference names players."""
    state = fold(finished(3, 8)[:30])
    assert _differences(HeliumLost(0, 1), HeliumGained(0, 1)) == \
        ("kind: log helium_lost/1, rules helium_gained/1",)
    assert _differences(HeliumGained(1, 1), HeliumGained(2, 1), state) == \
        (f"seat: log {state.players[1].name}, rules {state.players[2].name}",)
    assert _differences(HeliumGained(1, 1), HeliumGained(2, 1)) == ("seat: log 1, rules 2",)
    assert _value("sevro") == "Sevro (sevro)" and _value(Bonus.FLEET) == "fleet"
    assert _value(3) == "3" and _value("nobody") == "'nobody'"


def test_long_sequences_say_where_they_first_differ() -> None:
    """Two long orders (a shuffled deck) are told by their first differing position."""
    from rr.events.types import DeckShuffled
    a = tuple(f"c{i}" for i in range(10))
    b = a[:4] + ("x",) + a[5:]
    assert _differences(DeckShuffled(a), DeckShuffled(b)) == \
        ("order: first differs at position 5 of 10: log 'c4', rules 'x'",)
    assert _differences(DeckShuffled(a), DeckShuffled(a[:7])) == \
        ("order: first differs at position 8 of 10: log 'c7', rules nothing",)


def test_long_text_is_clipped_with_its_length() -> None:
    """A report line keeps 240 characters and says how long the whole text was."""
    assert _clip("x" * 240) == "x" * 240
    assert _clip("x" * 241) == "x" * 240 + "… (241 characters)"


def test_a_decision_that_differs_is_told_with_its_options() -> None:
    """A recorded choice the rules do not offer: the decision in words, its options."""
    game = Game.new(2, seed=4)
    events = game.events
    at = first(events + (DecisionMade(0, ByCard("x"), Bonus.FLEET),), DecisionMade)
    wrong = DecisionMade(0, ByRule("RR-TURN-1"), Bonus.FLEET)
    d = audit((*events[:at], wrong)).divergence
    assert d is not None and d.record == at
    assert "a decision of" in d.expected and "Lead or Scout" in d.expected
    assert "[RR-TURN-1]" in d.expected and d.rule == "RR-TURN-1"
    shown = d.expected.split(", among ")[1].split(", … (")[0].split(", ")
    assert len(shown) == 8 and d.expected.endswith(f"… ({len(game.pending.options)} options)")  # type: ignore[union-attr]


def test_an_impossible_record_and_a_log_cut_short() -> None:
    """A record the fold refuses is named with why; a log that stops where no game stops
    says so."""
    events = finished(2, 6)
    at = first(events, TurnEnded)
    ended = events[at]
    assert isinstance(ended, TurnEnded)
    d = audit((*events[:at], TurnEnded(9), *events[at + 1:])).divergence
    assert d is not None and d.record == at
    name = fold(events[:at]).players[ended.seat].name
    assert d.differences == (f"seat: log seat 9, rules {name}",)
    report = audit(events[:at])
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == at


def test_rule_names_read_as_words() -> None:
    """The rule, the card whose ability resolves and the rules around it, in words."""
    d = Divergence(5, "a", "b", "RR-BONUS-2", card="danto", within=("f", "g", "h", "i"))
    assert d.rule_name == "RR-BONUS-2, in Danto's ability (card danto), inside f, g, h"
    assert Divergence(5, "a", "b", None, card="danto").rule_name == "Danto (card danto)"
    assert Divergence(5, "a", "b", None).rule_name is None


def test_how_the_outcomes_were_judged() -> None:
    """A table log's outcomes were taken as recorded; a seeded log's were checked; a signed
    clean log names its key; a game in progress says whose decision it waits for."""
    table = AuditReport("f", Verdict.CLEAN, records=3, outcomes=Outcomes.TABLE)
    assert "taken as recorded at the table" in table.outcomes_note
    seeded = AuditReport("f", Verdict.CLEAN, records=3, outcomes=Outcomes.SEED,
                         randomness="every random outcome checked against the seed")
    assert seeded.outcomes_note == "every random outcome checked against the seed"
    assert AuditReport("f", Verdict.CLEAN, records=0, outcomes=Outcomes.SEED).outcomes_note == ""
    signed = attrs.evolve(seeded, signed_by="ab12", pending="waiting for Ana")
    assert "signature by key ab12 verified" in signed.summary()
    assert "game in progress, waiting for Ana" in signed.summary()
    assert "signature" not in seeded.summary()
    game = Game.new(2, seed=1)
    report = audit(game.events)
    assert report.verdict is Verdict.CLEAN and report.pending is not None
    assert report.pending.startswith(f"waiting for {game.state.players[game.pending.seat].name}")


@pytest.mark.rule("RR-DIE-1")
def test_a_forged_roll_names_the_seed() -> None:
    """A die roll the seed did not draw diverges at that record, naming the seed."""
    events = finished(2, 11)
    at = first(events, DieRolled)
    rolled = events[at]
    assert isinstance(rolled, DieRolled)
    other = next(f for f in Bonus if f is not rolled.face)
    d = audit((*events[:at], attrs.evolve(rolled, face=other), *events[at + 1:])).divergence
    assert d is not None and d.record == at
    assert d.seed == events[-1].seed == 11  # type: ignore[union-attr]
    assert f"what seed {d.seed} draws here" in d.expected
    assert d.differences == (f"face: log {other.value}, rules {rolled.face.value}",)


def test_a_decision_of_exactly_eight_options_lists_them_all() -> None:
    """Up to 8 options are listed in full with no count; the decider is named."""
    game = play(3, 5, decisions=2)
    decision = game.pending
    assert decision is not None and len(decision.options) == 8
    wrong = DecisionMade(decision.seat, decision.source, Bonus.FLEET)
    d = audit((*game.events, wrong)).divergence
    assert d is not None and d.record == len(game.events)
    name = game.state.players[decision.seat].name
    assert d.expected.startswith(f"a decision of {name}: {decision.prompt} [")
    listed = ", ".join(option_text(o, game.state) for o in decision.options)
    assert d.expected.endswith(f", among {listed}") and "options)" not in d.expected
    assert d.recorded.startswith(f"{name} chooses to advance on the Fleet Track")
    assert d.recorded.endswith(f" [{decision.source}]")


def test_a_record_the_fold_refuses_is_named_with_why() -> None:
    """Houses dealt twice the same cannot happen in any game (RR-SETUP-3): the report names
    that record, the raw event, and the fold's reason; no rule decides it."""
    events = finished(2, 3)
    at = first(events, HousesDealt)
    dealt = events[at]
    assert isinstance(dealt, HousesDealt)
    same = HousesDealt((dealt.houses[0],) * 2)
    report = audit((*events[:at], same, *events[at + 1:]))
    d = report.divergence
    assert report.verdict is Verdict.DIVERGED and d is not None
    assert (d.record, d.rule) == (at, None)
    house = dealt.houses[0].value
    assert d.recorded == d.recorded_raw == \
        f'["houses_dealt/1", {{"houses": ["{house}", "{house}"]}}]'
    assert d.expected == (f"an event that can happen here (event {at}: houses_dealt/1: needs "
                          "one distinct house per player)")


def test_a_rules_error_the_fold_does_not_explain() -> None:
    """If the rules reject a log whose every record folds, the report says so at the log's
    end with the rules' own words."""
    events = finished(2, 3)[:20]
    assert _impossible(events, CorruptLogError("a reason")) == \
        Divergence(20, "(every record folds)", "a reason", None)


def test_a_divergence_past_the_last_record_keeps_the_engine_words() -> None:
    """A divergence the engine places past the log's end is told in the engine's words."""
    events = finished(2, 3)[:20]
    err = DivergenceError(20, "nothing", "a decision", "RR-TURN-1")
    assert explain(events, err) == Divergence(20, "nothing", "a decision", "RR-TURN-1")


def test_no_expected_event_before_the_start() -> None:
    """Before game_started there is nothing the rules produce: no expected event."""
    assert _expected_at(finished(2, 3), 0) is None


def test_a_crash_of_the_rules_is_reported_as_a_bug_in_rr(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """An unexpected error of the rules is RULES_FAILED (exit 3), naming the error and that
    the bug is rr's, not the log's."""
    def crash(events: object, secret: object = None) -> Game:
        raise ZeroDivisionError("boom")
    monkeypatch.setattr(Game, "resume", staticmethod(crash))
    report = audit(finished(2, 3), "g.rrlog")
    assert report.verdict is Verdict.RULES_FAILED and report.exit_code == 3
    assert report.divergence is None and report.records == len(finished(2, 3))
    assert report.problem == ("the rules failed while re-running the log: "
                              "ZeroDivisionError('boom') (a bug in rr, not in the log)")
    assert report.summary() == f"g.rrlog: {report.problem}"


def test_a_finished_game_names_its_winners() -> None:
    """A clean finished game reports the totals and the winners by name (RR-END-3)."""
    events = finished(3, 5)
    state = fold(events)
    report = audit(events, "g")
    assert report.finished and report.totals == state.totals
    assert state.winners and report.winners == tuple(state.players[s].name
                                                     for s in state.winners)
    assert f"won by {' and '.join(report.winners)}" in report.summary()


def test_report_lines_show_both_raw_events() -> None:
    """The full report has the record, both sides, the rule, each difference, and both
    events as logged and as expected."""
    events = finished(3, 8)
    at = first(events, HeliumGained)
    gained = events[at]
    assert isinstance(gained, HeliumGained)
    changed = attrs.evolve(gained, amount=gained.amount + 1)
    report = audit((*events[:at], changed, *events[at + 1:]), "g")
    d = report.divergence
    assert d is not None
    assert report.lines() == [
        report.summary(),
        f"  record:         {at}",
        f"  the log says:   {d.recorded}",
        f"  the rules say:  {d.expected}",
        f"  decided by:     {d.rule_name}",
        f"  difference:     amount: log {gained.amount + 1}, rules {gained.amount}",
        f"  as logged:      {d.recorded_raw}",
        f"  as expected:    {d.expected_raw}",
    ]
    assert '"amount": ' + str(gained.amount) in d.expected_raw


def test_seven_long_sequences_say_where_they_differ() -> None:
    """From 7 items on, a sequence is told by its first differing position; a shorter log
    side reads "nothing" there."""
    from rr.events.types import DeckShuffled
    a = tuple(f"c{i}" for i in range(7))
    assert _differences(DeckShuffled(a[:6] + ("x",)), DeckShuffled(a)) == \
        ("order: first differs at position 7 of 7: log 'x', rules 'c6'",)
    assert _differences(DeckShuffled(a[:6]), DeckShuffled(a)) == \
        ("order: first differs at position 7 of 6: log nothing, rules 'c6'",)
    assert _differences(DeckShuffled(a[:5]), DeckShuffled(a[:6])) == \
        ("order: log ('c0', 'c1', 'c2', 'c3', 'c4'), rules ('c0', 'c1', 'c2', 'c3', 'c4', 'c5')",)


def test_an_event_that_cannot_happen_or_be_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """In words, an event the state refuses is its raw form and why; an event the narrator
    fails on is its raw form (a report never fails on words)."""
    events = finished(2, 3)
    state = fold(events[:30])
    said = _say(TurnEnded(9), state)
    assert said.startswith('["turn_ended/1", {"seat": 9}] (which cannot happen: ')
    assert _say(TurnEnded(9), None) == '["turn_ended/1", {"seat": 9}]'
    at = first(events, HeliumGained)
    gained = events[at]
    assert isinstance(gained, HeliumGained)
    before = fold(events[:at])
    assert _say(gained, before).startswith(f"{before.players[gained.seat].name} gains ")

    def fail(*args: object) -> str:
        raise KeyError("odd")
    monkeypatch.setattr("rr.oracle.audit.story_line", fail)
    assert _say(gained, before) == f'["helium_gained/1", {{"seat": {gained.seat}, ' \
                                   f'"amount": {gained.amount}}}]'


@pytest.mark.rule("RR-VIEW-10")
def test_the_report_says_how_the_randomness_was_committed() -> None:
    """A finished game: committed in record 0, before the first decision, where the seed came
    from, the commitment, the revealed seed, and that every outcome was checked; a game in
    progress: its seed is not revealed yet, so its outcomes were taken as recorded."""
    drawn = Game.new(2)
    agent = RandomAgent(1)
    while drawn.pending is not None:
        drawn.choose(agent.choose(drawn.pending))
    started = drawn.events[0]
    assert isinstance(started, GameStarted)
    report = audit(drawn.events)
    assert report.ok and report.seed_checked
    assert report.randomness == (
        "randomness committed in record 0, before the first decision (seed drawn at random; "
        f"sha256 {started.commitment}); seed {drawn.seed} revealed in record "
        f"{len(drawn.events) - 1} opens it; every random outcome checked against the seed")
    assert report.randomness in report.summary()
    chosen = audit(finished(2, 11))
    assert "(seed chosen by the creator; sha256 " in chosen.randomness
    running = audit(play(2, 4, decisions=5).events)
    assert running.ok and not running.seed_checked
    assert running.randomness.endswith("the seed is not revealed yet (the game is not over): "
                                       "random outcomes taken as recorded")
    given = Game.new(2, given_chances=True)
    assert audit(given.events).randomness == ("no seed: random outcomes were given from "
                                              "outside and taken as recorded")
