"""RR-ABIL-*: how abilities act — checked with stand-in abilities written in the effect
vocabulary, so they hold whatever the real card handlers do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rr.cards.catalogue import catalogue
from rr.decisions import Ask, ByCard
from rr.effects import (
    Ability, Chance, Play, banish, draw, gain, gain_helium, gain_top_of_deck, give, lose_helium,
    regress, remove_influence, reveal, steal,
)
from rr.engine import Game
from rr.errors import WrongPlayerError
from rr.events.types import (
    CardBanished, CardDeployed, CardGained, CardPassed, CardRevealed, CardSelectedAtRandom,
    DecisionMade, Event, HeliumGained,
)
from rr.model import House, Location, Zone
from rr.options import GainTop, Lead, PickCard
from rr.rules.final import scorepad_of
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE
DECK = GainTop(None)


def lead(stubs: Stubs, ability: Callable[[Play], Ability], scenario: Scenario,
         location: Location = M) -> tuple[Game, tuple[Event, ...]]:
    """P0 leads Uncle Narol (given ``ability``) on ``location``: the game and its events."""
    stubs.deploy("uncle_narol", ability)
    game = scenario.hand(0, "uncle_narol").turn(0)
    return game, play(game, Lead("uncle_narol", location))


@pytest.mark.rule("RR-ABIL-1", "RULING-A23", "RR-DECK-1")
def test_impossible_parts_are_skipped_and_the_rest_is_done(stubs: Stubs) -> None:
    """Given an empty deck and no Helium, Fleet or Influence, when an ability "lose 1 Helium,
    regress once, remove 1 Influence, gain the deck's top card, then gain 1 Helium" resolves,
    then only the Helium happens and the turn goes on."""

    def ability(p: Play) -> Ability:
        yield from lose_helium(p.table, p.seat)
        yield from regress(p.table, p.seat)
        yield from remove_influence(p.table, p.seat)
        yield from gain_top_of_deck(p.table, p.seat)
        yield from gain_helium(p.table, p.seat)
        return None

    game, events = lead(stubs, ability, Scenario(2).at(L, "judge").at(INS, "martyr").deck_only())
    assert events[1:] == (CardDeployed(0, "uncle_narol", M), HeliumGained(0, 1))
    assert game.pending is not None and game.pending.options == (GainTop(L), GainTop(INS))


@pytest.mark.rule("RR-ABIL-3", "RR-ABIL-11")
def test_another_location_is_any_but_the_one_deployed_to(stubs: Stubs) -> None:
    """Given an ability "choose another location", when P0 deploys it on Luna, then P0 is
    asked among Jupiter, Mars and The Institute."""

    def ability(p: Play) -> Ability:
        yield from p.ask(Ask.LOCATION, "Choose another location", p.others())
        return None

    game, _ = lead(stubs, ability, Scenario(2), L)
    assert game.pending is not None
    assert (game.pending.seat, game.pending.source, game.pending.options) == (
        0, ByCard("uncle_narol"), (J, M, INS))


@pytest.mark.rule("RR-ABIL-4", "RULING-A29", "RR-LEAD-8")
def test_a_resource_trade_is_used_once_per_turn(stubs: Stubs) -> None:
    """Given a trade ability (Sponsor: 1 Helium here) deployed, regained and deployed again
    in one turn by Calliope's stand-in, then the trade resolves only the first time."""

    def trade(p: Play) -> Ability:
        yield from gain_helium(p.table, p.seat)
        return None

    def redeploy(p: Play) -> Ability:
        yield from p.hooks.deploy(p, "sponsor", M)
        yield from gain(p.table, p.seat, "sponsor")
        yield from p.hooks.deploy(p, "sponsor", L)
        return None

    stubs.deploy("sponsor", trade, trade=True)
    stubs.deploy("calliope", redeploy)
    game = Scenario(2).hand(0, "calliope", "sponsor").at(INS, "judge").turn(0)
    events = play(game, Lead("calliope", J))
    assert events[1:] == (CardDeployed(0, "calliope", J), CardDeployed(0, "sponsor", M),
                          HeliumGained(0, 1), CardGained(0, "sponsor", Zone.at(M)),
                          CardDeployed(0, "sponsor", L))
    assert game.pending is not None and game.pending.options == (GainTop(INS), DECK)


@pytest.mark.rule("RR-ABIL-5")
def test_gaining_a_card_by_an_ability_earns_no_location_bonus(stubs: Stubs) -> None:
    """Given an ability "gain Judge from Mars", when it resolves, then P0 gains Judge and no
    Helium."""

    def ability(p: Play) -> Ability:
        yield from gain(p.table, p.seat, "judge")
        return None

    game, events = lead(stubs, ability, Scenario(2).at(M, "judge").at(L, "martyr"), J)
    assert events[-1] == CardGained(0, "judge", Zone.at(M))
    assert game.state.players[0].helium == 0


@pytest.mark.rule("RR-ABIL-6")
def test_a_revealed_card_stays_in_the_hand(stubs: Stubs) -> None:
    """Given an ability "reveal a card from your hand", when P0 reveals Judge, then everyone
    is shown Judge and it stays in P0's hand."""

    def ability(p: Play) -> Ability:
        yield from reveal(p.table, "judge", p.seat)
        return None

    game, events = lead(stubs, ability, Scenario(2).hand(0, "judge").at(L, "martyr"))
    assert events[-1] == CardRevealed("judge", Zone.hand(0), 0)
    assert game.state.hand(0) == ("judge",)


@pytest.mark.rule("RR-ABIL-7")
def test_banished_cards_leave_play_for_the_banished_pile(stubs: Stubs) -> None:
    """Given an ability banishing Judge from Luna and Sevro from P1's hand, then both are in
    the banished pile and nowhere else."""

    def ability(p: Play) -> Ability:
        yield from banish(p.table, "judge")
        yield from banish(p.table, "sevro")
        return None

    game, events = lead(stubs, ability, Scenario(2).hand(1, "sevro").at(L, "martyr", "judge"))
    assert events[-2:] == (CardBanished("judge", Zone.at(L)), CardBanished("sevro", Zone.hand(1)))
    assert game.state.banished[-2:] == ("judge", "sevro")
    assert game.state.stack(L) == ("martyr",) and game.state.hand(1) == ()
    assert game.state.zone_of("judge") == Zone.banished()


@pytest.mark.rule("RR-ABIL-9")
def test_steal_and_give_move_cards_between_hands(stubs: Stubs) -> None:
    """Given an ability "steal Sevro from P1, then give Judge to P1", then Sevro is in P0's
    hand and Judge in P1's."""

    def ability(p: Play) -> Ability:
        yield from steal(p.table, p.seat, 1, "sevro")
        yield from give(p.table, p.seat, 1, "judge")
        return None

    game, events = lead(stubs, ability, Scenario(2).hand(0, "judge").hand(1, "sevro")
                        .at(L, "martyr"))
    assert events[-2:] == (CardPassed("sevro", 1, 0), CardPassed("judge", 0, 1))
    assert (game.state.hand(0), game.state.hand(1)) == (("sevro",), ("judge",))


@pytest.mark.rule("RR-ABIL-10", "RULING-B6", "RR-LEAD-7")
def test_a_regained_card_gives_no_bonus_and_its_location_stays_deployed_to(stubs: Stubs
                                                                         ) -> None:
    """Given an ability "regain this card", when P0 deploys it on Mars, then it returns to
    the hand with no Helium, and Mars (with Judge on top again) is not offered."""

    def ability(p: Play) -> Ability:
        yield from gain(p.table, p.seat, p.card)
        return None

    game, events = lead(stubs, ability, Scenario(2).at(M, "judge").at(L, "martyr"))
    assert events[-1] == CardGained(0, "uncle_narol", Zone.at(M))
    assert game.state.hand(0) == ("uncle_narol",) and game.state.players[0].helium == 0
    assert game.pending is not None and game.pending.options == (GainTop(L), DECK)


@pytest.mark.rule("RR-ABIL-12")
def test_a_choice_handed_to_an_opponent_is_asked_of_them(stubs: Stubs) -> None:
    """Given an ability "P1 chooses one of their cards to give you", when it resolves, then
    the decision is P1's, P0 may not answer it, and P1's pick moves."""

    def ability(p: Play) -> Ability:
        options = [PickCard(c) for c in p.state.hand(1)]
        choice = yield from p.ask(Ask.CARD, "Choose a card to give", options, seat=1)
        yield from give(p.table, 1, p.seat, choice.card)
        return None

    game, _ = lead(stubs, ability, Scenario(2).house(0, House.MARS).hand(1, "sevro", "judge")
                   .at(L, "martyr"))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.source) == (1, ByCard("uncle_narol"))
    assert decision.options == (PickCard("sevro"), PickCard("judge"))
    before = game.events
    with pytest.raises(WrongPlayerError):
        game.choose(PickCard("judge"), seat=0)
    assert game.events == before
    events = play(game, PickCard("judge"))
    assert events == (DecisionMade(1, ByCard("uncle_narol"), PickCard("judge")),
                      CardPassed("judge", 1, 0))


@pytest.mark.rule("RR-ABIL-8")
def test_zero_is_even() -> None:
    """Given Surgeon (core 0) with Musician ("32 if each of your cards is even") or with
    Zanzibar ("31 if each is odd"), then Musician's 32 is scored and Zanzibar's 31 is not."""
    with_musician = scorepad_of(Scenario(2).hand(0, "musician", "surgeon").state())
    with_zanzibar = scorepad_of(Scenario(2).hand(0, "zanzibar", "surgeon").state())
    assert with_musician.totals[0] == 8 + 32 + 0
    assert with_zanzibar.totals[0] == 9 + 0


def steal_at_random(p: Play) -> Ability:
    """A stand-in ability: steal a card picked at random from P1's hand."""
    hand = p.state.hand(1)
    source = Zone.hand(1)
    outcome = yield from draw(Chance(
        "a random card of P1's hand",
        lambda rng: CardSelectedAtRandom(rng.choice(hand), source),
        lambda e: isinstance(e, CardSelectedAtRandom) and e.source == source and e.card in hand))
    assert isinstance(outcome, CardSelectedAtRandom)
    yield from steal(p.table, p.seat, 1, outcome.card)
    return None


@pytest.mark.rule("RR-ABIL-13", "RR-ABIL-9")
def test_a_random_pick_is_recorded_and_replay_reads_the_record(stubs: Stubs) -> None:
    """Given every deploy ability "steal a random card from P1", when P0 leads, then the pick
    is a recorded CardSelectedAtRandom; a log recording another of P1's cards resumes with
    that card stolen instead (the record is read, never drawn again)."""
    for card in catalogue().values():
        if card.deploy is not None:
            stubs.deploy(card.id, steal_at_random)
    game = Game.new(2, seed=3, houses=[House.APOLLO, House.MARS])
    p1_hand = game.state.hand(1)
    assert game.pending is not None
    lead_card = next(o for o in game.pending.options if isinstance(o, Lead)
                     and o.card is not None and catalogue()[o.card].deploy is not None)
    events = play(game, lead_card)
    picks = of_type(events, CardSelectedAtRandom)
    assert len(picks) == 1 and picks[0].card in p1_hand
    assert CardPassed(picks[0].card, 1, 0) in events
    index = game.events.index(picks[0])
    other = next(c for c in p1_hand if c != picks[0].card)
    log = game.events[:index] + (CardSelectedAtRandom(other, Zone.hand(1)),)
    resumed = Game.resume(log)
    assert resumed.events[index + 1] == CardPassed(other, 1, 0)
    assert other in resumed.state.hand(0) and picks[0].card in resumed.state.hand(1)
