"""Gold cards: one small handler per printed ability, the printed text quoted above it.

The Howlers and Pax au Telemanus have only a block ability, which the effects resolve
generically from the printed block text (RR-BLOCK-2); they are listed here with no handler so
that the registry names every Gold. No Gold has an end-of-game ability.

Readings this module takes where neither the text nor a ruling settles the point:

* An ability that makes a chosen opponent lose a hand card (Aja, Antonia, Karnus, Roque) offers
  only opponents who hold a card: choosing an empty hand would do nothing, and an ability is
  done as far as possible (RULING-A23). Tactus already reads "an opponent" this way.
* "Unless that card is a Gold" (Cassius, Octavia) tests the card where it lies once it has been
  gained: a face-down card turns face up in the hand (RR-LOC-6), so a gained face-down Gold is a
  Gold. A card left on a location keeps its face-down colourlessness.
* "Deployed on a Gold" (Romulus, Victra) tests the card directly under at the moment of the
  deploy, as it lay then (RULING-A19): a face-down card there is colourless.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards import solo
from rr.cards.catalogue import card as card_data
from rr.cards.yellow import select_at_random
from rr.decisions import Ask
from rr.effects import (
    END_TURN,
    Abilities,
    Ability,
    Play,
    Program,
    banish,
    choose_from_hand,
    gain,
    gain_helium,
    gain_sovereign,
    gain_top_of_deck,
    is_blocked,
    is_color,
    look_at,
    move,
    named,
    place_influence,
    reveal,
    steal,
    targets,
)
from rr.model import CardId, Color, Location, Seat, Zone
from rr.options import Answer, PickCard, PickPlayer

# --- shared shapes ---------------------------------------------------------------------------


def _victims(p: Play) -> list[Seat]:
    """Opponents an "opponent banishes / loses a card" ability may choose: those holding a card,
    and under the official multiplayer variant only those above their starting hand
    (RULING-V1)."""
    return [s for s in targets(p.state, p.seat, p.opponents) if p.state.hand(s)]


def _opponent_banishes(p: Play, victim: Seat) -> Program[None]:
    """``victim`` banishes 1 card of their choice from their hand, unless they block
    (RULING-A13)."""
    if (yield from is_blocked(p.table, p.seat, victim, "make you banish a card")):
        return None
    card = yield from choose_from_hand(p.table, victim, p.source,
                                       f"{card_data(p.card).name}: choose a card to banish")
    if card is not None:
        yield from banish(p.table, card)
    return None


def _is_gold(p: Play, card: CardId) -> bool:
    """Whether ``card`` is a Gold as it lies now (face-down cards are colourless)."""
    return is_color(p.state, card, Color.GOLD)


def _deployed_on_gold(p: Play) -> bool:
    """RULING-A19: the card directly under this one when it was deployed is a Gold."""
    return p.under is not None and _is_gold(p, p.under)


def _gain_then_banish_unless_gold(p: Play, that: CardId | None) -> Program[None]:
    """Cassius and Octavia: "Gain <that card> (if it's not this card). Banish <this card>
    unless that card is a Gold." (RULING-A18).

    ``that`` is ``None`` when there is no such card. Literal by default: banished whenever
    ``that`` is missing or not a Gold. With the ``unless_means_gained_gold`` option: banished
    unless a Gold was actually gained.
    """
    gained = that is not None and that != p.card and p.can_gain(that)
    # A face-down card is read as it lay, colourless (RULING-C5), unless the ruleset has the
    # player reveal it to show its colour (``face_down_gain_is_revealed``).
    was_face_down = that is not None and that in p.state.face_down
    if gained:
        assert that is not None
        yield from gain(p.table, p.seat, that)
        if was_face_down and p.state.ruleset.face_down_gain_is_revealed:
            yield from reveal(p.table, that, p.seat)
            was_face_down = False
    is_gold = that is not None and not was_face_down and _is_gold(p, that)
    keep = (gained and is_gold) if p.state.ruleset.unless_means_gained_gold else is_gold
    if not keep:
        yield from banish(p.table, p.card)
    return None


# --- the cards -------------------------------------------------------------------------------


def opponent_banishes_then_banish_this(p: Play) -> Ability:
    """Aja and Antonia: the same ability, worded differently (RULING-F4)."""
    # "Choose an opponent; they banish 1 of their cards."
    victims = _victims(p)
    if victims:
        choice = yield from p.ask(Ask.PLAYER, "Choose an opponent to banish 1 of their cards",
                                  [PickPlayer(s) for s in victims])
        yield from _opponent_banishes(p, choice.seat)
    # "Then banish Aja." — also when no opponent could be chosen or the banish was blocked.
    yield from banish(p.table, p.card)
    return None


def ash_lord(p: Play) -> Ability:
    assert p.location is not None
    # "Banish all Blues from this location."  Face-down cards are colourless (RR-LOC-6).
    blues = [c for c in reversed(p.state.stack(p.location)) if is_color(p.state, c, Color.BLUE)]
    for blue in blues:
        yield from banish(p.table, blue)
    # "If this banishes 2 or more Blues, regain Ash Lord."  From where it lies (RULING-B6).
    if len(blues) >= 2 and p.can_gain(p.card):
        yield from gain(p.table, p.seat, p.card)
    return None


def gain_the_sovereign_token(p: Play) -> Ability:
    """Boneriders and The Jackal; Martyr and Justice may block (RULING-A14)."""
    # "Gain the Sovereign token."
    yield from gain_sovereign(p.table, p.seat)
    return None


def cassius(p: Play) -> Ability:
    # "Gain the card directly under this one. Banish Cassius unless that card is a Gold."
    # No card under: nothing gained, and Cassius is banished (RULING-A18).
    yield from _gain_then_banish_unless_gold(p, p.under)
    return None


def fitchner(p: Play) -> Ability:
    # "If deployed to the Institute, place 1 Influence there."
    if p.location is Location.INSTITUTE:
        yield from place_influence(p.table, p.seat)
    return None


KARNUS_TRIGGERS = frozenset({CardId("mustang"), CardId("the_jackal"), CardId("nero")})


def karnus(p: Play) -> Ability:
    # "Banish the card directly under this one."  A location card: no block (RULING-A13).
    if p.under is None:
        return None
    banished = p.under
    yield from banish(p.table, banished)
    # "If the banished card is Mustang, The Jackal, or Nero, you may also choose an opponent."
    # Read once banished: even a card that lay face down is now face up on the banished pile,
    # its name public (RULING-C5).
    if banished not in KARNUS_TRIGGERS:
        return None
    # With no opponent to choose, "no" is the only answer: taken without asking.
    victims = _victims(p)
    options: list[Answer | PickPlayer] = [Answer.NO, *(PickPlayer(s) for s in victims)]
    choice = yield from p.ask(Ask.PLAYER, "Choose an opponent to banish 1 of their cards?",
                              options)
    # "If you do, they banish 1 of their cards."
    if isinstance(choice, PickPlayer):
        yield from _opponent_banishes(p, choice.seat)
    return None


def lorn(p: Play) -> Ability:
    # "If the card directly under this one is a Gold, banish that card."
    if p.under is not None and _is_gold(p, p.under):
        yield from banish(p.table, p.under)
    return None


def lysander(p: Play) -> Ability:
    # "Gain the top card of the deck."  Nothing if the deck is empty (RR-DECK-1); no die roll.
    yield from gain_top_of_deck(p.table, p.seat)
    # "Banish Lysander unless you deployed him on Luna."
    if p.location is not Location.LUNA:
        yield from banish(p.table, p.card)
    return None


def mustang(p: Play) -> Ability:
    # "Gain 1 banished card."
    pool = [c for c in p.state.banished if p.can_gain(c)]
    if not pool:
        # Nothing to gain: "that card" does not exist, so Mustang stays (RULING-A18), unless
        # the ruleset reads it as "banish unless you gained a Gold".
        if p.state.ruleset.unless_means_gained_gold:
            yield from banish(p.table, p.card)
        return None
    choice = yield from p.ask(Ask.CARD, "Gain 1 banished card", [PickCard(c) for c in pool])
    yield from gain(p.table, p.seat, choice.card)
    # "If that card is not a Gold, banish Mustang."
    if not _is_gold(p, choice.card):
        yield from banish(p.table, p.card)
    return None


def nero(p: Play) -> Ability:
    assert p.location is not None
    # "Gain 1 Helium for each Red at this location."  Face-down cards are colourless.
    reds = sum(1 for c in p.state.stack(p.location) if is_color(p.state, c, Color.RED))
    yield from gain_helium(p.table, p.seat, reds)
    return None


def octavia(p: Play) -> Ability:
    # "If you have the Sovereign token, ..."  Without it nothing happens (RULING-A18).
    if p.state.sovereign != p.seat:
        return None
    # "... gain the bottom card on Luna (if it's not this card); banish Octavia unless that
    # card is a Gold."  Luna empty: banished; Octavia alone on Luna: "that card" is Octavia,
    # a Gold, so she stays (RULING-A18).
    luna = p.state.stack(Location.LUNA)
    yield from _gain_then_banish_unless_gold(p, luna[0] if luna else None)
    return None


def romulus(p: Play) -> Ability:
    assert p.location is not None
    on_gold = _deployed_on_gold(p)
    # "Gain 1 Blue from this location."  Any position in the stack (RULING-A15).
    blues = [c for c in p.state.stack(p.location)
             if is_color(p.state, c, Color.BLUE) and p.can_gain(c)]
    if blues:
        choice = yield from p.ask(Ask.CARD, "Gain 1 Blue from this location",
                                  [PickCard(c) for c in blues])
        yield from gain(p.table, p.seat, choice.card)
    # "Banish Romulus unless you deployed him directly on top of a Gold."
    if not on_gold:
        yield from banish(p.table, p.card)
    return None


def roque(p: Play) -> Ability:
    """The named card may be any character (the text does not say "a card in their hand"),
    and it is named aloud: every guess is a name (:class:`PickName`), the names of the
    looked-at hand offered first, so that nobody but the looker and the victim can tell
    whether the named card is in that hand (RULING-B10). Naming a card the hand does not hold
    is legal and simply cannot be selected. A game of rules version 1 reads RULING-B10 as it
    was (:func:`rr.cards.solo.roque_guess`)."""
    # "Look at an opponent's hand, ..."
    victims = _victims(p)
    if not victims:
        return None  # RULING-V1 / RULING-A23: no opponent to choose, Roque stays
    who = yield from p.ask(Ask.PLAYER, "Look at an opponent's hand",
                           [PickPlayer(s) for s in victims])
    victim = who.seat
    if p.state.is_automa(victim):
        yield from solo.roque_against(p, victim)  # RR-SOLO-17
        return None
    hand = p.state.hand(victim)
    yield from look_at(p.table, p.seat, hand, Zone.hand(victim))
    # "... name a card, ..."  Every name, those of the looked-at hand first: the order is
    # shown to the looker alone (a view shows a decision's options to its decider alone).
    guess = yield from solo.roque_guess(p, hand, f"You look at P{victim}'s hand: name a card")
    # "... then randomly select a card from their hand."  A recorded outcome (RR-ABIL-13).
    selected = yield from select_at_random(Zone.hand(victim), hand,
                                           f"a random card of P{victim}'s hand")
    assert selected is not None  # a victim holds a card
    # "If you select the named card, banish it and banish Roque."
    if solo.is_named(selected, guess):
        if not (yield from is_blocked(p.table, p.seat, victim, "banish a card from your hand")):
            yield from banish(p.table, selected)
        yield from banish(p.table, p.card)  # RULING-A13: Roque's condition was met
    return None


THE_HOWLERS = CardId("the_howlers")


def sevro(p: Play) -> Ability:
    if p.under is None:
        return None
    that = p.under
    # "You may reveal The Howlers to instead gain that card."  The prompt is public: a
    # face-down card under Sevro is not named (RR-VIEW-4).
    # Asked whether or not The Howlers are in the hand (RULING-B8).
    if p.can_gain(that):
        howlers = THE_HOWLERS in p.state.hand(p.seat)
        choice = yield from p.ask(Ask.CONFIRM, f"Reveal The Howlers to gain {named(p.state, that)}"
                                  " instead of banishing it?",
                                  [Answer.YES, Answer.NO] if howlers else [Answer.NO])
        if choice is Answer.YES:
            yield from reveal(p.table, THE_HOWLERS, p.seat)
            yield from gain(p.table, p.seat, that)
            return None
    # "Banish the card directly under this one."  A location card: no block (RULING-A13).
    yield from banish(p.table, that)
    return None


def tactus(p: Play) -> Ability:
    # "You may steal 1 card from an opponent (they choose the card)."
    # With no opponent to steal from, "no" is the only answer: taken without asking.
    victims = _victims(p)
    options: list[Answer | PickPlayer] = [Answer.NO, *(PickPlayer(s) for s in victims)]
    choice = yield from p.ask(Ask.PLAYER, "Steal 1 card from an opponent?", options)
    if not isinstance(choice, PickPlayer):
        return None
    if (yield from is_blocked(p.table, p.seat, choice.seat, "steal a card from your hand")):
        return None  # RULING-A13: you did not steal, so Tactus stays and the turn goes on
    card = yield from choose_from_hand(p.table, choice.seat, p.source,
                                       "Tactus: choose the card to give")
    assert card is not None
    yield from steal(p.table, p.seat, choice.seat, card)
    # "If you do, banish Tactus and end your turn."
    yield from banish(p.table, p.card)
    return END_TURN


def the_telemanuses(p: Play) -> Ability:
    assert p.location is not None
    # "Move all cards under this card from this location to the top of another location in
    # the same order."  Moved bottom first, each onto the top, so their order is kept.
    stack = p.state.stack(p.location)
    under = stack[:stack.index(p.card)]
    if not under:
        return None
    where = yield from p.ask(Ask.LOCATION, "Move the cards under The Telemanuses to the top "
                             "of another location", list(p.others()))
    for card in under:
        yield from move(p.table, card, where)
    return None


def victra(p: Play) -> Ability:
    assert p.location is not None
    on_gold = _deployed_on_gold(p)
    # "Gain the bottom card of this location (if it's not this card)."
    bottom = p.state.stack(p.location)[0]
    if bottom != p.card and p.can_gain(bottom):
        yield from gain(p.table, p.seat, bottom)
    # "Banish Victra unless you deployed her on a Gold."  (RULING-A19)
    if not on_gold:
        yield from banish(p.table, p.card)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("aja"): Abilities(deploy=opponent_banishes_then_banish_this),
    CardId("antonia"): Abilities(deploy=opponent_banishes_then_banish_this),
    CardId("ash_lord"): Abilities(deploy=ash_lord),
    CardId("boneriders"): Abilities(deploy=gain_the_sovereign_token),
    CardId("cassius"): Abilities(deploy=cassius),
    CardId("fitchner"): Abilities(deploy=fitchner),
    CardId("karnus"): Abilities(deploy=karnus),
    CardId("lorn"): Abilities(deploy=lorn),
    CardId("lysander"): Abilities(deploy=lysander),
    CardId("mustang"): Abilities(deploy=mustang),
    CardId("nero"): Abilities(deploy=nero),
    CardId("octavia"): Abilities(deploy=octavia),
    CardId("pax_au_telemanus"): Abilities(),  # block only (RR-BLOCK-2)
    CardId("romulus"): Abilities(deploy=romulus),
    CardId("roque"): Abilities(deploy=roque),
    CardId("sevro"): Abilities(deploy=sevro),
    CardId("tactus"): Abilities(deploy=tactus),
    CardId("the_howlers"): Abilities(),  # block only (RR-BLOCK-2)
    CardId("the_jackal"): Abilities(deploy=gain_the_sovereign_token),
    CardId("the_telemanuses"): Abilities(deploy=the_telemanuses),
    CardId("victra"): Abilities(deploy=victra),
}
