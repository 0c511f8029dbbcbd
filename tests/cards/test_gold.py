"""Gold card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.effects import Program, Table
from rr.engine import Game
from rr.cards.catalogue import card as card_data
from rr.events.types import (
    BlockUsed, CardBanished, CardGained, CardMoved, CardPassed, CardRevealed,
    CardSelectedAtRandom, CardsSeen, DecisionMade, Event, HeliumGained, InfluencePlaced,
    SovereignTaken,
)
from rr.jsonforms import to_json
from rr.model import House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickName, PickPlayer
from rr.rules.turn import take_turn
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from rr.views import redact

V1 = Ruleset(protect_small_hands=True)
UNLESS_GAINED = Ruleset(unless_means_gained_gold=True)
REVEALED = Ruleset(face_down_gain_is_revealed=True)


def banished(events: tuple[Event, ...]) -> list[str]:
    """The cards banished by ``events``, in order."""
    return [e.card for e in events if isinstance(e, CardBanished)]


def gained(events: tuple[Event, ...]) -> list[str]:
    return [e.card for e in events if isinstance(e, CardGained)]


def no_block(game: Game, seat: int) -> tuple[Event, ...]:
    """``seat``, targeted without a block card, is still asked (RULING-B8) and answers no."""
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.options) == (seat, Ask.BLOCK, (Answer.NO,))
    return play(game, Answer.NO)


# --- Aja -------------------------------------------------------------------------------------


@pytest.mark.card("aja")
@pytest.mark.rule("RULING-B8")
def test_aja_opponent_banishes_a_card_of_their_choice_then_aja_is_banished() -> None:
    """Aja, "Choose an opponent; they banish 1 of their cards. Then banish Aja.": the opponent,
    asked first whether to block, picks the card."""
    game = Scenario(2).hand(0, "aja").hand(1, "harmony", "deanna").deploy(0, "aja", Location.MARS)
    no_block(game, 1)
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {PickCard("harmony"), PickCard("deanna")}
    events = play(game, PickCard("deanna"))
    assert banished(events) == ["deanna", "aja"]
    assert CardBanished("aja", Zone.at(Location.MARS)) in events
    assert game.state.hand(1) == ("harmony",)
    assert game.is_over


@pytest.mark.card("aja")
@pytest.mark.rule("RULING-B8")
def test_aja_chooses_among_opponents() -> None:
    """Aja, "Choose an opponent": with several opponents holding cards, Aja's player picks."""
    game = (Scenario(3).hand(0, "aja").hand(1, "harmony").hand(2, "deanna")
            .deploy(0, "aja", Location.MARS))
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2))
    events = no_block(game, 2)  # a single card: banished without a choice
    assert banished(events) == ["deanna", "aja"]
    assert game.state.hand(1) == ("harmony",)


@pytest.mark.card("aja")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C1")
def test_aja_with_no_opponent_holding_cards_is_still_banished() -> None:
    """Aja, "... Then banish Aja.": no opponent has a card, so only Aja is banished."""
    game = Scenario(2).hand(0, "aja").deploy(0, "aja", Location.MARS)
    assert game.is_over
    assert game.state.banished == ("aja",)


@pytest.mark.card("aja", "pax_au_telemanus")
@pytest.mark.rule("RULING-A13")
def test_aja_banish_blocked_by_pax_au_telemanus_aja_still_banished() -> None:
    """Pax au Telemanus, "When an opponent tries to steal or banish your cards, reveal this to
    block them.": Aja's forced banish fails, Aja is still banished."""
    game = (Scenario(2).hand(0, "aja").hand(1, "pax_au_telemanus", "deanna")
            .deploy(0, "aja", Location.MARS))
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("pax_au_telemanus"))
    assert BlockUsed(1, "pax_au_telemanus", 0) in events
    assert banished(events) == ["aja"]
    assert game.state.hand(1) == ("pax_au_telemanus", "deanna")
    assert game.is_over


@pytest.mark.card("aja", "pax_au_telemanus")
def test_aja_block_may_be_declined() -> None:
    """Pax au Telemanus, "... reveal this to block them.": a block is optional."""
    game = (Scenario(2).hand(0, "aja").hand(1, "pax_au_telemanus", "deanna")
            .deploy(0, "aja", Location.MARS))
    events = play(game, Answer.NO, PickCard("pax_au_telemanus"))
    assert banished(events) == ["pax_au_telemanus", "aja"]


@pytest.mark.card("aja")
@pytest.mark.rule("RULING-V1", "RULING-B8")
def test_aja_multiplayer_variant_only_opponents_above_starting_hand() -> None:
    """Aja under the official multiplayer variant, "Choose an opponent": only players with more
    cards than their starting hand (6 for Ceres) may be chosen."""
    # Seat 1 is Ceres (starting hand 6) with 6 cards; seat 2 is Diana (5) with 6 cards.
    game = (Scenario(3, ruleset=V1).hand(0, "aja")
            .hand(1, "harmony", "deanna", "eo", "dancer", "darrow", "arlus")
            .hand(2, "invictus", "orion", "pelus", "virga", "quietus", "the_pax")
            .deploy(0, "aja", Location.MARS))
    no_block(game, 2)  # the only target: forced
    events = play(game, PickCard("virga"))
    assert banished(events) == ["virga", "aja"]


@pytest.mark.card("aja")
@pytest.mark.rule("RULING-V1")
def test_aja_multiplayer_variant_with_no_target_only_banishes_aja() -> None:
    """Aja under the variant, "... Then banish Aja.": no opponent qualifies, Aja is banished."""
    game = (Scenario(3, ruleset=V1).hand(0, "aja").hand(1, "harmony", "deanna")
            .hand(2, "invictus", "orion", "pelus", "virga", "quietus")
            .deploy(0, "aja", Location.MARS))
    assert game.is_over
    assert game.state.banished == ("aja",)
    assert len(game.state.hand(2)) == 5


# --- Antonia ---------------------------------------------------------------------------------


@pytest.mark.card("antonia")
@pytest.mark.rule("RULING-F4", "RULING-B8")
def test_antonia_opponent_banishes_then_antonia_is_banished() -> None:
    """Antonia, "Choose an opponent. They banish 1 of their cards. Then, banish Antonia."."""
    game = (Scenario(2).hand(0, "antonia").hand(1, "harmony", "deanna")
            .deploy(0, "antonia", Location.LUNA))
    no_block(game, 1)
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, PickCard("harmony"))
    assert banished(events) == ["harmony", "antonia"]
    assert CardBanished("harmony", Zone.hand(1)) in events
    assert game.is_over


@pytest.mark.card("antonia", "judge")
@pytest.mark.rule("RULING-A13")
def test_antonia_blocked_by_judge() -> None:
    """Judge, "When an opponent tries to steal or banish any of your cards, reveal this to block
    them.": Antonia's banish fails, Antonia is still banished."""
    game = (Scenario(2).hand(0, "antonia").hand(1, "judge", "deanna")
            .deploy(0, "antonia", Location.LUNA))
    events = play(game, PickCard("judge"))
    assert BlockUsed(1, "judge", 0) in events
    assert banished(events) == ["antonia"]
    assert game.state.hand(1) == ("judge", "deanna")


@pytest.mark.card("antonia")
@pytest.mark.rule("RULING-V1", "RULING-B8")
def test_antonia_multiplayer_variant() -> None:
    """Antonia under the variant, "Choose an opponent": an opponent at their starting hand is
    protected; one above it may be chosen."""
    game = (Scenario(3, ruleset=V1).hand(0, "antonia")
            .hand(1, "harmony", "deanna", "eo", "dancer", "darrow", "arlus", "uncle_narol")
            .hand(2, "invictus", "orion", "pelus", "virga", "quietus")
            .deploy(0, "antonia", Location.LUNA))
    no_block(game, 1)  # Ceres with 7 > 6
    events = play(game, PickCard("eo"))
    assert banished(events) == ["eo", "antonia"]


# --- Ash Lord --------------------------------------------------------------------------------


@pytest.mark.card("ash_lord")
@pytest.mark.rule("RULING-B6")
def test_ash_lord_banishes_two_blues_and_is_regained() -> None:
    """Ash Lord, "Banish all Blues from this location. If this banishes 2 or more Blues, regain
    Ash Lord.": every Blue of the location goes, other cards stay, Ash Lord returns to hand."""
    game = (Scenario(2).hand(0, "ash_lord")
            .at(Location.JUPITER, "invictus", "deanna", "orion")
            .at(Location.MARS, "virga")
            .deploy(0, "ash_lord", Location.JUPITER))
    assert set(game.state.banished) == {"invictus", "orion"}
    assert game.state.stack(Location.JUPITER) == ("deanna",)
    assert game.state.stack(Location.MARS) == ("virga",)  # another location: untouched
    assert game.state.hand(0) == ("ash_lord",)
    assert CardGained(0, "ash_lord", Zone.at(Location.JUPITER)) in game.events
    assert game.is_over


@pytest.mark.card("ash_lord")
def test_ash_lord_with_one_blue_stays() -> None:
    """Ash Lord, "If this banishes 2 or more Blues, regain Ash Lord.": one Blue is not enough."""
    game = (Scenario(2).hand(0, "ash_lord").at(Location.JUPITER, "invictus", "deanna")
            .deploy(0, "ash_lord", Location.JUPITER))
    assert game.state.banished == ("invictus",)
    assert game.state.stack(Location.JUPITER) == ("deanna", "ash_lord")
    assert game.state.hand(0) == ()


@pytest.mark.card("ash_lord")
def test_ash_lord_without_blues_does_nothing() -> None:
    """Ash Lord, "Banish all Blues from this location.": with none, nothing happens."""
    game = (Scenario(2).hand(0, "ash_lord").at(Location.JUPITER, "deanna")
            .deploy(0, "ash_lord", Location.JUPITER))
    assert not any(isinstance(e, (CardBanished, CardGained)) for e in game.events)


@pytest.mark.card("ash_lord", "firewall_expert")
@pytest.mark.rule("RULING-A1")
def test_ash_lord_ignores_face_down_blues() -> None:
    """Ash Lord, "Banish all Blues from this location.": a face-down Blue is colourless."""
    game = (Scenario(2).hand(0, "ash_lord")
            .at(Location.JUPITER, "invictus", "orion", face_down=["orion"])
            .deploy(0, "ash_lord", Location.JUPITER))
    assert game.state.banished == ("invictus",)
    assert game.state.stack(Location.JUPITER) == ("orion", "ash_lord")


@pytest.mark.card("ash_lord")
@pytest.mark.rule("RULING-B6")
def test_ash_lord_regained_location_still_counts_as_deployed_to() -> None:
    """Ash Lord, "... regain Ash Lord.": the Lead's final step still excludes Ash Lord's
    location."""
    game = (Scenario(2).hand(0, "ash_lord").at(Location.JUPITER, "deanna", "invictus", "orion")
            .at(Location.MARS, "harmony").turn(0))
    play(game, Lead("ash_lord", Location.JUPITER))
    assert game.state.hand(0) == ("ash_lord",)
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert GainTop(Location.JUPITER) not in game.pending.options


# --- Boneriders ------------------------------------------------------------------------------


@pytest.mark.card("boneriders")
@pytest.mark.rule("RR-HOUSE-6", "RULING-B8")
def test_boneriders_gains_the_sovereign_token_and_house_ability() -> None:
    """Boneriders, "Gain the Sovereign token.": its holder, asked whether to block, says no;
    the token, then the house ability (Mars: 1 Helium)."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.CERES).hand(0, "boneriders")
            .sovereign(1).deploy(0, "boneriders", Location.JUPITER))
    no_block(game, 1)
    assert SovereignTaken(0) in game.events
    assert game.state.sovereign == 0
    assert game.state.players[0].helium == 1
    assert game.is_over


@pytest.mark.card("boneriders", "martyr")
@pytest.mark.rule("RULING-A14")
def test_boneriders_blocked_by_martyr() -> None:
    """Martyr, "If an opponent tries to take the Sovereign token from you, you may block them by
    revealing and banishing this card, then gain the top card of the deck." against
    Boneriders."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.CERES).hand(0, "boneriders")
            .hand(1, "martyr").sovereign(1).deck_top("deanna")
            .deploy(0, "boneriders", Location.JUPITER))
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("martyr"))
    assert CardBanished("martyr", Zone.hand(1)) in events
    assert game.state.hand(1) == ("deanna",)
    assert game.state.sovereign == 1
    assert game.state.players[0].helium == 0  # no house ability either
    assert not any(isinstance(e, SovereignTaken) for e in events)


# --- Cassius ---------------------------------------------------------------------------------


@pytest.mark.card("cassius")
def test_cassius_gains_a_gold_under_it_and_stays() -> None:
    """Cassius, "Gain the card directly under this one. Banish Cassius unless that card is a
    Gold.": a Gold under it is gained and Cassius stays."""
    game = (Scenario(2).hand(0, "cassius").at(Location.MARS, "sevro", "lorn")
            .deploy(0, "cassius", Location.MARS))
    assert CardGained(0, "lorn", Zone.at(Location.MARS)) in game.events
    assert game.state.stack(Location.MARS) == ("sevro", "cassius")
    assert game.state.banished == ()


@pytest.mark.card("cassius")
def test_cassius_gains_a_non_gold_and_is_banished() -> None:
    """Cassius, "Banish Cassius unless that card is a Gold.": a non-Gold is gained, Cassius
    goes."""
    game = (Scenario(2).hand(0, "cassius").at(Location.MARS, "lorn", "deanna")
            .deploy(0, "cassius", Location.MARS))
    assert game.state.hand(0) == ("deanna",)
    assert game.state.banished == ("cassius",)
    assert game.state.stack(Location.MARS) == ("lorn",)


@pytest.mark.card("cassius")
@pytest.mark.rule("RULING-A18")
def test_cassius_on_an_empty_location_is_banished() -> None:
    """Cassius, "Banish Cassius unless that card is a Gold.": no card under it, so nothing is
    gained and Cassius is banished."""
    game = Scenario(2).hand(0, "cassius").deploy(0, "cassius", Location.MARS)
    assert gained(game.events) == []
    assert game.state.banished == ("cassius",)


@pytest.mark.card("cassius", "firewall_expert")
@pytest.mark.rule("RR-LOC-6")
@pytest.mark.rule("RULING-C5", "RULING-B8")
def test_cassius_gaining_a_face_down_gold_is_banished() -> None:
    """Cassius, "Gain the card directly under this one. Banish Cassius unless that card is a
    Gold.": a face-down Gold is read as it lay, colourless, so Cassius goes; the card is
    gained, unrevealed."""
    game = (Scenario(2).hand(0, "cassius").at(Location.MARS, "lorn", face_down=["lorn"])
            .deploy(0, "cassius", Location.MARS))
    assert CardGained(0, "lorn", Zone.at(Location.MARS)) in game.events
    assert game.state.hand(0) == ("lorn",)
    assert game.state.banished == ("cassius",)
    assert not any(isinstance(e, CardRevealed) for e in game.events)


@pytest.mark.card("cassius", "firewall_expert")
@pytest.mark.rule("RULING-C5")
def test_cassius_gaining_a_face_down_gold_revealed_under_the_option_stays() -> None:
    """Cassius, "... unless that card is a Gold.", with `face_down_gain_is_revealed`: the
    player reveals the gained face-down Gold, its printed colour counts and Cassius stays."""
    game = (Scenario(2, ruleset=REVEALED).hand(0, "cassius")
            .at(Location.MARS, "lorn", face_down=["lorn"]).deploy(0, "cassius", Location.MARS))
    assert CardRevealed("lorn", Zone.hand(0), 0) in game.events
    assert game.state.hand(0) == ("lorn",)
    assert game.state.banished == ()
    assert game.state.top(Location.MARS) == "cassius"


@pytest.mark.card("cassius", "firewall_expert")
@pytest.mark.rule("RULING-C5")
def test_cassius_gaining_a_face_down_non_gold_under_the_option_is_banished() -> None:
    """Cassius, "... unless that card is a Gold.", with `face_down_gain_is_revealed`: the
    revealed card is no Gold, so Cassius goes."""
    game = (Scenario(2, ruleset=REVEALED).hand(0, "cassius")
            .at(Location.MARS, "deanna", face_down=["deanna"])
            .deploy(0, "cassius", Location.MARS))
    assert CardRevealed("deanna", Zone.hand(0), 0) in game.events
    assert game.state.banished == ("cassius",)


# --- Fitchner --------------------------------------------------------------------------------


@pytest.mark.card("fitchner")
def test_fitchner_on_the_institute_places_influence() -> None:
    """Fitchner, "If deployed to the Institute, place 1 Influence there."."""
    game = Scenario(2).hand(0, "fitchner").deploy(0, "fitchner", Location.INSTITUTE)
    assert InfluencePlaced(0, 1) in game.events
    assert game.state.players[0].influence == 1


@pytest.mark.card("fitchner")
def test_fitchner_elsewhere_does_nothing() -> None:
    """Fitchner, "If deployed to the Institute, ...": on another location, nothing."""
    game = Scenario(2).hand(0, "fitchner").deploy(0, "fitchner", Location.LUNA)
    assert game.state.players[0].influence == 0
    assert not any(isinstance(e, InfluencePlaced) for e in game.events)


@pytest.mark.card("fitchner")
@pytest.mark.rule("RULING-A26")
def test_fitchner_with_all_influence_placed_places_none() -> None:
    """Fitchner, "... place 1 Influence there.": with all 10 placed, the placement is lost."""
    game = (Scenario(2).hand(0, "fitchner").tokens(0, influence=10)
            .deploy(0, "fitchner", Location.INSTITUTE))
    assert game.state.players[0].influence == 10
    assert game.is_over


# --- Karnus ----------------------------------------------------------------------------------


@pytest.mark.card("karnus")
def test_karnus_banishes_the_card_under_it() -> None:
    """Karnus, "Banish the card directly under this one.": any other card ends there."""
    game = (Scenario(2).hand(0, "karnus").hand(1, "deanna").at(Location.MARS, "harmony", "eo")
            .deploy(0, "karnus", Location.MARS))
    assert banished(game.events) == ["eo"]
    assert game.state.stack(Location.MARS) == ("harmony", "karnus")
    assert game.is_over  # eo is not Mustang, The Jackal or Nero: no opponent


@pytest.mark.card("karnus")
def test_karnus_on_an_empty_location_does_nothing() -> None:
    """Karnus, "Banish the card directly under this one.": no card under it, nothing happens."""
    game = Scenario(2).hand(0, "karnus").hand(1, "deanna").deploy(0, "karnus", Location.MARS)
    assert banished(game.events) == []
    assert game.is_over


@pytest.mark.card("karnus")
@pytest.mark.rule("RULING-B8")
@pytest.mark.parametrize("trigger", ["mustang", "the_jackal", "nero"])
def test_karnus_after_banishing_a_trigger_may_make_an_opponent_banish(trigger: str) -> None:
    """Karnus, "If the banished card is Mustang, The Jackal, or Nero, you may also choose an
    opponent. If you do, they banish 1 of their cards."."""
    game = (Scenario(2).hand(0, "karnus").hand(1, "deanna", "harmony")
            .at(Location.MARS, trigger).deploy(0, "karnus", Location.MARS))
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {Answer.NO, PickPlayer(1)}
    play(game, PickPlayer(1))
    no_block(game, 1)
    assert game.pending is not None and game.pending.seat == 1  # they choose the card
    events = play(game, PickCard("harmony"))
    assert banished(events) == ["harmony"]
    assert set(game.state.banished) == {trigger, "harmony"}
    assert game.state.top(Location.MARS) == "karnus"


@pytest.mark.card("karnus", "firewall_expert")
@pytest.mark.rule("RULING-C5", "RULING-B8")
@pytest.mark.parametrize("trigger", ["mustang", "nero"])
def test_karnus_banishing_a_face_down_trigger_reads_its_name(trigger: str) -> None:
    """Karnus, "Banish the card directly under this one. If the banished card is Mustang, The
    Jackal, or Nero, you may also choose an opponent.": the face-down card, once banished, lies
    face up for everyone to see, so its printed name counts."""
    game = (Scenario(2).hand(0, "karnus").hand(1, "deanna", "harmony")
            .at(Location.MARS, trigger, face_down=[trigger]).deploy(0, "karnus", Location.MARS))
    assert CardBanished(trigger, Zone.at(Location.MARS)) in game.events
    assert trigger not in game.state.face_down and game.state.banished == (trigger,)
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {Answer.NO, PickPlayer(1)}
    play(game, PickPlayer(1))
    no_block(game, 1)
    events = play(game, PickCard("harmony"))
    assert banished(events) == ["harmony"]


@pytest.mark.card("karnus")
def test_karnus_may_decline_choosing_an_opponent() -> None:
    """Karnus, "... you may also choose an opponent.": declining leaves every hand alone."""
    game = (Scenario(2).hand(0, "karnus").hand(1, "deanna").at(Location.MARS, "nero")
            .deploy(0, "karnus", Location.MARS))
    events = play(game, Answer.NO)
    assert banished(events) == []
    assert game.state.hand(1) == ("deanna",)
    assert game.state.banished == ("nero",)


@pytest.mark.card("karnus", "the_howlers")
@pytest.mark.rule("RULING-A13")
def test_karnus_opponent_banish_blocked_by_the_howlers() -> None:
    """The Howlers, "When an opponent tries to steal or banish your cards, reveal this to block
    them.": Karnus' forced banish fails."""
    game = (Scenario(2).hand(0, "karnus").hand(1, "the_howlers", "deanna")
            .at(Location.MARS, "mustang").deploy(0, "karnus", Location.MARS))
    play(game, PickPlayer(1))
    assert game.pending is not None and game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("the_howlers"))
    assert BlockUsed(1, "the_howlers", 0) in events
    assert game.state.hand(1) == ("the_howlers", "deanna")
    assert game.is_over


@pytest.mark.card("karnus")
@pytest.mark.rule("RULING-V1")
def test_karnus_multiplayer_variant_protects_small_hands() -> None:
    """Karnus under the variant, "you may also choose an opponent": nobody above their starting
    hand, so no opponent is offered; the card under is still banished."""
    game = (Scenario(3, ruleset=V1).hand(0, "karnus").hand(1, "deanna").hand(2, "harmony")
            .at(Location.MARS, "nero").deploy(0, "karnus", Location.MARS))
    assert game.is_over
    assert game.state.banished == ("nero",)


@pytest.mark.card("karnus")
@pytest.mark.rule("RULING-V1")
def test_karnus_multiplayer_variant_offers_only_qualifying_opponents() -> None:
    """Karnus under the variant: only the opponent above their starting hand is offered."""
    game = (Scenario(3, ruleset=V1).hand(0, "karnus").hand(1, "deanna")
            .hand(2, "invictus", "orion", "pelus", "virga", "quietus", "the_pax")
            .at(Location.MARS, "the_jackal").deploy(0, "karnus", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickPlayer(2)}


# --- Lorn ------------------------------------------------------------------------------------


@pytest.mark.card("lorn")
def test_lorn_banishes_a_gold_under_it() -> None:
    """Lorn, "If the card directly under this one is a Gold, banish that card."."""
    game = (Scenario(2).hand(0, "lorn").at(Location.LUNA, "deanna", "sevro")
            .deploy(0, "lorn", Location.LUNA))
    assert game.state.banished == ("sevro",)
    assert game.state.stack(Location.LUNA) == ("deanna", "lorn")


@pytest.mark.card("lorn")
def test_lorn_leaves_a_non_gold() -> None:
    """Lorn, "If the card directly under this one is a Gold, ...": a non-Gold stays."""
    game = (Scenario(2).hand(0, "lorn").at(Location.LUNA, "sevro", "deanna")
            .deploy(0, "lorn", Location.LUNA))
    assert game.state.banished == ()


@pytest.mark.card("lorn", "firewall_expert")
@pytest.mark.rule("RR-LOC-6")
def test_lorn_leaves_a_face_down_gold() -> None:
    """Lorn, "If the card directly under this one is a Gold, ...": a face-down card is
    colourless."""
    game = (Scenario(2).hand(0, "lorn").at(Location.LUNA, "sevro", face_down=["sevro"])
            .deploy(0, "lorn", Location.LUNA))
    assert game.state.banished == ()


@pytest.mark.card("lorn")
def test_lorn_on_an_empty_location_does_nothing() -> None:
    """Lorn, "If the card directly under this one ...": no card under it, nothing."""
    game = Scenario(2).hand(0, "lorn").deploy(0, "lorn", Location.LUNA)
    assert game.state.banished == ()
    assert game.is_over


# --- Lysander --------------------------------------------------------------------------------


@pytest.mark.card("lysander")
def test_lysander_on_luna_gains_the_top_of_the_deck_and_stays() -> None:
    """Lysander, "Gain the top card of the deck. Banish Lysander unless you deployed him on
    Luna.": on Luna he stays; no die is rolled."""
    game = (Scenario(2).hand(0, "lysander").deck_top("deanna", "harmony")
            .deploy(0, "lysander", Location.LUNA))
    assert game.events[-1] == CardGained(0, "deanna", Zone.deck())
    assert game.state.top(Location.LUNA) == "lysander"
    assert game.state.banished == ()


@pytest.mark.card("lysander")
def test_lysander_elsewhere_is_banished() -> None:
    """Lysander, "Banish Lysander unless you deployed him on Luna."."""
    game = (Scenario(2).hand(0, "lysander").deck_top("deanna")
            .deploy(0, "lysander", Location.MARS))
    assert game.state.hand(0) == ("deanna",)
    assert game.state.banished == ("lysander",)


@pytest.mark.card("lysander")
@pytest.mark.rule("RR-DECK-1")
def test_lysander_with_an_empty_deck_gains_nothing() -> None:
    """Lysander, "Gain the top card of the deck.": an empty deck gives nothing; the banish still
    applies."""
    game = Scenario(2).hand(0, "lysander").deck_only().deploy(0, "lysander", Location.MARS)
    assert gained(game.events) == []
    assert game.state.top(Location.MARS) is None
    assert "lysander" in game.state.banished


# --- Mustang ---------------------------------------------------------------------------------


@pytest.mark.card("mustang")
def test_mustang_gains_a_banished_gold_and_stays() -> None:
    """Mustang, "Gain 1 banished card. If that card is not a Gold, banish Mustang.": the player
    picks among every banished card."""
    game = (Scenario(2).hand(0, "mustang").banished("sevro", "deanna")
            .deploy(0, "mustang", Location.JUPITER))
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("deanna")}
    events = play(game, PickCard("sevro"))
    assert CardGained(0, "sevro", Zone.banished()) in events
    assert game.state.banished == ("deanna",)
    assert game.state.top(Location.JUPITER) == "mustang"


@pytest.mark.card("mustang")
def test_mustang_gains_a_non_gold_and_is_banished() -> None:
    """Mustang, "If that card is not a Gold, banish Mustang."."""
    game = (Scenario(2).hand(0, "mustang").banished("sevro", "deanna")
            .deploy(0, "mustang", Location.JUPITER))
    play(game, PickCard("deanna"))
    assert game.state.hand(0) == ("deanna",)
    assert game.state.banished == ("sevro", "mustang")


@pytest.mark.card("mustang")
@pytest.mark.rule("RULING-A18")
def test_mustang_with_nothing_banished_stays() -> None:
    """Mustang, "If that card is not a Gold, banish Mustang.": no card to gain, no card to test,
    Mustang stays."""
    game = Scenario(2).hand(0, "mustang").deploy(0, "mustang", Location.JUPITER)
    assert game.is_over
    assert game.state.top(Location.JUPITER) == "mustang"


@pytest.mark.card("mustang")
@pytest.mark.rule("RULING-A18")
def test_mustang_with_nothing_banished_under_the_gained_gold_option() -> None:
    """Mustang with `unless_means_gained_gold`: no Gold gained, so Mustang is banished."""
    game = (Scenario(2, ruleset=UNLESS_GAINED).hand(0, "mustang")
            .deploy(0, "mustang", Location.JUPITER))
    assert game.state.banished == ("mustang",)


# --- Nero ------------------------------------------------------------------------------------


@pytest.mark.card("nero")
def test_nero_gains_a_helium_per_red_at_this_location() -> None:
    """Nero, "Gain 1 Helium for each Red at this location.": Reds elsewhere do not count."""
    game = (Scenario(2).hand(0, "nero").at(Location.MARS, "deanna", "sevro", "harmony")
            .at(Location.LUNA, "eo").deploy(0, "nero", Location.MARS))
    assert HeliumGained(0, 2) in game.events
    assert game.state.players[0].helium == 2


@pytest.mark.card("nero", "firewall_expert")
@pytest.mark.rule("RR-LOC-6")
def test_nero_does_not_count_face_down_reds() -> None:
    """Nero, "... for each Red at this location.": a face-down Red is colourless."""
    game = (Scenario(2).hand(0, "nero").at(Location.MARS, "deanna", "eo", face_down=["eo"])
            .deploy(0, "nero", Location.MARS))
    assert game.state.players[0].helium == 1


@pytest.mark.card("nero")
def test_nero_without_reds_gains_nothing() -> None:
    """Nero, "Gain 1 Helium for each Red at this location.": no Red, no Helium."""
    game = Scenario(2).hand(0, "nero").at(Location.MARS, "sevro").deploy(0, "nero", Location.MARS)
    assert game.state.players[0].helium == 0
    assert not any(isinstance(e, HeliumGained) for e in game.events)


# --- Octavia ---------------------------------------------------------------------------------


@pytest.mark.card("octavia")
def test_octavia_with_the_token_gains_a_gold_from_the_bottom_of_luna_and_stays() -> None:
    """Octavia, "If you have the Sovereign token, gain the bottom card on Luna (if it's not this
    card); banish Octavia unless that card is a Gold."."""
    game = (Scenario(2).hand(0, "octavia").sovereign(0).at(Location.LUNA, "sevro", "deanna")
            .deploy(0, "octavia", Location.MARS))
    assert CardGained(0, "sevro", Zone.at(Location.LUNA)) in game.events
    assert game.state.stack(Location.LUNA) == ("deanna",)
    assert game.state.top(Location.MARS) == "octavia"


@pytest.mark.card("octavia")
def test_octavia_gaining_a_non_gold_is_banished() -> None:
    """Octavia, "... banish Octavia unless that card is a Gold."."""
    game = (Scenario(2).hand(0, "octavia").sovereign(0).at(Location.LUNA, "deanna", "sevro")
            .deploy(0, "octavia", Location.MARS))
    assert game.state.hand(0) == ("deanna",)
    assert game.state.banished == ("octavia",)


@pytest.mark.card("octavia")
@pytest.mark.rule("RULING-A18")
def test_octavia_without_the_token_does_nothing() -> None:
    """Octavia, "If you have the Sovereign token, ...": without it nothing at all happens."""
    game = (Scenario(2).hand(0, "octavia").sovereign(1).at(Location.LUNA, "deanna")
            .deploy(0, "octavia", Location.MARS))
    assert gained(game.events) == [] and banished(game.events) == []


@pytest.mark.card("octavia")
@pytest.mark.rule("RULING-A18")
def test_octavia_alone_on_luna_stays() -> None:
    """Octavia, "(if it's not this card)": alone on Luna she gains nothing and, being a Gold
    herself, stays."""
    game = (Scenario(2).hand(0, "octavia").sovereign(0)
            .deploy(0, "octavia", Location.LUNA))
    assert gained(game.events) == [] and banished(game.events) == []
    assert game.state.stack(Location.LUNA) == ("octavia",)


@pytest.mark.card("octavia")
@pytest.mark.rule("RULING-A18")
def test_octavia_with_luna_empty_is_banished() -> None:
    """Octavia, "banish Octavia unless that card is a Gold": Luna is empty, so she goes."""
    game = Scenario(2).hand(0, "octavia").sovereign(0).deploy(0, "octavia", Location.MARS)
    assert game.state.banished == ("octavia",)


@pytest.mark.card("octavia", "firewall_expert")
@pytest.mark.rule("RULING-C5", "RULING-B8")
def test_octavia_gaining_a_face_down_gold_from_luna_is_banished() -> None:
    """Octavia, "If you have the Sovereign token, gain the bottom card on Luna (if it's not this
    card); banish Octavia unless that card is a Gold.": a face-down Gold at the bottom of Luna
    is read as it lay, colourless; it is gained unrevealed and Octavia goes."""
    game = (Scenario(2).hand(0, "octavia").sovereign(0)
            .at(Location.LUNA, "sevro", "deanna", face_down=["sevro"])
            .deploy(0, "octavia", Location.MARS))
    assert CardGained(0, "sevro", Zone.at(Location.LUNA)) in game.events
    assert game.state.hand(0) == ("sevro",)
    assert game.state.banished == ("octavia",)
    assert not any(isinstance(e, CardRevealed) for e in game.events)


@pytest.mark.card("octavia", "firewall_expert")
@pytest.mark.rule("RULING-C5")
def test_octavia_gaining_a_face_down_gold_revealed_under_the_option_stays() -> None:
    """Octavia, "... banish Octavia unless that card is a Gold.", with
    `face_down_gain_is_revealed`: the gained face-down Gold is revealed and she stays."""
    game = (Scenario(2, ruleset=REVEALED).hand(0, "octavia").sovereign(0)
            .at(Location.LUNA, "sevro", "deanna", face_down=["sevro"])
            .deploy(0, "octavia", Location.MARS))
    assert CardRevealed("sevro", Zone.hand(0), 0) in game.events
    assert game.state.hand(0) == ("sevro",)
    assert game.state.banished == ()
    assert game.state.top(Location.MARS) == "octavia"


@pytest.mark.card("octavia")
@pytest.mark.rule("RULING-A18")
def test_octavia_alone_on_luna_under_the_gained_gold_option() -> None:
    """Octavia with `unless_means_gained_gold`: alone on Luna she gains nothing and is
    banished."""
    game = (Scenario(2, ruleset=UNLESS_GAINED).hand(0, "octavia").sovereign(0)
            .deploy(0, "octavia", Location.LUNA))
    assert game.state.banished == ("octavia",)


# --- Pax au Telemanus ------------------------------------------------------------------------


@pytest.mark.card("pax_au_telemanus", "tactus")
@pytest.mark.rule("RULING-A13")
def test_pax_au_telemanus_blocks_tactus() -> None:
    """Pax au Telemanus, "When an opponent tries to steal or banish your cards, reveal this to
    block them.": the steal fails, Tactus stays and the turn goes on."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "pax_au_telemanus", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS), PickPlayer(1))
    events = play(game, PickCard("pax_au_telemanus"))
    assert BlockUsed(1, "pax_au_telemanus", 0) in events
    assert not any(isinstance(e, CardPassed) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("pax_au_telemanus")
def test_pax_au_telemanus_has_no_deploy_ability() -> None:
    """Pax au Telemanus has only a block ability: deploying it does nothing else."""
    game = (Scenario(2).hand(0, "pax_au_telemanus").at(Location.MARS, "deanna")
            .deploy(0, "pax_au_telemanus", Location.MARS))
    assert game.is_over
    assert game.state.stack(Location.MARS) == ("deanna", "pax_au_telemanus")


# --- Romulus ---------------------------------------------------------------------------------


@pytest.mark.card("romulus")
@pytest.mark.rule("RULING-A15")
def test_romulus_on_a_gold_gains_a_blue_from_any_position_and_stays() -> None:
    """Romulus, "Gain 1 Blue from this location. Banish Romulus unless you deployed him directly
    on top of a Gold.": any Blue of the stack may be taken."""
    game = (Scenario(2).hand(0, "romulus")
            .at(Location.JUPITER, "invictus", "deanna", "orion", "sevro")
            .deploy(0, "romulus", Location.JUPITER))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("invictus"), PickCard("orion")}
    events = play(game, PickCard("invictus"))
    assert CardGained(0, "invictus", Zone.at(Location.JUPITER)) in events
    assert game.state.stack(Location.JUPITER) == ("deanna", "orion", "sevro", "romulus")
    assert game.state.banished == ()


@pytest.mark.card("romulus")
def test_romulus_not_on_a_gold_is_banished() -> None:
    """Romulus, "Banish Romulus unless you deployed him directly on top of a Gold.": a Gold lower
    in the stack does not count."""
    game = (Scenario(2).hand(0, "romulus").at(Location.JUPITER, "sevro", "invictus")
            .deploy(0, "romulus", Location.JUPITER))
    assert game.state.hand(0) == ("invictus",)
    assert game.state.banished == ("romulus",)


@pytest.mark.card("romulus")
@pytest.mark.rule("RULING-A23")
def test_romulus_without_a_blue_still_checks_the_banish() -> None:
    """Romulus, "Gain 1 Blue from this location.": no Blue, nothing gained; on a Gold he stays,
    on an empty location he goes."""
    on_gold = (Scenario(2).hand(0, "romulus").at(Location.JUPITER, "sevro")
               .deploy(0, "romulus", Location.JUPITER))
    assert gained(on_gold.events) == [] and on_gold.state.banished == ()
    empty = Scenario(2).hand(0, "romulus").deploy(0, "romulus", Location.JUPITER)
    assert empty.state.banished == ("romulus",)


@pytest.mark.card("romulus", "firewall_expert")
@pytest.mark.rule("RULING-A19")
def test_romulus_on_a_face_down_gold_is_banished() -> None:
    """Romulus, "... directly on top of a Gold.": a face-down card is colourless."""
    game = (Scenario(2).hand(0, "romulus").at(Location.JUPITER, "sevro", face_down=["sevro"])
            .deploy(0, "romulus", Location.JUPITER))
    assert game.state.banished == ("romulus",)


# --- Roque -----------------------------------------------------------------------------------


@pytest.mark.card("roque")
@pytest.mark.rule("RR-ABIL-13", "RULING-B8")
def test_roque_selecting_the_named_card_banishes_it_and_roque() -> None:
    """Roque, "Look at an opponent's hand, name a card, then randomly select a card from their
    hand. If you select the named card, banish it and banish Roque.": the look is recorded
    for Roque's player alone, and the opponent is asked whether to block the banish."""
    game = Scenario(2).hand(0, "roque").hand(1, "deanna").deploy(0, "roque", Location.MARS)
    assert CardsSeen(0, ("deanna",), Zone.hand(1)) in game.events
    assert game.pending is not None and game.pending.seat == 0
    assert game.pending.ask is Ask.NAME
    events = play(game, PickName("Deanna"))
    assert CardSelectedAtRandom("deanna", Zone.hand(1)) in events
    events += no_block(game, 1)
    assert banished(events) == ["deanna", "roque"]
    assert CardBanished("deanna", Zone.hand(1)) in events


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-C6", "RULING-B10")
def test_roque_offers_every_name_the_looked_at_hand_first() -> None:
    """Roque, "Look at an opponent's hand, name a card": every character may be named, by
    name; the names of the hand Roque's player looked at come first."""
    game = (Scenario(2).hand(0, "roque").hand(1, "deanna", "harmony")
            .deploy(0, "roque", Location.MARS))
    assert game.pending is not None
    options = game.pending.options
    assert options[:2] == (PickName("Deanna"), PickName("Harmony"))
    assert PickName("Sevro") in options and not any(isinstance(o, PickCard) for o in options)
    assert len(options) == len(set(options)) == 112  # one per character
    assert "deanna" not in game.pending.prompt  # the prompt is public; the hand is not


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-B10", "RR-VIEW-6")
def test_roque_guess_tells_a_third_player_nothing_about_the_hand() -> None:
    """Roque, "name a card": the guess is recorded by name, so that the record a third player
    is shown has the same shape whether or not the named card is in the victim's hand (a
    card in it used to show as a hidden card, any other as its name)."""
    def guess_as_seen_by_seat_2(name: str) -> object:
        game = (Scenario(3).hand(0, "roque").hand(1, "deanna", "harmony").hand(2, "sevro")
                .deploy(0, "roque", Location.MARS))
        play(game, PickPlayer(1))
        assert game.pending is not None
        play(game, next(o for o in game.pending.options if name == (
            o.name if isinstance(o, PickName) else card_data(o.card).name)))
        made = [e for e in game.events if isinstance(e, DecisionMade)][-1]
        return to_json(redact(made, game.state, 2))[1]["option"]

    assert guess_as_seen_by_seat_2("Deanna") == ["name", {"name": "Deanna"}]
    assert guess_as_seen_by_seat_2("Sevro") == ["name", {"name": "Sevro"}]


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-B8")
@pytest.mark.parametrize("seed", range(6))
def test_roque_random_selection_decides(seed: int) -> None:
    """Roque, "If you select the named card, banish it and banish Roque.": otherwise nothing
    changes (and nobody is asked to block)."""
    game = (Scenario(2).hand(0, "roque").hand(1, "deanna", "harmony")
            .deploy(0, "roque", Location.MARS, seed=seed))
    events = play(game, PickName("Deanna"))
    selected = [e.card for e in events if isinstance(e, CardSelectedAtRandom)]
    assert len(selected) == 1 and selected[0] in ("deanna", "harmony")
    if selected[0] == "deanna":
        events += no_block(game, 1)
        assert banished(events) == ["deanna", "roque"]
    else:
        assert game.is_over
        assert banished(events) == []
        assert game.state.hand(1) == ("deanna", "harmony")


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-C6")
def test_roque_naming_a_card_not_in_the_hand_never_hits() -> None:
    """Roque, "name a card": a name not in the hand cannot be selected; Roque stays."""
    game = Scenario(2).hand(0, "roque").hand(1, "deanna").deploy(0, "roque", Location.MARS)
    events = play(game, PickName("Sevro"))
    assert CardSelectedAtRandom("deanna", Zone.hand(1)) in events
    assert banished(events) == []
    assert game.state.top(Location.MARS) == "roque"


@pytest.mark.card("roque", "the_howlers")
@pytest.mark.rule("RULING-A13")
def test_roque_banish_blocked_by_the_howlers_roque_still_banished() -> None:
    """The Howlers, "... reveal this to block them.": Roque's banish of the selected card fails,
    and Roque is still banished."""
    game = (Scenario(2).hand(0, "roque").hand(1, "the_howlers")
            .deploy(0, "roque", Location.MARS))
    play(game, PickName("The Howlers"))
    assert game.pending is not None and game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("the_howlers"))
    assert BlockUsed(1, "the_howlers", 0) in events
    assert banished(events) == ["roque"]
    assert game.state.hand(1) == ("the_howlers",)


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-A23")
def test_roque_with_no_opponent_holding_cards_does_nothing() -> None:
    """Roque, "Look at an opponent's hand": no opponent has a card, so nothing happens."""
    game = Scenario(2).hand(0, "roque").deploy(0, "roque", Location.MARS)
    assert game.is_over
    assert game.state.banished == ()


@pytest.mark.card("roque")
@pytest.mark.rule("RULING-V1")
def test_roque_multiplayer_variant() -> None:
    """Roque under the variant, "Look at an opponent's hand": only an opponent above their
    starting hand may be chosen; with none, nothing happens."""
    none = (Scenario(3, ruleset=V1).hand(0, "roque").hand(1, "deanna").hand(2, "harmony")
            .deploy(0, "roque", Location.MARS))
    assert none.is_over and none.state.banished == ()
    one = (Scenario(3, ruleset=V1).hand(0, "roque").hand(1, "deanna")
           .hand(2, "invictus", "orion", "pelus", "virga", "quietus", "the_pax")
           .deploy(0, "roque", Location.MARS))
    assert one.pending is not None and one.pending.ask is Ask.NAME  # seat 2 chosen, forced
    assert one.pending.options[:6] == tuple(
        PickName(card_data(c).name)
        for c in ("invictus", "orion", "pelus", "virga", "quietus", "the_pax"))


@pytest.mark.card("roque")
def test_roque_chooses_among_opponents() -> None:
    """Roque, "Look at an opponent's hand": Roque's player picks whose hand."""
    game = (Scenario(3).hand(0, "roque").hand(1, "deanna").hand(2, "harmony")
            .deploy(0, "roque", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.PLAYER
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2))
    assert game.pending is not None and game.pending.options[0] == PickName("Harmony")


# --- Sevro -----------------------------------------------------------------------------------


@pytest.mark.card("sevro")
@pytest.mark.rule("RULING-B8")
def test_sevro_banishes_the_card_under_it() -> None:
    """Sevro, "Banish the card directly under this one.": without The Howlers the question is
    still asked, "no" its only answer."""
    game = (Scenario(2).hand(0, "sevro").at(Location.LUNA, "deanna", "harmony")
            .deploy(0, "sevro", Location.LUNA))
    assert game.pending is not None and game.pending.seat == 0
    assert (game.pending.ask, game.pending.options) == (Ask.CONFIRM, (Answer.NO,))
    play(game, Answer.NO)
    assert game.state.banished == ("harmony",)
    assert game.is_over


@pytest.mark.card("sevro", "the_howlers")
def test_sevro_may_reveal_the_howlers_to_gain_instead() -> None:
    """Sevro, "You may reveal The Howlers to instead gain that card."."""
    game = (Scenario(2).hand(0, "sevro", "the_howlers").at(Location.LUNA, "deanna", "harmony")
            .deploy(0, "sevro", Location.LUNA))
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    events = play(game, Answer.YES)
    assert CardRevealed("the_howlers", Zone.hand(0), 0) in events
    assert CardGained(0, "harmony", Zone.at(Location.LUNA)) in events
    assert banished(events) == []
    assert game.state.hand(0) == ("the_howlers", "harmony")


@pytest.mark.card("sevro", "the_howlers")
def test_sevro_may_decline_to_reveal_the_howlers() -> None:
    """Sevro, "You may reveal The Howlers ...": declining banishes the card."""
    game = (Scenario(2).hand(0, "sevro", "the_howlers").at(Location.LUNA, "harmony")
            .deploy(0, "sevro", Location.LUNA))
    events = play(game, Answer.NO)
    assert banished(events) == ["harmony"]
    assert game.state.hand(0) == ("the_howlers",)


@pytest.mark.card("sevro")
def test_sevro_on_an_empty_location_does_nothing() -> None:
    """Sevro, "Banish the card directly under this one.": no card under it, nothing."""
    game = Scenario(2).hand(0, "sevro", "the_howlers").deploy(0, "sevro", Location.LUNA)
    assert game.is_over
    assert game.state.banished == ()


@pytest.mark.card("sevro", "the_howlers", "firewall_expert")
@pytest.mark.rule("RR-VIEW-4", "RULING-A1")
def test_sevro_question_does_not_name_a_face_down_card_under_it() -> None:
    """Sevro, "You may reveal The Howlers to instead gain that card.": the card under Sevro is
    face down, so nobody but its placer knows it; the public prompt must not name it."""
    game = (Scenario(2).hand(0, "sevro", "the_howlers")
            .at(Location.LUNA, "deanna", "harmony", face_down=["harmony"])
            .deploy(0, "sevro", Location.LUNA))
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    assert "harmony" not in game.pending.prompt
    assert "Harmony" not in game.pending.prompt
    view = game.view(1).pending
    assert view is not None and "harmony" not in view.prompt.lower()
    events = play(game, Answer.YES)
    assert CardGained(0, "harmony", Zone.at(Location.LUNA)) in events
    assert game.state.hand(0) == ("the_howlers", "harmony")


# --- Tactus ----------------------------------------------------------------------------------


@pytest.mark.card("tactus")
@pytest.mark.rule("RULING-B8")
def test_tactus_steal_then_banish_and_end_turn() -> None:
    """Tactus, "You may steal 1 card from an opponent (they choose the card). If you do, banish
    Tactus and end your turn."."""
    game = (Scenario(3).hand(0, "tactus").hand(1, "deanna").hand(2, "harmony", "eo")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2))
    no_block(game, 2)
    assert game.pending is not None and game.pending.seat == 2
    events = play(game, PickCard("eo"))
    assert CardPassed("eo", 2, 0) in events
    assert banished(events) == ["tactus"]
    assert game.is_over  # the turn ended: no final gain step


@pytest.mark.card("tactus")
def test_tactus_may_decline() -> None:
    """Tactus, "You may steal 1 card from an opponent ... If you do, banish Tactus and end your
    turn.": declining steals nothing, Tactus stays and the Lead goes on to its final step."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "deanna").at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS))
    events = play(game, Answer.NO)
    assert not any(isinstance(e, (CardPassed, CardBanished)) for e in events)
    assert game.state.hand(1) == ("deanna",)
    assert game.state.top(Location.MARS) == "tactus"
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("tactus")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C1")
def test_tactus_with_no_opponent_holding_cards() -> None:
    """Tactus, "You may steal 1 card from an opponent": nobody to steal from, the turn goes
    on."""
    game = Scenario(2).hand(0, "tactus").at(Location.LUNA, "sevro").turn(0)
    play(game, Lead("tactus", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert game.state.top(Location.MARS) == "tactus"


@pytest.mark.card("tactus")
@pytest.mark.rule("RULING-V1")
def test_tactus_multiplayer_variant() -> None:
    """Tactus under the variant, "steal 1 card from an opponent": only opponents above their
    starting hand are offered."""
    game = (Scenario(3, ruleset=V1).hand(0, "tactus").hand(1, "deanna")
            .hand(2, "invictus", "orion", "pelus", "virga", "quietus", "the_pax")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickPlayer(2)}
    protected = (Scenario(3, ruleset=V1).hand(0, "tactus").hand(1, "deanna").hand(2, "eo")
                 .at(Location.LUNA, "sevro").turn(0))
    play(protected, Lead("tactus", Location.MARS))
    assert protected.pending is not None and protected.pending.ask is Ask.GAIN


# --- The Howlers -----------------------------------------------------------------------------


@pytest.mark.card("the_howlers", "aja", "antonia")
@pytest.mark.rule("RULING-A13")
def test_the_howlers_blocks_aja_and_is_reusable() -> None:
    """The Howlers, "When an opponent tries to steal or banish your cards, reveal this to block
    them.": the Howlers return to the hand and block again on a later turn."""

    def two_turns(table: Table) -> Program[None]:
        yield from take_turn(table, 0)
        yield from take_turn(table, 0)

    game = (Scenario(2).hand(0, "aja", "antonia").hand(1, "the_howlers", "deanna")
            .at(Location.JUPITER, "sevro").run(two_turns))
    events = play(game, Lead("aja", Location.MARS), PickCard("the_howlers"),
                  GainTop(Location.JUPITER), Lead("antonia", Location.INSTITUTE),
                  PickCard("the_howlers"))
    assert events.count(BlockUsed(1, "the_howlers", 0)) == 2
    assert banished(events) == ["aja", "antonia"]
    assert game.state.hand(1) == ("the_howlers", "deanna")


@pytest.mark.card("the_howlers")
def test_the_howlers_has_no_deploy_ability() -> None:
    """The Howlers has only a block ability: deploying it does nothing else."""
    game = Scenario(2).hand(0, "the_howlers").deploy(0, "the_howlers", Location.MARS)
    assert game.is_over
    assert game.state.top(Location.MARS) == "the_howlers"


# --- The Jackal ------------------------------------------------------------------------------


@pytest.mark.card("the_jackal")
@pytest.mark.rule("RR-HOUSE-4", "RULING-B8")
def test_the_jackal_gains_the_sovereign_token() -> None:
    """The Jackal, "Gain the Sovereign token.": taken from its holder (asked whether to block,
    they say no); the house ability follows (Diana: 1 Influence)."""
    game = (Scenario(2).house(0, House.DIANA).house(1, House.MARS).hand(0, "the_jackal")
            .sovereign(1).deploy(0, "the_jackal", Location.MARS))
    no_block(game, 1)
    assert SovereignTaken(0) in game.events
    assert game.state.sovereign == 0
    assert game.state.players[0].influence == 1


@pytest.mark.card("the_jackal")
@pytest.mark.rule("RULING-A21")
def test_the_jackal_keeping_the_token_still_triggers_the_house() -> None:
    """The Jackal, "Gain the Sovereign token.": already holding it, you keep it and the house
    ability triggers; no block is asked."""
    game = (Scenario(2).house(0, House.JUPITER).house(1, House.MARS).hand(0, "the_jackal")
            .hand(1, "justice").sovereign(0).deploy(0, "the_jackal", Location.MARS))
    assert game.is_over
    assert game.state.sovereign == 0
    assert game.state.players[0].fleet == 1


@pytest.mark.card("the_jackal", "justice")
@pytest.mark.rule("RULING-A14")
def test_the_jackal_blocked_by_justice() -> None:
    """Justice, "If an opponent tries to take the Sovereign token from you, you may block them by
    revealing and banishing this card, then gain the top card of the deck." against The
    Jackal."""
    game = (Scenario(2).house(0, House.DIANA).house(1, House.MARS).hand(0, "the_jackal")
            .hand(1, "justice").sovereign(1).deck_top("eo").deploy(0, "the_jackal",
                                                                    Location.MARS))
    events = play(game, PickCard("justice"))
    assert BlockUsed(1, "justice", 0) in events
    assert game.state.sovereign == 1
    assert game.state.hand(1) == ("eo",)
    assert game.state.players[0].influence == 0


@pytest.mark.card("the_jackal", "justice")
def test_the_jackal_block_declined() -> None:
    """Justice, "you may block them": declining lets The Jackal take the token."""
    game = (Scenario(2).house(0, House.DIANA).house(1, House.MARS).hand(0, "the_jackal")
            .hand(1, "justice").sovereign(1).deploy(0, "the_jackal", Location.MARS))
    play(game, Answer.NO)
    assert game.state.sovereign == 0
    assert game.state.hand(1) == ("justice",)


# --- The Telemanuses -------------------------------------------------------------------------


@pytest.mark.card("the_telemanuses")
@pytest.mark.rule("RR-ABIL-3")
def test_the_telemanuses_move_every_card_under_in_order() -> None:
    """The Telemanuses, "Move all cards under this card from this location to the top of another
    location in the same order."."""
    game = (Scenario(2).hand(0, "the_telemanuses").at(Location.MARS, "deanna", "sevro", "eo")
            .at(Location.LUNA, "harmony").deploy(0, "the_telemanuses", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert set(game.pending.options) == {Location.JUPITER, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert [e.card for e in events if isinstance(e, CardMoved)] == ["deanna", "sevro", "eo"]
    assert game.state.stack(Location.LUNA) == ("harmony", "deanna", "sevro", "eo")
    assert game.state.stack(Location.MARS) == ("the_telemanuses",)


@pytest.mark.card("the_telemanuses")
def test_the_telemanuses_on_an_empty_location_do_nothing() -> None:
    """The Telemanuses, "Move all cards under this card ...": none under it, nothing to ask."""
    game = Scenario(2).hand(0, "the_telemanuses").deploy(0, "the_telemanuses", Location.MARS)
    assert game.is_over
    assert not any(isinstance(e, CardMoved) for e in game.events)


@pytest.mark.card("the_telemanuses", "firewall_expert")
@pytest.mark.rule("RR-LOC-6")
def test_the_telemanuses_keep_face_down_cards_face_down() -> None:
    """The Telemanuses, "Move all cards under this card ...": a face-down card stays face
    down."""
    game = (Scenario(2).hand(0, "the_telemanuses").at(Location.MARS, "deanna", face_down=["deanna"])
            .deploy(0, "the_telemanuses", Location.MARS))
    play(game, Location.JUPITER)
    assert game.state.stack(Location.JUPITER) == ("deanna",)
    assert "deanna" in game.state.face_down


@pytest.mark.card("the_telemanuses")
@pytest.mark.rule("RR-LEAD-7")
def test_the_telemanuses_location_still_deployed_to() -> None:
    """The Telemanuses, "... to the top of another location": the final step may gain from the
    destination but not from The Telemanuses' own location."""
    game = (Scenario(2).hand(0, "the_telemanuses").at(Location.MARS, "deanna", "sevro").turn(0))
    play(game, Lead("the_telemanuses", Location.MARS), Location.LUNA)
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert GainTop(Location.LUNA) in game.pending.options
    assert GainTop(Location.MARS) not in game.pending.options


# --- Victra ----------------------------------------------------------------------------------


@pytest.mark.card("victra")
@pytest.mark.rule("RULING-A19")
def test_victra_on_a_gold_gains_the_bottom_card_and_stays() -> None:
    """Victra, "Gain the bottom card of this location (if it's not this card). Banish Victra
    unless you deployed her on a Gold."."""
    game = (Scenario(2).hand(0, "victra").at(Location.INSTITUTE, "deanna", "harmony", "sevro")
            .deploy(0, "victra", Location.INSTITUTE))
    assert CardGained(0, "deanna", Zone.at(Location.INSTITUTE)) in game.events
    assert game.state.stack(Location.INSTITUTE) == ("harmony", "sevro", "victra")
    assert game.state.banished == ()


@pytest.mark.card("victra")
def test_victra_not_on_a_gold_is_banished() -> None:
    """Victra, "Banish Victra unless you deployed her on a Gold."."""
    game = (Scenario(2).hand(0, "victra").at(Location.INSTITUTE, "sevro", "harmony")
            .deploy(0, "victra", Location.INSTITUTE))
    assert game.state.hand(0) == ("sevro",)
    assert game.state.banished == ("victra",)


@pytest.mark.card("victra", "firewall_expert")
@pytest.mark.rule("RULING-A19", "RULING-C5")
def test_victra_on_a_face_down_gold_is_banished() -> None:
    """Victra, "Gain the bottom card of this location (if it's not this card). Banish Victra
    unless you deployed her on a Gold.": a face-down Gold is colourless as it lay, so she still
    gains the bottom card and goes."""
    game = (Scenario(2).hand(0, "victra")
            .at(Location.INSTITUTE, "deanna", "sevro", face_down=["sevro"])
            .deploy(0, "victra", Location.INSTITUTE))
    assert CardGained(0, "deanna", Zone.at(Location.INSTITUTE)) in game.events
    assert game.state.stack(Location.INSTITUTE) == ("sevro",)
    assert game.state.banished == ("victra",)


@pytest.mark.card("victra", "firewall_expert")
@pytest.mark.rule("RULING-A19", "RULING-C5")
def test_victra_on_a_lone_face_down_gold_gains_it_and_is_banished() -> None:
    """Victra, "... unless you deployed her on a Gold.": the face-down Gold she was deployed on
    is read as it lay, colourless, even though she gains it."""
    game = (Scenario(2).hand(0, "victra").at(Location.INSTITUTE, "sevro", face_down=["sevro"])
            .deploy(0, "victra", Location.INSTITUTE))
    assert game.state.hand(0) == ("sevro",)
    assert game.state.banished == ("victra",)
    assert not any(isinstance(e, CardRevealed) for e in game.events)


@pytest.mark.card("victra")
def test_victra_on_an_empty_location_gains_nothing_and_is_banished() -> None:
    """Victra, "(if it's not this card)": alone on the location she gains nothing; she was not
    deployed on a Gold, so she goes."""
    game = Scenario(2).hand(0, "victra").deploy(0, "victra", Location.INSTITUTE)
    assert gained(game.events) == []
    assert game.state.banished == ("victra",)


@pytest.mark.card("victra")
@pytest.mark.rule("RULING-A19")
def test_victra_on_a_lone_gold_gains_it_and_stays() -> None:
    """Victra, "... unless you deployed her on a Gold.": what she was deployed on is fixed at the
    deploy, even when she gains that very card."""
    game = (Scenario(2).hand(0, "victra").at(Location.INSTITUTE, "sevro")
            .deploy(0, "victra", Location.INSTITUTE))
    assert game.state.hand(0) == ("sevro",)
    assert game.state.stack(Location.INSTITUTE) == ("victra",)
    assert game.state.banished == ()
