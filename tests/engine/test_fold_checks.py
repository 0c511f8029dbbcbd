"""The fold rejects every impossible event, naming the record and what is wrong.

``rr.state.apply`` only records what an event says, but it checks that the event could have
happened; this is what makes ``rr replay`` and the fold refuse a tampered log that was never
re-adjudicated (docs/ARCHITECTURE.md, "Bad input"). One test per check, with the boundary on
both sides.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from rr.effects.tokens import REPEATED
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events.types import (
    CardBanished, CardDealt, CardDeclared, CardGained, CardMoved, CardReturnedToDeck,
    CardRevealed, CardSelectedAtRandom,
    CardsSeen, DeckShuffled, Event, FirstPlayerChosen, FleetAdvanced, FleetRegressed,
    GameEndTriggered, GameScored, GameStarted, HeliumGained, HeliumLost, HeliumPaid, HousesDealt,
    InfluencePlaced, InfluenceRemoved, PointsScored, SovereignTaken, TurnEnded, TurnKind,
    TurnStarted,
)
from rr.model import House, Location, Zone, ZoneKind
from rr.ruleset import Ruleset
from rr.state import GameState, PlayerState, apply, fold


def in_play() -> GameState:
    """A 3-player game after setup, at its first decision."""
    return Game.new(3, seed=1).state


def with_player(state: GameState, seat: int, **changes: object) -> GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, players=tuple(players))


def rejects(state: GameState, event: Event, fragment: str) -> None:
    """``event`` cannot be folded into ``state``: the error names the record and the reason."""
    with pytest.raises(CorruptLogError) as caught:
        apply(state, event)
    message = str(caught.value)
    assert message.startswith(f"event {state.events}: {type(event).TAG}: "), message
    assert fragment in message, message


def folds(state: GameState, event: Event) -> GameState:
    after = apply(state, event)
    assert after.events == state.events + 1
    return after


def test_nothing_before_the_game_starts() -> None:
    """An event before ``game_started`` is refused, naming it; a second start too."""
    with pytest.raises(CorruptLogError, match="event 0: helium_gained/1 before game_started"):
        apply(GameState(), HeliumGained(0, 1))
    state = in_play()
    rejects(state, GameStarted(("A", "B"), Ruleset()), "already started")


def test_the_shuffled_deck() -> None:
    """A shuffle must name each card once and be a permutation of the deck."""
    state = in_play()
    deck = state.deck
    rejects(state, DeckShuffled(deck[:-1] + (deck[0],)), "a card appears twice")
    rejects(state, DeckShuffled(deck[:-1]), "not a permutation of the deck")
    assert folds(state, DeckShuffled(tuple(reversed(deck)))).deck == tuple(reversed(deck))


def test_houses_one_distinct_per_player() -> None:
    """Houses are dealt one per player, all different."""
    state = fold([GameStarted(("A", "B", "C"), Ruleset())])
    rejects(state, HousesDealt((House.APOLLO, House.CERES)), "one distinct house per player")
    rejects(state, HousesDealt((House.APOLLO, House.CERES, House.CERES)),
            "one distinct house per player")
    dealt = folds(state, HousesDealt((House.APOLLO, House.CERES, House.DIANA)))
    assert [p.house for p in dealt.players] == [House.APOLLO, House.CERES, House.DIANA]


def test_a_dealt_card_is_the_top_card_of_the_deck() -> None:
    """Dealing takes the deck's top card, and nothing from an empty deck."""
    state = in_play()
    rejects(state, CardDealt(state.deck[0], Zone.hand(0)), "is not the top card of the deck")
    rejects(attrs.evolve(state, deck=()), CardDealt(state.deck[-1], Zone.hand(0)),
            "is not the top card of the deck")
    assert folds(state, CardDealt(state.deck[-1], Zone.hand(1))).hand(1)[-1] == state.deck[-1]


def test_zones_must_exist() -> None:
    """A hand of a seat not in play, or a location zone with no location, is refused."""
    state = in_play()
    top = state.deck[-1]
    rejects(state, CardDealt(top, Zone.hand(3)), "there is no hand of seat 3")
    rejects(state, CardDealt(top, Zone.hand(-1)), "there is no hand of seat -1")
    rejects(state, CardDealt(top, Zone(ZoneKind.LOCATION)), "names no location")
    folds(state, CardDealt(top, Zone.hand(2)))


def test_a_card_is_taken_from_where_it_is() -> None:
    """A gain from a zone that does not hold the card is refused."""
    state = in_play()
    on_mars = state.stack(Location.MARS)[-1]
    rejects(state, CardGained(0, on_mars, Zone.at(Location.LUNA)), f"{on_mars} is not in Luna")
    assert on_mars in folds(state, CardGained(0, on_mars, Zone.at(Location.MARS))).hand(0)


def test_turns_end_as_they_started() -> None:
    """Only the seat whose turn it is ends a turn."""
    state = in_play()
    seat = state.turn_seat
    assert seat is not None
    other = (seat + 1) % 3
    rejects(state, TurnEnded(other), f"it is not seat {other}'s turn")
    between = folds(state, TurnEnded(seat))
    assert between.turn_seat is None
    rejects(between, TurnEnded(seat), f"it is not seat {seat}'s turn")
    inner = folds(between, TurnStarted(other))
    assert folds(inner, TurnEnded(other)).turn_seat is None


def test_the_end_is_triggered_once() -> None:
    """A second game-end trigger is refused."""
    state = folds(in_play(), GameEndTriggered(0, REPEATED))
    rejects(state, GameEndTriggered(1, REPEATED), "already triggered")


def test_players_must_exist() -> None:
    """Token events of a seat not in play are refused."""
    state = in_play()
    for event in (HeliumGained(3, 1), SovereignTaken(5), TurnStarted(-1), FleetAdvanced(3, 1),
                  InfluencePlaced(4, 1)):
        rejects(state, event, "no player in seat")


def test_helium_bounds() -> None:
    """Helium is never negative: a gain is not negative, a loss or payment not above what
    the player has (and losing exactly all of it is fine)."""
    state = with_player(in_play(), 0, helium=3)
    rejects(state, HeliumGained(0, -1), "cannot gain -1 Helium")
    rejects(state, HeliumGained(0, 0), "cannot gain 0 Helium")  # the rules never gain nothing
    assert folds(state, HeliumGained(0, 1)).players[0].helium == 4
    rejects(state, HeliumLost(0, 4), "has 3 Helium, cannot lose 4")
    rejects(state, HeliumLost(0, -1), "cannot lose -1")
    rejects(state, HeliumLost(0, 0), "cannot lose 0")
    assert folds(state, HeliumLost(0, 3)).players[0].helium == 0
    rejects(state, HeliumPaid(0, 1, 4), "has 3 Helium, cannot pay 4")
    rejects(state, HeliumPaid(0, 1, -1), "cannot pay -1")
    rejects(state, HeliumPaid(0, 1, 0), "cannot pay 0")
    rejects(state, HeliumPaid(0, 3, 1), "no player in seat 3")
    paid = folds(state, HeliumPaid(0, 1, 3))
    assert (paid.players[0].helium, paid.players[1].helium) == (0, 3)


def test_fleet_bounds() -> None:
    """The Fleet Track runs 0..10: an advance goes forward, at most to 10; a regression goes
    back, at least to 0."""
    state = with_player(in_play(), 0, fleet=9)
    rejects(state, FleetAdvanced(0, 11), "cannot advance from 9 to 11")
    rejects(state, FleetAdvanced(0, 9), "cannot advance from 9 to 9")
    assert folds(state, FleetAdvanced(0, 10)).players[0].fleet == 10
    rejects(state, FleetRegressed(0, 9), "cannot regress from 9 to 9")
    rejects(state, FleetRegressed(0, -1), "cannot regress from 9 to -1")
    assert folds(state, FleetRegressed(0, 0)).players[0].fleet == 0


def test_influence_bounds() -> None:
    """10 Influence tokens each: placing needs tokens left and at least one placed; removing
    needs that many on the Institute."""
    state = with_player(in_play(), 0, influence=8)
    rejects(state, InfluencePlaced(0, 3), "has 2 Influence left")
    rejects(state, InfluencePlaced(0, 0), "has 2 Influence left")
    assert folds(state, InfluencePlaced(0, 2)).players[0].influence == 10
    rejects(state, InfluenceRemoved(0, 9), "has 8 Influence on the Institute")
    rejects(state, InfluenceRemoved(0, 0), "has 8 Influence on the Institute")
    assert folds(state, InfluenceRemoved(0, 8)).players[0].influence == 0


def test_revealed_seen_selected_and_declared_cards_are_where_the_event_says() -> None:
    """A reveal, a look, a random pick and a declaration name a card of the zone they name."""
    state = in_play()
    mine, theirs = state.hand(0)[0], state.hand(1)[0]
    rejects(state, CardRevealed(theirs, Zone.hand(0)), f"{theirs} is not in hand of P0")
    rejects(state, CardSelectedAtRandom(theirs, Zone.hand(0)), f"{theirs} is not in hand of P0")
    rejects(state, CardsSeen(0, (theirs,), Zone.hand(0)), "not cards of hand of P0")
    rejects(state, CardsSeen(0, (theirs, theirs), Zone.hand(1)), "not cards of hand of P1")
    rejects(state, CardRevealed(mine, Zone.hand(7)), "there is no hand of seat 7")
    rejects(state, CardDeclared(1, mine, None), f"{mine} is not in seat 1's hand")
    folds(state, CardRevealed(mine, Zone.hand(0)))
    folds(state, CardsSeen(2, (theirs,), Zone.hand(1)))
    assert folds(state, CardDeclared(0, mine, None)).players[0].declarations == ((mine, None),)


def test_a_game_starts_at_zero() -> None:
    """RR-SETUP: every player starts with no card, Helium, Fleet, Influence or turn; the
    neutral house has 3 Influence in a 2-player game only (RR-SETUP-8)."""
    for players, neutral in ((2, 3), (3, 0)):
        state = fold([GameStarted(tuple("ABCDEF"[:players]), Ruleset())])
        assert state.neutral_influence == neutral
        for p in state.players:
            assert (p.hand, p.helium, p.fleet, p.influence, p.turns, p.extra_turns,
                    p.points, p.declarations) == ((), 0, 0, 0, 0, 0, (), ())


def test_the_first_player_is_a_player() -> None:
    """The first-player token goes to a seat in play."""
    state = fold([GameStarted(("A", "B"), Ruleset())])
    rejects(state, FirstPlayerChosen(2), "no player in seat 2")
    assert folds(state, FirstPlayerChosen(1)).first_player == 1


@pytest.mark.rule("RR-END-3", "RR-END-4", "RULING-A12", "RULING-B9")
def test_which_turns_count() -> None:
    """A normal turn counts; Apollo's last turn and an out-of-order turn are extra (the latter
    counts under ``loan_shark_turn_counts``, but never inside Apollo's last turn); an
    end-of-game step is neither."""
    state = in_play()
    seat = state.turn_seat
    assert seat is not None
    state = folds(state, TurnEnded(seat))
    p0 = state.players[0]

    def counts(after: GameState) -> tuple[int, int]:
        return (after.players[0].turns - p0.turns, after.players[0].extra_turns - p0.extra_turns)

    assert counts(folds(state, TurnStarted(0))) == (1, 0)
    assert counts(folds(state, TurnStarted(0, TurnKind.APOLLO_LAST))) == (0, 1)
    assert counts(folds(state, TurnStarted(0, TurnKind.OUT_OF_ORDER))) == (0, 1)
    assert counts(folds(state, TurnStarted(0, TurnKind.END_OF_GAME))) == (0, 0)
    counting = attrs.evolve(state, ruleset=Ruleset(loan_shark_turn_counts=True))
    assert counts(folds(counting, TurnStarted(0, TurnKind.OUT_OF_ORDER))) == (1, 0)
    inside = folds(counting, TurnStarted(1, TurnKind.APOLLO_LAST))
    assert counts(folds(inside, TurnStarted(0, TurnKind.OUT_OF_ORDER))) == (0, 1)
    assert folds(state, TurnStarted(0, TurnKind.END_OF_GAME)).turn_seat == 0


def test_a_face_up_card_moved_stays_face_up_and_a_face_down_one_face_down() -> None:
    """Moving a card between locations does not turn it over, either way."""
    state = in_play()
    card = state.stack(Location.MARS)[-1]
    moved = folds(state, CardMoved(card, Location.MARS, Location.LUNA))
    assert moved.top(Location.LUNA) == card and card not in moved.face_down
    hidden = attrs.evolve(state, face_down=frozenset({card}))
    moved = folds(hidden, CardMoved(card, Location.MARS, Location.LUNA, 0))
    assert moved.stack(Location.LUNA)[0] == card and card in moved.face_down


def test_points_scored_are_recorded_by_card() -> None:
    """End-of-game points (Hacker) are added to the player's points, by card."""
    state = in_play()
    after = folds(folds(state, PointsScored(1, "hacker", 12)), PointsScored(1, "hacker", 3))
    assert after.players[1].points == (("hacker", 12), ("hacker", 3))
    rejects(state, PointsScored(4, "hacker", 1), "no player in seat 4")


def test_the_scores_are_recorded() -> None:
    """The final totals and the winners are recorded as the event says."""
    after = folds(in_play(), GameScored((120, 95, 120), (0, 2)))
    assert (after.totals, after.winners) == ((120, 95, 120), (0, 2))


@pytest.mark.parametrize("tamper", [
    lambda e: attrs.evolve(e, card="no_such_card") if hasattr(e, "card") else None,
    lambda e: attrs.evolve(e, seat=9) if hasattr(e, "seat") and isinstance(e.seat, int) else None,
])
def test_any_event_tampered_in_a_real_log_is_refused_or_harmless(
        tamper: Callable[[Event], Event | None]) -> None:
    """Over a real game's log, an event naming a card that does not exist or a seat not in
    play is refused by the fold with its record number (never another exception)."""
    game = Game.new(3, seed=2)
    for _ in range(40):
        assert game.pending is not None
        game.choose(game.pending.options[0])
    events = game.events
    refused = 0
    for index, event in enumerate(events[1:], 1):
        changed = tamper(event)
        if changed is None:
            continue
        before = fold(events[:index])
        try:
            apply(before, changed)
        except CorruptLogError as err:
            assert str(err).startswith(f"event {index}: "), str(err)
            refused += 1
    assert refused > 10
    assert PlayerState  # the state type the fold builds


def test_where_a_card_is_and_who_plays_next() -> None:
    """``zone_of`` finds a card in the deck, a hand, a location or the banished pile (nowhere
    before it is dealt); the next seat is to the left, the previous to the right."""
    state = in_play()
    assert state.zone_of(state.deck[0]) == Zone.deck()
    assert state.zone_of(state.hand(2)[0]) == Zone.hand(2)
    assert state.zone_of(state.stack(Location.LUNA)[0]) == Zone.at(Location.LUNA)
    card = state.stack(Location.MARS)[-1]
    assert folds(state, CardBanished(card, Zone.at(Location.MARS))).zone_of(card) == \
        Zone.banished()
    assert fold([GameStarted(("A", "B"), Ruleset())]).zone_of(card) is None
    assert [state.next_seat(s) for s in range(3)] == [1, 2, 0]
    assert [state.previous_seat(s) for s in range(3)] == [2, 0, 1]


def test_stack_positions() -> None:
    """A card returned to the bottom of the deck is its first card, to the top its last; a
    position below the bottom of a stack is the bottom."""
    state = in_play()
    mine = state.hand(0)[0]
    assert folds(state, CardReturnedToDeck(mine, Zone.hand(0), bottom=True)).deck[0] == mine
    assert folds(state, CardReturnedToDeck(mine, Zone.hand(0))).deck[-1] == mine
    card = state.stack(Location.MARS)[-1]
    moved = folds(state, CardMoved(card, Location.MARS, Location.LUNA, -5))
    assert moved.stack(Location.LUNA)[0] == card


def test_looks_and_random_picks_need_a_seat_and_a_zone() -> None:
    """A look by a seat not in play, or at a hand that does not exist, is refused; a look at
    a whole hand is fine. A random pick from a hand that does not exist is refused."""
    state = in_play()
    hand = state.hand(1)
    rejects(state, CardsSeen(5, hand, Zone.hand(1)), "no player in seat 5")
    rejects(state, CardsSeen(0, hand, Zone.hand(9)), "there is no hand of seat 9")
    folds(state, CardsSeen(0, hand, Zone.hand(1)))
    rejects(state, CardSelectedAtRandom(hand[0], Zone.hand(9)), "there is no hand of seat 9")


def test_removing_one_influence() -> None:
    """Taking back exactly one Influence token is possible."""
    state = with_player(in_play(), 0, influence=1)
    assert folds(state, InfluenceRemoved(0, 1)).players[0].influence == 0
