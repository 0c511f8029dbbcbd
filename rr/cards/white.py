"""White cards: one small handler per printed ability, the printed text quoted above it.

Judge's block (steal or banish, RR-BLOCK-2) and the Martyr / Justice block (taking the
Sovereign token, RR-BLOCK-3) are generic rules read from the block text (``rr.effects``); only
the deploy and end-of-game abilities live here. Judge has neither.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.decisions import Ask
from rr.effects import Abilities, Ability, Play, Program, gain, gain_bonus, reveal_and_place
from rr.model import Bonus, CardId, Location
from rr.options import PickCard


def has_sovereign(p: Play) -> bool:
    return p.state.sovereign == p.seat


def gain_one_from(location: Location) -> Callable[[Play], Program[None]]:
    """Martyr's and Justice's end-of-game ability: any card of the stack (RULING-A15)."""

    def end_of_game(p: Play) -> Program[None]:
        # Martyr: "If you have the Sovereign token, gain 1 card of your choice from Mars."
        # Justice: "If you have the Sovereign token, gain 1 card of your choice from Luna."
        if not has_sovereign(p):
            return
        cards = [PickCard(c) for c in p.state.stack(location)]
        if not cards:
            return
        choice = yield from p.ask(Ask.CARD, f"Gain 1 card from {location.title}", cards)
        yield from gain(p.table, p.seat, choice.card)

    return end_of_game


def bonus_with_the_sovereign_token(bonus: Bonus) -> Callable[[Play], Ability]:
    """Magistrate, Orator, Priestess: "If you have the Sovereign token, <bonus>." A bonus of a
    card, not of a location, but with the same limits (RULING-A26)."""

    def deploy(p: Play) -> Ability:
        # Magistrate: "If you have the Sovereign token, gain 1 Helium."
        # Orator: "If you have the Sovereign token, place 1 Influence on the Institute."
        # Priestess: "If you have the Sovereign token, advance once on the Fleet Track."
        if has_sovereign(p):
            yield from gain_bonus(p.table, p.seat, bonus, p.source)
        return None

    return deploy


def seer(p: Play) -> Ability:
    # "If you have the Sovereign token, reveal the top card of the deck and place (not deploy)
    # it on another location." Another than Seer's own (RR-ABIL-3); nothing if the deck is
    # empty (RR-DECK-1).
    if has_sovereign(p):
        yield from reveal_and_place(p.table, p.seat, p.source, exclude=p.location)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("justice"): Abilities(end_of_game=gain_one_from(Location.LUNA)),
    CardId("magistrate"): Abilities(deploy=bonus_with_the_sovereign_token(Bonus.HELIUM)),
    CardId("martyr"): Abilities(end_of_game=gain_one_from(Location.MARS)),
    CardId("orator"): Abilities(deploy=bonus_with_the_sovereign_token(Bonus.INFLUENCE)),
    CardId("priestess"): Abilities(deploy=bonus_with_the_sovereign_token(Bonus.FLEET)),
    CardId("seer"): Abilities(deploy=seer),
}
