"""Red cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards import solo
from rr.cards.catalogue import card as card_data
from rr.decisions import Ask
from rr.effects import (
    Abilities,
    Ability,
    Chance,
    Play,
    banish,
    draw,
    gain,
    gain_helium,
    is_blocked,
    is_color,
    lose_helium,
    reveal,
    targets,
)
from rr.events.types import CardSelectedAtRandom, Event
from rr.model import CardId, Color, Seat, Zone
from rr.options import Answer, PickCard, PickPlayer


def _reds_in_hand(p: Play, seat: Seat) -> tuple[CardId, ...]:
    return tuple(c for c in p.state.hand(seat) if card_data(c).color is Color.RED)


def _random_card(p: Play, seat: Seat) -> Chance:
    """A card picked at random from ``seat``'s hand (RR-ABIL-13), recorded as an event."""
    hand = p.state.hand(seat)
    zone = Zone.hand(seat)

    def accepts(event: Event) -> bool:
        return (isinstance(event, CardSelectedAtRandom) and event.source == zone
                and event.card in hand)

    return Chance(f"a random card of P{seat}'s hand",
                  lambda rng: CardSelectedAtRandom(rng.choice(hand), zone), accepts)


def arlus(p: Play) -> Ability:
    """Arlus: the neighbours are the players to the left, then to the right; one opponent
    in a 2-player game (RULING-A10). Under the official variant a neighbour holding no more
    than their starting hand is skipped (RULING-V1). A Gold banish may be blocked
    (RULING-A13); Arlus is banished once at most."""
    # "Each neighboring player reveals a random card from their hand."
    state = p.state
    neighbours = tuple(dict.fromkeys((state.next_seat(p.seat), state.previous_seat(p.seat))))
    for seat in targets(state, p.seat, neighbours):
        if not p.state.hand(seat):
            continue
        if p.state.is_automa(seat):
            card = solo.arlus_card(p, seat)  # RR-SOLO-14: her bottom card
        else:
            picked = yield from draw(_random_card(p, seat))
            assert isinstance(picked, CardSelectedAtRandom)
            card = picked.card
        yield from reveal(p.table, card, seat)
        color = card_data(card).color
        # "If it is Gold, banish that card."
        if color is Color.GOLD:
            if not (yield from is_blocked(p.table, p.seat, seat, "banish a card from your hand")):
                yield from banish(p.table, card)
        # "If it is Red, banish Arlus."
        if color is Color.RED and p.state.zone_of(p.card) != Zone.banished():
            yield from banish(p.table, p.card)
        if p.state.is_automa(seat):
            yield from solo.after_arlus(p, seat, card)  # RR-SOLO-14: back on top
    return None


def dancer(p: Play) -> Ability:
    """Dancer: "them" is every other Red in the hand, all revealed; the reveal is not a
    "you may", so it happens whenever it can (literal reading)."""
    # "Gain 1 Helium."
    yield from gain_helium(p.table, p.seat)
    # "If you have 2 or more other Reds, reveal them to gain 2 more Helium."
    reds = _reds_in_hand(p, p.seat)
    if len(reds) >= 2:
        for card in reds:
            yield from reveal(p.table, card, p.seat)
        yield from gain_helium(p.table, p.seat, 2)
    return None


def darrow(p: Play) -> Ability:
    """Darrow: any non-Gold of the stack but Darrow (RULING-A15, a face-down card is a
    non-Gold, RULING-A1); "deployed him on a Gold" is the card directly under him when he was
    deployed (RULING-A19), as it lay then."""
    assert p.location is not None
    on_gold = p.under is not None and is_color(p.state, p.under, Color.GOLD)
    # "Gain any other non-Gold from this location."
    found = [PickCard(c) for c in p.state.stack(p.location)
             if c != p.card and not is_color(p.state, c, Color.GOLD) and p.can_gain(c)]
    if found:
        choice = yield from p.ask(Ask.CARD, "Gain another non-Gold from this location", found)
        yield from gain(p.table, p.seat, choice.card)
    # "Banish Darrow unless you deployed him on a Gold."
    if not on_gold:
        yield from banish(p.table, p.card)
    return None


def deanna(p: Play) -> Ability:
    # "Gain 1 Helium."
    yield from gain_helium(p.table, p.seat)
    return None


def eo(p: Play) -> Ability:
    """Eo: each opponent in turn order from the left; an opponent holding several Reds
    chooses which to reveal (RR-ABIL-12)."""
    # "Each opponent must reveal a Red."
    for seat in p.opponents:
        if p.state.is_automa(seat):
            yield from solo.eo_against(p, seat)  # RR-SOLO-17
            continue
        reds = _reds_in_hand(p, seat)
        # Asked of every opponent, "no" the answer of one who holds no Red (RULING-B8).
        options: list[Answer | PickCard] = [PickCard(c) for c in reds] or [Answer.NO]
        choice = yield from p.ask(Ask.CARD, "Eo: reveal a Red", options, seat=seat, always=True)
        if isinstance(choice, PickCard):
            yield from reveal(p.table, choice.card, seat)
        else:
            # "If they can't, they lose 1 Helium."
            yield from lose_helium(p.table, seat)
    return None


def harmony(p: Play) -> Ability:
    """Harmony: any opponent may be chosen, even one with no Helium to lose (literal: "of
    your choice"); then nothing is lost."""
    # "An opponent of your choice loses 1 Helium."
    choice = yield from p.ask(Ask.PLAYER, "Which opponent loses 1 Helium?",
                              [PickPlayer(s) for s in p.opponents])
    yield from lose_helium(p.table, choice.seat)
    return None


def uncle_narol(p: Play) -> Ability:
    # "Gain 2 Helium."
    yield from gain_helium(p.table, p.seat, 2)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("arlus"): Abilities(deploy=arlus),
    CardId("dancer"): Abilities(deploy=dancer),
    CardId("darrow"): Abilities(deploy=darrow),
    CardId("deanna"): Abilities(deploy=deanna),
    CardId("eo"): Abilities(deploy=eo),
    CardId("harmony"): Abilities(deploy=harmony),
    CardId("uncle_narol"): Abilities(deploy=uncle_narol),
}
