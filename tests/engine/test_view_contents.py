"""RR-VIEW-1..6: what a view and a redacted event *do* show — the public board, the viewer's
own cards, the cards it knows elsewhere, the options of its own decision — alongside what
they hide. (``test_views.py`` checks, over random games, that nothing hidden leaks.)"""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.agents.random import RandomAgent
from rr.automa import AU_TOMA
from rr.decisions import ByCard
from rr.engine import Game
from rr.events.types import (
    AutomaCardsSetAside, AutomaDeckShuffled, CardDealt, CardPlaced, CardSelectedAtRandom,
    CardsPutOnTop, CardsSeen, CardsShuffled, DecisionMade, DeckShuffled, Event, Phase,
    TurnStarted,
)
from rr.model import LOCATIONS, Location, Zone
from rr.options import PickCard
from rr.scenario import Scenario
from rr.state import GameState, apply
from rr.views import HIDDEN, KnownCard, redact, redacted, solo_view, view
from tests.solo.support import HER, ME, solo

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def board() -> GameState:
    """Three players, tokens and flags set, a face-down card of seat 0's on Mars."""
    scenario = (Scenario(3).hand(0, "sevro", "harmony").hand(1, "mustang").hand(2, "pelus")
                .at(J, "deanna").at(M, "darrow", "roque", face_down=["roque"])
                .banished("cassius").deck_top("tactus", "victra")
                .tokens(0, helium=2, fleet=3, influence=4).tokens(1, helium=5, fleet=1)
                .sovereign(1).first_player(2))
    state = scenario.state()
    known = (frozenset({"roque"}), frozenset(), frozenset())
    return evolve(state, known=known)


@pytest.mark.rule("RR-VIEW-1")
def test_the_public_part_of_a_view_is_the_same_for_every_viewer() -> None:
    """Tokens, hand sizes, the Sovereign and the first player, the board, the banished pile,
    the deck's size: everyone's view shows them as they are."""
    state = board()
    for seat in (None, 0, 1, 2):
        shown = view(state, seat)
        assert shown.seat == seat
        assert [(p.name, p.hand_size, p.helium, p.fleet, p.influence, p.sovereign,
                 p.first_player) for p in shown.players] == [
            ("P1", 2, 2, 3, 4, False, False), ("P2", 1, 5, 1, 0, True, False),
            ("P3", 1, 0, 0, 0, False, True)]
        assert [p.house for p in shown.players] == [p.house for p in state.players]
        assert shown.banished == state.banished and shown.deck_size == len(state.deck)
        assert dict(shown.locations)[J] == ("deanna",)
        assert shown.phase is Phase.PLAY and shown.totals is None and shown.winners is None
        assert shown.end_triggered_by is None and shown.final_hands is None
        assert shown.solo is None and solo_view(state) is None
        assert {"deanna", "darrow", "cassius"} <= shown.card_ids()


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-4")
def test_a_view_shows_its_own_hand_and_the_face_down_cards_it_placed() -> None:
    state = board()
    mine = view(state, 0)
    assert mine.hand == ("sevro", "harmony")
    assert dict(mine.locations)[M] == ("darrow", "roque")
    assert {"sevro", "harmony", "roque"} <= mine.card_ids()
    other = view(state, 1)
    assert other.hand == ("mustang",) and dict(other.locations)[M] == ("darrow", HIDDEN)
    assert other.card_ids() & {"sevro", "harmony", "roque"} == set()
    assert "mustang" in other.card_ids() and HIDDEN not in other.card_ids()
    spectator = view(state, None)
    assert spectator.hand is None and "roque" not in spectator.card_ids()
    assert view(evolve(state, end_triggered_by=2), 0).end_triggered_by == 2


@pytest.mark.rule("RR-VIEW-5")
def test_known_cards_elsewhere_name_their_hand_and_depth() -> None:
    """A card the viewer knows in another hand is listed with that hand; one it knows in the
    deck with its depth (0: the top card). Its own hand is not listed there."""
    state = board()
    state = evolve(state, known=(frozenset({"roque", "mustang", "tactus", "victra"}),
                                 frozenset({"sevro"}), frozenset()))
    mine = view(state, 0)
    assert set(mine.known_elsewhere) == {
        KnownCard("mustang", Zone.hand(1)), KnownCard("tactus", Zone.deck(), 0),
        KnownCard("victra", Zone.deck(), 1)}
    assert {"mustang", "tactus", "victra"} <= mine.card_ids()
    assert view(state, 1).known_elsewhere == (KnownCard("sevro", Zone.hand(0)),)
    assert view(state, 2).known_elsewhere == () and view(state, None).known_elsewhere == ()


@pytest.mark.rule("RR-VIEW-5")
def test_every_hand_is_shown_once_the_game_is_over() -> None:
    """At the end every hand is shown for scoring: in ``final_hands`` and the card ids."""
    game = Game.new(2, seed=4)
    agent = RandomAgent(4)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    state = game.state
    assert state.is_over
    for seat in (None, 0, 1):
        shown = view(state, seat)
        assert shown.final_hands == tuple(p.hand for p in state.players)
        assert shown.known_elsewhere == ()
        assert shown.totals == state.totals and shown.winners == state.winners
        assert {c for p in state.players for c in p.hand} <= shown.card_ids()


@pytest.mark.rule("RR-VIEW-6")
def test_only_the_decider_sees_a_pending_decisions_options() -> None:
    game = Scenario(3).hand(0, "sevro").hand(1, "mustang").hand(2, "harmony").turn(0)
    pending = game.pending
    assert pending is not None and pending.seat == 0
    for seat in (None, 0, 1, 2):
        shown = view(game.state, seat, pending).pending
        assert shown is not None
        assert (shown.seat, shown.ask, shown.source, shown.prompt) == (
            0, pending.ask, pending.source, pending.prompt)
        assert shown.options == (pending.options if seat == 0 else None)
    assert view(game.state, 0).pending is None


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-6")
def test_shuffles_show_no_order() -> None:
    state = board()
    assert redact(DeckShuffled(state.deck), state, 0) == DeckShuffled(())
    assert redact(CardsShuffled(("tactus", "victra")), state, None) == CardsShuffled(())


@pytest.mark.rule("RR-VIEW-3")
def test_a_look_is_shown_to_the_looker_only() -> None:
    state = board()
    seen = CardsSeen(2, ("victra", "tactus"), Zone.deck())
    assert redact(seen, state, 2) == seen
    for seat in (None, 0, 1):
        assert redact(seen, state, seat) == CardsSeen(2, (HIDDEN, HIDDEN), Zone.deck())


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-6")
def test_a_dealt_card_is_shown_to_its_receiver_only() -> None:
    state = board()
    dealt = CardDealt("tactus", Zone.hand(1))
    for seat in (None, 0, 1, 2):
        expected = dealt if seat == 1 else CardDealt(HIDDEN, Zone.hand(1))
        assert redact(dealt, state, seat) == expected
        assert redact(dealt, state, seat, apply(state, dealt)) == expected
    face_up = CardPlaced("tactus", Zone.deck(), I, None, False, 0)
    assert redact(face_up, state, 2) == face_up  # deployed face up: public


@pytest.mark.rule("RR-VIEW-6")
def test_a_picked_card_is_shown_to_those_who_knew_it() -> None:
    state = board()
    pick = DecisionMade(0, ByCard("deanna"), PickCard("roque"))
    assert redact(pick, state, 0) == pick
    assert redact(pick, state, 1) == DecisionMade(0, ByCard("deanna"), PickCard(HIDDEN))
    public = DecisionMade(0, ByCard("deanna"), PickCard("deanna"))
    assert redact(public, state, 1) == public


@pytest.mark.rule("RR-VIEW-6")
def test_a_random_pick_from_a_hand_is_seen_by_who_knows_the_whole_hand() -> None:
    state = board()
    pick = CardSelectedAtRandom("sevro", Zone.hand(0))
    assert redact(pick, state, 0) == pick
    hidden = CardSelectedAtRandom(HIDDEN, Zone.hand(0))
    assert redact(pick, state, 1) == hidden and redact(pick, state, None) == hidden
    knows_one = evolve(state, known=(frozenset(), frozenset({"sevro"}), frozenset()))
    assert redact(pick, knows_one, 1) == hidden  # harmony is unknown to seat 1
    knows_all = evolve(state, known=(frozenset(), frozenset({"sevro", "harmony"}),
                                     frozenset()))
    assert redact(pick, knows_all, 1) == pick


def test_redacted_yields_every_event_of_a_log() -> None:
    game = Game.new(2, seed=2)
    agent = RandomAgent(2)
    for _ in range(6):
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    events = game.events
    for seat in (None, 0, 1):
        shown = list(redacted(events, seat))
        assert len(shown) == len(events)
        assert [type(e) for e in shown] == [type(e) for e in events]
        assert sum(e == r for e, r in zip(events, shown)) > len(events) // 2
    mine = list(redacted(events, 0))
    dealt_to_me = [e for e in mine if isinstance(e, CardDealt) and e.to == Zone.hand(0)]
    assert dealt_to_me and all(e.card != HIDDEN for e in dealt_to_me)
    dealt_to_you = [e for e in mine if isinstance(e, CardDealt) and e.to == Zone.hand(1)]
    assert dealt_to_you and all(e.card == HIDDEN for e in dealt_to_you)


def _solo_game(seed: int) -> Game:
    return Game.new(["Ana"], seed=seed, houses=["mars"])


@pytest.mark.rule("RR-SOLO-2", "RR-SOLO-3", "RR-SOLO-4", "RR-SOLO-7")
def test_a_solo_view_shows_au_tomas_public_components() -> None:
    """Her priority letters, the Luna card, the odd/even side, her discard pile and the
    cards of her turn are public; her deck's and set-aside pile's sizes only."""
    game = _solo_game(3)
    agent = RandomAgent(3)
    for _ in range(12):
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    state = game.state
    solo = state.solo
    assert solo is not None and state.players[HER].name == AU_TOMA
    for seat in (None, ME, HER):
        shown = view(state, seat).solo
        assert shown == solo_view(state)
        assert shown is not None
        assert shown.seat == HER and shown.level == solo.level
        assert shown.priority == tuple(zip(LOCATIONS, solo.priority))
        assert len(shown.priority) == 4
        assert shown.luna_card == solo.luna_card()
        assert shown.parity == (solo.parity.value if solo.parity else None)
        assert shown.parity in ("odd", "even")
        assert (shown.deck_size, shown.set_aside) == (len(solo.deck), len(solo.set_aside))
        assert shown.set_aside > 0 and shown.deck_size > 0
        assert shown.discard == solo.discard and shown.drawn == solo.drawn
        assert shown.removed == solo.removed and shown.removed


@pytest.mark.rule("RR-SOLO-2")
def test_au_tomas_deck_order_and_set_aside_cards_are_never_shown() -> None:
    game = _solo_game(1)
    events = game.events
    shuffled = next(e for e in events if isinstance(e, AutomaDeckShuffled))
    aside = next(e for e in events if isinstance(e, AutomaCardsSetAside))
    assert shuffled.automa_cards and aside.automa_cards
    for seat in (None, ME, HER):
        shown = list(redacted(events, seat))
        assert AutomaDeckShuffled(()) in shown and AutomaCardsSetAside(()) in shown
    before = GameState()
    for event in events:
        if event is shuffled:
            assert redact(event, before, ME) == AutomaDeckShuffled(())
            break
        before = apply(before, event)
    setup = solo(Scenario().hand(ME, "sevro"))
    assert solo_view(setup) is not None
    unset = evolve(setup, solo=evolve(setup.solo, priority=(), parity=None))
    shown = solo_view(unset)
    assert shown is not None and shown.luna_card is None and shown.parity is None


@pytest.mark.rule("RR-SOLO-14")
def test_cards_put_back_on_her_hand_are_shown_to_who_knows_them() -> None:
    state = solo(Scenario().hand(HER, "sevro", "harmony").hand(ME, "pelus"))
    put: Event = CardsPutOnTop(HER, ("sevro", "harmony"), None)
    assert redact(put, state, HER) == put
    for seat in (None, ME):
        assert redact(put, state, seat) == CardsPutOnTop(HER, (HIDDEN, HIDDEN), None)
    knows_one = evolve(state, known=(frozenset({"harmony"}), frozenset()))
    assert redact(put, knows_one, ME) == CardsPutOnTop(HER, (HIDDEN, "harmony"), None)
    assert redact(TurnStarted(ME), state, ME) == TurnStarted(ME)
