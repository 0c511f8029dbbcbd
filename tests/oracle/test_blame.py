"""Which rule and which card produce a record (rr.oracle.blame), as audit reports name them."""

from __future__ import annotations

import attrs
import pytest

import rr.rules.end
from rr.events.types import (
    CardDealt, CardDeployed, DieRolled, FleetAdvanced, GameScored, HeliumGained, HousesDealt,
    Phase, PhaseChanged, TurnStarted,
)
from rr.model import Bonus
from rr.oracle.audit import audit
from rr.oracle.blame import _rule_of, blame
from tests.oracle.games import finished


def test_setup_and_scoring_records_name_their_rules() -> None:
    """A dealt card is RR-SETUP-1's, the final scores RR-END-7's."""
    events = finished(3, 5)
    dealt = next(i for i, e in enumerate(events) if isinstance(e, CardDealt))
    scored = next(i for i, e in enumerate(events) if isinstance(e, GameScored))
    assert blame(events, dealt).rule == "RR-SETUP-1"  # type: ignore[union-attr]
    assert blame(events, scored).rule == "RR-END-7"  # type: ignore[union-attr]


def test_a_die_bonus_names_the_bonus_inside_the_die_rule() -> None:
    """Helium gained from a rolled Helium face is RR-BONUS-2's, inside the rule that rolled
    (the deck gain of a Lead, RR-LEAD-4, or Minerva's house ability, RR-HOUSE-7)."""
    for seed in range(20):
        events = finished(2 + seed % 5, seed)
        for i, e in enumerate(events[:-1]):
            if isinstance(e, DieRolled) and e.face is Bonus.HELIUM \
                    and isinstance(events[i + 1], HeliumGained):
                who = blame(events, i + 1)
                assert who is not None and who.rule == "RR-BONUS-2"
                assert who.function == "rr.effects.tokens.gain_helium"
                assert who.within[0] in ("RR-LEAD-4", "RR-HOUSE-7")
                assert "RR-BONUS-2" not in who.within
                return
    raise AssertionError("no Helium roll in 20 games")


def test_events_of_an_ability_name_the_card() -> None:
    """Events a deploy ability produces are blamed on that card, until the turn's next step."""
    events = finished(4, 11)
    found = 0
    for i, e in enumerate(events):
        if isinstance(e, CardDeployed):
            who = blame(events, i + 1)
            if who is not None and who.card is not None:
                assert who.card == e.card
                found += 1
    assert found > 3


def test_turn_records_have_no_card() -> None:
    """A turn's start and its Fleet bonus belong to the rules, not to a card."""
    events = finished(2, 3)
    turn = next(i for i, e in enumerate(events) if isinstance(e, TurnStarted))
    assert blame(events, turn).card is None  # type: ignore[union-attr]
    fleet = [i for i, e in enumerate(events) if isinstance(e, FleetAdvanced)]
    assert any(blame(events, i).rule == "RR-BONUS-1" for i in fleet)  # type: ignore[union-attr]


def test_audit_report_names_the_blamed_rule() -> None:
    """An altered Helium gain after a Mars bonus is reported as RR-BONUS-2's."""
    events = finished(3, 5)
    for i, e in enumerate(events):
        who = blame(events, i) if isinstance(e, HeliumGained) else None
        if who is not None and who.rule == "RR-BONUS-2" and who.card is None:
            altered = events[:i] + (attrs.evolve(e, amount=e.amount + 1),) + events[i + 1:]
            d = audit(altered).divergence
            assert d is not None and d.record == i and d.rule == "RR-BONUS-2"
            assert d.rule_name is not None and d.rule_name.startswith("RR-BONUS-2")
            return
    raise AssertionError("no Helium bonus in the game")


@pytest.mark.rule("RR-END-5")
def test_a_range_of_rules_is_blamed_on_its_first_id() -> None:
    """The end of the game (a function documented "RR-END-5..7") is RR-END-5's, named with
    the function that yields it."""
    events = finished(2, 3)
    at = next(i for i, e in enumerate(events)
              if isinstance(e, PhaseChanged) and e.phase is Phase.END_OF_GAME)
    who = blame(events, at)
    assert who is not None and (who.rule, who.function, who.card) == \
        ("RR-END-5", "rr.rules.end.end_of_game", None)
    assert "RR-END-5..7" not in who.within


def test_blame_past_the_log_or_on_a_bad_log_is_nobody() -> None:
    """Nobody produces a record the rules never reach, nor a record of a log that does not
    start a game."""
    events = finished(2, 3)
    assert blame(events[:20], 25) is None
    assert blame(events[1:], 5) is None and blame((), 0) is None
    dealt_at = next(i for i, e in enumerate(events) if isinstance(e, HousesDealt))
    assert isinstance(events[dealt_at], HousesDealt)
    twice = HousesDealt((events[dealt_at].houses[0],) * 2)  # type: ignore[union-attr]
    impossible = (*events[:dealt_at], twice, *events[dealt_at + 1:])
    assert blame(impossible, dealt_at + 5) is None  # the fold refuses the houses
    dealt = blame(events, 5)
    assert dealt is not None and dealt.rule == "RR-SETUP-1" and dealt.card is None


def test_only_the_module_function_itself_is_read_for_its_rule() -> None:
    """A generator is the rules function of its name only if it runs that function's code: a
    nested function or method of the same name is not blamed on its docstring."""
    fn = rr.rules.end.end_of_game
    assert _rule_of("rr.rules.end", "end_of_game", fn.__code__) == "RR-END-5..7"
    assert _rule_of("rr.rules.end", "end_of_game", rr.rules.end.end_of_game_from.__code__) \
        is None
    assert _rule_of("rr.rules.end", "no_such_function", fn.__code__) is None
