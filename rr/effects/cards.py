"""Moving cards: gain, banish, place, move, reveal, steal, give — and the steal/banish blocks."""

from __future__ import annotations

from rr.automa import automa_table
from rr.cards.catalogue import BlockKind
from rr.cards.catalogue import card as card_data
from rr.decisions import Ask, ByRule, Source
from rr.effects.program import Program, RulesError, Table, ask
from rr.events.types import (
    BlockUsed,
    CardBanished,
    CardGained,
    CardMoved,
    CardPassed,
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardsSeen,
    Phase,
)
from rr.model import CardId, Color, Location, Seat, Zone, ZoneKind, starting_hand
from rr.once import made_once
from rr.options import Answer, PickCard, pick_card
from rr.state import GameState


_STEAL_OR_BANISH = ByRule("RR-BLOCK-2")
_TAKE_SOVEREIGN = ByRule("RR-BLOCK-3")
# Enum members read at every block offered, as globals: in Python 3.11 reading a member from
# its class takes the slow path EnumType.__getattr__ puts every class attribute on (#12).
_NO, _BLOCK, _STEAL = Answer.NO, Ask.BLOCK, BlockKind.STEAL_OR_BANISH


def named(state: GameState, card: CardId) -> str:
    """How a prompt names ``card``: its printed name, or "a face-down card" for one lying face
    down (prompts are shown to every player, RR-VIEW-6)."""
    return "a face-down card" if card in state.face_down else card_data(card).name


def color_of(state: GameState, card: CardId) -> Color | None:
    """A card's colour; ``None`` for a face-down card on a location (colourless, RULING-A1)."""
    return None if card in state.face_down else card_data(card).color


def is_color(state: GameState, card: CardId, *colors: Color) -> bool:
    """Whether ``card`` (as it lies now: face-down cards are colourless) has one of ``colors``."""
    return color_of(state, card) in colors


def index_under(state: GameState, card: CardId, moving: CardId) -> tuple[Location, int]:
    """Where ``moving`` must go to lie directly under ``card``: its location, and the index
    in that stack once ``moving`` has left its own place."""
    zone = zone_of(state, card)
    if zone.location is None:
        raise RulesError(f"{card} is not on a location")
    stack = [c for c in state.stack(zone.location) if c != moving]
    return zone.location, stack.index(card)


def zone_of(state: GameState, card: CardId) -> Zone:
    zone = state.zone_of(card)
    if zone is None:
        raise RulesError(f"{card} is nowhere")
    return zone


def gain(table: Table, seat: Seat, card: CardId) -> Program[None]:
    """``seat`` takes ``card`` into hand from wherever it is (no location bonus, RR-ABIL-5)."""
    yield CardGained(seat, card, zone_of(table.state, card))


def gain_top_of_deck(table: Table, seat: Seat) -> Program[CardId | None]:
    """Gain the deck's top card; nothing if the deck is empty (RR-DECK-1)."""
    if not table.state.deck:
        return None
    card = table.state.deck[-1]
    yield CardGained(seat, card, Zone.deck())
    return card


def banish(table: Table, card: CardId) -> Program[None]:
    """RR-ABIL-7: put ``card`` on the banished pile, from wherever it is."""
    yield CardBanished(card, zone_of(table.state, card))


def place(table: Table, card: CardId, location: Location, index: int | None = None,
          face_down: bool = False, seat: Seat | None = None) -> Program[None]:
    """Place (not deploy, RR-ABIL-2) ``card`` on ``location``; ``index`` None is the top.

    A card placed face down by ``seat`` stays known to that seat (RR-VIEW-4)."""
    yield CardPlaced(card, zone_of(table.state, card), location, index, face_down,
                     seat if face_down else None)


def move(table: Table, card: CardId, location: Location, index: int | None = None
         ) -> Program[None]:
    """Move ``card`` from its location to ``location`` (top unless ``index``); not a deploy."""
    source = zone_of(table.state, card)
    if source.location is None:
        raise RulesError(f"{card} is not on a location")
    yield CardMoved(card, source.location, location, index)


def return_to_deck(table: Table, card: CardId, bottom: bool = False) -> Program[None]:
    yield CardReturnedToDeck(card, zone_of(table.state, card), bottom)


def reveal(table: Table, card: CardId, seat: Seat | None = None) -> Program[None]:
    """RR-ABIL-6: show ``card`` to everyone; it stays where it is."""
    zone = zone_of(table.state, card)
    if table.state.solo is not None and table.state.phase is Phase.PLAY \
            and zone.kind is ZoneKind.HAND and not table.state.is_automa(zone.seat):
        return  # RULING-T10: Au Toma does not care; holding the card is enough
    yield CardRevealed(card, zone, seat)


def look_at(table: Table, seat: Seat, cards: tuple[CardId, ...], source: Zone) -> Program[None]:
    """RR-VIEW-3: ``seat`` looks at ``cards`` of ``source``; nobody else sees them."""
    if cards:
        yield CardsSeen(seat, cards, source)


def give(table: Table, giver: Seat, receiver: Seat, card: CardId) -> Program[None]:
    yield CardPassed(card, giver, receiver)


def blockers(state: GameState, seat: Seat, kind: BlockKind) -> tuple[CardId, ...]:
    """The cards in ``seat``'s hand whose block ability blocks ``kind``."""
    return tuple([c for c in state.hand(seat) if _block_kind(c) is kind])


@made_once  # a dict read in C, not functools.cache (rr.once)
def _block_kind(card: CardId) -> BlockKind | None:
    """``card``'s block kind, read once: a Sovereign token taken asks it of a whole hand, and
    the printed text is searched for it (issue #30)."""
    return card_data(card).block_kind


def offer_block(table: Table, seat: Seat, against: Seat, kind: BlockKind, what: str
                ) -> Program[CardId | None]:
    """RR-BLOCK-1: ask ``seat`` whether to reveal a block card against ``against``'s attempt.

    The question is asked whether or not ``seat`` holds a block card (RULING-B8: a table
    would see who is asked); without one, "no" is the only answer. Returns the card revealed,
    or ``None``. The ``BlockUsed`` event is yielded here; what the block then does is the
    caller's business.
    """
    if seat == against:
        return None
    cards = blockers(table.state, seat, kind)
    options: list[Answer | PickCard] = [_NO, *map(pick_card, cards)]
    rule = _STEAL_OR_BANISH if kind is _STEAL else _TAKE_SOVEREIGN
    choice = yield from ask(
        table, seat, _BLOCK, rule,
        f"{table.state.players[against].name} tries to {what}: reveal a card to block?",
        options, distinct=True)  # "no", then the cards of a hand
    if not isinstance(choice, PickCard):
        return None
    yield BlockUsed(seat, choice.card, against)
    return choice.card


def is_blocked(table: Table, actor: Seat, victim: Seat, what: str) -> Program[bool]:
    """RR-BLOCK-2: an opponent's attempt to steal or banish ``victim``'s cards; True if blocked.

    The block card is revealed and returns to the hand (RULING-A13).
    """
    card = yield from offer_block(table, victim, actor, BlockKind.STEAL_OR_BANISH, what)
    return card is not None


def move_under(table: Table, card: CardId, moving: CardId) -> Program[None]:
    """Move ``moving`` from its location to directly under ``card`` (not a deploy)."""
    location, index = index_under(table.state, card, moving)
    yield from move(table, moving, location, index)


def targets(state: GameState, seat: Seat, opponents: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """RULING-V1: the opponents an ability that makes them lose a card may choose.

    Under the official multiplayer variant (``protect_small_hands``), only those holding more
    cards than their starting hand.
    """
    if not state.ruleset.protect_small_hands:
        return opponents
    return tuple(s for s in opponents if len(state.hand(s)) > _starting_hand(state, s))


def _starting_hand(state: GameState, seat: Seat) -> int:
    if state.is_automa(seat):
        return automa_table().starting_hand  # RR-SOLO-6: Au Toma starts with 2
    return starting_hand(state.players[seat].house)


def steal(table: Table, thief: Seat, victim: Seat, card: CardId) -> Program[None]:
    """Move ``card`` from ``victim``'s hand to ``thief``'s (call :func:`is_blocked` first)."""
    if card not in table.state.hand(victim):
        raise RulesError(f"{card} is not in P{victim}'s hand")
    yield CardPassed(card, victim, thief)


def choose_from_hand(table: Table, seat: Seat, source: Source, prompt: str,
                     cards: tuple[CardId, ...] | None = None) -> Program[CardId | None]:
    """``seat`` picks one card of their hand (or of ``cards``); ``None`` if there is none."""
    pool = table.state.hand(seat) if cards is None else cards
    if not pool:
        return None
    choice = yield from ask(table, seat, Ask.CARD, source, prompt, [pick_card(c) for c in pool])
    return choice.card
