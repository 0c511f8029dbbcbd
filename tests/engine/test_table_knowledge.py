"""RR-VIEW-8 and RR-VIEW-9: what a spectator is shown, and cards a player alone places."""

from __future__ import annotations

import random

import attrs
import pytest

from rr.decisions import ByCard
from rr.effects.play import TurnLog
from rr.effects.program import Program, Table
from rr.engine import Game
from rr.events.types import (
    CardDealt,
    CardDeclared,
    CardGained,
    CardPassed,
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardsSeen,
    DeckShuffled,
    Event,
    GameStarted,
    TurnStarted,
)
from rr.jsonforms import to_json
from rr.knowledge import knows
from rr.model import CardId, Location, Zone
from rr.options import Answer, Lead, PickCard, PickPlayer, Position
from rr.rules.turn import deploy, take_turn
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from rr.state import GameState, apply, fold
from rr.views import HIDDEN, KnownCard, redact, redacted, view

J, M, I = Location.JUPITER, Location.MARS, Location.INSTITUTE
CARDS = ("sevro", "harmony", "pelus", "deanna", "darrow", "mustang")


def started() -> GameState:
    """A 3-player game whose deck is ``CARDS`` (top last), nothing dealt."""
    return fold([GameStarted(("P0", "P1", "P2"), Ruleset()), DeckShuffled(CARDS)])


# --- RR-VIEW-8: the spectator -------------------------------------------------------------------


@pytest.mark.rule("RR-VIEW-8", "RR-VIEW-2")
def test_a_spectator_sees_a_card_revealed_from_a_hand_where_it_stays() -> None:
    """A card revealed from a hand is shown to a spectator in that hand, as every player sees
    it; the hand's other cards are not."""
    state = apply(started(), CardDealt("mustang", Zone.hand(1)))
    state = apply(state, CardDealt("darrow", Zone.hand(1)))
    state = apply(state, CardRevealed("mustang", Zone.hand(1), 1))
    assert knows(state, None, "mustang") and not knows(state, None, "darrow")
    assert view(state, None).known_elsewhere == (KnownCard("mustang", Zone.hand(1)),)


@pytest.mark.rule("RR-VIEW-8", "RR-VIEW-2")
def test_a_spectator_is_told_what_was_revealed_and_declared() -> None:
    """The account a spectator reads names a revealed and a declared card, as the table
    heard and saw them, and not a card dealt to a hand."""
    events = [GameStarted(("P0", "P1"), Ruleset()), DeckShuffled(CARDS),
              CardDealt("mustang", Zone.hand(1)), CardDealt("darrow", Zone.hand(0)),
              CardRevealed("mustang", Zone.hand(1), 1), CardDeclared(0, "darrow", None)]
    shown = list(redacted(events, None))
    assert shown[2] == CardDealt(HIDDEN, Zone.hand(1))
    assert shown[4] == events[4] and shown[5] == events[5]


@pytest.mark.rule("RR-VIEW-8", "RR-VIEW-5")
def test_a_spectator_follows_and_forgets_as_the_players_do() -> None:
    """A card gained from a face-up place is followed into the hand; a card gained from the
    deck is not seen; an unseen pass makes the spectator lose track of the giver's revealed
    cards, as a third player does; a look is never shown to a spectator."""
    state = apply(started(), CardDealt("mustang", Zone.at(M)))
    state = apply(state, CardGained(1, "mustang", Zone.at(M)))
    state = apply(state, CardGained(2, "darrow", Zone.deck()))
    state = apply(state, CardsSeen(0, ("deanna",), Zone.deck()))
    assert knows(state, None, "mustang")
    assert not knows(state, None, "darrow") and not knows(state, None, "deanna")
    state = apply(state, CardPassed("mustang", 1, 0))
    assert not knows(state, None, "mustang") and not knows(state, 2, "mustang")


@pytest.mark.rule("RR-VIEW-8", "RR-VIEW-6")
def test_a_spectator_never_knows_more_than_every_seat_over_whole_games() -> None:
    """At every decision of random games, every card the spectator's view names is one every
    seat knows where it lies, and every card every seat saw revealed, and still follows,
    in a hand is shown to the spectator there."""
    for players, seed in ((2, 3), (4, 5)):
        rng = random.Random(seed)
        game = Game.new(players, seed=seed)
        revealed_in_hands = 0
        while game.pending is not None:
            state, seen = game.state, game.view(None)
            for card in seen.card_ids():
                assert all(knows(state, s, CardId(card)) for s in state.seats), card
            for known in seen.known_elsewhere:
                revealed_in_hands += known.zone.kind.value == "hand"
            game.choose(rng.choice(game.pending.options))
        assert revealed_in_hands > 0  # the check saw revealed cards in hands


# --- RR-VIEW-9: cards a player alone places ------------------------------------------------------


def _counselor_then_firewall(deck_cards: int = 3) -> Game:
    """P1's Group Counselor puts the banished Zanzibar on top of the deck before everyone;
    then P0's Firewall Expert looks at the top cards and places them face down."""
    deck = ("sevro", "harmony")[:deck_cards - 1]
    scenario = (Scenario(3).hand(0, "firewall_expert").hand(1, "group_counselor")
                .banished("zanzibar"))
    scenario = scenario.deck_only(*deck) if deck_cards < 3 else scenario.deck_top(*deck)

    def program(table: Table) -> Program[None]:
        yield TurnStarted(1)
        yield from deploy(table, TurnLog(1), CardId("group_counselor"), J, Zone.hand(1))
        yield TurnStarted(0)
        yield from deploy(table, TurnLog(0), CardId("firewall_expert"), I, Zone.hand(0))

    game = scenario.run(program)
    play(game, PickCard("zanzibar"), Position.TOP)
    if game.pending is not None and game.pending.source == ByCard("group_counselor"):
        play(game, Answer.DONE)
    # Everyone saw Zanzibar go on top of the deck, and follows it there.
    state = scenario.state()
    for event in game.events:
        state = apply(state, event)
        if isinstance(event, CardReturnedToDeck):
            assert all(knows(state, s, CardId("zanzibar")) for s in [None, 0, 1, 2])
            assert view(state, None).known_elsewhere == (KnownCard("zanzibar", Zone.deck(), 0),)
            break
    else:
        raise AssertionError("Zanzibar was not put back on the deck")
    return game


@pytest.mark.rule("RR-VIEW-9", "RR-VIEW-4", "RR-VIEW-6")
@pytest.mark.card("firewall_expert", "group_counselor")
def test_nobody_follows_a_known_card_the_firewall_expert_places() -> None:
    """Firewall Expert, "Look at the top 3 cards of the deck. Place 1 of them face down at the
    top of each other location.": Zanzibar, put on top of the deck before everyone (Group
    Counselor, "place each of them either on the top or bottom of the deck"), is taken up
    with the others; where it went only its placer knows — no other seat, nor a spectator,
    is shown it, in a view or in the account of what happened."""
    game = _counselor_then_firewall()
    assert CardsSeen(0, ("zanzibar", "sevro", "harmony"), Zone.deck()) in game.events
    play(game, PickCard("sevro"), PickCard("zanzibar"))  # Jupiter, Mars; Luna: harmony
    assert game.state.top(M) == "zanzibar" and "zanzibar" in game.state.face_down
    assert dict(game.view(0).locations)[M] == ("zanzibar",)
    for seat in (None, 1, 2):
        assert "zanzibar" not in game.view(seat).card_ids(), seat
        assert dict(game.view(seat).locations)[M] == (HIDDEN,)
        assert not knows(game.state, seat, CardId("zanzibar"))


@pytest.mark.rule("RR-VIEW-9", "RR-VIEW-5")
@pytest.mark.card("firewall_expert")
def test_a_lone_card_looked_at_is_still_followed() -> None:
    """Firewall Expert with a single card in the deck: it has one way to go, and the
    location it is placed on is seen, so those who knew it still know it there."""
    game = _counselor_then_firewall(deck_cards=1)
    assert CardsSeen(0, ("zanzibar",), Zone.deck()) in game.events
    play(game, Answer.NO, PickCard("zanzibar"))  # not Jupiter: Mars
    assert game.state.top(M) == "zanzibar" and "zanzibar" in game.state.face_down
    assert all(knows(game.state, s, CardId("zanzibar")) for s in [None, 0, 1, 2])


def _seed_86_until_zanzibar_lies_face_down() -> tuple[Game, random.Random, int]:
    """The 4-player random game of seed 86 (issue 25), up to the first decision at which
    Zanzibar lies face down; the generator of its random choices, and Zanzibar's placer."""
    rng = random.Random(86)
    game = Game.new(4, seed=86)
    while game.pending is not None and "zanzibar" not in game.state.face_down:
        game.choose(rng.choice(game.pending.options))
    placed = [e for e in game.events if isinstance(e, CardPlaced) and e.card == "zanzibar"]
    assert placed and placed[-1].face_down and placed[-1].seat is not None
    return game, rng, placed[-1].seat


@pytest.mark.rule("RR-VIEW-9", "RR-VIEW-6")
@pytest.mark.card("firewall_expert", "group_counselor", "zanzibar")
def test_the_seed_86_game_names_zanzibar_only_to_its_placer() -> None:
    """The 4-player random game of seed 86 (issue 25): Group Counselor put the banished
    Zanzibar on top of the deck before everyone, then Firewall Expert's player placed it face
    down; from then on no seat but the placer's, nor a spectator, is shown it."""
    game, rng, placer = _seed_86_until_zanzibar_lies_face_down()
    checked = 0
    while game.pending is not None and "zanzibar" in game.state.face_down:
        for seat in [None, *game.state.seats]:
            if seat != placer:
                assert "zanzibar" not in game.view(seat).card_ids(), seat
                checked += 1
        game.choose(rng.choice(game.pending.options))
    assert checked > 0


@pytest.mark.rule("RR-VIEW-9", "RR-VIEW-7")
@pytest.mark.card("firewall_expert")
def test_samples_deal_the_lost_card_anew_and_show_the_same() -> None:
    """Once only its placer follows Zanzibar, a sample of another seat's information set
    deals it again like any card that seat does not know, and shows that seat the same view
    and pending decision."""
    game, _, placer = _seed_86_until_zanzibar_lies_face_down()
    rng = random.Random(7)
    for seat in game.state.seats:
        moved = 0
        for _ in range(10):
            sample = game.sample_for(seat, rng)
            assert sample.view(seat) == game.view(seat)
            moved += sample.state.face_down != game.state.face_down
        assert (moved == 0) == (seat == placer), seat


# --- RR-VIEW-6: a pick among hidden cards is the decider's alone ----------------------------------


def _as_told(start: GameState, events: tuple[Event, ...], seat: int | None) -> list[Event]:
    """``events``, played from ``start``, as ``seat`` is told them."""
    told, state = [], start
    for event in events:
        after = apply(state, event)
        told.append(redact(event, state, seat, after))
        state = after
    return told


@pytest.mark.rule("RR-VIEW-6", "RR-VIEW-5")
@pytest.mark.card("tactus")
def test_which_card_a_victim_gives_tactus_is_told_to_nobody_else() -> None:
    """Tactus, "You may steal 1 card from an opponent (they choose the card).": the victim's
    pick is theirs alone — a third player and a spectator are told a hidden card was picked
    even when they saw the card revealed in that hand, so the account has the same shape
    whichever card was given."""
    def told(given: str, seat: int | None) -> list[object]:
        start = Scenario(3).hand(0, "tactus").hand(1, "sevro", "harmony").state()
        start = apply(start, CardRevealed("sevro", Zone.hand(1), 1))  # seen by the table
        game = Game.from_position(start, lambda table: take_turn(table, 0))
        play(game, Lead("tactus", M), PickPlayer(1), Answer.NO, PickCard(given))
        assert game.state.hand(0) == (given,)
        return [to_json(e) for e in _as_told(start, game.events, seat)]

    for seat in (2, None):
        assert told("sevro", seat) == told("harmony", seat)
    assert told("sevro", 1) != told("harmony", 1)  # the victim knows what it gave


@pytest.mark.rule("RR-VIEW-8")
def test_a_position_built_with_a_set_per_seat_gets_the_tables() -> None:
    """A position built by hand with one set per seat and none for the table gets the table's
    as soon as it learns anything: a card revealed there is then known to a spectator."""
    state = Scenario(2).hand(1, "sevro").state()
    state = attrs.evolve(state, known=(frozenset(), frozenset()))
    after = apply(state, CardRevealed("sevro", Zone.hand(1), 1))
    assert len(after.known) == 3 and knows(after, None, "sevro")
