"""Silver cards: one small handler per printed ability, the printed text quoted above it.

Helium paid "to" nobody goes back to the supply (``lose_helium``); Helium given or stolen
between players is a ``pay_helium`` from one seat to the other.
"""

from __future__ import annotations

from typing import Mapping

from rr.decisions import Ask
from rr.effects import (
    Abilities, Ability, Play, Program, banish, gain, gain_helium, is_color, lose_helium,
    pay_helium, place_influence, regress, remove_influence,
)
from rr.model import LOCATIONS, CardId, Color, Location
from rr.options import Answer, PickCard, PickPlayer

NOT_SILVER: tuple[Color, ...] = tuple(c for c in Color if c is not Color.SILVER)


def banker(p: Play) -> Ability:
    """Banker's deploy: a resource trade (RULING-A29).

    "Any card from this location" is any position of the stack (RULING-A15). Banker itself is
    one of them: the text does not say "other" (the principle of RULING-A16), so the literal
    reading lets the player gain Banker back, which "If you do, banish Banker" then banishes
    from their hand.
    """
    assert p.location is not None
    # "You may pay 3 Helium to gain any card from this location."
    if p.state.players[p.seat].helium < 3:
        return None
    cards = [PickCard(c) for c in p.state.stack(p.location) if p.can_gain(c)]
    if not cards:
        return None
    options: list[Answer | PickCard] = [Answer.NO, *cards]
    choice = yield from p.ask(Ask.CARD, "Pay 3 Helium to gain a card from this location?",
                              options)
    if not isinstance(choice, PickCard):
        return None
    yield from lose_helium(p.table, p.seat, 3)
    yield from gain(p.table, p.seat, choice.card)
    # "If you do, banish Banker."
    yield from banish(p.table, p.card)
    return None


def banker_end(p: Play) -> Program[None]:
    # "You may pay 3 Helium to gain the top card of any location."
    if p.state.players[p.seat].helium < 3:
        return
    tops = [PickCard(top) for loc in LOCATIONS if (top := p.state.top(loc)) is not None]
    if not tops:
        return
    options: list[Answer | PickCard] = [Answer.NO, *tops]
    choice = yield from p.ask(Ask.CARD, "Pay 3 Helium to gain the top card of a location?",
                              options)
    if isinstance(choice, PickCard):
        yield from lose_helium(p.table, p.seat, 3)
        yield from gain(p.table, p.seat, choice.card)


def ceo(p: Play) -> Ability:
    # "You may regress once on the Fleet Track." At position 0 there is nothing to regress,
    # so the whole trade is impossible (RULING-A26).
    if p.state.players[p.seat].fleet == 0:
        return None
    answer = yield from p.ask(Ask.CONFIRM, "Regress once on the Fleet Track to gain 2 Helium?",
                              [Answer.YES, Answer.NO])
    if answer is not Answer.YES:
        return None
    # "If you do, gain 2 Helium."
    if (yield from regress(p.table, p.seat)):
        yield from gain_helium(p.table, p.seat, 2)
    return None


def helium_for_color(p: Play, location: Location) -> Program[None]:
    """Choose a colour other than Silver; 1 Helium per card of it on ``location``.

    Face-down cards are colourless and count for no colour (RULING-A1).
    """
    color = yield from p.ask(Ask.COLOR, f"Choose a colour: 1 Helium for each on {location.title}",
                             NOT_SILVER)
    count = sum(1 for c in p.state.stack(location) if is_color(p.state, c, color))
    yield from gain_helium(p.table, p.seat, count)


def investor(p: Play) -> Ability:
    assert p.location is not None
    # "Choose a color other than Silver. Gain 1 Helium for each card of that color at this
    # location."
    yield from helium_for_color(p, p.location)
    return None


def investor_end(p: Play) -> Program[None]:
    # "Choose a color other than Silver and gain 1 Helium for each card of that color on Mars."
    yield from helium_for_color(p, Location.MARS)


def loan_shark(p: Play) -> Ability:
    """Loan Shark's deploy (RULING-A12): the opponent's extra turn is a whole normal turn."""
    # "Choose an opponent."
    rival = yield from p.ask(Ask.PLAYER, "Choose an opponent",
                             [PickPlayer(s) for s in p.opponents])
    seat = rival.seat
    # "They may give you 2 Helium to immediately take 1 turn out of order (but may not gain
    # Loan Shark) before you finish your turn." Offered only if they have 2 Helium.
    if p.state.players[seat].helium >= 2:
        answer = yield from p.ask(
            Ask.CONFIRM, f"Give P{p.seat} 2 Helium to take 1 turn out of order now?",
            [Answer.YES, Answer.NO], seat=seat)
        if answer is Answer.YES:
            yield from pay_helium(p.table, seat, p.seat, 2)
            yield from p.hooks.turn_out_of_order(p.table, seat, frozenset({p.card}))
            return None
    # "Otherwise they must give you 1 Helium." (Nothing if they have none.)
    yield from pay_helium(p.table, seat, p.seat, 1)
    return None


def quicksilver(p: Play) -> Ability:
    """Quicksilver's deploy: losing Helium is not blockable (RULING-A13)."""
    # "Steal 1 Helium from the opponent with the most Helium (if tied, you choose which of
    # those opponents)."
    most = max(p.state.players[s].helium for s in p.opponents)
    if most == 0:
        return None  # nobody has Helium to steal (RULING-A23)
    richest = [PickPlayer(s) for s in p.opponents if p.state.players[s].helium == most]
    victim = yield from p.ask(Ask.PLAYER, "Steal 1 Helium from which of the richest opponents?",
                              richest)
    yield from pay_helium(p.table, victim.seat, p.seat, 1)
    return None


def sponsor(p: Play) -> Ability:
    """Sponsor's deploy: a resource trade (RULING-A29).

    The payment is offered whenever it is affordable, even with no Influence left to place:
    the text does not forbid it, and a placement with no token left is simply lost
    (RULING-A26).
    """
    # "You may pay 1 Helium to place 2 Influence on the Institute."
    if p.state.players[p.seat].helium < 1:
        return None
    answer = yield from p.ask(Ask.CONFIRM, "Pay 1 Helium to place 2 Influence on the Institute?",
                              [Answer.YES, Answer.NO])
    if answer is Answer.YES:
        yield from lose_helium(p.table, p.seat, 1)
        yield from place_influence(p.table, p.seat, 2)
    return None


def stock_broker(p: Play) -> Ability:
    """Stock Broker's deploy: a resource trade (RULING-A29), needing one of your own tokens on
    the Institute (RULING-A26)."""
    # "You may lose 1 Influence from the Institute."
    if p.state.players[p.seat].influence == 0:
        return None
    answer = yield from p.ask(Ask.CONFIRM, "Lose 1 Influence from the Institute to gain 2 Helium?",
                              [Answer.YES, Answer.NO])
    if answer is not Answer.YES:
        return None
    # "If you do, gain 2 Helium."
    if (yield from remove_influence(p.table, p.seat)):
        yield from gain_helium(p.table, p.seat, 2)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("banker"): Abilities(deploy=banker, end_of_game=banker_end, trade=True),
    CardId("ceo"): Abilities(deploy=ceo, trade=True),
    CardId("investor"): Abilities(deploy=investor, end_of_game=investor_end),
    CardId("loan_shark"): Abilities(deploy=loan_shark),
    CardId("quicksilver"): Abilities(deploy=quicksilver),
    CardId("sponsor"): Abilities(deploy=sponsor, trade=True),
    CardId("stock_broker"): Abilities(deploy=stock_broker, trade=True),
}
