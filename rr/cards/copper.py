"""Copper cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards import solo
from rr.cards.green import reveal_two_under
from rr.decisions import Ask
from rr.effects import (
    Abilities,
    Ability,
    Play,
    Program,
    banish,
    gain_bonus,
    influence_left,
    is_color,
    place_influence,
    reveal,
)
from rr.model import Bonus, CardId, Color, Location
from rr.options import Answer, PickCard, PickPlayer

AUCTION: tuple[Bonus, ...] = (Bonus.HELIUM, Bonus.FLEET, Bonus.INFLUENCE)
"""Auctioneer's three options, in printed order."""


def auction_gain(p: Play, seat: int, bonus: Bonus) -> Program[None]:
    """One of Auctioneer's options; a capped one is simply lost (RULING-A27)."""
    yield from gain_bonus(p.table, seat, bonus, p.card)


def auctioneer(p: Play) -> Ability:
    """Auctioneer's deploy: the opponent may pick an option they cannot use (RULING-A27)."""
    # "Choose an opponent."
    rival = yield from p.ask(Ask.PLAYER, "Choose an opponent",
                             [PickPlayer(s) for s in p.opponents])
    # "That opponent chooses one: Gain 1 Helium, advance on the Fleet Track, or place 1
    # Influence on the Institute."
    if p.state.is_automa(rival.seat):  # RR-SOLO-17: the die chooses for Au Toma
        theirs = yield from solo.auction_choice(p, rival.seat, AUCTION)
        if solo.can_get(p, rival.seat, theirs):  # else lost (RULING-T8, RULING-A27)
            yield from auction_gain(p, rival.seat, theirs)
    else:
        theirs = yield from p.ask(Ask.BONUS, "Choose one: 1 Helium, advance, or 1 Influence",
                                  AUCTION, seat=rival.seat)
        yield from auction_gain(p, rival.seat, theirs)
    # "You gain both other options."
    for bonus in AUCTION:
        if bonus is not theirs:
            yield from auction_gain(p, p.seat, bonus)
    return None


def auctioneer_end(p: Play) -> Program[None]:
    # "Gain 1 Helium, advance once on the Fleet Track, or place 1 Influence on the Institute."
    bonus = yield from p.ask(Ask.BONUS, "Choose one: 1 Helium, advance, or 1 Influence", AUCTION)
    yield from auction_gain(p, p.seat, bonus)


def bondilus(p: Play) -> Ability:
    """Bondilus' deploy: any position of Mars (RULING-A15); face-down cards are non-Gold
    (RULING-A1); cards leaving a location cannot be blocked (RULING-A13).

    Bondilus itself is a non-Gold on this location and the text does not say "other", so by
    the principle of RULING-A16 it may be chosen (and must be, if it is the only one): there is
    always a card to banish.
    """
    # "If deployed on Mars, banish 1 non-Gold from this location."
    if p.location is not Location.MARS:
        return None
    cards = [PickCard(c) for c in p.state.stack(Location.MARS)
             if not is_color(p.state, c, Color.GOLD)]
    choice = yield from p.ask(Ask.CARD, "Banish 1 non-Gold from Mars", cards)
    yield from banish(p.table, choice.card)
    return None


def diplomat(p: Play) -> Ability:
    """Diplomat's deploy: each of the two players decides their own "may"; the 2-player
    neutral house is not an opponent (RULING-A5). A player with no Influence left is not
    asked (RULING-A26)."""
    # "You and an opponent of your choice may place 1 Influence on the Institute."
    rival = yield from p.ask(Ask.PLAYER, "Choose an opponent who may place 1 Influence",
                             [PickPlayer(s) for s in p.opponents])
    for seat in (p.seat, rival.seat):
        if influence_left(p.state, seat) == 0:
            continue
        answer = yield from p.ask(Ask.CONFIRM, "Place 1 Influence on the Institute?",
                                  [Answer.YES, Answer.NO], seat=seat)
        if answer is Answer.YES:
            yield from place_influence(p.table, seat)
    return None


def lawyer(p: Play) -> Ability:
    # "Place 1 Influence on the Institute."
    yield from place_influence(p.table, p.seat)
    return None


def politician(p: Play) -> Ability:
    """The Golds are picked one by one, and both picks are asked whatever the hand holds —
    with exactly 2 Golds the second has one answer — so that the questions put to the player
    are the same whether they hold 2 Golds or more (RULING-B8, RULING-B10)."""
    # "You may reveal 2 Golds from your hand."
    golds = [c for c in p.state.hand(p.seat) if is_color(p.state, c, Color.GOLD)]
    # Asked even without 2 Golds, "no" then the only answer (RULING-B8).
    answer = yield from p.ask(Ask.CONFIRM, "Reveal 2 Golds to place 2 Influence?",
                              [Answer.YES, Answer.NO] if len(golds) >= 2 else [Answer.NO])
    if answer is not Answer.YES:
        return None
    first = yield from p.ask(Ask.CARD, "Reveal a first Gold", [PickCard(c) for c in golds],
                             always=True)
    second = yield from p.ask(Ask.CARD, "Reveal a second Gold",
                              [PickCard(c) for c in golds if c != first.card], always=True)
    for card in (first.card, second.card):
        yield from reveal(p.table, card, p.seat)
    # "If you do, place 2 Influence on the Institute."
    yield from place_influence(p.table, p.seat, 2)
    return None


def timony(p: Play) -> Ability:
    # "For each Gold at the Institute, place 1 influence token there."
    golds = sum(1 for c in p.state.stack(Location.INSTITUTE) if is_color(p.state, c, Color.GOLD))
    yield from place_influence(p.table, p.seat, golds)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    # "If deployed on the Institute, reveal the top 2 cards of the deck and place them under
    # this card in any order."  The shape of Dataport Specialist, Holo Designer, Dr. Virany.
    CardId("administrator"): Abilities(deploy=reveal_two_under(Location.INSTITUTE)),
    CardId("auctioneer"): Abilities(deploy=auctioneer, end_of_game=auctioneer_end),
    CardId("bondilus"): Abilities(deploy=bondilus),
    CardId("diplomat"): Abilities(deploy=diplomat),
    CardId("lawyer"): Abilities(deploy=lawyer),
    CardId("politician"): Abilities(deploy=politician),
    CardId("timony"): Abilities(deploy=timony),
}
