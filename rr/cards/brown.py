"""Brown cards: one small handler per printed ability, the printed text quoted above it.

Five of the seven share one deploy shape — "If deployed directly on top of a <colour>, move
that card to the top of another location and <reward>." — so one function serves them, given
the colours and the reward. Modjob deploys that card instead of moving it; Assassin banishes
the card under it.

Readings shared by the shape and Modjob (RULING-A19, RULING-A23): "directly on top of" is
the card that was directly under this one when it was deployed (``p.under``), as it lies
then — a face-down card is colourless (RULING-A1) and matches no colour. With no such card,
or one of another colour, nothing at all happens: the reward belongs to the same
conditional sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.cards.obsidian import banish_one
from rr.cards.violet import Reward, move_to_top_of_another
from rr.decisions import Ask
from rr.effects import Abilities, Ability, Play, advance, gain_helium, is_color, place_influence
from rr.model import CardId, Color, Location


def _covered(p: Play, *colors: Color) -> CardId | None:
    """The card this one was deployed directly on top of, if it has one of ``colors``."""
    if p.under is None or not is_color(p.state, p.under, *colors):
        return None
    return p.under


def move_if_on_top_of(colors: tuple[Color, ...], reward: Reward) -> Callable[[Play], Ability]:
    def deploy(p: Play) -> Ability:
        # "If deployed directly on top of a <colour>, ..."
        covered = _covered(p, *colors)
        if covered is None:
            return None
        # "... move that card to the top of another location ..."
        yield from move_to_top_of_another(p, {covered: p.others()}, "that card")
        # "... and <gain the reward>." (caps as for the location bonuses, RULING-A26)
        yield from reward(p.table, p.seat)
        return None

    return deploy


def assassin(p: Play) -> Ability:
    # "Banish the card directly under this one."
    under = [p.under] if p.under is not None else []
    # "If it's a Gold, place 1 Influence on the Institute." (its colour as it lay: a face-down
    # card is not a Gold, RULING-A1)
    return (yield from banish_one(p, under, "Banish the card directly under this one",
                                  lambda color: color is Color.GOLD, place_influence))


def modjob(p: Play) -> Ability:
    """Modjob: the deployed card's ability resolves under this player's control (RULING-A24);
    its result (e.g. "end your turn") is Modjob's result, as that deploy concludes the
    deployment (RR-LEAD-8)."""
    # "If deployed directly on top of a Red or Brown, deploy that card to the top of another
    # location."
    covered = _covered(p, Color.RED, Color.BROWN)
    if covered is None:
        return None
    where: Location = yield from p.ask(
        Ask.LOCATION, f"Deploy {covered} to the top of another location", list(p.others()))
    then = yield from p.hooks.deploy(p, covered, where)
    return then


ABILITIES: Mapping[CardId, Abilities] = {
    # "If deployed directly on top of a Gold, move that Gold to the top of another location and
    # place 1 Influence on the Institute."
    CardId("artisan_chef"): Abilities(deploy=move_if_on_top_of((Color.GOLD,), place_influence)),
    CardId("assassin"): Abilities(deploy=assassin),
    # "If deployed directly on top of a Violet or Pink, move that card to the top of another
    # location and gain 1 Helium."
    CardId("gardener"): Abilities(
        deploy=move_if_on_top_of((Color.VIOLET, Color.PINK), gain_helium)),
    # "If deployed directly on top of a Green, Yellow, or Blue, move that card to the top of
    # another location and advance once on the Fleet Track."
    CardId("janitor"): Abilities(
        deploy=move_if_on_top_of((Color.GREEN, Color.YELLOW, Color.BLUE), advance)),
    # "If deployed directly on top of a Gray or Orange, move that card to the top of another
    # location and advance once on the Fleet Track."
    CardId("mess_hall_cook"): Abilities(
        deploy=move_if_on_top_of((Color.GRAY, Color.ORANGE), advance)),
    # "If deployed directly on top of a Silver, White, or Copper, move that card to the top of
    # another location and gain 1 Helium."
    CardId("nanny"): Abilities(
        deploy=move_if_on_top_of((Color.SILVER, Color.WHITE, Color.COPPER), gain_helium)),
    CardId("modjob"): Abilities(deploy=modjob),
}
