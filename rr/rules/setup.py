"""RR-SETUP-*: shuffle, deal the locations and the hands, houses, the first player.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from rr.cards.catalogue import all_ids
from rr.effects.program import Chance, Program, Table, draw, shuffled
from rr.events.types import (
    CardDealt,
    DeckShuffled,
    Event,
    FirstPlayerChosen,
    HousesDealt,
    Phase,
    PhaseChanged,
)
from rr.model import LOCATIONS, CardId, House, Zone, starting_hand

LOCATION_CARDS = 2


def setup(table: Table, houses: tuple[House, ...] | None) -> Program[None]:
    """RR-SETUP-1..6, in the order of RR-SETUP-8; cards dealt as RULING-B5 says."""
    n = len(table.state.players)
    yield from shuffle_deck(all_ids())
    yield from deal_locations(table)
    if houses is not None:
        yield HousesDealt(houses)  # RR-SETUP-3: chosen by the players
    else:
        yield from draw(Chance(
            "the house tiles",
            lambda rng: HousesDealt(tuple(rng.sample(list(House), n))),
            lambda e: isinstance(e, HousesDealt) and len(e.houses) == n,
        ))
    for seat, player in enumerate(table.state.players):
        hand = Zone.hand(seat)
        for _ in range(starting_hand(player.house)):
            yield CardDealt(table.state.deck[-1], hand)  # _deal, inline: 28 a game (#30)
    yield from choose_first_player(table)
    yield PhaseChanged(Phase.PLAY)


def shuffle_deck(deck: tuple[CardId, ...]) -> Program[Event]:
    """RR-SETUP-1: ``deck`` shuffled, the order drawn and recorded (read back on replay)."""
    return draw(Chance(
        "the deck's shuffle",
        lambda rng: DeckShuffled(tuple(shuffled(rng, deck))),
        lambda e: isinstance(e, DeckShuffled) and sorted(e.order) == sorted(deck),
    ))


def deal_locations(table: Table) -> Program[None]:
    """RR-SETUP-1: two cards from the top of the deck face up on each location, in board
    order (RULING-B5)."""
    for location in LOCATIONS:
        for _ in range(LOCATION_CARDS):
            yield _deal(table, Zone.at(location))


def _deal(table: Table, to: Zone) -> Event:
    return CardDealt(table.state.deck[-1], to)


def choose_first_player(table: Table) -> Program[None]:
    """RR-SETUP-6: Apollo takes the first turn; otherwise a random player."""
    state = table.state
    apollo = [s for s in state.seats if state.players[s].house is House.APOLLO]
    if apollo:
        yield FirstPlayerChosen(apollo[0])
        return
    n = len(state.players)
    yield from draw(Chance(
        "the first player",
        lambda rng: FirstPlayerChosen(rng.randrange(n)),
        lambda e: isinstance(e, FirstPlayerChosen) and 0 <= e.seat < n,
    ))
