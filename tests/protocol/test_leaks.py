"""No hidden information leaks through the protocol (RR-VIEW-1..6), over whole random games.

What each seat may know is rebuilt here from the true events by the rules of RR-VIEW-5,
independently of ``rr.knowledge`` and ``rr.views``: a card is known to everyone once it is
face up on a location, banished, revealed, blocked with, declared or deployed; to a seat once
it was dealt to it, gained or placed face down by it, given to it or by it, or looked at by
it. A card listed in a decision's options is *not* thereby known: an option must never show
its decider a card it does not already know (RULING-B8). Every card named in a response for a
seat (event payloads, view, pending decision, prompts, narration) must be one that seat may
know at that moment. (Forgetting — a shuffle, an unseen pass — is not modelled here, so this
check is lenient there; the information-set oracle in ``fuzz/`` is exact.)
"""

from __future__ import annotations

import random
import re
from typing import Any
from collections.abc import Iterator

import pytest

from rr.cards.catalogue import catalogue
from rr.engine import Game
from rr.events.codec import structure
from rr.events.types import (
    BlockUsed, CardBanished, CardDealt, CardDeclared, CardDeployed, CardGained, CardPassed,
    CardPlaced, CardRevealed, CardsPutOnTop, CardsRemoved, CardsSeen, CardSelectedAtRandom,
    DecisionMade, DeckShuffled, Event, GameScored, PointsScored,
)
from rr.model import CardId, Seat, ZoneKind
from rr.options import Lead, Option
from rr.ruleset import Ruleset
from rr.state import GameState, apply
from tests.protocol.wire import Client

CARDS = catalogue()
NAMES = {card.name: card_id for card_id, card in CARDS.items()}
TOKEN = re.compile(r"[a-z][a-z_]*")


class Knowledge:
    """The cards each seat may know (RR-VIEW-1..4), learnt from the true events."""

    def __init__(self, seats: int) -> None:
        self.public: set[CardId] = set()
        self.private: dict[Seat, set[CardId]] = {s: set() for s in range(seats)}

    def known(self, seat: Seat | None) -> set[CardId]:
        return self.public | (self.private[seat] if seat is not None else set())

    def learn(self, event: Event, before: GameState) -> None:
        """What ``event`` shows, and to whom."""
        match event:
            case CardDealt(card=card, to=to):
                if to.kind is ZoneKind.HAND:
                    assert to.seat is not None
                    self.private[to.seat].add(card)
                else:
                    self.public.add(card)
            case CardDeployed(card=card) | CardRevealed(card=card) | BlockUsed(card=card) \
                    | CardBanished(card=card) | CardDeclared(card=card):
                self.public.add(card)
            case CardPlaced(card=card, face_down=False):
                self.public.add(card)
            case CardPlaced(card=card, face_down=True, seat=placer):
                if placer is not None:  # the placer saw what it placed
                    self.private[placer].add(card)
            case CardGained(seat=seat, card=card):
                self.private[seat].add(card)
            case CardPassed(card=card, giver=giver, receiver=receiver):
                self.private[giver].add(card)
                self.private[receiver].add(card)
            case CardsSeen(seat=seat, cards=cards):
                self.private[seat] |= set(cards)
            case CardSelectedAtRandom(card=card, source=source):
                if source.kind is ZoneKind.HAND and source.seat is not None:
                    self.private[source.seat].add(card)
                else:
                    self.public.add(card)
            case DecisionMade(option=Lead(card=str(card))):
                self.public.add(CardId(card))  # deployed face up the moment it is chosen
            case PointsScored(card=card):
                self.public.add(card)  # its end-of-game ability was resolved openly
            case CardsRemoved(cards=cards):
                self.public |= set(cards)  # out of the game, openly (RR-SOLO-5)
            case CardsPutOnTop(seen_by=int(seat), cards=cards):
                self.private[seat] |= set(cards)
            case GameScored():
                for player in before.players:  # hands are shown for scoring (RR-SCORE-1)
                    self.public |= set(player.hand)


def card_ids(data: Any) -> set[CardId]:
    """Every card ``data`` names: by id anywhere (a whole string, or a word of a sentence),
    and by printed name in narration. Prompts may quote printed texts, so there only ids
    count; a character name declared or offered as a name (Orange cards) is not a card."""
    names_used = {text for key, text in strings(data) if key == "name"}
    found: set[CardId] = set()
    for key, text in strings(data):
        if text in CARDS:
            found.add(CardId(text))
        elif " " in text:
            found |= {CardId(t) for t in TOKEN.findall(text) if t in CARDS}
            if key == "text":
                found |= {NAMES[n] for n in names_in(text) if n not in names_used}
    return found


def names_in(text: str) -> set[str]:
    """The card names in ``text``, less those found only inside a longer one."""
    found = {name for name in NAMES if name in text}
    return {n for n in found if not any(n != m and n in m for m in found)}


def strings(data: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """The strings in ``data``, each with the key it is under."""
    if isinstance(data, str):
        yield key, data
    elif isinstance(data, dict):
        for name, value in data.items():
            yield from strings(value, name)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value, key)


def leaks(data: Any, knowledge: Knowledge, seat: Seat | None) -> set[CardId]:
    """The cards ``data`` names that ``seat`` may not know."""
    return card_ids(data) - knowledge.known(seat)


def watch(seed: int, players: int, ruleset: str = "official") -> int:
    """Play a random game through the protocol beside the same game played through the API
    (which knows the true events). After every choice, check each new record as every seat
    and a spectator get it, against what they know once that record happened; then their
    view and pending decision. Returns how many responses were checked."""
    client = Client()
    rng = random.Random(seed)
    level = 1 + seed % 6 if players == 1 else None  # one player: solo against Au Toma
    game = client.ok({"op": "new", "players": players, "seed": seed, "ruleset": ruleset,
                      **({"level": level} if level else {})})["game"]
    shadow = Game.new(players, seed=seed, ruleset=Ruleset.parse(ruleset), level=level)
    seats = len(shadow.state.players)
    knowledge = Knowledge(seats)
    viewers: list[Seat | None] = [None, *range(seats)]
    state = GameState()
    checks = 0

    def check(response: Any, viewer: Seat | None, where: str) -> None:
        nonlocal checks
        shown = leaks(response, knowledge, viewer)
        assert not shown, f"seat {viewer} sees {sorted(shown)} in {where}"
        checks += 1

    def catch_up() -> None:
        nonlocal state
        start = state.events
        news = {v: client.answer({"op": "events", "game": game, "as": v, "since": start})
                for v in viewers}
        for index in range(start, len(shadow.events)):
            knowledge.learn(shadow.events[index], state)
            state = apply(state, shadow.events[index])
            for viewer in viewers:
                told = news[viewer]["new"][index - start]
                record = told["event"]
                assert told["record"] == index
                assert record[0] != DeckShuffled.TAG or record[1]["order"] == [], \
                    "the deck order is shown"
                check(told, viewer, f"record {index}")
        for viewer in viewers:
            view = client.ok({"op": "view", "game": game, "as": viewer})
            assert view["answer"]["view"]["hand"] == (None if viewer is None else
                                                      list(state.hand(viewer)))
            check(view, viewer, f"the view after record {state.events - 1}")
            pending = client.ok({"op": "pending", "game": game, "as": viewer})
            check(pending, viewer, f"the decision pending after record {state.events - 1}")

    catch_up()
    while shadow.pending is not None:
        decision = shadow.pending
        listed = client.pending(game, decision.seat)
        assert listed is not None
        pick = rng.choice(listed["options"])
        option = decision.options[pick["index"]]
        assert structure(pick["option"], Option) == option  # type: ignore[arg-type]
        client.ok({"op": "choose", "game": game, "seat": decision.seat, "index": pick["index"]})
        shadow.choose(option)
        catch_up()
    return checks


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-2", "RR-VIEW-3", "RR-VIEW-4", "RR-SOLO-14")
@pytest.mark.parametrize("seed,players,ruleset", [
    (1, 2, "official"), (2, 3, "official"), (3, 4, "protect_small_hands=true"),
    (4, 5, "official"), (5, 6, "official"),
    (6, 1, "official"), (11, 1, "au_toma_variant=true")])  # solo, levels 1 and 6
def test_no_response_shows_a_card_its_seat_may_not_know(seed: int, players: int,
                                                        ruleset: str) -> None:
    """Over a whole random game, no record, view or pending decision that a seat (or a
    spectator) gets names a card it may not know at that moment."""
    assert watch(seed, players, ruleset) > 1000


def test_the_check_finds_a_card_that_is_shown_to_the_wrong_seat() -> None:
    """The leak check is not blind: another seat's dealt card, unredacted, is caught."""
    game = Game.new(3, seed=1)
    knowledge = Knowledge(3)
    state = GameState()
    for event in game.events:
        knowledge.learn(event, state)
        state = apply(state, event)
    theirs = state.hand(1)[0]
    record = ["card_dealt/1", {"card": theirs, "to": {"kind": "hand", "seat": 1}}]
    assert leaks(record, knowledge, 0) == {theirs}
    assert leaks(record, knowledge, 1) == set()
    assert leaks({"text": f"P2 gains {CARDS[theirs].name}"}, knowledge, None) == {theirs}
    assert leaks({"prompt": f"Place {theirs} on a location"}, knowledge, 2) == {theirs}
