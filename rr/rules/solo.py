"""RR-SOLO-*: the solo mode against Tull Au Toma — her setup and her turn.

Her turn asks her no decision: every location she uses follows from her card, the priority
cards and the board (RR-SOLO-11). The only decision that can come up during her turn is the
player's own: whether to block her taking the Sovereign token (RR-BLOCK-3).

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from rr.automa import AutomaCard, AutomaCardId, Extra, Parity, Pick, automa_table
from rr.cards.catalogue import all_ids
from rr.cards.catalogue import card as card_data
from rr.effects.bonuses import gain_sovereign, location_bonus
from rr.effects.program import Chance, Program, Table, draw, shuffled
from rr.effects.tokens import endless
from rr.events.types import (
    AutomaCardDrawn,
    AutomaCardsDiscarded,
    AutomaCardsSetAside,
    AutomaDeckShuffled,
    CardBanished,
    CardDealt,
    CardDeployed,
    CardGained,
    CardsRemoved,
    HousesDealt,
    OddEvenCardPlaced,
    Phase,
    PhaseChanged,
    PriorityCardsDealt,
    TurnEnded,
    TurnStarted,
)
from rr.model import (
    FLEET_MAX,
    INFLUENCE_TOKENS,
    LOCATION_BONUS,
    LOCATIONS,
    AutomaCardNumber,
    Bonus,
    CardId,
    House,
    Location,
    Seat,
    Zone,
    starting_hand,
)
from rr.rules.setup import choose_first_player, deal_locations, shuffle_deck
from rr.state import GameState

# --- setup ---------------------------------------------------------------------------------


def solo_setup(table: Table, houses: tuple[House, ...] | None) -> Program[None]:
    """RR-SOLO-2..7 before and around the normal 2-player setup (RR-SETUP-8)."""
    data = automa_table()
    yield from shuffle_automa_deck(table)  # RR-SOLO-2
    letters = data.letters
    yield from draw(Chance(  # RR-SOLO-3 (the Luna bonus card follows from it, RR-SOLO-4)
        "the priority cards",
        lambda rng: PriorityCardsDealt(tuple(shuffled(rng, letters))),
        lambda e: isinstance(e, PriorityCardsDealt) and sorted(e.letters) == sorted(letters),
    ))
    removed = data.removed_characters(table.state.ruleset.au_toma_variant)
    yield CardsRemoved(removed)  # RR-SOLO-5
    yield from shuffle_deck(_deck_without(removed))
    yield from deal_locations(table)
    human = [s for s in table.state.seats if not table.state.is_automa(s)]
    if houses is not None:
        yield HousesDealt((*houses[:len(human)], None))  # RR-SOLO-6: she has no house
    else:
        yield from draw(Chance(
            "the house tiles",
            lambda rng: HousesDealt((*rng.sample(list(House), len(human)), None)),
            lambda e: isinstance(e, HousesDealt) and len(e.houses) == len(human) + 1
            and e.houses[-1] is None,
        ))
    for seat, player in enumerate(table.state.players):  # RR-SOLO-6: her 2 face-down cards
        count = data.starting_hand if table.state.is_automa(seat) else starting_hand(player.house)
        for _ in range(count):
            yield CardDealt(table.state.deck[-1], Zone.hand(seat))
    yield OddEvenCardPlaced(odd_even(table.state) is Parity.ODD)  # RR-SOLO-7
    yield from choose_first_player(table)
    yield PhaseChanged(Phase.PLAY)


@functools.cache
def _deck_without(removed: tuple[CardId, ...]) -> tuple[CardId, ...]:
    """RR-SOLO-5: the character deck without ``removed``, in catalogue order (made once)."""
    return tuple(c for c in all_ids() if c not in removed)


def odd_even(state: GameState) -> Parity:
    """RR-SOLO-7: ODD if most cards on the board have an odd core value; EVEN otherwise."""
    values = [card_data(c).core_value for loc in LOCATIONS for c in state.stack(loc)]
    odd = sum(1 for v in values if v % 2)
    return Parity.ODD if odd > len(values) - odd else Parity.EVEN


def shuffle_automa_deck(table: Table) -> Program[None]:
    """RR-SOLO-2: shuffle every Au Toma card into her deck and set the top 4 aside."""
    data = automa_table()
    solo = table.state.solo
    assert solo is not None
    cards = solo.to_shuffle
    yield from draw(Chance(
        "Au Toma's deck",
        lambda rng: AutomaDeckShuffled(_numbers(shuffled(rng, cards))),
        lambda e: isinstance(e, AutomaDeckShuffled) and sorted(e.automa_cards) == sorted(cards),
    ))
    after = table.state.solo
    assert after is not None
    yield AutomaCardsSetAside(_numbers(after.deck[len(after.deck) - data.set_aside:]))


def _numbers(cards: Sequence[AutomaCardId]) -> tuple[AutomaCardNumber, ...]:
    """Her cards as an event names them (typed apart from character cards)."""
    return cast(tuple[AutomaCardNumber, ...], tuple(cards))


# --- her turn ------------------------------------------------------------------------------


def automa_turn(table: Table, seat: Seat) -> Program[None]:
    """RR-SOLO-8: reshuffle if her deck is empty, then carry out her top 2 cards in full, one
    after the other (two Leads), and discard them. She never Scouts."""
    yield TurnStarted(seat)
    if (ended := endless(table.state, seat)) is not None:
        yield ended  # RULING-B11, RULING-B12
    for _ in range(automa_table().cards_per_turn):
        solo = table.state.solo
        assert solo is not None
        if not solo.deck:
            yield from shuffle_automa_deck(table)  # RR-SOLO-2
            solo = table.state.solo
            assert solo is not None
        top = solo.deck[-1]
        yield AutomaCardDrawn(AutomaCardNumber(top))
        yield from carry_out(table, seat, automa_table().card(top))
    solo = table.state.solo
    assert solo is not None
    yield AutomaCardsDiscarded(_numbers(solo.drawn))
    yield TurnEnded(seat)


def carry_out(table: Table, seat: Seat, card: AutomaCard) -> Program[None]:
    """RR-SOLO-9, RR-SOLO-10: deploy the character deck's top card, gain, then the extras."""
    state = table.state
    if state.deck:  # RR-SOLO-9: the deck's top card, without its deploy ability
        yield CardDeployed(seat, state.deck[-1], pick(state, card.deploy), Zone.deck())
    gained_from = gain_location(table.state, card)
    if gained_from is not None:  # RR-SOLO-10: face down on top of her hand
        top = table.state.top(gained_from)
        assert top is not None
        yield CardGained(seat, top, Zone.at(gained_from))
    if card.extra is Extra.BONUS and gained_from is not None:
        yield from automa_bonus(table, seat, gained_from, card)
    elif card.extra is Extra.BANISH and table.state.deck:
        yield CardBanished(table.state.deck[-1], Zone.deck())


def pick(state: GameState, section: Pick) -> Location:
    """RR-SOLO-11: a location icon picks that location; a letter, the one holding it."""
    if section.location is not None:
        return section.location
    assert state.solo is not None and section.letter is not None
    return state.solo.location_of(section.letter)


def along(start: Location, step: int) -> tuple[Location, ...]:
    """The four locations from ``start`` in the arrow's direction, wrapping (RR-SOLO-11)."""
    return _ALONG[start, step]


_ALONG: dict[tuple[Location, int], tuple[Location, ...]] = {
    (start, step): tuple(LOCATIONS[(i + k * step) % len(LOCATIONS)]
                         for k in range(len(LOCATIONS)))
    for i, start in enumerate(LOCATIONS) for step in (-1, 1)}
"""Every walk :func:`along` an arrow, made once: Au Toma walks one or two at each of her
cards (issue #32)."""


def gain_location(state: GameState, card: AutomaCard) -> Location | None:
    """RR-SOLO-11: the picked location, or the next one along the arrow holding a card;
    ``None`` if every location is empty (RULING-T4)."""
    for location in along(pick(state, card.gain), card.arrow.step):
        if state.stack(location):
            return location
    return None


def can_use(state: GameState, seat: Seat, bonus: Bonus) -> bool:
    """RR-SOLO-12: a bonus she does not already have 10 of (the Sovereign token always)."""
    player = state.players[seat]
    cap = automa_table().bonus_cap
    if bonus is Bonus.FLEET:
        return player.fleet < min(cap, FLEET_MAX)
    if bonus is Bonus.HELIUM:
        return player.helium < cap
    if bonus is Bonus.INFLUENCE:
        return player.influence < min(cap, INFLUENCE_TOKENS)
    return True


def automa_bonus(table: Table, seat: Seat, location: Location, card: AutomaCard,
                 luna_card: bool = True) -> Program[None]:
    """RR-SOLO-12, RR-SOLO-13: the bonus of ``location`` — or, if she has 10 of it, of the
    next location along the card's arrow whose bonus she can use; Luna's bonus brings the
    bonus of the location on the Luna bonus card (``luna_card`` False: this is that bonus).

    RULING-T5: a substitute for the Luna card's bonus is "in addition to" the Sovereign token,
    so its walk passes Luna (nothing if every other bonus is capped); under
    ``luna_substitute_stops_on_luna`` it stops there, for a second try at the token and
    nothing else."""
    state = table.state
    passes_luna = not luna_card and not state.ruleset.luna_substitute_stops_on_luna
    target = next((loc for loc in along(location, card.arrow.step)
                   if can_use(state, seat, LOCATION_BONUS[loc])
                   and not (passes_luna and loc is Location.LUNA)), None)
    if target is None:
        return  # RULING-T5: every bonus but the token she has just tried for is capped
    if target is not Location.LUNA:
        yield from location_bonus(table, seat, target)
        return
    yield from gain_sovereign(table, seat)  # a block does not stop the Luna card (RR-SOLO-13)
    if luna_card:
        assert table.state.solo is not None
        yield from automa_bonus(table, seat, table.state.solo.luna_card(), card, False)
