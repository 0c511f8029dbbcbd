"""Location bonuses, the Rising die, the Sovereign token and the six house abilities.

These call each other (Luna's bonus gains the Sovereign token, which triggers Minerva's roll,
whose face may be a bonus), so they live together.
"""

from __future__ import annotations

from rr.cards.catalogue import BlockKind
from rr.decisions import Ask, ByRule, Source
from rr.effects.cards import banish, gain_top_of_deck, named, offer_block, place
from rr.effects.program import Chance, Program, Table, ask
from rr.effects.tokens import advance, gain_helium, place_influence
from rr.events.types import CardBanished, CardRevealed, DieRolled, Event, SovereignTaken
from rr.model import (
    DIE_FACES,
    LOCATION_BONUS,
    LOCATIONS,
    Bonus,
    House,
    Location,
    Seat,
    Zone,
)
from rr.options import pick_card


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_FLEET, _HELIUM, _SOVEREIGN, _INFLUENCE, _BANISH = (
    Bonus.FLEET, Bonus.HELIUM, Bonus.SOVEREIGN, Bonus.INFLUENCE, Bonus.BANISH)
_APOLLO, _CERES, _DIANA, _JUPITER, _MARS, _MINERVA = (
    House.APOLLO, House.CERES, House.DIANA, House.JUPITER, House.MARS, House.MINERVA)
_SOVEREIGN_BLOCK = BlockKind.SOVEREIGN

_LOCATION_BONUS = ByRule("RR-BONUS-5")  # never asks: a location's bonus has no question
_DIE = ByRule("RR-DIE-2")
_APOLLO_ABILITY = ByRule("RR-HOUSE-2")
_CERES_ABILITY = ByRule("RR-HOUSE-3")
_MINERVA_ABILITY = ByRule("RR-HOUSE-7")


def location_bonus(table: Table, seat: Seat, location: Location) -> Program[object]:
    """RR-BONUS-1..5: the bonus of ``location``, gained if possible. (A location's bonus
    never asks a question, so it needs no source to name.)"""
    return gain_bonus(table, seat, LOCATION_BONUS[location], _LOCATION_BONUS)


def gain_bonus(table: Table, seat: Seat, bonus: Bonus, source: Source) -> Program[object]:
    """One bonus of a location or a die face (RR-DIE-1), with the usual caps.

    This and :func:`location_bonus` and :func:`house_ability` pick the program and return
    it rather than run it: a program that only runs another costs every event passing
    through it a step, and about 600 machine instructions to start (issue #30)."""
    if bonus is _FLEET:
        return advance(table, seat)
    if bonus is _HELIUM:
        return gain_helium(table, seat)
    if bonus is _SOVEREIGN:
        return gain_sovereign(table, seat)
    if bonus is _INFLUENCE:
        return place_influence(table, seat)
    if bonus is _BANISH:
        return banish_top_of_a_location(table, seat, source)
    return reveal_and_place(table, seat, source)


def banish_top_of_a_location(table: Table, seat: Seat, source: Source) -> Program[None]:
    """RR-DIE-4: banish the top card of a location of ``seat``'s choice."""
    tops = [pick_card(top) for loc in LOCATIONS if (top := table.state.top(loc)) is not None]
    if not tops:
        return
    choice = yield from ask(table, seat, Ask.CARD, source,
                            "Banish the top card of a location", tops,
                            distinct=True)  # a card lies in one place
    yield from banish(table, choice.card)


def reveal_and_place(table: Table, seat: Seat, source: Source,
                     exclude: Location | None = None) -> Program[None]:
    """Reveal the deck's top card and place (not deploy) it on a location (RR-DIE-3: no bonus).

    ``exclude`` is a location it may not go to ("another location"). Nothing if the deck is
    empty (RR-DECK-1).
    """
    state = table.state
    if not state.deck:
        return
    card = state.deck[-1]
    yield CardRevealed(card, Zone.deck(), seat)
    options = [loc for loc in LOCATIONS if loc is not exclude]
    where = yield from ask(table, seat, Ask.LOCATION, source,
                           f"Place {named(state, card)} on a location", options,
                           distinct=True)  # locations
    yield from place(table, card, where)


def roll_die(table: Table, seat: Seat) -> Program[Bonus]:
    """RR-DIE-1: roll the Rising die (a recorded random outcome)."""

    def accepts(event: Event) -> bool:
        return isinstance(event, DieRolled) and event.seat == seat

    # The chance yielded here, not through ``draw``: one program fewer (issue #30).
    outcome = yield Chance(
        "the Rising die", lambda rng: DieRolled(seat, rng.choice(DIE_FACES)), accepts)
    assert isinstance(outcome, DieRolled)
    return outcome.face


def roll_and_gain(table: Table, seat: Seat) -> Program[None]:
    """RR-LEAD-4 / RR-DIE-2: roll the die and gain that bonus (mandatory, same caps)."""
    face = yield from roll_die(table, seat)
    yield from gain_bonus(table, seat, face, _DIE)


def gain_sovereign(table: Table, seat: Seat) -> Program[None]:
    """RR-SOV-1, RR-HOUSE-1: gain (or keep) the Sovereign token, then the house ability.

    The holder may block an opponent's attempt with Martyr or Justice (RR-BLOCK-3): they
    banish the block card, keep the token and gain the top card of the deck; the attempt
    fails and no house ability triggers (RULING-A14).
    """
    holder = table.state.sovereign
    if holder is not None and holder != seat:
        blocker = yield from offer_block(
            table, holder, seat, _SOVEREIGN_BLOCK, "take the Sovereign token from you")
        if blocker is not None:
            yield CardBanished(blocker, Zone.hand(holder))
            yield from gain_top_of_deck(table, holder)
            return
    yield SovereignTaken(seat)
    yield from house_ability(table, seat)


def house_ability(table: Table, seat: Seat) -> Program[object]:
    """RR-HOUSE-2..7: the ability on ``seat``'s house tile; mandatory if possible."""
    house = table.state.players[seat].house
    if house is _APOLLO:
        return reveal_and_place(table, seat, _APOLLO_ABILITY)
    if house is _CERES:
        return ceres_banish(table, seat)
    if house is _DIANA:
        return place_influence(table, seat)
    if house is _JUPITER:
        return advance(table, seat)
    if house is _MARS:
        return gain_helium(table, seat)
    if house is _MINERVA:
        return minerva_roll(table, seat)
    return _no_ability()


def _no_ability() -> Program[None]:
    """The program of a seat without a house (Tull Au Toma): nothing."""
    yield from ()


def ceres_banish(table: Table, seat: Seat) -> Program[None]:
    """RR-HOUSE-3: banish any 1 card from a location of Ceres' choice (RULING-A3)."""
    state = table.state
    if state.ruleset.ceres_banish_any_position:
        cards = [pick_card(c) for loc in LOCATIONS for c in state.stack(loc)]
    else:
        cards = [pick_card(top) for loc in LOCATIONS if (top := state.top(loc)) is not None]
    if not cards:
        return
    choice = yield from ask(table, seat, Ask.CARD, _CERES_ABILITY,
                            "Banish 1 card from a location", cards,
                            distinct=True)  # a card lies in one place
    yield from banish(table, choice.card)


def minerva_roll(table: Table, seat: Seat) -> Program[None]:
    """RR-HOUSE-7: roll the die and gain the bonus; on the Sovereign face choose another."""
    face = yield from roll_die(table, seat)
    if face is Bonus.SOVEREIGN:
        face = yield from ask(table, seat, Ask.FACE, _MINERVA_ABILITY,
                              "The die shows the Sovereign token: choose any other bonus",
                              [f for f in DIE_FACES if f is not Bonus.SOVEREIGN])
    yield from gain_bonus(table, seat, face, _MINERVA_ABILITY)
