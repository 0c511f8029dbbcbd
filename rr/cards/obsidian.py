"""Obsidian cards: one small handler per printed ability, the printed text quoted above it.

Colours are read as the cards lie when the ability looks at them: a face-down card is
colourless (RULING-A1), so it is a "non-Gold" and not an Obsidian, Gold or Gray. Banishing a
card from a location is never blockable (RULING-A13).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rr.cards.violet import Reward, may_pick, tops_of_other_locations
from rr.decisions import Ask
from rr.effects import (
    END_TURN,
    Abilities,
    Ability,
    Play,
    banish,
    color_of,
    gain,
    gain_helium,
    is_color,
    place_influence,
)
from rr.model import CardId, Color
from rr.options import PickCard


def banish_one(p: Play, cards: Sequence[CardId], prompt: str,
               pays: Callable[[Color | None], bool], reward: Reward) -> Ability:
    """"Banish <one of ``cards``>. If it's <a colour>, <reward>." — Alia Snowsparrow, Ragnar,
    Stained, Assassin.

    The player picks the card (a single one is taken at once); nothing happens without one
    (RR-ABIL-1). ``pays`` reads the colour as the card lay — ``None`` face down (RULING-A1),
    although the banished card turns face up. Cards leaving a location cannot be blocked
    (RULING-A13).
    """
    if not cards:
        return None
    choice = yield from p.ask(Ask.CARD, prompt, [PickCard(c) for c in cards])
    color = color_of(p.state, choice.card)
    yield from banish(p.table, choice.card)
    if pays(color):
        yield from reward(p.table, p.seat)
    return None


def gain_partner_then_regain(*partners: str) -> Callable[[Play], Ability]:
    """Alfrun and Jopho: "You may gain <A> or <B> from this location. If you do, regain <this
    card> and end your turn." Either partner may lie at any position of the stack
    (RULING-A15); "regain" takes the deployed card back into the hand (RULING-B6)."""
    wanted = {CardId(c) for c in partners}

    def deploy(p: Play) -> Ability:
        assert p.location is not None
        # "You may gain <A> or <B> from this location."
        # A face-down card shows no name (RULING-A1): it is never one of the partners.
        found = [c for c in p.state.stack(p.location)
                 if c in wanted and c not in p.state.face_down and p.can_gain(c)]
        partner = yield from may_pick(p, "Gain a card from this location?", found)
        if partner is None:
            return None
        yield from gain(p.table, p.seat, partner)
        # "If you do, regain <this card> and end your turn."
        if p.can_gain(p.card):
            yield from gain(p.table, p.seat, p.card)
        return END_TURN

    return deploy


def alia_snowsparrow(p: Play) -> Ability:
    # "Banish the top non-Gold card from any other location." On each other location, the
    # topmost card that is not a Gold (RULING-A1: a face-down card is a non-Gold).
    state = p.state
    non_golds = ([c for c in reversed(state.stack(loc)) if not is_color(state, c, Color.GOLD)]
                 for loc in p.others())
    found = [cards[0] for cards in non_golds if cards]
    # "If it's not Gray or Obsidian, gain 1 Helium."
    return (yield from banish_one(p, found, "Banish the top non-Gold card of another location",
                                  lambda color: color not in (Color.GRAY, Color.OBSIDIAN),
                                  gain_helium))


def helga(p: Play) -> Ability:
    assert p.location is not None
    # "Banish the card directly under this one."
    if p.under is None:
        return None
    only_other = len(p.state.stack(p.location)) == 2
    yield from banish(p.table, p.under)
    # "If it was the only other card on this location, gain 1 Helium."
    if only_other:
        yield from gain_helium(p.table, p.seat)
    return None


def ragnar(p: Play) -> Ability:
    # "Banish the top card of another location."
    tops = list(tops_of_other_locations(p))
    # "If it's a Gold or a Gray, place 1 Influence on the Institute."
    return (yield from banish_one(p, tops, "Banish the top card of another location",
                                  lambda color: color in (Color.GOLD, Color.GRAY),
                                  place_influence))


def sefi(p: Play) -> Ability:
    """Sefi: "another Obsidian" is any Obsidian of the stack but Sefi (RULING-A15, A16);
    the gain is mandatory when one is there."""
    assert p.location is not None
    # "Gain another Obsidian from this location."
    found = [PickCard(c) for c in p.state.stack(p.location)
             if c != p.card and is_color(p.state, c, Color.OBSIDIAN) and p.can_gain(c)]
    if not found:
        return None
    choice = yield from p.ask(Ask.CARD, "Gain another Obsidian from this location", found)
    yield from gain(p.table, p.seat, choice.card)
    return None


def stained(p: Play) -> Ability:
    assert p.location is not None
    # "Banish any other card from this location." Any position but Stained's own (RULING-A16).
    found = [c for c in p.state.stack(p.location) if c != p.card]
    # "If it's an Obsidian, place 1 Influence on the Institute."
    return (yield from banish_one(p, found, "Banish another card from this location",
                                  lambda color: color is Color.OBSIDIAN, place_influence))


ABILITIES: Mapping[CardId, Abilities] = {
    # "You may gain Nero or Jopho from this location. If you do, regain Alfrun and end your
    # turn."
    CardId("alfrun"): Abilities(deploy=gain_partner_then_regain("nero", "jopho")),
    CardId("alia_snowsparrow"): Abilities(deploy=alia_snowsparrow),
    CardId("helga"): Abilities(deploy=helga),
    # "You may gain Alfrun or Nero from this location. If you do, regain Jopho and end your
    # turn."
    CardId("jopho"): Abilities(deploy=gain_partner_then_regain("alfrun", "nero")),
    CardId("ragnar"): Abilities(deploy=ragnar),
    CardId("sefi"): Abilities(deploy=sefi),
    CardId("stained"): Abilities(deploy=stained),
}
