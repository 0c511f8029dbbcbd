"""Silver cards: one small handler per printed ability, the printed text quoted above it.

Helium paid "to" nobody goes back to the supply (``lose_helium``); Helium given or stolen
between players is a ``pay_helium`` from one seat to the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.decisions import Ask
from rr.effects import (
    Abilities,
    Ability,
    Play,
    Program,
    Table,
    banish,
    gain,
    gain_helium,
    is_color,
    lose_helium,
    pay_helium,
    place_influence,
    regress,
    remove_influence,
)
from rr.model import LOCATIONS, CardId, Color, Location, Seat
from rr.options import Answer, PickCard, PickPlayer

NOT_SILVER: tuple[Color, ...] = tuple(c for c in Color if c is not Color.SILVER)


def pay_3_helium_to_gain(p: Play, cards: list[CardId], prompt: str) -> Program[bool]:
    """Banker's deploy and end-of-game: "You may pay 3 Helium to gain <one of cards>", offered
    only to a player who holds 3 Helium and has a card to gain. Returns whether they did."""
    if p.state.players[p.seat].helium < 3 or not cards:
        return False
    options: list[Answer | PickCard] = [Answer.NO, *(PickCard(c) for c in cards)]
    choice = yield from p.ask(Ask.CARD, prompt, options)
    if not isinstance(choice, PickCard):
        return False
    yield from lose_helium(p.table, p.seat, 3)
    yield from gain(p.table, p.seat, choice.card)
    return True


def banker(p: Play) -> Ability:
    """Banker's deploy: a resource trade (RULING-A29).

    "Any card from this location" is any position of the stack (RULING-A15). Banker itself is
    one of them: the text does not say "other" (the principle of RULING-A16), so the literal
    reading lets the player gain Banker back, which "If you do, banish Banker" then banishes
    from their hand.
    """
    assert p.location is not None
    # "You may pay 3 Helium to gain any card from this location."
    cards = [c for c in p.state.stack(p.location) if p.can_gain(c)]
    if (yield from pay_3_helium_to_gain(p, cards, "Pay 3 Helium to gain a card from this "
                                        "location?")):
        # "If you do, banish Banker."
        yield from banish(p.table, p.card)
    return None


def banker_end(p: Play) -> Program[None]:
    # "You may pay 3 Helium to gain the top card of any location."
    tops = [top for loc in LOCATIONS if (top := p.state.top(loc)) is not None]
    yield from pay_3_helium_to_gain(p, tops, "Pay 3 Helium to gain the top card of a location?")


def trade_for_2_helium(p: Play, possible: bool, prompt: str,
                       give_up: Callable[[Table, Seat], Program[int]]) -> Ability:
    """CEO and Stock Broker: "You may <give up one step or token>. If you do, gain 2 Helium."

    A resource trade (RULING-A29). Not offered when there is nothing to give up, and the
    Helium comes only if something was actually given up (RULING-A26).
    """
    if not possible:
        return None
    answer = yield from p.ask(Ask.CONFIRM, prompt, [Answer.YES, Answer.NO])
    if answer is not Answer.YES:
        return None
    # "If you do, gain 2 Helium."
    if (yield from give_up(p.table, p.seat)):
        yield from gain_helium(p.table, p.seat, 2)
    return None


def ceo(p: Play) -> Ability:
    # "You may regress once on the Fleet Track. If you do, gain 2 Helium."  At position 0
    # there is nothing to regress, so the whole trade is impossible (RULING-A26).
    return trade_for_2_helium(p, p.state.players[p.seat].fleet > 0,
                              "Regress once on the Fleet Track to gain 2 Helium?", regress)


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
    # "You may lose 1 Influence from the Institute. If you do, gain 2 Helium."  It must be one
    # of your own tokens there, which goes back to your supply (RULING-A26, RR-BONUS-6).
    return trade_for_2_helium(p, p.state.players[p.seat].influence > 0,
                              "Lose 1 Influence from the Institute to gain 2 Helium?",
                              remove_influence)


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("banker"): Abilities(deploy=banker, end_of_game=banker_end, trade=True),
    CardId("ceo"): Abilities(deploy=ceo, trade=True),
    CardId("investor"): Abilities(deploy=investor, end_of_game=investor_end),
    CardId("loan_shark"): Abilities(deploy=loan_shark),
    CardId("quicksilver"): Abilities(deploy=quicksilver),
    CardId("sponsor"): Abilities(deploy=sponsor, trade=True),
    CardId("stock_broker"): Abilities(deploy=stock_broker, trade=True),
}
