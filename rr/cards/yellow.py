"""Yellow cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards.green import reveal_two_under
from rr.decisions import Ask
from rr.effects import (
    Abilities,
    Ability,
    Chance,
    Play,
    Program,
    banish,
    choose_from_hand,
    draw,
    gain,
    gain_top_of_deck,
    is_blocked,
    is_color,
    named,
    place,
    return_to_deck,
)
from rr.effects.automa import hand_size_for_fewest
from rr.events.types import CardSelectedAtRandom, Event
from rr.model import LOCATIONS, CardId, Color, Location, Zone
from rr.options import Answer, PickCard, Position

VIRANY_NAMES = frozenset({CardId("victra"), CardId("sevro"), CardId("fitchner")})


def select_at_random(source: Zone, cards: tuple[CardId, ...], what: str
                     ) -> Program[CardId | None]:
    """RR-ABIL-13: one of ``cards`` (the cards of ``source``) picked at random, every one
    equally likely, drawn and recorded as a ``CardSelectedAtRandom`` event (a replay reads the
    recorded card); ``None`` if there is none. Roque, Psychologist and Researcher."""
    if not cards:
        return None

    def accepts(event: Event) -> bool:
        return (isinstance(event, CardSelectedAtRandom) and event.source == source
                and event.card in cards)

    outcome = yield from draw(Chance(
        what, lambda rng: CardSelectedAtRandom(rng.choice(cards), source), accepts))
    assert isinstance(outcome, CardSelectedAtRandom)
    return outcome.card


def random_banished(p: Play) -> Program[CardId | None]:
    """A banished card picked at random (recorded); ``None`` if the pile is empty."""
    return select_at_random(Zone.banished(), p.state.banished, "a random banished card")


def dr_virany_end(p: Play) -> Program[None]:
    """One card at a time, until the player says done or none is left."""
    # "You may gain any number of these banished cards: Victra, Sevro, Fitchner, and any Reds."
    while True:
        cards = [c for c in p.state.banished
                 if c in VIRANY_NAMES or is_color(p.state, c, Color.RED)]
        if not cards:
            return
        options: list[Answer | PickCard] = [Answer.DONE, *(PickCard(c) for c in cards)]
        choice = yield from p.ask(Ask.CARD, "Gain a banished Victra, Sevro, Fitchner or Red?",
                                  options)
        if not isinstance(choice, PickCard):
            return
        yield from gain(p.table, p.seat, choice.card)


def group_counselor(p: Play) -> Ability:
    """The cards are chosen and put back one at a time, so the player also fixes the order
    in which they land on the deck."""
    # "Choose up to 3 banished cards and place each of them either on the top or bottom of
    # the deck."
    for n in range(3):
        # With none (left) banished, "done" is the only answer: taken without asking (RR-ABIL-1).
        options: list[Answer | PickCard] = [Answer.DONE,
                                            *(PickCard(c) for c in p.state.banished)]
        choice = yield from p.ask(Ask.CARD, f"Choose a banished card ({n + 1} of up to 3)",
                                  options)
        if not isinstance(choice, PickCard):
            break
        where = yield from p.ask(Ask.POSITION, f"Put {named(p.state, choice.card)} on the top or "
                                 "bottom of the deck", [Position.TOP, Position.BOTTOM])
        yield from return_to_deck(p.table, choice.card, bottom=where is Position.BOTTOM)
    return None


def hypnotist(p: Play) -> Ability:
    """An opponent may block their forced banish (RULING-A13, option ``hypnotist_blockable``)
    before choosing the card; a blocked player then does not draw either. A player with an
    empty hand still draws (RULING-A23)."""
    # "In clockwise order starting with you, each player selects a card from their hand,
    # banishes it, and gains the top card of the deck."
    for seat in (p.seat, *p.opponents):
        if (seat != p.seat and p.state.ruleset.hypnotist_blockable
                and (yield from is_blocked(p.table, p.seat, seat, "make you banish a card"))):
            continue
        card = yield from choose_from_hand(p.table, seat, p.source, "Hypnotist: banish a card")
        if card is not None:
            yield from banish(p.table, card)
        yield from gain_top_of_deck(p.table, seat)
    return None


def hypnotist_end(p: Play) -> Program[None]:
    """With no other card in hand the draw still happens (RULING-A23)."""
    # "Banish 1 other card from your hand and gain the top card of the deck."
    others = tuple(c for c in p.state.hand(p.seat) if c != p.card)
    card = yield from choose_from_hand(p.table, p.seat, p.source, "Banish 1 other card",
                                       others)
    if card is not None:
        yield from banish(p.table, card)
    yield from gain_top_of_deck(p.table, p.seat)


def pathologist(p: Play) -> Ability:
    # "Banish the bottom card of this location (if it's not this card)."
    assert p.location is not None
    bottom = p.state.stack(p.location)[0]
    if bottom != p.card:
        yield from banish(p.table, bottom)
    return None


def psychologist(p: Play) -> Ability:
    """"One location" is any of the four, its own included. The first card chosen is placed
    first, so the second ends on top."""
    # "You may place (not deploy) 1 or 2 banished cards on the top of one location."
    # With none banished, "no" is the only answer: taken without asking (RR-ABIL-1).
    options: list[Answer | PickCard] = [Answer.NO, *(PickCard(c) for c in p.state.banished)]
    first = yield from p.ask(Ask.CARD, "Place a banished card on top of a location?", options)
    if not isinstance(first, PickCard):
        return None
    where = yield from p.ask(Ask.LOCATION, f"Place {first.card} on top of a location",
                             list(LOCATIONS))
    yield from place(p.table, first.card, where)
    # With none left, "done" is the only answer: taken without asking.
    more: list[Answer | PickCard] = [Answer.DONE, *(PickCard(c) for c in p.state.banished)]
    second = yield from p.ask(Ask.CARD, f"Place a second banished card on top of {where.title}?",
                              more)
    if isinstance(second, PickCard):
        yield from place(p.table, second.card, where)
    return None


def psychologist_end(p: Play) -> Program[None]:
    """Hands are counted as they are when the ability resolves, Psychologist included."""
    # "If you have the fewest cards in hand (ties count), gain 1 random banished card."
    mine = len(p.state.hand(p.seat))
    # RR-SOLO-17: Au Toma's hand counts as a third of its size
    if any(hand_size_for_fewest(p.state, s) < mine for s in p.opponents):
        return
    card = yield from random_banished(p)
    if card is not None:
        yield from gain(p.table, p.seat, card)


def researcher(p: Play) -> Ability:
    # "Place a random banished card at the bottom of this location."
    assert p.location is not None
    card = yield from random_banished(p)
    if card is not None:
        yield from place(p.table, card, p.location, 0)
    return None


def surgeon(p: Play) -> Ability:
    """Face-down cards are non-Gold (RULING-A1), but hands hold none. Doing as much as
    possible (RULING-A23, as for Hypnotist's empty hand): if either half is impossible, the
    player may still do the other."""
    # "You may banish a non-Gold from your hand and gain a banished Gold."
    state = p.state
    non_golds = [c for c in state.hand(p.seat) if not is_color(state, c, Color.GOLD)]
    golds = [c for c in state.banished if is_color(state, c, Color.GOLD)]
    if not state.hand(p.seat) and not golds:
        return None  # nothing to do, as everyone sees
    # One question, whatever the hand holds (RULING-B8): a non-Gold to banish, "yes" to gain
    # a Gold without banishing when the hand has no non-Gold, or "no".
    options: list[Answer | PickCard] = [Answer.NO, *(PickCard(c) for c in non_golds)]
    if not non_golds and golds:
        options.append(Answer.YES)
    choice = yield from p.ask(Ask.CARD, "Banish a non-Gold from your hand and gain a "
                              "banished Gold?", options, always=True)
    if choice is Answer.NO:
        return None
    if isinstance(choice, PickCard):
        yield from banish(p.table, choice.card)
    yield from gain_banished_gold(p, golds)
    return None


def surgeon_end(p: Play) -> Program[None]:
    # "Gain any 1 banished Gold."
    yield from gain_banished_gold(
        p, [c for c in p.state.banished if is_color(p.state, c, Color.GOLD)])


def gain_banished_gold(p: Play, golds: list[CardId]) -> Program[None]:
    if not golds:
        return
    choice = yield from p.ask(Ask.CARD, "Gain a banished Gold", [PickCard(c) for c in golds])
    yield from gain(p.table, p.seat, choice.card)


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("dr_virany"): Abilities(deploy=reveal_two_under(Location.MARS),
                                   end_of_game=dr_virany_end),
    CardId("group_counselor"): Abilities(deploy=group_counselor),
    CardId("hypnotist"): Abilities(deploy=hypnotist, end_of_game=hypnotist_end),
    CardId("pathologist"): Abilities(deploy=pathologist),
    CardId("psychologist"): Abilities(deploy=psychologist, end_of_game=psychologist_end),
    CardId("researcher"): Abilities(deploy=researcher),
    CardId("surgeon"): Abilities(deploy=surgeon, end_of_game=surgeon_end),
}
