"""Cards played against Tull Au Toma where the solo rules change what they do.

RR-SOLO-14: Arlus's "random card" of her hand is her bottom card, and a card she gets back
after a reveal goes face down on top of her hand. RR-SOLO-17, the Au Toma variant: Auctioneer,
Eo and Roque (Psychologist's count is ``rr.effects.automa.hand_size_for_fewest``). The colour
modules call these when the opponent is Au Toma; nothing else about the cards changes.
"""

from __future__ import annotations

from rr.automa import automa_table
from rr.cards.catalogue import card as card_data
from rr.cards.catalogue import names_first
from rr.cards.yellow import select_at_random
from rr.decisions import Ask
from rr.effects import Chance, Play, Program, banish, draw, lose_helium, roll_die
from rr.events.types import CardsPutOnTop, CardsSeen, CardsShuffled, Event
from rr.model import FLEET_MAX, INFLUENCE_TOKENS, Bonus, CardId, Color, Seat, Zone
from rr.options import pick_name


def arlus_card(p: Play, seat: Seat) -> CardId:
    """RR-SOLO-14: the card Arlus makes her reveal (and may banish) is her bottom card."""
    return p.state.hand(seat)[0]


def after_arlus(p: Play, seat: Seat, card: CardId) -> Program[None]:
    """RR-SOLO-14: a revealed card she keeps goes back on top of her hand."""
    if card in p.state.hand(seat):
        yield CardsPutOnTop(seat, (card,), p.seat)


def auction_choice(p: Play, seat: Seat, options: tuple[Bonus, ...]) -> Program[Bonus]:
    """RR-SOLO-17 (Auctioneer): roll the die until it shows one of the options she can get;
    she takes that one (RULING-T8). If she can get none (only possible under
    ``auction_helium_capped``), until it shows any of them: she takes it, and a capped one is
    lost (RULING-A27)."""
    wanted = [o for o in options if can_get(p, seat, o)] or list(options)
    while True:
        face = yield from roll_die(p.table, seat)
        if face in wanted:
            return face


def can_get(p: Play, seat: Seat, bonus: Bonus) -> bool:
    """RULING-T8: a token she can still take: Helium always (its 10-cap is her own bonus
    substitution's, RR-SOLO-12), or, under ``auction_helium_capped``, below 10 Helium."""
    player = p.state.players[seat]
    if bonus is Bonus.FLEET:
        return player.fleet < FLEET_MAX
    if bonus is Bonus.INFLUENCE:
        return player.influence < INFLUENCE_TOKENS
    return not p.state.ruleset.auction_helium_capped or player.helium < automa_table().bonus_cap


def top_of_hand(p: Play, seat: Seat) -> tuple[CardId, ...]:
    """RR-SOLO-17: the 6 topmost cards of her hand (all if fewer), bottom to top."""
    hand = p.state.hand(seat)
    return hand[max(0, len(hand) - automa_table().variant_look):]


def eo_against(p: Play, seat: Seat) -> Program[None]:
    """RR-SOLO-17 (Eo): look at her top 6 cards for a Red, then put them back as they were;
    without a Red she loses 1 Helium."""
    looked = top_of_hand(p, seat)
    if looked:
        yield CardsSeen(p.seat, looked, Zone.hand(seat))
    if not any(card_data(c).color is Color.RED for c in looked):
        yield from lose_helium(p.table, seat)


def roque_against(p: Play, seat: Seat) -> Program[None]:
    """RR-SOLO-17 (Roque): look at her top 6 cards, name a card, select one of them at random
    (RULING-T8); a hit is banished with Roque; the rest are shuffled back on top."""
    looked = top_of_hand(p, seat)
    if not looked:
        return
    yield CardsSeen(p.seat, looked, Zone.hand(seat))
    # Named aloud, by name, as against a player (RULING-B10).
    guess = yield from p.ask(Ask.NAME, "You look at Au Toma's top cards: name a card",
                             [pick_name(n) for n in names_first(looked)])
    selected = yield from select_at_random(Zone.hand(seat), looked,
                                           "a random card of Au Toma's top cards")
    assert selected is not None  # she holds the cards looked at
    if card_data(selected).name == guess.name:
        yield from banish(p.table, selected)  # she never blocks (RULING-T6)
        yield from banish(p.table, p.card)
    rest = tuple(c for c in looked if c in p.state.hand(seat))
    if rest:
        shuffled = yield from draw(_shuffle(rest))
        assert isinstance(shuffled, CardsShuffled)
        yield CardsPutOnTop(seat, shuffled.cards, None)  # RR-SOLO-14: on top of her hand


def _shuffle(cards: tuple[CardId, ...]) -> Chance:
    def accepts(event: Event) -> bool:
        return isinstance(event, CardsShuffled) and sorted(event.cards) == sorted(cards)

    return Chance("Au Toma's top cards shuffled",
                  lambda rng: CardsShuffled(tuple(rng.sample(cards, len(cards)))), accepts)
