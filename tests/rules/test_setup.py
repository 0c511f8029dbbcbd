"""RR-SETUP-*: shuffling, dealing, houses, tokens and the first player."""

from __future__ import annotations

import collections

import pytest

from rr.cards.catalogue import all_ids, catalogue
from rr.engine import Game
from rr.errors import BadInputError, DivergenceError
from rr.events.types import (
    CardDealt, DeckShuffled, FirstPlayerChosen, GameStarted, HousesDealt, Phase, PhaseChanged,
    TurnStarted,
)
from rr.model import LOCATIONS, Color, House, Location, Zone, ZoneKind
from tests.rules.support import of_type


def setup_events(game: Game) -> list[object]:
    """The events of setup: everything up to the first turn."""
    events = list(game.events)
    return events[: events.index(next(e for e in events if isinstance(e, TurnStarted)))]


@pytest.mark.rule("RR-SETUP-1")
def test_shuffle_is_recorded_and_is_a_permutation_of_the_112_cards() -> None:
    """Given a new game, then one DeckShuffled records an order of all 112 distinct cards."""
    game = Game.new(2, seed=11)
    shuffles = of_type(game.events, DeckShuffled)
    assert len(shuffles) == 1
    assert sorted(shuffles[0].order) == sorted(all_ids())
    assert len(set(shuffles[0].order)) == 112


@pytest.mark.rule("RR-SETUP-1", "RULING-B5", "RR-LOC-2")
def test_two_cards_per_location_dealt_from_the_top_in_board_order() -> None:
    """Given a new game, then the first 8 cards off the top go 2 to each location in board
    order, the first dealt to a location being its bottom card."""
    game = Game.new(4, seed=3)
    order = of_type(game.events, DeckShuffled)[0].order
    top_first = list(reversed(order))
    deals = of_type(game.events, CardDealt)
    assert [(d.card, d.to) for d in deals[:8]] == [
        (top_first[i], Zone.at(loc)) for i, loc in enumerate(loc for loc in LOCATIONS for _ in "ab")
    ]
    for i, loc in enumerate(LOCATIONS):
        assert game.state.stack(loc) == (top_first[2 * i], top_first[2 * i + 1])


@pytest.mark.rule("RR-SETUP-2", "RULING-B5")
def test_hands_of_five_and_six_for_ceres_dealt_in_seat_order() -> None:
    """Given houses Mars, Ceres, Diana, then the hands are dealt whole in seat order, 5, 6
    and 5 cards, from the top of the deck after the locations."""
    game = Game.new(3, seed=5, houses=[House.MARS, House.CERES, House.DIANA])
    order = of_type(game.events, DeckShuffled)[0].order
    top_first = list(reversed(order))
    hand_deals = [d for d in of_type(game.events, CardDealt) if d.to.kind is ZoneKind.HAND]
    assert [d.to.seat for d in hand_deals] == [0] * 5 + [1] * 6 + [2] * 5
    assert [d.card for d in hand_deals] == top_first[8:24]
    assert [len(game.state.hand(s)) for s in range(3)] == [5, 6, 5]
    assert game.state.deck == order[: 112 - 24]


@pytest.mark.rule("RR-SETUP-2")
def test_every_player_gets_five_cards_without_ceres() -> None:
    """Given five players without Ceres, then every hand has exactly 5 cards."""
    houses = [House.APOLLO, House.DIANA, House.JUPITER, House.MARS, House.MINERVA]
    game = Game.new(5, seed=1, houses=houses)
    assert [len(game.state.hand(s)) for s in range(5)] == [5] * 5
    assert len(game.state.deck) == 112 - 8 - 25


@pytest.mark.rule("RR-SETUP-3")
@pytest.mark.parametrize("seed", range(8))
def test_houses_dealt_at_random_are_distinct(seed: int) -> None:
    """Given six players and no houses given, then HousesDealt gives all six distinct houses."""
    game = Game.new(6, seed=seed)
    dealt = of_type(game.events, HousesDealt)
    assert len(dealt) == 1
    assert sorted(h.value for h in dealt[0].houses) == sorted(h.value for h in House)
    assert tuple(p.house for p in game.state.players) == dealt[0].houses


@pytest.mark.rule("RR-SETUP-3")
def test_given_houses_are_recorded_as_given() -> None:
    """Given houses chosen by the players, then GameStarted and HousesDealt record them."""
    game = Game.new(["Ann", "Bo"], seed=0, houses=["minerva", "diana"])
    assert of_type(game.events, GameStarted)[0].houses == (House.MINERVA, House.DIANA)
    assert of_type(game.events, HousesDealt) == [HousesDealt((House.MINERVA, House.DIANA))]


@pytest.mark.rule("RR-SETUP-3")
@pytest.mark.parametrize("houses", [["mars", "mars"], ["mars"], ["mars", "pluto"]])
def test_houses_must_be_one_distinct_house_per_player(houses: list[str]) -> None:
    """Given two players and a repeated, missing or unknown house, then the game is refused."""
    with pytest.raises(BadInputError):
        Game.new(2, houses=houses)


@pytest.mark.rule("RR-SETUP-4")
def test_starting_tokens() -> None:
    """Given a new 4-player game, then nobody has Helium, Fleet or placed Influence and nobody
    holds the Sovereign token."""
    state = Game.new(4, seed=9).state
    assert [(p.helium, p.fleet, p.influence) for p in state.players] == [(0, 0, 0)] * 4
    assert state.sovereign is None


@pytest.mark.rule("RR-SETUP-5")
@pytest.mark.parametrize(("players", "neutral"), [(2, 3), (3, 0), (4, 0), (5, 0), (6, 0)])
def test_neutral_influence_only_with_two_players(players: int, neutral: int) -> None:
    """Given a new game of n players, then 3 neutral Influence are on The Institute iff n=2."""
    assert Game.new(players, seed=1).state.neutral_influence == neutral


@pytest.mark.rule("RR-SETUP-6", "RR-HOUSE-2")
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_apollo_goes_first(seat: int) -> None:
    """Given Apollo in seat s, then FirstPlayerChosen(s) and the first turn is s's."""
    houses = [House.MARS, House.DIANA, House.CERES]
    houses[seat] = House.APOLLO
    game = Game.new(3, seed=4, houses=houses)
    assert of_type(game.events, FirstPlayerChosen) == [FirstPlayerChosen(seat)]
    assert of_type(game.events, TurnStarted)[0].seat == seat
    assert game.pending is not None and game.pending.seat == seat


@pytest.mark.rule("RR-SETUP-6")
def test_without_apollo_the_first_player_is_drawn_and_takes_the_first_turn() -> None:
    """Given no Apollo, then the first player is a recorded draw that varies with the seed
    and that player takes the first turn."""
    houses = [House.MARS, House.DIANA, House.CERES, House.MINERVA]
    firsts = set()
    for seed in range(20):
        game = Game.new(4, seed=seed, houses=houses)
        chosen = of_type(game.events, FirstPlayerChosen)
        assert len(chosen) == 1
        assert game.state.first_player == chosen[0].seat
        assert of_type(game.events, TurnStarted)[0].seat == chosen[0].seat
        firsts.add(chosen[0].seat)
    assert len(firsts) > 1


@pytest.mark.rule("RR-SETUP-7")
@pytest.mark.parametrize("players", [0, 7])
def test_two_to_six_players(players: int) -> None:
    """Given no player or more than 6, then the game is refused citing RR-SETUP-7 (one player
    plays solo against Tull Au Toma, RR-SOLO-1)."""
    with pytest.raises(BadInputError) as err:
        Game.new(players)
    assert err.value.rule == "RR-SETUP-7"


@pytest.mark.rule("RR-SETUP-7")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_may_play(players: int) -> None:
    """Given 2..6 players, then the game starts with one player per seat and a turn pending."""
    game = Game.new(players, seed=0)
    assert len(game.state.players) == players
    assert game.pending is not None


@pytest.mark.rule("RR-SETUP-8")
def test_order_of_the_setup_steps() -> None:
    """Given a new game, then setup records: shuffle, the 8 location cards, the houses, the
    hands, the first player, and then play begins."""
    game = Game.new(3, seed=8)
    kinds = []
    for event in setup_events(game)[1:]:
        if isinstance(event, CardDealt):
            kind = "location" if event.to.kind is ZoneKind.LOCATION else "hand"
        else:
            kind = type(event).__name__
        if not kinds or kinds[-1] != kind:
            kinds.append(kind)
    assert kinds == ["DeckShuffled", "location", "HousesDealt", "hand", "FirstPlayerChosen",
                     "PhaseChanged"]
    assert game.state.phase is Phase.PLAY
    assert of_type(game.events, PhaseChanged) == [PhaseChanged(Phase.PLAY)]


@pytest.mark.rule("RR-SETUP-9")
def test_the_character_cards() -> None:
    """Given the catalogue, then it has 112 distinct cards: 21 Gold and 7 of each other colour."""
    cards = catalogue()
    assert len(cards) == 112 == len({c.name for c in cards.values()})
    counts = collections.Counter(c.color for c in cards.values())
    assert counts == {c: 21 if c is Color.GOLD else 7 for c in Color}


@pytest.mark.rule("RR-SETUP-1", "RR-LOC-1")
def test_after_setup_every_card_is_in_exactly_one_place() -> None:
    """Given a new 6-player game, then deck, four locations and hands partition the 112 cards."""
    state = Game.new(6, seed=2).state
    places = list(state.deck) + [c for loc in Location for c in state.stack(loc)]
    places += [c for s in state.seats for c in state.hand(s)]
    assert sorted(places) == sorted(all_ids())
    assert state.banished == ()


@pytest.mark.rule("RR-SETUP-6")
def test_a_recorded_first_player_outside_the_table_is_refused() -> None:
    """Given a 4-player log whose first-player draw names seat 4 or seat -1 (no such seat),
    when it is resumed, then the draw is refused at its record: the die only picks a seat at
    the table."""
    houses = [House.MARS, House.DIANA, House.CERES, House.MINERVA]
    events = list(Game.new(4, seed=3, houses=houses).events)
    at = next(i for i, e in enumerate(events) if isinstance(e, FirstPlayerChosen))
    for seat in (4, -1):
        tampered = events[:at] + [FirstPlayerChosen(seat)] + events[at + 1:]
        with pytest.raises(DivergenceError) as caught:
            Game.resume(tampered)
        assert caught.value.index == at
