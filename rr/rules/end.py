"""RR-END-*: after the last turn — end-of-game abilities, Ceres' banish, declarations, scoring.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards.catalogue import card as card_data
from rr.cards.catalogue import names
from rr.cards.registry import abilities, has_end_of_game_ability
from rr.decisions import Ask, ByRule, by_card
from rr.effects.cards import banish, choose_from_hand, reveal
from rr.effects.play import Play
from rr.effects.program import Program, Table, ask
from rr.events.types import (
    AbilityMissing,
    CardDeclared,
    GameScored,
    Phase,
    PhaseChanged,
    TurnEnded,
    TurnKind,
    TurnStarted,
)
from rr.model import CardId, Color, Declaration, House, Seat
from rr.options import Answer, Option, PickName, pick_card, pick_name
from rr.rules.final import result_of
from rr.rules.turn import hooks
from rr.state import GameState


CERES_FINAL_BANISH = ByRule("RR-END-6")
"""The source of Ceres' final banish (RR-END-6)."""
_END_OF_GAME_ABILITIES = ByRule("RR-END-5")


def seats_from_first(state: GameState) -> list[Seat]:
    """Every seat in turn order, the first player first (RR-TURN-2)."""
    first = state.first_player or 0
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def end_of_game(table: Table) -> Program[None]:
    """RR-END-5..7, then the game is over."""
    yield PhaseChanged(Phase.END_OF_GAME)
    yield from end_of_game_from(table, seats_from_first(table.state)[0])


def end_of_game_from(table: Table, first: Seat) -> Program[None]:
    """The end of the game from the start of ``first``'s end-of-game step (RR-END-5..7)."""
    order = seats_from_first(table.state)
    for seat in order[order.index(first):]:
        if table.state.is_automa(seat):
            continue  # RR-SOLO-15: her hand is only counted, never used
        yield from end_of_game_step(table, seat)
    for seat in order:
        if table.state.players[seat].house is House.CERES:
            card = yield from choose_from_hand(table, seat, CERES_FINAL_BANISH,
                                               "Ceres: banish 1 card from your hand")
            if card is not None:
                yield from banish(table, card)
    yield from score(table)
    yield PhaseChanged(Phase.OVER)


def end_of_game_step(table: Table, seat: Seat) -> Program[None]:
    """RR-END-5, RULING-B9: ``seat`` shows its end-of-game cards, resolves their abilities in
    the order it chooses, then declares its Grays and Oranges (RULING-A8: the mimic texts
    carry the same icon)."""
    yield TurnStarted(seat, TurnKind.END_OF_GAME)
    shown: set[CardId] = set()
    yield from show_end_of_game_cards(table, seat, shown)
    yield from resolve_end_of_game_abilities(table, seat, shown)
    yield from declare(table, seat)
    yield TurnEnded(seat)


def has_end_of_game_icon(card: CardId) -> bool:
    """An end-of-game ability, or a Gray's or an Orange's mimic text (RULING-A8)."""
    return card_data(card).end_of_game is not None


def show_end_of_game_cards(table: Table, seat: Seat, shown: set[CardId]) -> Program[None]:
    """RULING-B9: every card of ``seat``'s hand with the end-of-game icon not yet shown is
    revealed (it stays in the hand)."""
    for card in table.state.hand(seat):
        if card not in shown and has_end_of_game_icon(card):
            shown.add(card)
            yield from reveal(table, card, seat)


def resolve_end_of_game_abilities(table: Table, seat: Seat,
                                  shown: set[CardId] | None = None) -> Program[None]:
    """RR-END-5: all of ``seat``'s end-of-game abilities, in the order they choose.

    A card gained meanwhile joins in while the player is still resolving (RULING-A28), shown
    like the others (RULING-B9).
    """
    done: set[CardId] = set()
    while True:
        if shown is not None:
            yield from show_end_of_game_cards(table, seat, shown)
        waiting = [c for c in table.state.hand(seat)
                   if c not in done and has_end_of_game_ability(c)]
        if not waiting:
            return
        choice = yield from ask(table, seat, Ask.CARD, _END_OF_GAME_ABILITIES,
                                "Resolve an end-of-game ability",
                                [pick_card(c) for c in waiting])
        done.add(choice.card)
        handler = abilities(choice.card).end_of_game
        if handler is None:
            yield AbilityMissing(choice.card, "end_of_game")
            continue
        yield from handler(Play(table, seat, choice.card, None, None, None, hooks()))


OTHER_COLORS: Mapping[Color, tuple[Color, ...]] = {
    c: tuple(o for o in Color if o is not c) for c in Color
}


_DECLARATIONS: Mapping[Color, tuple[Option, ...]] = {
    Color.GRAY: (Answer.BEST, Answer.NO, *OTHER_COLORS[Color.GRAY]),
    Color.ORANGE: (Answer.BEST, Answer.NO, *map(pick_name, names())),
}
"""RULING-B3: what a Gray and an Orange may declare, made once (an Orange offers every
printed name; issue #32)."""


def declare(table: Table, seat: Seat) -> Program[None]:
    """RULING-B3: each Gray may take one other colour, each Orange any character's name.

    ``best`` leaves the choice to the scorer's optimiser; ``no`` declares nothing. Every card
    with the end-of-game icon, the Grays and Oranges among them, is shown already: the last
    round of :func:`resolve_end_of_game_abilities` shows what it finds and ends only when no
    ability waits, and nothing joins the hand after it (RULING-B9).
    """
    for card in table.state.hand(seat):
        data = card_data(card)
        options = _DECLARATIONS.get(data.color)
        if options is None:
            continue
        choice = yield from ask(table, seat, Ask.DECLARE, by_card(card),
                                f"Declaration for {data.name}", options,
                                distinct=True)  # two answers, then distinct colours or names
        declared: Declaration | None = None
        if choice is Answer.NO:
            declared = Declaration()
        elif isinstance(choice, Color):
            declared = Declaration(color=choice)
        elif isinstance(choice, PickName):
            declared = Declaration(name=choice.name)
        yield CardDeclared(seat, card, declared)


def score(table: Table) -> Program[None]:
    """RR-END-7, RR-SCORE-*: the scorepad's totals and winners, recorded as ``GameScored``
    (:func:`~rr.rules.final.result_of`: the scorepad's numbers without its lines)."""
    totals, winners = result_of(table.state)
    yield GameScored(totals, winners)

