"""RR-SOLO-14: what Tull Au Toma does when a player's ability asks her something.

She makes no choice of her own (RR-SOLO-1). A question addressed to her seat is answered
here, from the state alone, so it asks no decision and records nothing: a replay asks the same
question of the same state and gets the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rr.automa import automa_table
from rr.decisions import Ask, Source
from rr.options import Answer, Option, PickCard
from rr.state import GameState

O = TypeVar("O", bound=Option)


class AutomaCannotAnswer(Exception):
    """A question no solo rule answers for her: a bug in rr (or a card the solo mode removes)."""


def automa_answer(state: GameState, seat: int, kind: Ask, source: Source,
                  options: Sequence[O]) -> O:
    """RR-SOLO-14: her answer to a question a player's ability asks her.

    - a steal or a forced banish of one of her cards takes the bottom card of her hand;
    - a "may" that gives her something for free: she always accepts;
    - a block: she never reveals one (RULING-T6).
    """
    if kind is Ask.BLOCK:
        return _only(options, Answer.NO)
    if kind is Ask.CONFIRM:
        return _only(options, Answer.YES)
    if kind is Ask.CARD:
        hand = state.hand(seat)
        mine = [o for o in options if isinstance(o, PickCard) and o.card in hand]
        if mine:
            return min(mine, key=lambda o: hand.index(o.card))
    raise AutomaCannotAnswer(f"{source}: no solo rule answers {kind.value!r} for Au Toma")


def _only(options: Sequence[O], answer: Answer) -> O:
    for option in options:
        if option is answer:
            return option
    raise AutomaCannotAnswer(f"Au Toma answers {answer.value!r}, which is not an option")


def hand_size_for_fewest(state: GameState, seat: int) -> int:
    """RR-SOLO-17 (Psychologist): her hand counts as a third of its size, rounded down."""
    size = len(state.hand(seat))
    if state.is_automa(seat):
        return size // automa_table().variant_psychologist_divisor
    return size
