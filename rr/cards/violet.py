"""Violet cards: one small handler per printed ability, the printed text quoted above it.

Three shapes: *move a card of this location* (4D Painter, Musician, Zanzibar), *give this card
to the player to your right if you lead them on a track* (Holo Host, Reporter, Vlogger), and
Mickey the Carver's dig through the deck.

The move shape is shared with the Brown and Pink cards, and the small readers beside it with
the other colours too: :func:`may_pick` (a "you may" over some cards) and
:func:`tops_of_other_locations`; how a public prompt names a card is ``rr.effects.named``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rr.cards.catalogue import card as card_data
from rr.decisions import Ask
from rr.effects import (
    END_TURN,
    Abilities,
    Ability,
    Play,
    Program,
    Table,
    banish,
    color_of,
    gain,
    gain_top_of_deck,
    give,
    is_color,
    move,
    named,
    return_to_deck,
    reveal,
)
from rr.events.types import CardGained
from rr.model import CardId, Color, Location, Seat, Zone
from rr.options import Answer, PickCard
from rr.state import GameState


def core_value(state: GameState, card: CardId) -> int | None:
    """A card's core value as an ability reads it (RULING-A2): printed, but a face-down card
    has none (nobody may look under it), or 0 if the ruleset says so."""
    if card in state.face_down:
        return None if state.ruleset.face_down_value_is_actual else 0
    return card_data(card).core_value


Reward = Callable[[Table, Seat], Program[int]]
"""A gain that follows an ability's main effect: 1 Helium, 1 Influence, one Fleet step."""


# --- move a card of this location to the top of another ------------------------------------


def move_to_top_of_another(p: Play, moves: Mapping[CardId, Sequence[Location]], what: str,
                           to: str = "another location") -> Program[CardId | None]:
    """Move one of ``moves`` (card → its legal destinations) to the top of its destination.

    The card is chosen first, among those with at least one destination, then where it goes.
    Nothing happens when no card can move (RR-ABIL-1). Returns the card moved. Serves every
    "move <a card> to the top of another location" (Violet, Brown, Pink).
    """
    movable = [PickCard(c) for c, where in moves.items() if where]
    if not movable:
        return None
    choice = yield from p.ask(Ask.CARD, f"Move {what}", movable)
    where = yield from p.ask(Ask.LOCATION, f"Move {named(p.state, choice.card)} to the top of {to}",
                             list(moves[choice.card]))
    yield from move(p.table, choice.card, where)
    return choice.card


def may_pick(p: Play, prompt: str, cards: Sequence[CardId], from_hand: bool = False
             ) -> Program[CardId | None]:
    """A "you may" over ``cards``: the player picks one or answers no; ``None`` if they
    decline, or if there is no card to pick, in which case nothing is asked (RR-ABIL-1) —
    unless the cards are of the player's hand (``from_hand``): then "no" is the only answer,
    since whether the question is asked must not tell the others (RULING-B8)."""
    if not cards and not from_hand:
        return None
    options: list[Answer | PickCard] = [Answer.NO, *(PickCard(c) for c in cards)]
    choice = yield from p.ask(Ask.CARD, prompt, options, always=from_hand)
    return choice.card if isinstance(choice, PickCard) else None


def tops_of_other_locations(p: Play) -> dict[CardId, Location]:
    """The top card of each location other than this one, with its location (RR-ABIL-3)."""
    return {top: loc for loc in p.others() if (top := p.state.top(loc)) is not None}


def four_d_painter(p: Play) -> Ability:
    """Any card of the stack, 4D Painter itself included (RULING-A15, RULING-A16).

    A face-down card has no colour (RULING-A1), so no card shares its colour and every other
    location takes it; face-down cards at the destination match no colour either.
    """
    # "Move a card from this location to the top of another location where there are no cards
    # with the same color as it."
    assert p.location is not None
    state = p.state

    def fits(card: CardId, loc: Location) -> bool:
        color = color_of(state, card)
        return color is None or not any(is_color(state, c, color) for c in state.stack(loc))

    moves = {c: tuple(loc for loc in p.others() if fits(c, loc))
             for c in state.stack(p.location)}
    yield from move_to_top_of_another(p, moves, "a card from this location")
    return None


def move_by_parity(even: bool) -> Callable[[Play], Ability]:
    """Musician (even) and Zanzibar (odd): any card of the stack, the deployed card itself
    included (RULING-A15, RULING-A16); 0 is even (RR-ABIL-8); a face-down card's value is
    read per RULING-A2."""

    def deploy(p: Play) -> Ability:
        # "Move a card with an even|odd core value from this location to the top of another
        # location."
        assert p.location is not None
        state = p.state
        moves = {c: p.others() for c in state.stack(p.location)
                 if (value := core_value(state, c)) is not None and (value % 2 == 0) is even}
        what = f"a card with an {'even' if even else 'odd'} core value from this location"
        yield from move_to_top_of_another(p, moves, what)
        return None

    return deploy


# --- Holo Host, Reporter, Vlogger -----------------------------------------------------------


def give_away_if_ahead(measure: Callable[[GameState, Seat], int]) -> Callable[[Play], Ability]:
    """"If you have more <measure> than the player to your right, give them <this card>, gain
    the top 2 cards of the deck, then end your turn."

    The player to your right is the one who plays just before you, the opponent in a 2-player
    game; "more" is strictly more; the 2-player neutral Influence is not a player (RULING-A11,
    RULING-A5). The card lies on its location, and rr has no event for a card handed from a
    location to another player: it is taken into hand and passed on (two events, one act).
    With fewer than 2 cards in the deck, those there are are gained (RR-DECK-3).
    """

    def deploy(p: Play) -> Ability:
        state = p.state
        right = state.previous_seat(p.seat)
        # "If you have more ... than the player to your right,"
        if right == p.seat or measure(state, p.seat) <= measure(state, right):
            return None
        # "give them the <card>,"  Handed over face up: everyone sees which card it is, so it
        # is shown in its new hand (RR-VIEW-5; a pass alone is unseen by the others).
        yield CardGained(p.seat, p.card, Zone.at(_where(p)))
        yield from give(p.table, p.seat, right, p.card)
        yield from reveal(p.table, p.card, right)
        # "gain the top 2 cards of the deck,"
        for _ in range(2):
            yield from gain_top_of_deck(p.table, p.seat)
        # "then end your turn."
        return END_TURN

    return deploy


def _where(p: Play) -> Location:
    zone = p.state.zone_of(p.card)
    assert zone is not None and zone.location is not None
    return zone.location


def influence(state: GameState, seat: Seat) -> int:
    return state.players[seat].influence


def helium(state: GameState, seat: Seat) -> int:
    return state.players[seat].helium


def fleet(state: GameState, seat: Seat) -> int:
    return state.players[seat].fleet


# --- Mickey the Carver ----------------------------------------------------------------------


def mickey_the_carver(p: Play) -> Ability:
    """The revealed cards stay on top of the deck until they go to its bottom; the player puts
    them there one at a time, each under the ones before, so the last chosen is the bottom card.
    While two or more are left the player may instead answer "done": the rest go under in the
    order they were revealed, the same as picking them one by one in that order, so every order
    stays reachable and a long dig ends in one step. No Gold in the deck: every revealed card
    goes to the bottom (RULING-A23). Banishing your own card is not an opponent's banish, so no
    block applies (RR-BLOCK-2)."""
    # "You may banish a Red from your hand."
    reds = [c for c in p.state.hand(p.seat) if is_color(p.state, c, Color.RED)]
    red = yield from may_pick(p, "Banish a Red from your hand?", reds, from_hand=True)
    if red is None:
        return None
    yield from banish(p.table, red)
    # "If you do, reveal cards from the deck until you find a Gold."
    revealed: list[CardId] = []
    gold: CardId | None = None
    for card in reversed(p.state.deck):
        yield from reveal(p.table, card, p.seat)
        if is_color(p.state, card, Color.GOLD):
            gold = card
            break
        revealed.append(card)
    # "Gain it"
    if gold is not None and p.can_gain(gold):
        yield from gain(p.table, p.seat, gold)
    # "and place the revealed cards at the bottom of the deck in any order."
    while revealed:
        order: list[PickCard | Answer] = [PickCard(c) for c in revealed]
        if len(revealed) > 1:
            order.append(Answer.DONE)
        pick = yield from p.ask(
            Ask.CARD, "Place a revealed card at the bottom of the deck (done: the rest in the "
            "order revealed)", order)
        placing = list(revealed) if isinstance(pick, Answer) else [pick.card]
        for card in placing:
            yield from return_to_deck(p.table, card, bottom=True)
            revealed.remove(card)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("4d_painter"): Abilities(deploy=four_d_painter),
    CardId("holo_host"): Abilities(deploy=give_away_if_ahead(influence)),
    CardId("mickey_the_carver"): Abilities(deploy=mickey_the_carver),
    CardId("musician"): Abilities(deploy=move_by_parity(even=True)),
    CardId("reporter"): Abilities(deploy=give_away_if_ahead(helium)),
    CardId("vlogger"): Abilities(deploy=give_away_if_ahead(fleet)),
    CardId("zanzibar"): Abilities(deploy=move_by_parity(even=False)),
}
