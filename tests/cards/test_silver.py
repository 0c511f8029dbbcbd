"""Silver card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rr.cards.registry import abilities
from rr.decisions import Ask
from rr.effects import Program, Table, gain
from rr.effects.play import TurnLog
from rr.events.types import (
    CardBanished, CardGained, CardRevealed, HeliumGained, HeliumLost, HeliumPaid,
    InfluencePlaced, InfluenceRemoved, TurnKind, TurnStarted,
)
from rr.model import CardId, Color, House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickFaceDown, PickPlayer
from rr.rules.end import end_of_game
from rr.rules.turn import deploy
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play


def _deployed_twice(card: str) -> Callable[[Table], Program[None]]:
    """P1 deploys ``card`` on Mars, takes it back into hand and deploys it again in the same
    turn (no card does this; it is how RR-ABIL-4's once-per-turn limit can be seen)."""
    card_id = CardId(card)

    def program(table: Table) -> Program[None]:
        log = TurnLog(0)
        yield TurnStarted(0, TurnKind.NORMAL)
        yield from deploy(table, log, card_id, Location.MARS, Zone.hand(0))
        yield from gain(table, 0, card_id)
        yield from deploy(table, log, card_id, Location.LUNA, Zone.hand(0))

    return program


# --- Banker -------------------------------------------------------------------------------------


@pytest.mark.card("banker")
@pytest.mark.rule("RULING-A15")
def test_banker_pays_3_to_gain_any_card_of_its_location_then_is_banished() -> None:
    """Banker, "You may pay 3 Helium to gain any card from this location. If you do, banish
    Banker.": any position of the stack, 3 Helium to the supply, Banker banished."""
    game = (Scenario(2).hand(0, "banker").at(Location.MARS, "sevro", "deanna")
            .tokens(0, helium=4).deploy(0, "banker", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {
        Answer.NO, PickCard("sevro"), PickCard("deanna"), PickCard("banker")}
    events = play(game, PickCard("sevro"))
    assert HeliumLost(0, 3) in events
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in events
    assert CardBanished("banker", Zone.at(Location.MARS)) in events
    assert game.state.players[0].helium == 1
    assert game.state.hand(0) == ("sevro",)
    assert game.state.stack(Location.MARS) == ("deanna",)


@pytest.mark.card("banker", "firewall_expert")
@pytest.mark.rule("RULING-A15", "RULING-B8")
def test_banker_takes_a_face_down_card_by_where_it_lies() -> None:
    """Banker, "You may pay 3 Helium to gain any card from this location. If you do, banish
    Banker.": a face-down card is offered by where it lies; the card it is ends in the hand."""
    game = (Scenario(2).hand(0, "banker")
            .at(Location.MARS, "sevro", "deanna", face_down=["sevro"])
            .tokens(0, helium=3).deploy(0, "banker", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {
        Answer.NO, PickFaceDown(Location.MARS, 2), PickCard("deanna"), PickCard("banker")}
    events = play(game, PickFaceDown(Location.MARS, 2))
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in events
    assert game.state.hand(0) == ("sevro",)
    assert game.state.stack(Location.MARS) == ("deanna",)


@pytest.mark.card("banker")
def test_banker_may_decline() -> None:
    """Banker, "You may pay 3 Helium ...": declining keeps the Helium and Banker."""
    game = (Scenario(2).hand(0, "banker").at(Location.MARS, "sevro")
            .tokens(0, helium=3).deploy(0, "banker", Location.MARS))
    events = play(game, Answer.NO)
    assert not any(isinstance(e, (HeliumLost, CardGained)) for e in events)
    assert game.state.players[0].helium == 3
    assert game.state.stack(Location.MARS) == ("sevro", "banker")


@pytest.mark.card("banker")
def test_banker_without_3_helium_offers_nothing() -> None:
    """Banker, "You may pay 3 Helium ...": with only 2 Helium the payment is not offered."""
    game = (Scenario(2).hand(0, "banker").at(Location.MARS, "sevro")
            .tokens(0, helium=2).deploy(0, "banker", Location.MARS))
    assert game.is_over
    assert game.state.stack(Location.MARS) == ("sevro", "banker")


@pytest.mark.card("banker")
@pytest.mark.rule("RULING-A16")
@pytest.mark.rule("RULING-C2")
def test_banker_may_gain_itself_and_is_then_banished() -> None:
    """Banker, "gain any card from this location. If you do, banish Banker.": read literally,
    Banker is a card of this location; gaining it sends it from the hand to the banished pile."""
    game = (Scenario(2).hand(0, "banker").tokens(0, helium=3)
            .deploy(0, "banker", Location.LUNA))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("banker")}
    events = play(game, PickCard("banker"))
    assert CardBanished("banker", Zone.hand(0)) in events
    assert game.state.hand(0) == ()
    assert game.state.players[0].helium == 0


@pytest.mark.card("banker")
@pytest.mark.rule("RULING-A29")
def test_banker_deploy_is_a_resource_trade() -> None:
    """Banker, "You may pay 3 Helium to gain any card ...": a trade, so once per turn."""
    assert abilities(CardId("banker")).trade


@pytest.mark.card("banker")
def test_banker_at_the_end_pays_3_for_the_top_card_of_any_location() -> None:
    """Banker, "You may pay 3 Helium to gain the top card of any location.": only top cards."""
    game = (Scenario(2).hand(0, "banker").tokens(0, helium=5)
            .at(Location.MARS, "sevro", "deanna").at(Location.LUNA, "harmony")
            .ability(0, "banker"))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("deanna"), PickCard("harmony")}
    events = play(game, PickCard("deanna"))
    assert HeliumLost(0, 3) in events
    assert CardGained(0, "deanna", Zone.at(Location.MARS)) in events
    assert game.state.hand(0) == ("banker", "deanna")


@pytest.mark.card("banker", "firewall_expert")
@pytest.mark.rule("RULING-B8")
def test_banker_at_the_end_takes_a_face_down_top_card_by_where_it_lies() -> None:
    """Banker, "You may pay 3 Helium to gain the top card of any location.": a face-down top
    card is offered by where it lies; the card it is ends in the hand."""
    game = (Scenario(2).hand(0, "banker").tokens(0, helium=3)
            .at(Location.JUPITER, "deanna", "sevro", face_down=["sevro"])
            .at(Location.LUNA, "harmony").ability(0, "banker"))
    assert game.pending is not None
    assert set(game.pending.options) == {
        Answer.NO, PickFaceDown(Location.JUPITER, 0), PickCard("harmony")}
    events = play(game, PickFaceDown(Location.JUPITER, 0))
    assert CardGained(0, "sevro", Zone.at(Location.JUPITER)) in events
    assert game.state.hand(0) == ("banker", "sevro")


@pytest.mark.card("banker")
def test_banker_at_the_end_may_decline() -> None:
    """Banker, "You may pay 3 Helium to gain the top card ...": declining changes nothing."""
    game = (Scenario(2).hand(0, "banker").tokens(0, helium=3)
            .at(Location.MARS, "sevro").ability(0, "banker"))
    play(game, Answer.NO)
    assert game.state.players[0].helium == 3
    assert game.state.hand(0) == ("banker",)


@pytest.mark.card("banker")
@pytest.mark.rule("RULING-A23")
def test_banker_at_the_end_impossible_without_helium_or_cards() -> None:
    """Banker, "You may pay 3 Helium to gain the top card of any location.": nothing to ask
    with 2 Helium, nor with every location empty."""
    poor = Scenario(2).hand(0, "banker").tokens(0, helium=2).at(Location.MARS, "sevro")
    assert poor.ability(0, "banker").is_over
    empty = Scenario(2).hand(0, "banker").tokens(0, helium=9)
    assert empty.ability(0, "banker").is_over


@pytest.mark.card("banker", "surgeon")
@pytest.mark.rule("RULING-A28", "RR-END-9", "RULING-B9")
def test_banker_at_the_end_gains_a_card_whose_own_end_of_game_ability_then_resolves() -> None:
    """Banker, "You may pay 3 Helium to gain the top card of any location.": the Surgeon
    bought joins the hand while its owner is still resolving, is shown, and Surgeon's "Gain
    any 1 banished Gold." resolves too."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.DIANA).hand(0, "banker")
            .tokens(0, helium=3).at(Location.MARS, "surgeon").banished("sevro")
            .end_triggered(0).run(end_of_game))
    events = play(game, PickCard("surgeon"))
    assert game.is_over
    assert events[1:5] == (HeliumLost(0, 3), CardGained(0, "surgeon", Zone.at(Location.MARS)),
                          CardRevealed("surgeon", Zone.hand(0), 0),
                          CardGained(0, "sevro", Zone.banished()))
    assert game.state.hand(0) == ("banker", "surgeon", "sevro")


# --- CEO ----------------------------------------------------------------------------------------


@pytest.mark.card("ceo")
def test_ceo_regresses_once_for_2_helium() -> None:
    """CEO, "You may regress once on the Fleet Track. If you do, gain 2 Helium."."""
    game = Scenario(2).hand(0, "ceo").tokens(0, fleet=3).deploy(0, "ceo", Location.JUPITER)
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    play(game, Answer.YES)
    assert game.state.players[0].fleet == 2
    assert game.state.players[0].helium == 2


@pytest.mark.card("ceo")
def test_ceo_may_decline() -> None:
    """CEO, "You may regress once ...": declining keeps the Fleet position and gains nothing."""
    game = Scenario(2).hand(0, "ceo").tokens(0, fleet=3).deploy(0, "ceo", Location.JUPITER)
    play(game, Answer.NO)
    assert game.state.players[0].fleet == 3
    assert game.state.players[0].helium == 0


@pytest.mark.card("ceo")
@pytest.mark.rule("RULING-A26")
def test_ceo_at_fleet_1_may_regress_to_the_start() -> None:
    """CEO, "You may regress once on the Fleet Track. If you do, gain 2 Helium.": from the
    first space one regression is still possible (back to 0), so the trade is offered."""
    game = Scenario(2).hand(0, "ceo").tokens(0, fleet=1).deploy(0, "ceo", Location.JUPITER)
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    play(game, Answer.YES)
    assert game.state.players[0].fleet == 0
    assert game.state.players[0].helium == 2


@pytest.mark.card("ceo")
@pytest.mark.rule("RULING-A26")
def test_ceo_at_fleet_0_cannot_regress_so_gains_nothing() -> None:
    """CEO, "If you do, gain 2 Helium.": at position 0 there is no regression, so no Helium."""
    game = Scenario(2).hand(0, "ceo").deploy(0, "ceo", Location.JUPITER)
    assert game.is_over
    assert game.state.players[0].helium == 0


@pytest.mark.card("ceo")
@pytest.mark.rule("RULING-A29", "RR-ABIL-4")
def test_ceo_is_a_resource_trade() -> None:
    """CEO, "regress once ... If you do, gain 2 Helium.": Fleet for Helium, once per turn; a
    second resolution in the same turn asks nothing."""
    game = Scenario(2).hand(0, "ceo").tokens(0, fleet=3).run(_deployed_twice("ceo"))
    play(game, Answer.YES)
    assert game.is_over
    assert game.state.players[0].fleet == 2 and game.state.players[0].helium == 2


# --- Investor -----------------------------------------------------------------------------------


@pytest.mark.card("investor")
@pytest.mark.rule("RULING-A1")
def test_investor_gains_1_helium_per_card_of_the_chosen_colour_here() -> None:
    """Investor, "Choose a color other than Silver. Gain 1 Helium for each card of that color at
    this location.": face-down cards have no colour; other locations do not count."""
    game = (Scenario(2).hand(0, "investor")
            .at(Location.MARS, "sevro", "cassius", "deanna", "mustang", face_down=["mustang"])
            .at(Location.LUNA, "tactus").deploy(0, "investor", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.COLOR
    assert Color.SILVER not in game.pending.options
    assert len(game.pending.options) == len(Color) - 1
    events = play(game, Color.GOLD)
    assert HeliumGained(0, 2) in events
    assert game.state.players[0].helium == 2


@pytest.mark.card("investor")
def test_investor_colour_absent_gains_nothing() -> None:
    """Investor, "Gain 1 Helium for each card of that color": none of it here, no Helium."""
    game = (Scenario(2).hand(0, "investor").at(Location.MARS, "sevro")
            .deploy(0, "investor", Location.MARS))
    play(game, Color.PINK)
    assert game.state.players[0].helium == 0


@pytest.mark.card("investor")
def test_investor_at_the_end_counts_mars() -> None:
    """Investor, "Choose a color other than Silver and gain 1 Helium for each card of that color
    on Mars."."""
    game = (Scenario(2).hand(0, "investor").at(Location.MARS, "deanna", "darrow", "sevro")
            .at(Location.JUPITER, "harmony").ability(0, "investor"))
    assert game.pending is not None and Color.SILVER not in game.pending.options
    play(game, Color.RED)
    assert game.state.players[0].helium == 2


# --- Loan Shark ---------------------------------------------------------------------------------


@pytest.mark.card("loan_shark")
@pytest.mark.rule("RULING-A12")
def test_loan_shark_opponent_pays_2_for_a_turn_out_of_order() -> None:
    """Loan Shark, "They may give you 2 Helium to immediately take 1 turn out of order (but may
    not gain Loan Shark) before you finish your turn.": a full turn, then your final step."""
    game = (Scenario(2).hand(0, "loan_shark").hand(1, "deanna").tokens(1, helium=3)
            .at(Location.JUPITER, "harmony").turn(0))
    play(game, Lead("loan_shark", Location.MARS))
    assert game.pending is not None
    assert game.pending.seat == 1 and game.pending.ask is Ask.CONFIRM
    events = play(game, Answer.YES)
    assert HeliumPaid(1, 0, 2) in events
    assert TurnStarted(1, TurnKind.OUT_OF_ORDER) in events
    play(game, Lead("deanna", Location.LUNA))
    assert game.pending is not None and game.pending.seat == 1
    assert GainTop(Location.MARS) not in game.pending.options  # may not gain Loan Shark
    play(game, GainTop(Location.JUPITER))
    # Back to P1's own turn: its final step.
    assert game.pending is not None and game.pending.seat == 0
    assert game.pending.ask is Ask.GAIN
    assert game.state.players[0].helium == 2


@pytest.mark.card("loan_shark")
def test_loan_shark_opponent_declines_and_gives_1_helium() -> None:
    """Loan Shark, "Otherwise they must give you 1 Helium."."""
    game = (Scenario(2).hand(0, "loan_shark").tokens(1, helium=3)
            .deploy(0, "loan_shark", Location.MARS))
    events = play(game, Answer.NO)
    assert HeliumPaid(1, 0, 1) in events
    assert not any(isinstance(e, TurnStarted) for e in events)
    assert game.is_over


@pytest.mark.card("loan_shark")
@pytest.mark.rule("RULING-A12")
def test_loan_shark_opponent_with_1_helium_is_not_asked() -> None:
    """Loan Shark, "They may give you 2 Helium ... Otherwise they must give you 1 Helium.":
    with under 2 Helium there is no offer, they just give 1."""
    game = (Scenario(2).hand(0, "loan_shark").tokens(1, helium=1)
            .deploy(0, "loan_shark", Location.MARS))
    assert game.is_over
    assert game.state.players[0].helium == 1 and game.state.players[1].helium == 0


@pytest.mark.card("loan_shark")
@pytest.mark.rule("RULING-A23")
def test_loan_shark_opponent_with_no_helium_gives_nothing() -> None:
    """Loan Shark, "Otherwise they must give you 1 Helium.": nothing to give, nothing given."""
    game = Scenario(2).hand(0, "loan_shark").deploy(0, "loan_shark", Location.MARS)
    assert game.is_over
    assert game.state.players[0].helium == 0


@pytest.mark.card("loan_shark")
def test_loan_shark_chooses_among_every_opponent() -> None:
    """Loan Shark, "Choose an opponent.": every other player is offered; the chosen one decides."""
    game = (Scenario(3).hand(0, "loan_shark").tokens(2, helium=2)
            .deploy(0, "loan_shark", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.PLAYER
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2))
    assert game.pending is not None and game.pending.seat == 2


@pytest.mark.card("loan_shark")
@pytest.mark.rule("RULING-V1")
def test_loan_shark_is_not_limited_by_the_multiplayer_variant() -> None:
    """Loan Shark, "Choose an opponent.": not one of the variant's six cards, so opponents at
    or below their starting hand may still be chosen."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).hand(0, "loan_shark")
            .hand(1, "deanna").tokens(2, helium=1).deploy(0, "loan_shark", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    events = play(game, PickPlayer(2))
    assert HeliumPaid(2, 0, 1) in events


# --- Quicksilver --------------------------------------------------------------------------------


@pytest.mark.card("quicksilver")
def test_quicksilver_steals_from_the_richest_opponent() -> None:
    """Quicksilver, "Steal 1 Helium from the opponent with the most Helium"."""
    game = (Scenario(3).hand(0, "quicksilver").tokens(1, helium=2).tokens(2, helium=4)
            .deploy(0, "quicksilver", Location.MARS))
    assert game.is_over
    assert game.state.players[2].helium == 3 and game.state.players[0].helium == 1


@pytest.mark.card("quicksilver")
def test_quicksilver_chooses_among_tied_richest() -> None:
    """Quicksilver, "(if tied, you choose which of those opponents)."."""
    game = (Scenario(4).hand(0, "quicksilver").tokens(1, helium=3).tokens(2, helium=1)
            .tokens(3, helium=3).deploy(0, "quicksilver", Location.MARS))
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(3)}
    events = play(game, PickPlayer(3))
    assert HeliumPaid(3, 0, 1) in events


@pytest.mark.card("quicksilver")
@pytest.mark.rule("RULING-A23")
def test_quicksilver_with_no_opponent_helium_does_nothing() -> None:
    """Quicksilver, "Steal 1 Helium ...": no opponent has any, nothing happens."""
    game = Scenario(2).hand(0, "quicksilver").deploy(0, "quicksilver", Location.MARS)
    assert game.is_over and game.state.players[0].helium == 0
    game = Scenario(3).hand(0, "quicksilver").deploy(0, "quicksilver", Location.MARS)
    assert game.is_over, "no choice between opponents who have nothing to steal"
    assert [p.helium for p in game.state.players] == [0, 0, 0]


@pytest.mark.card("quicksilver", "the_howlers")
@pytest.mark.rule("RULING-A13")
def test_quicksilver_helium_steal_is_not_blockable() -> None:
    """Quicksilver, "Steal 1 Helium ...": block cards guard cards, not Helium (RULING-A13)."""
    game = (Scenario(2).hand(0, "quicksilver").hand(1, "the_howlers", "judge")
            .tokens(1, helium=1).deploy(0, "quicksilver", Location.MARS))
    assert game.is_over
    assert game.state.players[0].helium == 1


@pytest.mark.card("quicksilver")
@pytest.mark.rule("RULING-V1")
def test_quicksilver_is_not_limited_by_the_multiplayer_variant() -> None:
    """Quicksilver, "Steal 1 Helium from the opponent with the most Helium": not one of the
    variant's six cards; a small hand does not protect the richest opponent."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).hand(0, "quicksilver")
            .tokens(1, helium=2).deploy(0, "quicksilver", Location.MARS))
    assert game.is_over
    assert game.state.players[1].helium == 1 and game.state.players[0].helium == 1


# --- Sponsor ------------------------------------------------------------------------------------


@pytest.mark.card("sponsor")
def test_sponsor_pays_1_helium_for_2_influence() -> None:
    """Sponsor, "You may pay 1 Helium to place 2 Influence on the Institute."."""
    game = (Scenario(2).hand(0, "sponsor").tokens(0, helium=1)
            .deploy(0, "sponsor", Location.MARS))
    events = play(game, Answer.YES)
    assert HeliumLost(0, 1) in events and InfluencePlaced(0, 2) in events
    assert game.state.players[0].influence == 2


@pytest.mark.card("sponsor")
def test_sponsor_may_decline() -> None:
    """Sponsor, "You may pay 1 Helium ...": declining keeps the Helium."""
    game = (Scenario(2).hand(0, "sponsor").tokens(0, helium=1)
            .deploy(0, "sponsor", Location.MARS))
    play(game, Answer.NO)
    assert game.state.players[0].helium == 1 and game.state.players[0].influence == 0


@pytest.mark.card("sponsor")
def test_sponsor_without_helium_offers_nothing() -> None:
    """Sponsor, "You may pay 1 Helium ...": with no Helium the payment is not offered."""
    game = Scenario(2).hand(0, "sponsor").deploy(0, "sponsor", Location.MARS)
    assert game.is_over and game.state.players[0].influence == 0


@pytest.mark.card("sponsor")
@pytest.mark.rule("RULING-A26")
@pytest.mark.rule("RULING-C10")
def test_sponsor_influence_beyond_10_is_lost() -> None:
    """Sponsor, "place 2 Influence on the Institute.": with 1 token left only 1 is placed."""
    game = (Scenario(2).hand(0, "sponsor").tokens(0, helium=1, influence=9)
            .deploy(0, "sponsor", Location.MARS))
    play(game, Answer.YES)
    assert game.state.players[0].influence == 10 and game.state.players[0].helium == 0


@pytest.mark.card("sponsor")
@pytest.mark.rule("RULING-A29", "RR-ABIL-4")
def test_sponsor_is_a_resource_trade() -> None:
    """Sponsor, "You may pay 1 Helium to place 2 Influence": named by the rulebook as a trade,
    so once per turn."""
    game = Scenario(2).hand(0, "sponsor").tokens(0, helium=2).run(_deployed_twice("sponsor"))
    play(game, Answer.YES)
    assert game.is_over
    assert game.state.players[0].helium == 1 and game.state.players[0].influence == 2


# --- Stock Broker -------------------------------------------------------------------------------


@pytest.mark.card("stock_broker")
@pytest.mark.rule("RULING-A26")
def test_stock_broker_loses_1_influence_for_2_helium() -> None:
    """Stock Broker, "You may lose 1 Influence from the Institute. If you do, gain 2 Helium."."""
    game = (Scenario(2).hand(0, "stock_broker").tokens(0, influence=2)
            .deploy(0, "stock_broker", Location.MARS))
    events = play(game, Answer.YES)
    assert InfluenceRemoved(0, 1) in events and HeliumGained(0, 2) in events
    assert game.state.players[0].influence == 1 and game.state.players[0].helium == 2


@pytest.mark.card("stock_broker")
def test_stock_broker_may_decline() -> None:
    """Stock Broker, "You may lose 1 Influence ...": declining keeps it."""
    game = (Scenario(2).hand(0, "stock_broker").tokens(0, influence=2)
            .deploy(0, "stock_broker", Location.MARS))
    play(game, Answer.NO)
    assert game.state.players[0].influence == 2 and game.state.players[0].helium == 0


@pytest.mark.card("stock_broker")
@pytest.mark.rule("RULING-A26")
def test_stock_broker_without_influence_gains_nothing() -> None:
    """Stock Broker, "If you do, gain 2 Helium.": no Influence of yours there, no Helium."""
    game = Scenario(2).hand(0, "stock_broker").deploy(0, "stock_broker", Location.MARS)
    assert game.is_over and game.state.players[0].helium == 0


@pytest.mark.card("stock_broker")
@pytest.mark.rule("RULING-A22")
def test_stock_broker_losing_influence_keeps_the_end_triggered() -> None:
    """Stock Broker, "You may lose 1 Influence ...": dropping below 7 does not undo the end."""
    game = (Scenario(2).hand(0, "stock_broker").tokens(0, influence=7, fleet=7)
            .end_triggered(0).deploy(0, "stock_broker", Location.MARS))
    play(game, Answer.YES)
    assert game.state.players[0].influence == 6
    assert game.state.end_triggered


@pytest.mark.card("stock_broker")
@pytest.mark.rule("RULING-A29", "RR-ABIL-4")
def test_stock_broker_is_a_resource_trade() -> None:
    """Stock Broker, "lose 1 Influence ... gain 2 Helium": named by the rulebook as a trade,
    so once per turn."""
    game = (Scenario(2).hand(0, "stock_broker").tokens(0, influence=2)
            .run(_deployed_twice("stock_broker")))
    play(game, Answer.YES)
    assert game.is_over
    assert game.state.players[0].influence == 1 and game.state.players[0].helium == 2

