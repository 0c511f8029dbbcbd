"""Pink cards: one small handler per printed ability, the printed text quoted above it.

Colours are read as the cards lie when the ability looks at them: a face-down card is
colourless (RULING-A1) and stays face down when moved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rr.cards.violet import Reward, move_to_top_of_another, tops_of_other_locations
from rr.decisions import Ask
from rr.effects import (
    END_TURN,
    Abilities,
    Ability,
    Play,
    banish,
    gain,
    gain_helium,
    is_color,
    location_bonus,
    move,
    move_under,
    named,
    place_influence,
    reveal,
)
from rr.model import CardId, Color, Location
from rr.options import Answer, PickCard

EVEY_MAX_INFLUENCE = 3


def calliope(p: Play) -> Ability:
    """Calliope: a real deploy (RULING-A24): the revealed card's ability resolves, and its
    result ("end your turn") is Calliope's. Nothing happens with an empty deck (RR-DECK-1)."""
    # "Reveal the top card of the deck, ..."
    if not p.state.deck:
        return None
    card = p.state.deck[-1]
    yield from reveal(p.table, card, p.seat)
    # "... then deploy it face-up on another location."
    where: Location = yield from p.ask(Ask.LOCATION,
                                       f"Deploy {named(p.state, card)} on another location",
                                       list(p.others()))
    then = yield from p.hooks.deploy(p, card, where)
    return then


def conversationalist(p: Play) -> Ability:
    # "Move the top card from another location to under this card." Directly under it
    # (RR-LOC-3).
    tops = [PickCard(top) for top in tops_of_other_locations(p)]
    if not tops:
        return None
    choice = yield from p.ask(Ask.CARD, "Move the top card of another location under this card",
                              tops)
    yield from move_under(p.table, p.card, choice.card)
    # "If it's a White, gain it."
    if is_color(p.state, choice.card, Color.WHITE) and p.can_gain(choice.card):
        yield from gain(p.table, p.seat, choice.card)
    return None


def evey(p: Play) -> Ability:
    """Evey: Evey goes first, then the rest of the stack from the top down; a face-down card
    is not a Gold (RULING-A1). Cards leaving a location cannot be blocked (RULING-A13)."""
    assert p.location is not None
    # "Banish Evey and all cards at this location."
    stack = p.state.stack(p.location)
    golds = sum(1 for c in stack if is_color(p.state, c, Color.GOLD))
    if p.card in stack:
        yield from banish(p.table, p.card)
    for card in reversed(stack):
        if card != p.card:
            yield from banish(p.table, card)
    # "For each Gold banished, place 1 Influence token on the Institute (max 3)."
    yield from place_influence(p.table, p.seat, min(golds, EVEY_MAX_INFLUENCE))
    return None


def move_then_if(p: Play, moves: Mapping[CardId, Sequence[Location]], what: str, color: Color,
                 reward: Reward) -> Ability:
    """"Move <a card> to the top of another location. If it's a <colour>, <reward>." — Garden-
    Trained Rose and Matteo. The colour is read where the card lands: a face-down card stays
    face down, so colourless (RULING-A1)."""
    moved = yield from move_to_top_of_another(p, moves, what)
    if moved is not None and is_color(p.state, moved, color):
        yield from reward(p.table, p.seat)
    return None


def garden_trained_rose(p: Play) -> Ability:
    # "Move the card directly under this one to the top of another location."
    under = {p.under: p.others()} if p.under is not None else {}
    # "If it's a Silver, gain 1 Helium."
    return (yield from move_then_if(p, under, "the card directly under this one", Color.SILVER,
                                    gain_helium))


def masseuse(p: Play) -> Ability:
    """Masseuse: "a different location" is any location but the one the card came from —
    Masseuse's own location included (literal reading). The bonus is that of the location
    the card came from (RULING-A25), with its usual limits and blocks."""
    # "Move the top card of another location to the top of a different location."
    origins = tops_of_other_locations(p)
    moves = {top: [loc for loc in Location if loc is not origin]
             for top, origin in origins.items()}
    moved = yield from move_to_top_of_another(p, moves, "the top card of another location",
                                              to="a different location")
    # "Gain the original location bonus for that card."
    if moved is not None:
        yield from location_bonus(p.table, p.seat, origins[moved])
    return None


def matteo(p: Play) -> Ability:
    assert p.location is not None
    # "Move any other card from this location to the top of another location." Any position
    # but Matteo's own (RULING-A15, RULING-A16).
    moves = {c: p.others() for c in p.state.stack(p.location) if c != p.card}
    # "If it's a Pink, place 1 Influence token on the Institute."
    return (yield from move_then_if(p, moves, "another card from this location", Color.PINK,
                                    place_influence))


def theodora(p: Play) -> Ability:
    """Theodora: nothing to move when she is the bottom card herself. A moved Gold or Red
    ends the turn even if it may not be gained (Loan Shark's turn, RULING-A12): the turn's
    end depends only on the card's colour (literal reading)."""
    assert p.location is not None
    stack = p.state.stack(p.location)
    bottom = stack[0]
    if bottom == p.card:
        return None
    # "You may move the bottom card of this location on top of this card."
    answer = yield from p.ask(Ask.CONFIRM,
                              f"Move {named(p.state, bottom)} on top of Theodora?",
                              [Answer.YES, Answer.NO])
    if answer is not Answer.YES:
        return None
    rest = [c for c in stack if c != bottom]
    above = rest.index(p.card) + 1
    yield from move(p.table, bottom, p.location, None if above == len(rest) else above)
    # "If it's a Gold or Red, gain it, then end your turn."
    if not is_color(p.state, bottom, Color.GOLD, Color.RED):
        return None
    if p.can_gain(bottom):
        yield from gain(p.table, p.seat, bottom)
    return END_TURN


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("calliope"): Abilities(deploy=calliope),
    CardId("conversationalist"): Abilities(deploy=conversationalist),
    CardId("evey"): Abilities(deploy=evey),
    CardId("garden_trained_rose"): Abilities(deploy=garden_trained_rose),
    CardId("masseuse"): Abilities(deploy=masseuse),
    CardId("matteo"): Abilities(deploy=matteo),
    CardId("theodora"): Abilities(deploy=theodora),
}
