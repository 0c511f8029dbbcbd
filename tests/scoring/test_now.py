"""What each card of a seat's hand would score now (rr.scoring.now, issue #28): the
scorepad's own figures, from the seat's view only."""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.model import Location
from rr.rules.final import scorepad_of
from rr.scenario import Scenario
from rr.scoring.now import hand_now
from rr.seat_answer import face_down
from rr.views import HIDDEN, view


def _position() -> Scenario:
    return (Scenario(3)
            .hand(0, "cassius", "timony", "sevro", "holo_host", "developer")
            .hand(1, "darrow", "mustang")
            .at(Location.JUPITER, "eo", "roque")
            .at(Location.INSTITUTE, "harmony", "nero")
            .tokens(0, helium=2, fleet=3, influence=4)
            .tokens(1, influence=5).tokens(2, helium=6)
            .sovereign(1))


@pytest.mark.rule("RR-SCORE-2")
def test_each_card_scores_its_scorepad_line() -> None:
    """With nothing hidden on the board, each card's figure is its line of the scorepad as
    rr scores the position at its end, the total is the cards row, and "without" is the
    cards row of the hand scored without that card."""
    state = _position().state()
    now = hand_now(view(state, 0), face_down(state), state.ruleset)
    assert now is not None and now.exact
    column = scorepad_of(state).pad.players[0]
    assert [(c.card, c.core, c.bonus) for c in now.cards] == [
        (line.id, line.core, line.bonus) for line in column.cards]
    assert now.total == column.rows.cards
    for card in now.cards:
        rest = tuple(c for c in state.players[0].hand if c != card.card)
        players = (evolve(state.players[0], hand=rest), *state.players[1:])
        smaller = evolve(state, players=players)
        assert card.without == scorepad_of(smaller).pad.players[0].rows.cards


@pytest.mark.rule("RR-SCORE-2")
@pytest.mark.card("developer")
def test_a_hidden_top_card_is_never_read() -> None:
    """A face-down top card the seat does not know: Developer's figure is the same whatever
    the card is (the seat learns nothing), given as "at least" (not exact); with every top
    card known it is the best top card's core value."""
    shown = []
    for hidden in ("quicksilver", "pelus"):
        state = _position().at(Location.MARS, hidden, face_down=[hidden]).state()
        seen = view(state, 0)
        assert dict(seen.locations)[Location.MARS] == (HIDDEN,)
        now = hand_now(seen, face_down(state), state.ruleset)
        assert now is not None
        shown.append(now)
    assert shown[0] == shown[1]
    developer = next(c for c in shown[0].cards if c.card == "developer")
    assert not developer.exact and not shown[0].exact
    assert developer.bonus == 25  # Roque (20) and Nero (25) the face-up tops; the hidden as 0
    others = [c for c in shown[0].cards if c.card != "developer"]
    assert all(c.exact for c in others)


def test_a_spectator_has_no_hand_to_score() -> None:
    """A spectator's view has no hand: nothing is scored."""
    state = _position().state()
    assert hand_now(view(state, None), face_down(state), state.ruleset) is None
