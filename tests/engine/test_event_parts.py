"""An event type is declared in one place (rr.events.parts): a type declared in this module
alone, with its fold, its line and its lesson beside it, folds into the state, is told in
the story and is shown to each seat as it may see it, with no edit to rr.state, rr.narrate,
rr.knowledge or rr.views; and every event type of rr has its fold declared."""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from rr.engine import Game
from rr.events.parts import FOLDS, LESSONS, LINES, REDACTIONS, folds, teaches, tells
from rr.events.types import EVENT_TYPES
from rr.knowledge import knows
from rr.model import CardId, Seat
from rr.narrate import card_name, narration, player
from rr.state import Fields, GameState, apply
from rr.views import HIDDEN, redact


@frozen
class BannerRaised:
    """``seat`` shows ``card`` from its hand to everyone and puts one neutral Influence on the
    Institute (a toy: no such rule)."""

    TAG: ClassVar[str] = "test_banner_raised/1"
    seat: Seat
    card: CardId


@frozen
class CardWhispered:
    """``seat`` names ``card`` of its hand to nobody (a toy: no such rule)."""

    TAG: ClassVar[str] = "test_card_whispered/1"
    seat: Seat
    card: CardId


@folds(BannerRaised)
def _banner_folds(s: GameState, w: Fields, e: BannerRaised) -> None:
    w["neutral_influence"] = s.neutral_influence + 1


@folds(CardWhispered)
def _whisper_folds(s: GameState, w: Fields, e: CardWhispered) -> None:
    pass


@teaches(BannerRaised)
def _banner_teaches(before: GameState, known: Any, e: BannerRaised) -> Any:
    return tuple(k | {e.card} for k in known)


@tells(BannerRaised, CardWhispered)
def _line(e: BannerRaised | CardWhispered, before: GameState, after: GameState) -> str:
    verb = "raises a banner with" if isinstance(e, BannerRaised) else "whispers"
    return f"{player(after, e.seat)} {verb} {card_name(e.card)}"


def _game() -> tuple[GameState, CardId]:
    state = Game.new(["Ana", "Bo"], seed=1).state
    return state, state.players[1].hand[0]


def test_a_toy_event_folds() -> None:
    state, card = _game()
    after = apply(state, BannerRaised(1, card))
    assert after.neutral_influence == state.neutral_influence + 1
    assert after.events == state.events + 1
    assert after.hand(1) == state.hand(1)


def test_a_toy_event_teaches_what_it_declares() -> None:
    state, card = _game()
    assert not knows(state, 0, card)
    assert knows(apply(state, BannerRaised(1, card)), 0, card)
    assert not knows(apply(state, CardWhispered(1, card)), 0, card)


def test_a_toy_event_is_told_and_redacted() -> None:
    state, card = _game()
    name = card_name(card)
    for event, to_ana in ((BannerRaised(1, card), f"Bo raises a banner with {name}"),
                          (CardWhispered(1, card), f"Bo whispers {card_name(HIDDEN)}")):
        told = list(narration([event], 0, initial=state, start=state.events))
        assert [t.text for t in told] == [to_ana]
        to_bo = [t.text for t in narration([event], 1, initial=state, start=state.events)]
        assert to_bo[0].endswith(name)
    assert redact(CardWhispered(1, card), state, 0) == CardWhispered(1, HIDDEN)
    assert redact(CardWhispered(1, card), state, 1) == CardWhispered(1, card)


def test_every_event_type_declares_its_fold() -> None:
    missing = [cls.__name__ for cls in EVENT_TYPES if cls not in FOLDS]
    assert not missing


def test_every_declared_part_is_an_event_types_with_a_fold() -> None:
    for table in (LINES, LESSONS, REDACTIONS):
        assert all(kind in FOLDS for kind in table)
