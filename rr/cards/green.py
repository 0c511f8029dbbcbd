"""Green cards: one small handler per printed ability, the printed text quoted above it.

Dataport Specialist and Holo Designer (with the Yellow Dr. Virany and the Copper Administrator)
share one deploy shape —
"If deployed on <location>, reveal the top 2 cards of the deck and place them under this card
in any order." — served by :func:`reveal_two_under`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.cards.catalogue import card as card_data
from rr.decisions import Ask
from rr.effects import (
    END_TURN,
    Abilities,
    Ability,
    Chance,
    Play,
    Program,
    banish,
    color_of,
    draw,
    gain,
    index_under,
    is_color,
    look_at,
    place,
    return_to_deck,
    reveal,
)
from rr.events.types import CardsShuffled, Event, PointsScored
from rr.model import CardId, Color, Location, Zone
from rr.options import Answer, PickCard

# --- shared shapes ---------------------------------------------------------------------------


def reveal_two_under(location: Location) -> Callable[[Play], Ability]:
    """Dataport Specialist, Holo Designer, Dr. Virany and Administrator.

    "Under this card" is directly under it (RR-LOC-3): both cards go between it and the card
    it covered, not to the bottom of the stack. "In any order": the player picks the card that
    lies directly under this one; the other goes directly under that. With fewer than 2 cards
    in the deck, those there are go under; with none, nothing happens (RR-DECK-3)."""

    def deploy(p: Play) -> Ability:
        # "If deployed on <location>, reveal the top 2 cards of the deck ..."
        if p.location is not location:
            return None
        cards = list(reversed(p.state.deck[-2:]))
        for c in cards:
            yield from reveal(p.table, c, p.seat)
        # "... and place them under this card in any order."
        if len(cards) == 2:
            choice = yield from p.ask(Ask.CARD, f"Which card goes directly under {p.card}?",
                                      [PickCard(c) for c in cards])
            cards.remove(choice.card)
            cards.append(choice.card)
        for c in cards:  # the lower one first, then the one directly under this card
            where, index = index_under(p.state, p.card, c)
            yield from place(p.table, c, where, index)
        return None

    return deploy


# --- the cards -------------------------------------------------------------------------------


def codebreaker(p: Play) -> Ability:
    """"Deployed on top of a Gold or Silver" is the card directly under it when deployed
    (RULING-A19); a face-down card there is colourless (RULING-A1)."""
    # "Reveal the bottom card of the deck."
    if p.state.deck:
        bottom = p.state.deck[0]
        yield from reveal(p.table, bottom, p.seat)
        # "If it's a Gold or Silver, leave it there; otherwise gain it."
        if not is_color(p.state, bottom, Color.GOLD, Color.SILVER) and p.can_gain(bottom):
            yield from gain(p.table, p.seat, bottom)
    # "Banish Codebreaker unless you deployed it on top of a Gold or Silver."
    if p.under is None or not is_color(p.state, p.under, Color.GOLD, Color.SILVER):
        yield from banish(p.table, p.card)
    return None


def developer(p: Play) -> Ability:
    """Any position of the stack (RULING-A15), but not Developer itself (RULING-A16)."""
    # "You may gain any other card from this location."
    assert p.location is not None
    cards = [c for c in p.state.stack(p.location) if c != p.card and p.can_gain(c)]
    if not cards:
        return None
    options: list[Answer | PickCard] = [Answer.NO, *(PickCard(c) for c in cards)]
    choice = yield from p.ask(Ask.CARD, "Gain another card from this location and end your turn?",
                              options)
    if not isinstance(choice, PickCard):
        return None
    yield from gain(p.table, p.seat, choice.card)
    # "If you do, end your turn."
    return END_TURN


def firewall_expert(p: Play) -> Ability:
    """RULING-A1: one card face down on top of each other location (each location under
    ``firewall_each_other_location=False``); with too few cards in the deck the player picks
    which locations get one. The cards are looked at, not revealed (RR-VIEW-3), so the
    decisions name the location in the prompt and the card only in the options."""
    state = p.state
    locations = list(p.others()) if state.ruleset.firewall_each_other_location \
        else list(Location)
    # "Look at the top 3 cards of the deck."
    looked = list(reversed(state.deck[-len(locations):]))
    yield from look_at(p.table, p.seat, tuple(looked), Zone.deck())
    # "Place 1 of them face down at the top of each other location. These cards are
    # considered colorless while they are face down." (the fold records them face down)
    for i, where in enumerate(locations):
        if not looked:
            break
        options: list[Answer | PickCard] = [PickCard(c) for c in looked]
        if len(locations) - i > len(looked):
            options.insert(0, Answer.NO)  # enough locations left for the rest
        choice = yield from p.ask(Ask.CARD, f"Place a card face down on top of {where.title}",
                                  options)
        if isinstance(choice, PickCard):
            looked.remove(choice.card)
            yield from place(p.table, choice.card, where, face_down=True, seat=p.seat)
    return None


def hacker(p: Play) -> Ability:
    """The either/or is asked as one yes/no question ("banish it?"), then, for a no, which
    other location (RR-ABIL-3)."""
    # "Reveal the top card of the deck."
    if not p.state.deck:
        return None
    top = p.state.deck[-1]
    yield from reveal(p.table, top, p.seat)
    # "Either banish it or place (not deploy) it to the top of another location."
    answer = yield from p.ask(Ask.CONFIRM,
                              f"Banish {top}? (No: place it on top of another location)",
                              [Answer.YES, Answer.NO])
    if answer is Answer.YES:
        yield from banish(p.table, top)
        return None
    where = yield from p.ask(Ask.LOCATION, f"Place {top} on top of another location",
                             list(p.others()))
    yield from place(p.table, top, where)
    return None


def hacker_end(p: Play) -> Program[None]:
    """The card stays on top of the deck; the points are recorded for the scorer."""
    # "Reveal the top card of the deck."
    if not p.state.deck:
        return
    top = p.state.deck[-1]
    yield from reveal(p.table, top, p.seat)
    # "Gain points equal to that card's core value."
    yield PointsScored(p.seat, p.card, card_data(top).core_value)


def online_gambler(p: Play) -> Ability:
    """The 3 colours are named one at a time and must differ (naming one twice would name
    fewer than 3); Gold may be named. With an empty deck nothing can be revealed, so no colours
    are named (RR-DECK-1)."""
    if not p.state.deck:
        return None
    # "Name 3 colors, ..."
    named: list[Color] = []
    for n in range(3):
        color = yield from p.ask(Ask.COLOR, f"Name a color ({n + 1} of 3)",
                                 [c for c in Color if c not in named])
        named.append(color)
    # "... then reveal the top card of the deck."
    top = p.state.deck[-1]
    yield from reveal(p.table, top, p.seat)
    # "If it matches a color you named, gain it and banish this card."
    if color_of(p.state, top) in named:
        if p.can_gain(top):
            yield from gain(p.table, p.seat, top)
        yield from banish(p.table, p.card)
    # "Otherwise, banish the revealed card."
    else:
        yield from banish(p.table, top)
    return None


def online_gambler_end(p: Play) -> Program[None]:
    """With fewer than 7 cards in the deck, those there are are revealed (RR-DECK-3). A
    single leftover card needs no shuffle, so none is drawn or recorded."""
    if not p.state.deck:
        return
    # "Name 1 non-Gold color."
    color = yield from p.ask(Ask.COLOR, "Name 1 non-Gold color",
                             [c for c in Color if c is not Color.GOLD])
    # "Reveal 7 cards from the top of the deck and gain all cards of that color."
    revealed = list(reversed(p.state.deck[-7:]))
    for c in revealed:
        yield from reveal(p.table, c, p.seat)
    for c in revealed:
        if is_color(p.state, c, color):
            yield from gain(p.table, p.seat, c)
    # "Shuffle and return the other cards to the top of the deck."
    others = tuple(c for c in revealed if not is_color(p.state, c, color))
    if len(others) > 1:
        outcome = yield from draw(shuffled(others))
        assert isinstance(outcome, CardsShuffled)
        others = outcome.cards
    for c in others:  # the first of the shuffled order goes back first, the last ends on top
        yield from return_to_deck(p.table, c)


def shuffled(cards: tuple[CardId, ...]) -> Chance:
    """A random order of ``cards`` (RR-ABIL-13), recorded as ``CardsShuffled``."""

    def accepts(event: Event) -> bool:
        return isinstance(event, CardsShuffled) and sorted(event.cards) == sorted(cards)

    return Chance("a shuffle of the revealed cards",
                  lambda rng: CardsShuffled(tuple(rng.sample(cards, len(cards)))), accepts)


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("codebreaker"): Abilities(deploy=codebreaker),
    CardId("dataport_specialist"): Abilities(deploy=reveal_two_under(Location.JUPITER)),
    CardId("developer"): Abilities(deploy=developer),
    CardId("firewall_expert"): Abilities(deploy=firewall_expert),
    CardId("hacker"): Abilities(deploy=hacker, end_of_game=hacker_end),
    CardId("holo_designer"): Abilities(deploy=reveal_two_under(Location.LUNA)),
    CardId("online_gambler"): Abilities(deploy=online_gambler, end_of_game=online_gambler_end),
}
