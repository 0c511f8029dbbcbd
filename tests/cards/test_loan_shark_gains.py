"""Loan Shark's "(but may not gain Loan Shark)" inside the abilities that gain.

Loan Shark, "Choose an opponent. They may give you 2 Helium to immediately take 1 turn out of
order (but may not gain Loan Shark) before you finish your turn." The turn out of order carries
the card it may not gain (``TurnLog.cannot_gain``, RULING-A12); every ability that gains reads
it. Where Loan Shark can lie where the ability gains from (the card under Cassius or Sevro, the
bottom of Victra's location, any card of Banker's), the turn is the real one Loan Shark gives;
Mustang gains from the banished pile, so that turn is built directly with Loan Shark banished.
Loan Shark is a Silver, a colour no Gray, Orange, Romulus or Ash Lord takes: for them the tests
check that the restriction reaches no other card, and that the guard itself holds when a turn's
``cannot_gain`` names the card they would gain (built directly, a stand-in for Loan Shark).
"""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import CardBanished, CardGained, CardMoved, TurnKind, TurnStarted
from rr.model import CardId, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.rules.turn import take_turn
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def out_of_order(scenario: Scenario, at: Location) -> Game:
    """P0 deploys Loan Shark on ``at``; P1 (who must hold 2 Helium) pays for a turn out of
    order: the game at P1's Lead-or-Scout question. Judge on the Institute keeps P1's final
    step a question."""
    game = scenario.hand(0, "loan_shark").at(I, "judge").turn(0)
    play(game, Lead("loan_shark", at))
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.CONFIRM
    events = play(game, Answer.YES)
    assert TurnStarted(1, TurnKind.OUT_OF_ORDER) in events
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.TURN
    return game


def turn_that_may_not_gain(scenario: Scenario, *cards: str) -> Game:
    """P1's turn out of order, built directly, that may not gain ``cards``. Judge on the
    Institute keeps P1's final step a question."""
    cannot = frozenset(CardId(c) for c in cards)
    return scenario.at(I, "judge").run(
        lambda table: take_turn(table, 1, TurnKind.OUT_OF_ORDER, cannot))


def gained(game: Game) -> list[str]:
    return [e.card for e in game.events if isinstance(e, CardGained)]


@pytest.mark.card("loan_shark", "cassius")
@pytest.mark.rule("RULING-A12", "RULING-A18")
def test_cassius_may_not_gain_loan_shark_under_it() -> None:
    """Cassius, "Gain the card directly under this one. Banish Cassius unless that card is a
    Gold.": Loan Shark under it is not gained, and being no Gold, Cassius goes."""
    game = out_of_order(Scenario(2).hand(1, "cassius").tokens(1, helium=2), M)
    play(game, Lead("cassius", M))
    assert "loan_shark" not in gained(game)
    assert CardBanished("cassius", Zone.at(M)) in game.events
    assert game.state.stack(M) == ("loan_shark",)
    assert game.pending is not None and game.pending.seat == 1  # P1's final step
    assert game.pending.ask is Ask.GAIN and GainTop(M) not in game.pending.options


@pytest.mark.card("loan_shark", "victra")
@pytest.mark.rule("RULING-A12", "RULING-A19")
def test_victra_may_not_gain_loan_shark_at_the_bottom() -> None:
    """Victra, "Gain the bottom card of this location (if it's not this card). Banish Victra
    unless you deployed her on a Gold.": Loan Shark at the bottom stays; she was deployed on a
    Silver, so she goes."""
    game = out_of_order(Scenario(2).hand(1, "victra").tokens(1, helium=2), M)
    play(game, Lead("victra", M))
    assert "loan_shark" not in gained(game)
    assert CardBanished("victra", Zone.at(M)) in game.events
    assert game.state.stack(M) == ("loan_shark",)


@pytest.mark.card("loan_shark", "banker")
@pytest.mark.rule("RULING-A12", "RULING-A15")
def test_banker_may_not_gain_loan_shark() -> None:
    """Banker, "You may pay 3 Helium to gain any card from this location. If you do, banish
    Banker.": every card of the location but Loan Shark is offered."""
    game = out_of_order(Scenario(2).hand(1, "banker").tokens(1, helium=5).at(M, "deanna"), M)
    play(game, Lead("banker", M))
    assert game.pending is not None and game.pending.seat == 1
    assert set(game.pending.options) == {Answer.NO, PickCard("deanna"), PickCard("banker")}
    play(game, PickCard("deanna"))
    assert game.state.hand(1) == ("deanna",)
    assert game.state.stack(M) == ("loan_shark",)


@pytest.mark.card("loan_shark", "sevro", "the_howlers")
@pytest.mark.rule("RULING-A12", "RULING-B8")
def test_sevro_may_not_gain_loan_shark_under_it() -> None:
    """Sevro, "Banish the card directly under this one. You may reveal The Howlers to instead
    gain that card.": Loan Shark may not be gained, so The Howlers are not asked for and Loan
    Shark is banished."""
    game = out_of_order(Scenario(2).hand(1, "sevro", "the_howlers").tokens(1, helium=2), M)
    play(game, Lead("sevro", M))
    assert CardBanished("loan_shark", Zone.at(M)) in game.events
    assert "loan_shark" not in gained(game)
    assert game.state.hand(1) == ("the_howlers",)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("loan_shark", "mustang")
@pytest.mark.rule("RULING-A12", "RULING-A18")
def test_mustang_may_not_gain_a_banished_loan_shark() -> None:
    """Mustang, "Gain 1 banished card. If that card is not a Gold, banish Mustang.": a banished
    Loan Shark is not offered; with nothing else banished, nothing is gained and Mustang
    stays."""
    game = turn_that_may_not_gain(
        Scenario(2).hand(1, "mustang").banished("loan_shark", "deanna", "sevro"), "loan_shark")
    play(game, Lead("mustang", J))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("sevro")}
    alone = turn_that_may_not_gain(Scenario(2).hand(1, "mustang").banished("loan_shark"),
                                   "loan_shark")
    play(alone, Lead("mustang", J))
    assert gained(alone) == []
    assert alone.state.top(J) == "mustang" and alone.state.banished == ("loan_shark",)


@pytest.mark.card("loan_shark", "romulus")
@pytest.mark.rule("RULING-A12", "RULING-A19")
def test_romulus_beside_loan_shark_still_gains_a_blue() -> None:
    """Romulus, "Gain 1 Blue from this location. Banish Romulus unless you deployed him
    directly on top of a Gold.": only Loan Shark is forbidden, so the Blue is gained; Romulus,
    on a Silver, goes."""
    game = out_of_order(Scenario(2).hand(1, "romulus").tokens(1, helium=2).at(J, "invictus"), J)
    play(game, Lead("romulus", J))
    assert gained(game) == ["invictus"]
    assert game.state.stack(J) == ("loan_shark",)
    assert CardBanished("romulus", Zone.at(J)) in game.events


@pytest.mark.card("romulus")
@pytest.mark.rule("RULING-A12")
def test_romulus_may_not_gain_a_blue_the_turn_forbids() -> None:
    """Romulus, "Gain 1 Blue from this location.": a Blue the turn may not gain is not
    offered."""
    game = turn_that_may_not_gain(Scenario(2).hand(1, "romulus").at(J, "invictus", "sevro"),
                                  "invictus")
    play(game, Lead("romulus", J))
    assert gained(game) == []
    assert game.state.stack(J) == ("invictus", "sevro", "romulus")  # on a Gold: he stays


@pytest.mark.card("loan_shark", "ash_lord")
@pytest.mark.rule("RULING-A12", "RULING-B6")
def test_ash_lord_beside_loan_shark_still_regains_itself() -> None:
    """Ash Lord, "Banish all Blues from this location. If this banishes 2 or more Blues, regain
    Ash Lord.": only Loan Shark is forbidden, so Ash Lord is regained; Loan Shark stays."""
    game = out_of_order(Scenario(2).hand(1, "ash_lord").tokens(1, helium=2)
                        .at(J, "invictus", "orion"), J)
    play(game, Lead("ash_lord", J))
    assert set(game.state.banished) == {"invictus", "orion"}
    assert gained(game) == ["ash_lord"]
    assert game.state.stack(J) == ("loan_shark",)


@pytest.mark.card("loan_shark", "colonel_valentin")
@pytest.mark.rule("RULING-A12")
def test_a_gray_beside_loan_shark_may_still_gain_the_card_it_moves() -> None:
    """Colonel Valentin, "Move a Gold from any location to directly under this card. You may
    gain that card; if you do, end your turn.": only Loan Shark is forbidden."""
    game = out_of_order(Scenario(2).hand(1, "colonel_valentin").tokens(1, helium=2)
                        .at(L, "sevro"), M)
    play(game, Lead("colonel_valentin", M))
    assert game.state.stack(M) == ("loan_shark", "sevro", "colonel_valentin")
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    play(game, Answer.YES)
    assert gained(game) == ["sevro"]


@pytest.mark.card("colonel_valentin", "ugly_dan")
@pytest.mark.rule("RULING-A12")
@pytest.mark.parametrize(("gray", "card"), [("colonel_valentin", "sevro"),
                                            ("ugly_dan", "harmony")])
def test_a_gray_moves_but_may_not_gain_a_card_the_turn_forbids(gray: str, card: str) -> None:
    """Colonel Valentin / Ugly Dan, "Move a <colour> from any location to (directly) under this
    card. You may gain that card": a card the turn may not gain is still moved, and the gain is
    not offered."""
    game = turn_that_may_not_gain(Scenario(2).hand(1, gray).at(L, card), card)
    events = play(game, Lead(gray, M))
    assert CardMoved(card, L, M, 0) in events
    assert gained(game) == []
    assert game.pending is not None and game.pending.ask is Ask.GAIN  # the turn goes on


@pytest.mark.card("loan_shark", "aegis_craftsman")
@pytest.mark.rule("RULING-A12", "RULING-A15")
def test_an_orange_beside_loan_shark_may_still_gain_its_colour() -> None:
    """Aegis Craftsman, "You may gain a Gold from this location. If you do, end your turn.":
    only Loan Shark is forbidden; the Gold under it is offered."""
    game = out_of_order(Scenario(2).hand(1, "aegis_craftsman").tokens(1, helium=2)
                        .at(M, "sevro"), M)
    play(game, Lead("aegis_craftsman", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("sevro")}
    play(game, PickCard("sevro"))
    assert gained(game) == ["sevro"]


@pytest.mark.card("aegis_craftsman", "cyther")
@pytest.mark.rule("RULING-A12", "RR-ABIL-1")
@pytest.mark.parametrize(("orange", "card"), [("aegis_craftsman", "sevro"),
                                              ("cyther", "invictus")])
def test_an_orange_may_not_gain_a_card_the_turn_forbids(orange: str, card: str) -> None:
    """Aegis Craftsman / Cyther, "You may gain a <colour> from this location. If you do, end
    your turn.": a card the turn may not gain is not offered, so nothing is asked and the turn
    goes on."""
    game = turn_that_may_not_gain(Scenario(2).hand(1, orange).at(M, card), card)
    events = play(game, Lead(orange, M))
    assert gained(game) == []
    assert not any(isinstance(e, CardGained) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN
