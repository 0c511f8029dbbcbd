"""RR-VIEW-3: a card the rules offer a seat is one the seat knows, else the rules have a bug
(``RulesError``). ``ask`` tests the seat's hand, what it knows and the face-up cards before
asking ``knows`` (issue #30): for every card of a position, it offers what ``knows`` says."""

from __future__ import annotations

import attrs
import pytest

from rr.cards.catalogue import all_ids
from rr.decisions import Ask, ByRule, Decision
from rr.effects.program import RulesError, Table, ask
from rr.knowledge import knows
from rr.model import Location
from rr.options import PickCard
from rr.scenario import Scenario
from rr.state import GameState

IDS = all_ids()
MINE, THEIRS, KNOWN = IDS[0], IDS[1], IDS[2]
FACE_UP, FACE_DOWN, BANISHED = IDS[3], IDS[4], IDS[5]


def _position(known: bool) -> GameState:
    """Seat 0 holds MINE, seat 1 THEIRS and KNOWN; Mars holds FACE_UP under FACE_DOWN;
    BANISHED is banished; the rest is the deck. With ``known``, seat 0 knows KNOWN (and the
    table nothing); without, the position is as built by hand, knowing nothing."""
    state = (Scenario(2).hand(0, MINE).hand(1, THEIRS, KNOWN)
             .at(Location.MARS, FACE_UP, FACE_DOWN, face_down=[FACE_DOWN])
             .banished(BANISHED).state())
    if known:
        state = attrs.evolve(state, known=(frozenset({KNOWN}), frozenset(), frozenset()))
    return state


@pytest.mark.rule("RR-VIEW-3")
@pytest.mark.parametrize("known", [True, False])
def test_a_card_is_offered_exactly_when_the_seat_knows_it(known: bool) -> None:
    state = _position(known)
    offered = 0
    for card in IDS:
        if card in (MINE, FACE_DOWN):
            continue  # MINE is offered beside each; a face-down card is offered by its place
        program = ask(Table(state), 0, Ask.CARD, ByRule("RR-VIEW-3"), "Pick a card",
                      [PickCard(MINE), PickCard(card)], distinct=True)
        if knows(state, 0, card):
            decision = next(program)
            assert isinstance(decision, Decision)
            assert decision.options == (PickCard(MINE), PickCard(card))
            offered += 1
        else:
            with pytest.raises(RulesError, match=f"offers {card}, which seat 0 does not know"):
                next(program)
    # FACE_UP and BANISHED always; KNOWN when known; never THEIRS nor the deck's cards.
    assert offered == 2 + known
